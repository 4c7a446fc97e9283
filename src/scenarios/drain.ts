import { WEB_DEPLOYMENT as DEPLOYMENT } from './manifests'
import type { LibraryScenario } from './types'

export const drain: LibraryScenario = {
  id: 'drain',
  title: { en: 'Draining a node for maintenance', zh: '为维护而 drain 节点' },
  goal: {
    en: '`kubectl drain worker-2` cordons the node and evicts its Pod; the ReplicaSet replaces it on another worker, and worker-2 stays SchedulingDisabled.',
    zh: '`kubectl drain worker-2` 先 cordon 节点，再驱逐上面的 Pod；ReplicaSet 在另一个 worker 上补上新的 Pod，worker-2 保持 SchedulingDisabled。',
  },
  notes: [
    {
      en: 'At 20 s, `kubectl drain worker-2 --ignore-daemonsets` first cordons the node: a PATCH that sets `spec.unschedulable: true`, so `kubectl get nodes` shows `Ready,SchedulingDisabled`. The node lifecycle controller adds the taint `node.kubernetes.io/unschedulable:NoSchedule`, and NodeUnschedulable’s Filter keeps new Pods away.',
      zh: '20 秒时，`kubectl drain worker-2 --ignore-daemonsets` 先 cordon 节点：一个设置 `spec.unschedulable: true` 的 PATCH，于是 `kubectl get nodes` 显示 `Ready,SchedulingDisabled`。node lifecycle controller 随即加上 taint `node.kubernetes.io/unschedulable:NoSchedule`，NodeUnschedulable 的 Filter 不再让新 Pod 进来。',
    },
    {
      en: 'Then it evicts each Pod on the node through the Eviction API (`POST pods/<name>/eviction`), which, unlike a plain delete, honours PodDisruptionBudgets. The Pod gets the condition `DisruptionTarget` and is deleted gracefully: the kubelet stops nginx (`Killing`) and confirms the deletion.',
      zh: '接着它通过 Eviction API（`POST pods/<name>/eviction`）逐个驱逐节点上的 Pod；与直接删除不同，Eviction 会遵守 PodDisruptionBudget。Pod 被加上 `DisruptionTarget` condition，然后被优雅删除：kubelet 停止 nginx（`Killing`），并确认删除完成。',
    },
    {
      en: 'Meanwhile the ReplicaSet controller creates a replacement, which the scheduler can only put on worker-1 or worker-3. kubectl prints `evicting pod …`, `pod/… evicted`, and `node/worker-2 drained` once the Pod is gone. `kubectl uncordon worker-2` would make it schedulable again; Pods do not move back by themselves.',
      zh: '与此同时，ReplicaSet controller 创建了一个替代 Pod，Scheduler 只能把它放到 worker-1 或 worker-3。kubectl 依次打印 `evicting pod …`、`pod/… evicted`，等 Pod 彻底消失后打印 `node/worker-2 drained`。`kubectl uncordon worker-2` 可以让它重新可调度；但 Pod 不会自己搬回去。',
    },
  ],
  input: {
    seed: 1,
    clusterYaml: '',
    actions: [
      { type: 'apply', atMs: 0, yaml: DEPLOYMENT },
      { type: 'drain', atMs: 20_000, node: 'worker-2', ignoreDaemonsets: true },
    ],
  },
  outcome: {
    untilMs: 40_000,
    pods: [{ namePrefix: 'web-', status: 'Running', ready: '1/1', node: { not: 'worker-2' }, count: 3 }],
    nodes: [{ name: 'worker-2', status: 'Ready,SchedulingDisabled' }],
    events: [{ reason: 'Killing', object: 'pod/web-', messageIncludes: 'Stopping container nginx' }],
    output: [
      {
        action: 1,
        lines: ['node/worker-2 cordoned', 'evicting pod default/web-', ' evicted', 'node/worker-2 drained'],
      },
    ],
  },
}
