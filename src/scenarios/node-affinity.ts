import type { LibraryScenario } from './types'

/** A control-plane and three workers in three zones; two of them have SSDs. */
export const ZONED_CLUSTER = `apiVersion: v1
kind: Node
metadata:
  name: control-plane
  labels:
    node-role.kubernetes.io/control-plane: ""
    topology.kubernetes.io/zone: eu-west-1a
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
    topology.kubernetes.io/zone: eu-west-1a
    disktype: hdd
status:
  capacity: {cpu: "4", memory: 8Gi}
---
apiVersion: v1
kind: Node
metadata:
  name: worker-b
  labels:
    topology.kubernetes.io/zone: eu-west-1b
    disktype: ssd
status:
  capacity: {cpu: "4", memory: 8Gi}
---
apiVersion: v1
kind: Node
metadata:
  name: worker-c
  labels:
    topology.kubernetes.io/zone: eu-west-1c
    disktype: ssd
status:
  capacity: {cpu: "8", memory: 16Gi}
`

const POD = `apiVersion: v1
kind: Pod
metadata:
  name: postgres
  labels:
    app: postgres
spec:
  affinity:
    nodeAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
        nodeSelectorTerms:
        - matchExpressions:
          - key: disktype
            operator: In
            values: ["ssd"]
      preferredDuringSchedulingIgnoredDuringExecution:
      - weight: 50
        preference:
          matchExpressions:
          - key: topology.kubernetes.io/zone
            operator: In
            values: ["eu-west-1b"]
  containers:
  - name: postgres
    image: postgres:17
    env:
    - name: POSTGRES_PASSWORD
      value: example
    resources:
      requests:
        cpu: 500m
        memory: 1Gi
`

export const nodeAffinity: LibraryScenario = {
  id: 'node-affinity',
  title: { en: 'Node affinity: required and preferred', zh: 'Node affinity：必须与偏好' },
  goal: {
    en: 'A database Pod that requires an SSD node and prefers zone eu-west-1b lands on worker-b, although worker-c has more free room.',
    zh: '一个数据库 Pod 必须运行在 SSD 节点上、并且偏好 eu-west-1b 可用区，它最终落在 worker-b，尽管 worker-c 的空闲资源更多。',
  },
  notes: [
    {
      en: 'This cluster is defined in the Cluster tab: three workers labelled with `topology.kubernetes.io/zone` and a `disktype`. The required term (`disktype In [ssd]`) is a Filter: NodeAffinity rejects worker-a with `node(s) didn’t match Pod’s node affinity/selector`, and TaintToleration rejects the control-plane.',
      zh: '这个集群是在 Cluster 标签页里定义的：三个 worker 都打了 `topology.kubernetes.io/zone` 和 `disktype` 标签。required 条件（`disktype In [ssd]`）是 Filter：NodeAffinity 以 `node(s) didn’t match Pod’s node affinity/selector` 拒绝 worker-a，TaintToleration 拒绝 control-plane。',
    },
    {
      en: 'The preferred term is a Score: NodeAffinity gives worker-b 100 (its zone matches), worker-c 0, and its weight in the default profile is 2. worker-c wins on NodeResourcesFit (93 against 87, it has 8 CPUs), but worker-b’s total is 687 against 493. The Scheduling tab shows each plugin’s raw, normalized and weighted score.',
      zh: 'preferred 条件是 Score：NodeAffinity 给 worker-b 打 100 分（zone 匹配），worker-c 0 分，它在默认 profile 里的权重是 2。worker-c 在 NodeResourcesFit 上领先（93 比 87，它有 8 个 CPU），但 worker-b 的总分是 687，worker-c 只有 493。Scheduling 标签页会列出每个 plugin 的原始分、归一化分和加权分。',
    },
    {
      en: '“IgnoredDuringExecution” means the rule is only checked when scheduling: relabelling worker-b later would not evict the running Pod.',
      zh: '“IgnoredDuringExecution” 的意思是规则只在调度时检查：之后即使修改 worker-b 的标签，已经运行的 Pod 也不会被驱逐。',
    },
  ],
  input: { seed: 1, clusterYaml: ZONED_CLUSTER, actions: [{ type: 'apply', atMs: 0, yaml: POD }] },
  outcome: {
    untilMs: 8_000,
    pods: [{ name: 'postgres', status: 'Running', ready: '1/1', node: 'worker-b' }],
    events: [
      {
        reason: 'Scheduled',
        object: 'pod/postgres',
        messageIncludes: 'Successfully assigned default/postgres to worker-b',
      },
      { reason: 'Started', object: 'pod/postgres', messageIncludes: 'Started container postgres' },
    ],
    noWarnings: true,
  },
}
