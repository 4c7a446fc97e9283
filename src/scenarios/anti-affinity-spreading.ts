import type { LibraryScenario } from './types'

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: cache
spec:
  replicas: 4
  selector:
    matchLabels:
      app: cache
  template:
    metadata:
      labels:
        app: cache
    spec:
      affinity:
        podAntiAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
          - labelSelector:
              matchLabels:
                app: cache
            topologyKey: kubernetes.io/hostname
      containers:
      - name: redis
        image: redis:7.4
        resources:
          requests:
            cpu: 100m
            memory: 256Mi
`

export const antiAffinitySpreading: LibraryScenario = {
  id: 'anti-affinity-spreading',
  title: { en: 'Pod anti-affinity: one per node', zh: 'Pod anti-affinity：每个节点一个' },
  goal: {
    en: 'Four cache replicas that refuse to share a node: three run, one on each worker, and the fourth stays Pending.',
    zh: '四个互相排斥、不肯共用节点的缓存副本：三个分别运行在三个 worker 上，第四个一直 Pending。',
  },
  notes: [
    {
      en: 'The rule says: do not schedule me in a topology domain (here a node, `kubernetes.io/hostname`) that already runs a Pod labelled `app: cache`. Each replica matches its own selector, so the replicas repel each other.',
      zh: '这条规则的意思是：如果某个拓扑域（这里是一个节点，`kubernetes.io/hostname`）上已经有带 `app: cache` 标签的 Pod，就不要把我调度过去。每个副本都匹配自己的 selector，所以副本之间互相排斥。',
    },
    {
      en: 'The scheduler places Pods one at a time and counts the Pods it has already assumed on a node, even before their binding is written. The fourth Pod finds every worker taken: `3 node(s) didn’t match pod anti-affinity rules`, plus the control-plane’s taint.',
      zh: 'Scheduler 一次只调度一个 Pod，并且会把已经 assume 到节点上、但 binding 还没写入的 Pod 也算进去。第四个 Pod 发现每个 worker 都已被占用：`3 node(s) didn’t match pod anti-affinity rules`，再加上 control-plane 的 taint。',
    },
    {
      en: 'Preemption finds nothing to evict, since the other replicas have the same priority (`3 No preemption victims found for incoming pod`). The Deployment counts 3 of 4 available; the Pending Pod would be scheduled as soon as a fourth worker joined.',
      zh: '抢占也找不到可驱逐的 Pod，因为其他副本的优先级相同（`3 No preemption victims found for incoming pod`）。Deployment 显示 4 个里有 3 个可用；一旦加入第四个 worker，这个 Pending 的 Pod 就会被调度。',
    },
  ],
  input: { seed: 1, clusterYaml: '', actions: [{ type: 'apply', atMs: 0, yaml: DEPLOYMENT }] },
  outcome: {
    untilMs: 5_000,
    pods: [
      { namePrefix: 'cache-', status: 'Running', ready: '1/1', node: 'worker-1' },
      { namePrefix: 'cache-', status: 'Running', ready: '1/1', node: 'worker-2' },
      { namePrefix: 'cache-', status: 'Running', ready: '1/1', node: 'worker-3' },
      { namePrefix: 'cache-', status: 'Pending', ready: '0/1', path: ['Pending'] },
    ],
    events: [
      {
        reason: 'FailedScheduling',
        type: 'Warning',
        object: 'pod/cache-',
        messageIncludes:
          "0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 node(s) didn't match pod anti-affinity rules. preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.",
      },
    ],
  },
}
