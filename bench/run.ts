/**
 * `npm run bench`: on-demand benchmarks of the simulation core in one Node thread. Prints one
 * line per case; the method and the figures of record are in docs/performance.md. Budgets are
 * checked here, never in the unit tests (a slow machine must not fail CI).
 */

import type { KubeObject, Node } from '../src/api/types'
import { Cluster } from '../src/sim/cluster/cluster'
import { makeNode } from '../src/sim/cluster/default-cluster'
import { Kernel } from '../src/sim/kernel/kernel'

function time<T>(fn: () => T): { result: T; ms: number } {
  const t0 = performance.now()
  const result = fn()
  return { result, ms: performance.now() - t0 }
}

function kernelEvents(n: number): string {
  const kernel = new Kernel({ seed: 1 })
  let fired = 0
  const tick = () => {
    fired++
    if (fired < n) kernel.after(1 + (fired % 7), tick)
  }
  for (let i = 0; i < 64; i++) kernel.after(i, tick)
  const { ms } = time(() => kernel.run())
  return `kernel: ${fired} events in ${ms.toFixed(0)} ms = ${Math.round(fired / (ms / 1000)).toLocaleString('en')} events/s`
}

function deployment(replicas: number, nodes: number): string {
  const nodeObjs: Node[] = Array.from({ length: nodes }, (_, i) =>
    makeNode({ name: `node-${i}`, cpu: '8', memory: '32Gi' }, i),
  )
  const deploy: KubeObject = {
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
    } as unknown,
  } as KubeObject
  const { result: cluster, ms } = time(() => {
    const c = new Cluster({ nodes: nodeObjs, actions: [{ type: 'apply', atMs: 0, objects: [deploy] }] })
    c.run()
    return c
  })
  const messages = cluster.kernel.trace.length
  return `deployment ${replicas} replicas on ${nodes} nodes: ${ms.toFixed(0)} ms wall, ${(cluster.kernel.nowMs / 1000).toFixed(1)} s simulated, ${messages.toLocaleString('en')} messages (${Math.round(messages / (ms / 1000)).toLocaleString('en')} messages/s)`
}

const memBefore = process.memoryUsage().heapUsed
console.log(kernelEvents(2_000_000))
console.log(deployment(3, 4))
console.log(deployment(100, 20))
console.log(deployment(500, 100))
console.log(
  `heap used: ${((process.memoryUsage().heapUsed - memBefore) / 2 ** 20).toFixed(0)} MiB more than at start`,
)
