/**
 * A whole cluster (every component: controllers, kubelets, runtimes, heartbeats) running one
 * Deployment to idle: what the app computes when a user applies a Deployment, with the trace kept
 * as the app's worker keeps it (the newest TRACE_KEEP_MESSAGES in full).
 */
import type { KubeObject, Node, Pod } from '../src/api/types'
import { Cluster, type ClusterOptions } from '../src/sim/cluster/cluster'
import { makeNode } from '../src/sim/cluster/default-cluster'
import { TRACE_KEEP_MESSAGES } from '../src/worker/session'

export interface DeploymentResult {
  readonly replicas: number
  readonly nodes: number
  readonly running: number
  readonly wallMs: number
  readonly simulatedMs: number
  readonly messages: number
}

/** A whole cluster of `nodes` nodes whose one action applies a Deployment of `replicas` at time 0. */
export function deploymentCluster(replicas: number, nodes: number, options: ClusterOptions = {}): Cluster {
  const nodeObjs: Node[] = Array.from({ length: nodes }, (_, i) =>
    makeNode({ name: `node-${i}`, cpu: '8', memory: '32Gi' }, i),
  )
  const deploy = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: {
          containers: [{ name: 'nginx', image: 'nginx:1.27', resources: { requests: { cpu: '100m' } } }],
        },
      },
    },
  } as KubeObject
  return new Cluster({ nodes: nodeObjs, actions: [{ type: 'apply', atMs: 0, objects: [deploy] }] }, options)
}

export function deployment(replicas: number, nodes: number): DeploymentResult {
  const t0 = performance.now()
  const cluster = deploymentCluster(replicas, nodes, {
    traceRetention: { keepMessages: TRACE_KEEP_MESSAGES },
  })
  cluster.run()
  const wallMs = performance.now() - t0
  const running = cluster.etcd.store
    .range('/registry/pods/')
    .filter((kv) => (kv.value as Pod).status?.phase === 'Running').length
  return {
    replicas,
    nodes,
    running,
    wallMs,
    simulatedMs: cluster.kernel.nowMs,
    messages: cluster.kernel.messageCount,
  }
}
