import type { LibraryScenario } from './types'

/** One worker with room for one of the two Pods, and two PriorityClasses set up by the admin. */
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
  name: worker-1
status:
  capacity: {cpu: "2", memory: 4Gi}
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata:
  name: high-priority
value: 1000000
globalDefault: false
description: "Customer-facing services; may preempt batch work."
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata:
  name: low-priority
value: 1000
globalDefault: false
description: "Batch jobs that can wait."
`

const LOW = `apiVersion: v1
kind: Pod
metadata:
  name: batch-report
spec:
  priorityClassName: low-priority
  containers:
  - name: report
    image: busybox:1.37
    command: ["sh", "-c", "while true; do sleep 3600; done"]
    resources:
      requests:
        cpu: 1500m
        memory: 512Mi
`

const HIGH = `apiVersion: v1
kind: Pod
metadata:
  name: checkout-api
spec:
  priorityClassName: high-priority
  containers:
  - name: api
    image: nginx:1.27
    resources:
      requests:
        cpu: 1500m
        memory: 512Mi
`

export const preemption: LibraryScenario = {
  id: 'preemption',
  title: { en: 'Preemption: priority wins', zh: '抢占：高优先级胜出' },
  goal: {
    en: 'A high-priority Pod that does not fit makes the scheduler evict a running low-priority Pod, then runs in its place.',
    zh: '一个放不下的高优先级 Pod 让 Scheduler 驱逐了正在运行的低优先级 Pod，然后在腾出的位置上运行。',
  },
  notes: [
    {
      en: 'The Priority admission plugin turns `priorityClassName` into `spec.priority` (1000 and 1000000). `batch-report` takes 1.5 of worker-1’s 2 CPUs; at 10 s `checkout-api` asks for 1.5 more and Filter finds no node: `0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint …`.',
      zh: 'Priority admission plugin 会把 `priorityClassName` 转换成 `spec.priority`（1000 和 1000000）。`batch-report` 占用了 worker-1 的 2 个 CPU 中的 1.5 个；10 秒时 `checkout-api` 又请求 1.5 个，Filter 找不到节点：`0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint …`。',
    },
    {
      en: 'PostFilter’s DefaultPreemption then looks for lower-priority victims whose removal makes the Pod fit. It finds `batch-report`, sets `status.nominatedNodeName: worker-1` on `checkout-api`, marks the victim with the condition `DisruptionTarget` and deletes it: event `Preempted` “Preempted by pod <uid> on node worker-1”.',
      zh: '接着 PostFilter 阶段的 DefaultPreemption 寻找优先级更低、删掉之后就能放下的 victim。它找到了 `batch-report`，给 `checkout-api` 设置 `status.nominatedNodeName: worker-1`，给 victim 加上 `DisruptionTarget` condition 并删除它：事件 `Preempted` “Preempted by pod <uid> on node worker-1”。',
    },
    {
      en: 'Deletion is graceful. The victim’s shell loop ignores SIGTERM, so the kubelet kills it only when the 30 s grace period ends, and only then does `checkout-api` fit: it is bound at about 42 s and Running soon after. A bare Pod that is preempted is gone for good; a controller would create a new one, which would wait Pending.',
      zh: '删除是优雅终止的。victim 里的 shell 循环会忽略 SIGTERM，所以 kubelet 要等 30 秒的 grace period 结束才把它杀掉，此后 `checkout-api` 才放得下：大约 42 秒时完成绑定，随后 Running。被抢占的裸 Pod 就此消失；如果它属于某个控制器，控制器会重建一个，而新的 Pod 会一直 Pending。',
    },
  ],
  input: {
    seed: 1,
    clusterYaml: CLUSTER,
    actions: [
      { type: 'apply', atMs: 0, yaml: LOW },
      { type: 'apply', atMs: 10_000, yaml: HIGH },
    ],
  },
  outcome: {
    untilMs: 50_000,
    pods: [
      {
        name: 'checkout-api',
        status: 'Running',
        ready: '1/1',
        node: 'worker-1',
        path: ['Pending', 'ContainerCreating', 'Running'],
      },
    ],
    events: [
      {
        reason: 'FailedScheduling',
        type: 'Warning',
        object: 'pod/checkout-api',
        messageIncludes: '0/2 nodes are available: 1 Insufficient cpu',
      },
      {
        reason: 'Preempted',
        object: 'pod/batch-report',
        messageIncludes: 'Preempted by pod ',
      },
      { reason: 'Preempted', object: 'pod/batch-report', messageIncludes: ' on node worker-1' },
      { reason: 'Killing', object: 'pod/batch-report', messageIncludes: 'Stopping container report' },
      {
        reason: 'Scheduled',
        object: 'pod/checkout-api',
        messageIncludes: 'Successfully assigned default/checkout-api to worker-1',
      },
    ],
    applyResults: [
      { action: 0, code: 201 },
      { action: 1, code: 201 },
    ],
  },
}
