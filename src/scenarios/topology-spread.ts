import type { LibraryScenario } from './types'

/** Three zones of unequal size: one worker in zone-a, one in zone-b, three in zone-c. */
const CLUSTER = `apiVersion: v1
kind: Node
metadata:
  name: control-plane
  labels:
    node-role.kubernetes.io/control-plane: ""
spec:
  taints:
  - key: node-role.kubernetes.io/control-plane
    effect: NoSchedule
status:
  capacity: {cpu: "2", memory: 4Gi}
---
apiVersion: v1
kind: Node
metadata:
  name: worker-a
  labels:
    topology.kubernetes.io/zone: zone-a
status:
  capacity: {cpu: "4", memory: 8Gi}
---
apiVersion: v1
kind: Node
metadata:
  name: worker-b
  labels:
    topology.kubernetes.io/zone: zone-b
status:
  capacity: {cpu: "4", memory: 8Gi}
---
apiVersion: v1
kind: Node
metadata:
  name: worker-c1
  labels:
    topology.kubernetes.io/zone: zone-c
status:
  capacity: {cpu: "8", memory: 16Gi}
---
apiVersion: v1
kind: Node
metadata:
  name: worker-c2
  labels:
    topology.kubernetes.io/zone: zone-c
status:
  capacity: {cpu: "8", memory: 16Gi}
---
apiVersion: v1
kind: Node
metadata:
  name: worker-c3
  labels:
    topology.kubernetes.io/zone: zone-c
status:
  capacity: {cpu: "8", memory: 16Gi}
`

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 6
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      topologySpreadConstraints:
      - maxSkew: 1
        topologyKey: topology.kubernetes.io/zone
        whenUnsatisfiable: DoNotSchedule
        labelSelector:
          matchLabels:
            app: web
      containers:
      - name: nginx
        image: nginx:1.27
        resources:
          requests:
            cpu: 100m
            memory: 128Mi
`

export const topologySpread: LibraryScenario = {
  id: 'topology-spread',
  title: { en: 'Topology spread over zones', zh: '按可用区打散（topology spread）' },
  goal: {
    en: 'Six replicas with a zone spread constraint of maxSkew 1 end up two per zone, although zone-c has three of the five workers.',
    zh: '六个副本带着 maxSkew 为 1 的 zone 打散约束，最终每个可用区各两个，尽管五个 worker 里有三个在 zone-c。',
  },
  notes: [
    {
      en: 'Skew is the number of matching Pods in a zone minus the number in the emptiest zone. With `maxSkew: 1` and `whenUnsatisfiable: DoNotSchedule`, PodTopologySpread’s Filter rejects every node of a zone that is already ahead: `node(s) didn’t match pod topology spread constraints`. Open the Scheduling tab on the later replicas to see it.',
      zh: 'skew 是某个可用区里匹配的 Pod 数减去 Pod 最少的可用区里的数量。设置 `maxSkew: 1` 和 `whenUnsatisfiable: DoNotSchedule` 后，PodTopologySpread 的 Filter 会拒绝已经领先的可用区里的所有节点：`node(s) didn’t match pod topology spread constraints`。在 Scheduling 标签页里看后面几个副本就能看到。',
    },
    {
      en: 'So the result is 2 in zone-a, 2 in zone-b and 2 in zone-c, whatever the zones’ sizes. Without the constraint the scheduler only scores spreading (the default constraints are ScheduleAnyway, mostly per node), and here it would put three of the six in zone-c, which has three nodes.',
      zh: '所以结果是 zone-a 2 个、zone-b 2 个、zone-c 2 个，和各可用区的大小无关。如果没有这个约束，Scheduler 只会在打分阶段考虑打散（默认约束是 ScheduleAnyway，而且主要按节点），在这里会把六个中的三个放到拥有三个节点的 zone-c。',
    },
    {
      en: 'Nodes without the `topology.kubernetes.io/zone` label, like this control-plane, belong to no zone and cannot take these Pods. Use `ScheduleAnyway` when an uneven spread is better than a Pending Pod.',
      zh: '没有 `topology.kubernetes.io/zone` 标签的节点（比如这里的 control-plane）不属于任何可用区，也不能运行这些 Pod。如果宁可分布不均也不想让 Pod Pending，就用 `ScheduleAnyway`。',
    },
  ],
  input: { seed: 1, clusterYaml: CLUSTER, actions: [{ type: 'apply', atMs: 0, yaml: DEPLOYMENT }] },
  outcome: {
    untilMs: 6_000,
    pods: [
      { namePrefix: 'web-', status: 'Running', ready: '1/1', node: 'worker-a', count: 2 },
      { namePrefix: 'web-', status: 'Running', ready: '1/1', node: 'worker-b', count: 2 },
      {
        namePrefix: 'web-',
        status: 'Running',
        ready: '1/1',
        node: { oneOf: ['worker-c1', 'worker-c2', 'worker-c3'] },
        count: 2,
      },
    ],
    noWarnings: true,
  },
}
