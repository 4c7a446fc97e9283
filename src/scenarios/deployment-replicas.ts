import { WEB_DEPLOYMENT as DEPLOYMENT } from './manifests'
import type { LibraryScenario } from './types'

export const deploymentReplicas: LibraryScenario = {
  id: 'deployment-replicas',
  title: { en: 'A Deployment and its three replicas', zh: 'Deployment 与它的三个副本' },
  goal: {
    en: 'See kube-controller-manager turn one Deployment into a ReplicaSet and three Pods, which the scheduler spreads over the three workers.',
    zh: '看 kube-controller-manager 把一个 Deployment 变成一个 ReplicaSet 和三个 Pod，再由 Scheduler 把它们分散到三个 worker 上。',
  },
  notes: [
    {
      en: 'kubectl sends a Deployment, not Pods. The Deployment controller inside kube-controller-manager receives it from its watch and creates a ReplicaSet named after a hash of the Pod template, `web-57fb8886bb`: event `ScalingReplicaSet` “Scaled up replica set web-57fb8886bb from 0 to 3”. Here the controller-manager really acts, unlike for a bare Pod.',
      zh: 'kubectl 发出的是一个 Deployment，而不是 Pod。kube-controller-manager 里的 Deployment controller 通过 watch 收到它，创建一个以 Pod 模板哈希命名的 ReplicaSet `web-57fb8886bb`：事件 `ScalingReplicaSet` “Scaled up replica set web-57fb8886bb from 0 to 3”。和裸 Pod 不同，这里 Controller Manager 真的在干活。',
    },
    {
      en: 'The ReplicaSet controller sees 0 Pods where 3 are wanted (“Too few replicas … need=3 creating=3”) and POSTs Pods with `generateName: web-57fb8886bb-`; kube-apiserver appends five random characters. It creates them in a slow-start batch of 1, then 2, and records `SuccessfulCreate` for each. Every Pod carries an ownerReference to the ReplicaSet.',
      zh: 'ReplicaSet controller 发现期望 3 个 Pod、实际 0 个（“Too few replicas … need=3 creating=3”），于是用 `generateName: web-57fb8886bb-` POST 创建 Pod，由 kube-apiserver 在名字后面补上 5 个随机字符。它按 slow start 分批创建，先 1 个再 2 个，每个都记一条 `SuccessfulCreate`。每个 Pod 都带着指向这个 ReplicaSet 的 ownerReference。',
    },
    {
      en: 'From there each Pod takes the path of the first scenario. The scheduler puts one on each worker: NodeResourcesFit prefers emptier nodes, and PodTopologySpread’s default constraints spread Pods of one ReplicaSet by hostname and zone.',
      zh: '之后每个 Pod 走的都是第一个场景的路径。Scheduler 在每个 worker 上各放一个：NodeResourcesFit 倾向更空闲的节点，PodTopologySpread 的默认约束会把同一个 ReplicaSet 的 Pod 按 hostname 和 zone 打散。',
    },
    {
      en: 'This is the declarative API at work: you stated “3 replicas”, and controllers keep comparing that with what exists. Delete one of the Pods in the kubectl console and watch the ReplicaSet controller create a replacement.',
      zh: '这就是声明式 API：你声明的是“3 个副本”，控制器不断把它和实际状态做对比。在 kubectl 控制台里删掉其中一个 Pod，可以看到 ReplicaSet controller 马上补一个新的。',
    },
  ],
  input: { seed: 1, clusterYaml: '', actions: [{ type: 'apply', atMs: 0, yaml: DEPLOYMENT }] },
  outcome: {
    untilMs: 6_000,
    pods: [
      {
        namePrefix: 'web-57fb8886bb-',
        status: 'Running',
        ready: '1/1',
        node: { oneOf: ['worker-1', 'worker-2', 'worker-3'] },
        count: 3,
        maxPerNode: 1,
        path: ['Pending', 'ContainerCreating', 'Running'],
      },
    ],
    events: [
      {
        reason: 'ScalingReplicaSet',
        object: 'deployment/web',
        messageIncludes: 'Scaled up replica set web-57fb8886bb from 0 to 3',
      },
      {
        reason: 'SuccessfulCreate',
        object: 'replicaset/web-57fb8886bb',
        messageIncludes: 'Created pod: web-57fb8886bb-',
      },
      { reason: 'Scheduled', object: 'pod/web-57fb8886bb-', messageIncludes: 'to worker-1' },
      { reason: 'Scheduled', object: 'pod/web-57fb8886bb-', messageIncludes: 'to worker-2' },
      { reason: 'Scheduled', object: 'pod/web-57fb8886bb-', messageIncludes: 'to worker-3' },
    ],
    noWarnings: true,
    applyResults: [{ action: 0, code: 201 }],
  },
}
