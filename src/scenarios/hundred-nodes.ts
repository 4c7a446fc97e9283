import { webDeployment } from './manifests'
import type { LibraryScenario } from './types'
import { zonedCluster } from './zoned-cluster'

const WORKERS = 99
const CLUSTER = zonedCluster(WORKERS)
const { workerName, workerSize } = CLUSTER

/** The largest workers, where LeastAllocated puts the replicas. */
export const LARGEST_WORKERS: readonly string[] = Array.from({ length: WORKERS }, (_, k) => k + 1)
  .filter((i) => workerSize(i).cpu === '16')
  .map(workerName)

/** A control-plane and 99 workers: node-001 … node-099, spread over three zones, in three sizes. */
export function hundredNodeCluster(): string {
  return CLUSTER.yaml
}

const DEPLOYMENT = webDeployment(30)

export const hundredNodes: LibraryScenario = {
  id: 'hundred-nodes',
  title: { en: 'A hundred nodes', zh: '一百个节点' },
  goal: {
    en: 'On a 100-node cluster, 30 replicas of a Deployment all run, each on its own node, all on the 16-CPU workers.',
    zh: '在一个 100 节点的集群上，一个 Deployment 的 30 个副本全部运行，每个节点一个，而且都在 16 核的 worker 上。',
  },
  notes: [
    {
      en: 'The cluster (a control-plane and node-001 … node-099 in three zones, in sizes of 4, 8 and 16 CPUs) is generated in the Cluster tab. The control plane is the same at any size: the same components with the same watches, plus one kubelet per node that watches only its own Pods.',
      zh: '这个集群（一个 control-plane，加上分布在三个可用区、规格为 4、8、16 核的 node-001 … node-099）是在 Cluster 标签页里生成的。无论规模多大，控制面都一样：同样的组件、同样的 watch，再加上每个节点一个只 watch 自己 Pod 的 kubelet。',
    },
    {
      en: 'With 100 nodes, kube-scheduler still filters all of them: `percentageOfNodesToScore` is adaptive, but the scheduler always looks for at least 100 feasible nodes. In a bigger cluster it stops filtering once it has found that many (for 1,000 nodes: 42 %, 420 nodes) and scores only those, so scheduling time grows much slower than the cluster.',
      zh: '有 100 个节点时，kube-scheduler 仍然会过滤全部节点：`percentageOfNodesToScore` 是自适应的，但 Scheduler 至少要找到 100 个可行节点。集群更大时，找到足够多的可行节点后它就停止过滤（1000 个节点时是 42%，即 420 个），只对这些节点打分，所以调度耗时的增长远慢于集群规模的增长。',
    },
    {
      en: 'Where do the 30 replicas go? NodeResourcesFit (LeastAllocated) and BalancedAllocation favour the 16-CPU workers, and the default topology spreading for a ReplicaSet’s Pods favours nodes and zones with fewer replicas: one replica per node, 10 per zone. Ties between equal nodes are broken at random, with the scenario’s seed.',
      zh: '这 30 个副本去了哪里？NodeResourcesFit（LeastAllocated）和 BalancedAllocation 偏向 16 核的 worker，而针对 ReplicaSet Pod 的默认拓扑打散偏向副本较少的节点和可用区：每个节点一个，每个可用区 10 个。得分相同的节点之间随机选择，随机数来自场景的 seed。',
    },
  ],
  input: {
    seed: 1,
    clusterYaml: hundredNodeCluster(),
    actions: [{ type: 'apply', atMs: 0, yaml: DEPLOYMENT }],
  },
  outcome: {
    untilMs: 15_000,
    pods: [
      {
        namePrefix: 'web-',
        status: 'Running',
        ready: '1/1',
        node: { oneOf: LARGEST_WORKERS },
        count: 30,
        maxPerNode: 1,
      },
    ],
    noWarnings: true,
  },
}
