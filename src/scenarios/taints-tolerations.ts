import type { LibraryScenario } from './types'

const PODS = `# Two monitoring agents meant for the control-plane node; only the first tolerates its taint.
apiVersion: v1
kind: Pod
metadata:
  name: cp-monitor
spec:
  nodeSelector:
    node-role.kubernetes.io/control-plane: ""
  tolerations:
  - key: node-role.kubernetes.io/control-plane
    operator: Exists
    effect: NoSchedule
  containers:
  - name: monitor
    image: busybox:1.37
    command: ["sh", "-c", "while true; do sleep 3600; done"]
---
apiVersion: v1
kind: Pod
metadata:
  name: cp-monitor-untolerated
spec:
  nodeSelector:
    node-role.kubernetes.io/control-plane: ""
  containers:
  - name: monitor
    image: busybox:1.37
    command: ["sh", "-c", "while true; do sleep 3600; done"]
`

export const taintsTolerations: LibraryScenario = {
  id: 'taints-tolerations',
  title: { en: 'Taints and tolerations', zh: 'Taint 与 toleration' },
  goal: {
    en: 'Of two Pods that select the control-plane node, the one with a toleration runs there and the other stays Pending.',
    zh: '两个 Pod 都选择了 control-plane 节点：带 toleration 的那个在上面运行，另一个一直 Pending。',
  },
  notes: [
    {
      en: 'kubeadm taints the control-plane node `node-role.kubernetes.io/control-plane:NoSchedule`, so ordinary Pods stay off it. A taint repels; a toleration only lifts the repulsion. It does not attract a Pod, which is why both Pods also carry a `nodeSelector` for the control-plane’s role label.',
      zh: 'kubeadm 给 control-plane 节点加了 taint `node-role.kubernetes.io/control-plane:NoSchedule`，普通 Pod 不会被调度上去。taint 的作用是排斥，toleration 只是解除排斥，并不会把 Pod 吸引过去，所以两个 Pod 都另外写了指向 control-plane 角色标签的 `nodeSelector`。',
    },
    {
      en: '`cp-monitor` passes TaintToleration on the control-plane, and NodeAffinity (which also evaluates `nodeSelector`) removes the three workers: one feasible node, bound at once.',
      zh: '`cp-monitor` 在 control-plane 上通过了 TaintToleration，NodeAffinity（它同时负责检查 `nodeSelector`）排除了三个 worker：只剩一个可行节点，直接绑定。',
    },
    {
      en: '`cp-monitor-untolerated` finds no node: `1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 node(s) didn’t match Pod’s node affinity/selector`. Both reasons are UnschedulableAndUnresolvable, so preemption cannot help: `4 Preemption is not helpful for scheduling`.',
      zh: '`cp-monitor-untolerated` 找不到任何节点：`1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 node(s) didn’t match Pod’s node affinity/selector`。这两种原因都属于 UnschedulableAndUnresolvable，抢占也无济于事：`4 Preemption is not helpful for scheduling`。',
    },
  ],
  input: { seed: 1, clusterYaml: '', actions: [{ type: 'apply', atMs: 0, yaml: PODS }] },
  outcome: {
    untilMs: 5_000,
    pods: [
      { name: 'cp-monitor', status: 'Running', ready: '1/1', node: 'control-plane' },
      { name: 'cp-monitor-untolerated', status: 'Pending', ready: '0/1', path: ['Pending'] },
    ],
    events: [
      {
        reason: 'Scheduled',
        object: 'pod/cp-monitor',
        messageIncludes: 'Successfully assigned default/cp-monitor to control-plane',
      },
      {
        reason: 'FailedScheduling',
        type: 'Warning',
        object: 'pod/cp-monitor-untolerated',
        messageIncludes:
          "0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 node(s) didn't match Pod's node affinity/selector. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling.",
      },
    ],
    applyResults: [
      { action: 0, object: 0, code: 201 },
      { action: 0, object: 1, code: 201 },
    ],
  },
}
