import { WEB_DEPLOYMENT as DEPLOYMENT } from './manifests'
import type { LibraryScenario } from './types'

/** The default cluster, with worker-3 failing 30 s in. */
const CLUSTER = `apiVersion: podflow.dev/v1alpha1
kind: NodeFailure
metadata:
  name: worker-3
spec:
  at: 30s
  mode: stop
`

export const nodeFailure: LibraryScenario = {
  id: 'node-failure',
  title: { en: 'A node fails', zh: '节点宕机' },
  goal: {
    en: 'worker-3 stops at 30 s: it turns NotReady at 80 s, its Pod is evicted at 385 s, and the ReplicaSet starts a replacement on another worker.',
    zh: 'worker-3 在 30 秒时停机：80 秒时变成 NotReady，385 秒时它上面的 Pod 被驱逐，ReplicaSet 在另一个 worker 上启动替代的 Pod。',
  },
  notes: [
    {
      en: 'A stopped machine says nothing: no Lease renewals, no status updates. The node lifecycle controller in kube-controller-manager waits `--node-monitor-grace-period` (50 s), then sets the node’s conditions to Unknown (`kubectl get nodes`: NotReady), records `NodeNotReady` (at 80 s), sets its Pods’ `Ready` condition to False and taints the node `node.kubernetes.io/unreachable`, NoSchedule at once and NoExecute at 85 s.',
      zh: '停机的机器什么也不会说：既不续约 Lease，也不更新状态。kube-controller-manager 里的 node lifecycle controller 等待 `--node-monitor-grace-period`（50 秒），然后把节点的 condition 设为 Unknown（`kubectl get nodes` 显示 NotReady），记录 `NodeNotReady`（80 秒时），把节点上 Pod 的 `Ready` condition 设为 False，并给节点加上 taint `node.kubernetes.io/unreachable`：立即加上 NoSchedule，85 秒时再加上 NoExecute。',
    },
    {
      en: 'Nothing is evicted yet. Every Pod got a toleration for that taint with `tolerationSeconds: 300` from the DefaultTolerationSeconds admission plugin when it was created, so the taint eviction controller waits 5 minutes after the NoExecute taint in case the node comes back. At 385 s it deletes the Pod: `TaintManagerEviction` “Marking for deletion Pod default/web-…”.',
      zh: '此时还不会驱逐。每个 Pod 在创建时都由 DefaultTolerationSeconds admission plugin 加上了对这个 taint 的 toleration，`tolerationSeconds: 300`，所以 taint eviction controller 在 NoExecute taint 出现后还会等 5 分钟，以防节点恢复。385 秒时它删除这个 Pod：`TaintManagerEviction` “Marking for deletion Pod default/web-…”。',
    },
    {
      en: 'The ReplicaSet controller sees one replica fewer and creates a new Pod, which the scheduler places on a healthy worker. The old Pod stays `Terminating`: only its kubelet could confirm that the containers stopped, and that kubelet is gone. At 400 s `kubectl get pods` lists both.',
      zh: 'ReplicaSet controller 发现少了一个副本，于是创建一个新 Pod，由 Scheduler 放到健康的 worker 上。旧 Pod 一直停留在 `Terminating`：只有它所在节点的 kubelet 才能确认容器已经停止，而那个 kubelet 已经不在了。在 400 秒时，`kubectl get pods` 会同时列出这两个 Pod。',
    },
  ],
  input: { seed: 1, clusterYaml: CLUSTER, actions: [{ type: 'apply', atMs: 0, yaml: DEPLOYMENT }] },
  outcome: {
    untilMs: 400_000,
    pods: [
      { namePrefix: 'web-', status: 'Terminating', node: 'worker-3' },
      { namePrefix: 'web-', status: 'Running', ready: '1/1', node: { not: 'worker-3' }, count: 3 },
    ],
    nodes: [
      { name: 'worker-3', status: 'NotReady' },
      { name: 'worker-1', status: 'Ready' },
      { name: 'worker-2', status: 'Ready' },
    ],
    events: [
      {
        reason: 'NodeNotReady',
        object: 'node/worker-3',
        messageIncludes: 'Node worker-3 status is now: NodeNotReady',
      },
      { reason: 'NodeNotReady', type: 'Warning', object: 'pod/web-', messageIncludes: 'Node is not ready' },
      {
        reason: 'TaintManagerEviction',
        object: 'pod/web-',
        messageIncludes: 'Marking for deletion Pod default/web-',
      },
    ],
  },
}
