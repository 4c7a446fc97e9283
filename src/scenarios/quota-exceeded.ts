import type { LibraryScenario } from './types'

const CLUSTER = `apiVersion: v1
kind: Namespace
metadata:
  name: team-b
---
apiVersion: v1
kind: ResourceQuota
metadata:
  name: compute-quota
  namespace: team-b
spec:
  hard:
    pods: "10"
    requests.cpu: "2"
    requests.memory: 4Gi
    limits.cpu: "4"
    limits.memory: 8Gi
`

const API = `apiVersion: v1
kind: Pod
metadata:
  name: api
  namespace: team-b
spec:
  containers:
  - name: api
    image: nginx:1.27
    resources:
      requests:
        cpu: "1"
        memory: 1Gi
      limits:
        cpu: "2"
        memory: 1Gi
`

const TRAINER = `apiVersion: v1
kind: Pod
metadata:
  name: trainer
  namespace: team-b
spec:
  containers:
  - name: trainer
    image: python:3.12
    command: ["python", "train.py"]
    resources:
      requests:
        cpu: 1500m
        memory: 2Gi
      limits:
        cpu: "2"
        memory: 2Gi
`

export const quotaExceeded: LibraryScenario = {
  id: 'quota-exceeded',
  title: { en: 'ResourceQuota exceeded', zh: '超出 ResourceQuota' },
  goal: {
    en: 'In a namespace limited to 2 CPUs of requests, a first Pod takes 1 CPU; a second one asking for 1.5 is refused with 403 “exceeded quota”.',
    zh: '在一个 requests 总量限制为 2 个 CPU 的 namespace 里，第一个 Pod 用掉 1 个 CPU；第二个请求 1.5 个，被 403 “exceeded quota” 拒绝。',
  },
  notes: [
    {
      en: 'A ResourceQuota caps the sum of requests and limits of all Pods in its namespace. The check is done by the ResourceQuota admission plugin, the last validating step in kube-apiserver, before the write to etcd: a refused Pod never exists, so there is nothing to schedule.',
      zh: 'ResourceQuota 限制的是 namespace 内所有 Pod 的 requests 和 limits 总和。检查由 ResourceQuota admission plugin 完成，它是 kube-apiserver 里最后一个 validating 步骤，发生在写入 etcd 之前：被拒绝的 Pod 根本不会存在，也就谈不上调度。',
    },
    {
      en: '`api` requests 1 CPU and is admitted; the quota’s `used` now counts it. At 5 s `trainer` asks for 1.5 more: 2.5 > 2, so the answer is 403 `pods "trainer" is forbidden: exceeded quota: compute-quota, requested: requests.cpu=1500m, used: requests.cpu=1, limited: requests.cpu=2`. Memory (3Gi of 4Gi) and limits (4 of 4) still fit, so only `requests.cpu` is named.',
      zh: '`api` 请求 1 个 CPU，被允许了；quota 的 `used` 随之把它算进去。5 秒时 `trainer` 再请求 1.5 个：2.5 > 2，于是得到 403 `pods "trainer" is forbidden: exceeded quota: compute-quota, requested: requests.cpu=1500m, used: requests.cpu=1, limited: requests.cpu=2`。内存（4Gi 中用 3Gi）和 limits（4 个中用 4 个）都还够，所以消息里只提到 `requests.cpu`。',
    },
    {
      en: 'With a Deployment the same refusal would not reach kubectl: the ReplicaSet controller gets the 403 and records Warning `FailedCreate` on the ReplicaSet, and the Deployment simply has fewer replicas than asked.',
      zh: '如果换成 Deployment，这个拒绝不会返回给 kubectl：收到 403 的是 ReplicaSet controller，它会在 ReplicaSet 上记录 Warning `FailedCreate`，Deployment 只是副本数少于期望值。',
    },
  ],
  input: {
    seed: 1,
    clusterYaml: CLUSTER,
    actions: [
      { type: 'apply', atMs: 0, yaml: API },
      { type: 'apply', atMs: 5_000, yaml: TRAINER },
    ],
  },
  outcome: {
    untilMs: 10_000,
    pods: [{ name: 'api', namespace: 'team-b', status: 'Running', ready: '1/1' }],
    applyResults: [
      { action: 0, code: 201 },
      {
        action: 1,
        code: 403,
        messageIncludes:
          'pods "trainer" is forbidden: exceeded quota: compute-quota, requested: requests.cpu=1500m, used: requests.cpu=1, limited: requests.cpu=2',
      },
    ],
  },
}
