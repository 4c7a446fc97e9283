/**
 * `npm run -s bench:digest`: a SHA-256 of the trace of each of a set of runs, to check that a
 * change meant to be faster leaves every message as it was. Run it before and after the change
 * and compare the lines (`diff <(git stash; …) <(…)`). The runs: every library scenario, whole
 * clusters running Deployments of 3, 60 and 200 replicas, and scheduler_perf's two cases at a
 * small size through the whole path.
 */
import { createHash } from 'node:crypto'
import { SCENARIOS } from '../src/scenarios/library'
import { Cluster } from '../src/sim/cluster/cluster'
import type { Kernel } from '../src/sim/kernel/kernel'
import { parseScenario } from '../src/worker/scenario-input'
import { deploymentCluster } from './deployment'
import { type PerfCase, perfNode, podAntiAffinity, schedulingBasic } from './scheduler-perf/cases'
import { perfControlPlane } from './scheduler-perf/control-plane'

function digest(kernel: Kernel): string {
  const hash = createHash('sha256')
  for (const m of kernel.trace) hash.update(JSON.stringify(m)).update('\n')
  return `${hash.digest('hex').slice(0, 16)} ${kernel.messageCount} messages, ${kernel.nowMs} ms`
}

function perfPath(c: PerfCase): Kernel {
  const nodes = Array.from({ length: c.nodes }, (_, i) => perfNode(i))
  const cp = perfControlPlane(nodes, c.namespaces)
  cp.kernel.run()
  cp.creator.createAll(
    Array.from({ length: c.initPods }, (_, i) => c.pod(i, 'init')),
    16,
    () => {},
  )
  cp.kernel.run()
  cp.creator.createAll(
    Array.from({ length: c.measurePods }, (_, i) => c.pod(i, 'measure')),
    16,
    () => {},
  )
  cp.kernel.run()
  return cp.kernel
}

const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length)
const runs: Array<[string, () => Kernel]> = [
  ...SCENARIOS.map((s): [string, () => Kernel] => [
    `scenario ${s.id}`,
    () => {
      const parsed = parseScenario(s.input)
      if (!parsed.ok) throw new Error(`${s.id}: ${parsed.problems.map((p) => p.message).join('; ')}`)
      const cluster = new Cluster(parsed.scenario)
      cluster.run()
      return cluster.kernel
    },
  ]),
  ...([3, 60, 200] as const).map((r): [string, () => Kernel] => [
    `deployment ${r} replicas`,
    () => {
      const cluster = deploymentCluster(r, Math.max(4, r / 10))
      cluster.run()
      return cluster.kernel
    },
  ]),
  ['scheduler_perf basic', () => perfPath(schedulingBasic({ nodes: 300, initPods: 300, measurePods: 1000 }))],
  [
    'scheduler_perf anti-affinity',
    () => perfPath(podAntiAffinity({ nodes: 200, initPods: 50, measurePods: 150 })),
  ],
]
for (const [name, run] of runs) {
  if (only && !name.includes(only)) continue
  console.log(`${name}: ${digest(run())}`)
}
