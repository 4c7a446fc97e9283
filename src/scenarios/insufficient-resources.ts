import type { LibraryScenario } from './types'

const POD = `apiVersion: v1
kind: Pod
metadata:
  name: big-batch
spec:
  containers:
  - name: worker
    image: python:3.12
    command: ["python", "-m", "http.server", "8080"]
    resources:
      requests:
        cpu: "16"
        memory: 2Gi
`

export const insufficientResources: LibraryScenario = {
  id: 'insufficient-resources',
  title: { en: 'No node is big enough', zh: '没有足够大的节点' },
  goal: {
    en: 'A Pod that requests 16 CPUs stays Pending with a FailedScheduling event that counts, node by node, why none fits.',
    zh: '一个请求 16 个 CPU 的 Pod 一直 Pending，FailedScheduling 事件逐个节点统计了为什么放不下。',
  },
  notes: [
    {
      en: 'The scheduler compares the Pod’s requests with each node’s allocatable minus what is already requested there, not with real usage. The workers have 2, 4 and 8 CPUs, so NodeResourcesFit rejects all three with `Insufficient cpu`. The control-plane is rejected earlier by TaintToleration: a node reports only the first Filter plugin that turned it down.',
      zh: 'Scheduler 比较的是 Pod 的 requests 和节点的 allocatable 减去已被请求的部分，而不是实际用量。三个 worker 分别只有 2、4、8 个 CPU，所以 NodeResourcesFit 以 `Insufficient cpu` 拒绝了它们。control-plane 在更早的 TaintToleration 就被拒绝了：一个节点只报告第一个拒绝它的 Filter plugin。',
    },
    {
      en: 'After Filter fails, PostFilter runs DefaultPreemption: could evicting lower-priority Pods help? There are none to evict, so the message ends with `preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.`',
      zh: 'Filter 失败后，PostFilter 会运行 DefaultPreemption：驱逐优先级更低的 Pod 能不能腾出位置？这里没有可驱逐的 Pod，所以消息最后是 `preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.`',
    },
    {
      en: 'The scheduler writes `PodScheduled=False` with reason `Unschedulable` to the Pod’s status and parks it in its unschedulable queue. It is retried when a cluster event could help (a node joins, a Pod is deleted), or after 5 minutes at the latest. Open the Scheduling tab to see every node × plugin verdict.',
      zh: 'Scheduler 把 `PodScheduled=False`（reason `Unschedulable`）写进 Pod 的 status，并把它放进 unschedulable 队列。当有可能改变结果的集群事件发生时（新节点加入、有 Pod 被删除）会重试，最迟 5 分钟后也会重试。打开 Scheduling 标签页，可以看到每个节点 × 每个 plugin 的判定。',
    },
  ],
  input: { seed: 1, clusterYaml: '', actions: [{ type: 'apply', atMs: 0, yaml: POD }] },
  outcome: {
    untilMs: 5_000,
    pods: [{ name: 'big-batch', status: 'Pending', ready: '0/1', path: ['Pending'] }],
    events: [
      {
        reason: 'FailedScheduling',
        type: 'Warning',
        object: 'pod/big-batch',
        messageIncludes:
          '0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient cpu. preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.',
      },
    ],
    applyResults: [{ action: 0, code: 201 }],
  },
}
