import { webDeployment } from './manifests'
import type { LibraryScenario } from './types'
import { zonedCluster } from './zoned-cluster'

const WORKERS = 999
const REPLICAS = 100
const CLUSTER = zonedCluster(WORKERS)

/** A control-plane and 999 workers: node-0001 … node-0999, spread over three zones, in three sizes. */
export function thousandNodeCluster(): string {
  return CLUSTER.yaml
}

const DEPLOYMENT = webDeployment(REPLICAS)

export const thousandNodes: LibraryScenario = {
  id: 'thousand-nodes',
  title: { en: 'A thousand nodes', zh: '一千个节点' },
  goal: {
    en: `On a 1,000-node cluster, ${REPLICAS} replicas of a Deployment all run, no two on the same node.`,
    zh: `在一个 1000 节点的集群上，一个 Deployment 的 ${REPLICAS} 个副本全部运行，没有两个副本在同一个节点上。`,
  },
  notes: [
    {
      en: 'The cluster (a control-plane and node-0001 … node-0999 in three zones, in sizes of 4, 8 and 16 CPUs) is generated in the Cluster tab. The graph draws a few nodes in full — the focused Pod’s node and the ends of the selected message among them — and the others as one group card with a cell per node; their messages travel to the card.',
      zh: '这个集群（一个 control-plane，加上分布在三个可用区、规格为 4、8、16 核的 node-0001 … node-0999）是在 Cluster 标签页里生成的。图上只完整画出几个节点（包括当前聚焦的 Pod 所在的节点和选中消息两端的节点），其余节点合成一张分组卡片，每个节点是其中一个格子；发往这些节点的消息会走向这张卡片。',
    },
    {
      en: 'With 1,000 nodes kube-scheduler stops filtering once it has found enough feasible nodes: `percentageOfNodesToScore` is adaptive (50 % minus 1 % per 125 nodes: 42 %, so 420 nodes), and it scores only those. Each attempt starts where the previous one stopped, so over many Pods every node gets looked at. The Scheduling tab lists the first rows of the table and the winner; “show more” lists the rest.',
      zh: '有 1000 个节点时，kube-scheduler 找到足够多的可行节点后就停止过滤：`percentageOfNodesToScore` 是自适应的（50% 减去每 125 个节点 1%：42%，即 420 个节点），并且只对这些节点打分。每次调度尝试都从上一次停下的地方接着开始，所以调度很多 Pod 时每个节点都会被看到。Scheduling 标签页先列出表格的前几行和胜出的节点，“再显示”可以列出其余的行。',
    },
    {
      en: 'So many messages are in flight at once that the graph draws only a sample of them and says so (“showing 1 in 4 messages”); playback and stepping still go through every message. While the worker computes a run this large, a progress bar shows the simulated time reached and the Pods running.',
      zh: '同时在传输的消息太多，图上只画出其中的一部分，并注明比例（“每 4 条消息显示 1 条”）；回放和单步仍会经过每一条消息。在 worker 计算这么大的运行时，进度条会显示已模拟到的时间和正在运行的 Pod 数。',
    },
  ],
  input: {
    seed: 1,
    clusterYaml: thousandNodeCluster(),
    actions: [{ type: 'apply', atMs: 0, yaml: DEPLOYMENT }],
  },
  outcome: {
    untilMs: 6_000,
    pods: [
      {
        namePrefix: 'web-',
        status: 'Running',
        ready: '1/1',
        count: REPLICAS,
        maxPerNode: 1,
      },
    ],
    noWarnings: true,
  },
}
