import type { LibraryScenario } from './types'

const POD = `apiVersion: v1
kind: Pod
metadata:
  name: api
  labels:
    app: api
  annotations:
    # podflow's script for the simulated process: /healthz answers 503 for the first hour.
    behavior.podflow.dev/api: "ready after 1h"
spec:
  containers:
  - name: api
    image: nginx:1.27
    ports:
    - name: http
      containerPort: 80
    readinessProbe:
      httpGet:
        path: /healthz
        port: http
      periodSeconds: 5
      failureThreshold: 3
`

export const failingReadiness: LibraryScenario = {
  id: 'failing-readiness',
  title: { en: 'Running, but not Ready', zh: 'Running，但没有 Ready' },
  goal: {
    en: 'A container whose readiness probe keeps failing stays Running with READY 0/1, and the kubelet reports Unhealthy events.',
    zh: '一个 readiness probe 一直失败的容器保持 Running，但 READY 是 0/1，kubelet 不断上报 Unhealthy 事件。',
  },
  notes: [
    {
      en: 'The annotation `behavior.podflow.dev/api` is podflow’s way to script the simulated process: here its `/healthz` answers HTTP 503 for an hour. Everything else is an ordinary Pod with an HTTP readiness probe every 5 s.',
      zh: '注解 `behavior.podflow.dev/api` 是 podflow 用来设定模拟进程行为的方式：这里它的 `/healthz` 在一小时内都返回 HTTP 503。除此之外，这就是一个每 5 秒做一次 HTTP readiness probe 的普通 Pod。',
    },
    {
      en: 'The container starts, so the phase is Running; but the kubelet’s prober gets 503 and records Warning `Unhealthy` “Readiness probe failed: HTTP probe failed with statuscode: 503”. The conditions `ContainersReady` and `Ready` stay False, and READY shows 0/1.',
      zh: '容器启动了，所以 phase 是 Running；但 kubelet 的 prober 得到 503，记录 Warning `Unhealthy` “Readiness probe failed: HTTP probe failed with statuscode: 503”。`ContainersReady` 和 `Ready` 两个 condition 一直是 False，READY 显示 0/1。',
    },
    {
      en: 'A failing readiness probe never restarts the container; that is what a liveness probe does. It only keeps the Pod out of Service endpoints, and a Deployment rollout would not count it as available.',
      zh: 'readiness probe 失败永远不会重启容器，那是 liveness probe 的职责。它只会让 Pod 不进入 Service 的 endpoints，Deployment 滚动更新时也不会把它算作可用。',
    },
  ],
  input: { seed: 1, clusterYaml: '', actions: [{ type: 'apply', atMs: 0, yaml: POD }] },
  outcome: {
    untilMs: 30_000,
    pods: [{ name: 'api', status: 'Running', ready: '0/1', node: 'worker-3' }],
    events: [
      { reason: 'Started', object: 'pod/api', messageIncludes: 'Started container api' },
      {
        reason: 'Unhealthy',
        type: 'Warning',
        object: 'pod/api',
        messageIncludes: 'Readiness probe failed: HTTP probe failed with statuscode: 503',
      },
    ],
  },
}
