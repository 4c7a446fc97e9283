/**
 * `npm run bench`: on-demand benchmarks of the simulation core in one Node thread, each printed
 * beside its goal and upstream's anchor. docs/performance.md records the method and the figures.
 * Budgets are reported here, never asserted in tests (a slow machine must not fail CI); the
 * smoke sizes (`--smoke`) are what bench/smoke.test.ts runs in `npm test`, for correctness only.
 *
 *   npm run bench                      every case at full size
 *   npm run bench -- --smoke           every case, tiny
 *   npm run bench -- --only=basic,anti kernel | basic | anti | deployment | memory | reapply
 *   npm run bench -- --memory-pods=150000 [--keep-all-messages]
 */
import { deployment } from './deployment'
import { kernelEvents } from './kernel'
import { memory, TRACE_KEEP } from './memory'
import { reapply } from './reapply'
import { type PerfResult, podAntiAffinity, runCase, schedulingBasic } from './scheduler-perf/cases'
import { SIZES, type Sizes } from './sizes'

const args = process.argv.slice(2)
const flag = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1]
const sizes: Sizes = args.includes('--smoke') ? SIZES.smoke : SIZES.full
const only = new Set((flag('only') ?? 'kernel,basic,anti,deployment,memory,reapply').split(','))
const memoryPods = Number(flag('memory-pods') ?? sizes.memory.pods)
/** `--keep-all-messages`: measure memory without trace retention (every message in full). */
const keepAll = args.includes('--keep-all-messages')

const n = (v: number, digits = 0) => v.toLocaleString('en', { maximumFractionDigits: digits })
const verdict = (ok: boolean) => (ok ? 'meets' : 'BELOW')

function printPerf(r: PerfResult, goal: number, floor: number): void {
  console.log(
    `${r.name}: ${n(r.scheduled)}/${n(r.expected)} scheduled in ${n(r.wallMs)} ms wall (${n(r.cpuMs)} ms CPU) = ` +
      `${n(r.podsPerSecond)} Pods/s [goal ${n(goal)}: ${verdict(r.podsPerSecond >= goal)}; upstream CI floor ${floor}]`,
  )
  console.log(
    `  bare filter+score loop: ${n(r.bareMs)} ms wall (${n(r.bareCpuMs)} ms CPU) = ${n(r.barePodsPerSecond)} Pods/s; ` +
      `whole path / bare = ${n(r.ratio, 2)} [goal < 2: ${verdict(r.ratio < 2)}]; ${n(r.messages)} messages (newest ${n(r.keptMessages)} kept in full, as the app keeps a large run); heap +${n(r.heapMiB)} MiB`,
  )
}

console.log(
  `node ${process.version}, ${args.includes('--smoke') ? 'smoke' : 'full'} sizes, ${new Date().toISOString()}`,
)
if (only.has('kernel')) {
  const r = kernelEvents(sizes.kernelEvents)
  console.log(
    `kernel: ${n(r.events)} timer events in ${n(r.wallMs)} ms = ${n(r.eventsPerSecond)} events/s [goal 1,000,000: ${verdict(r.eventsPerSecond >= 1_000_000)}]`,
  )
}
if (only.has('basic')) {
  const c = schedulingBasic(sizes.basic)
  printPerf(runCase(c), c.goal, c.upstreamFloor)
}
if (only.has('anti')) {
  const c = podAntiAffinity(sizes.anti)
  printPerf(runCase(c), c.goal, c.upstreamFloor)
}
if (only.has('deployment')) {
  for (const [replicas, nodes] of sizes.deployments) {
    const r = deployment(replicas, nodes)
    console.log(
      `deployment ${n(replicas)} replicas on ${n(nodes)} nodes (whole cluster): ${n(r.running)} Running, ${n(r.wallMs)} ms wall, ` +
        `${n(r.simulatedMs / 1000, 1)} s simulated, ${n(r.messages)} messages (${n((r.messages / r.wallMs) * 1000)} messages/s)`,
    )
  }
}
if (only.has('memory')) {
  const r = memory(sizes.memory.nodes, memoryPods, keepAll ? undefined : TRACE_KEEP)
  // The state grows with every Pod; the trace, with retention, no further than its bound.
  const trace = r.traceBoundMiB ?? (r.traceMiB / r.pods) * 150_000
  const projected = r.nodesMiB + (r.statePerPodKiB * 150_000) / 1024 + trace
  console.log(
    `memory: ${n(r.nodes)} nodes + ${n(r.pods)} Pods through the path: heap +${n(r.totalMiB)} MiB ` +
      `(nodes ${n(r.nodesMiB)} MiB; state ${n(r.stateMiB)} MiB, ${n(r.statePerPodKiB, 1)} KiB per Pod; ` +
      `trace ${n(r.traceMiB)} MiB for ${n(r.keptMessages)} of ${n(r.messages)} messages kept in full` +
      `${r.traceBoundMiB === undefined ? ', no retention' : `, bounded at ${n(r.traceBoundMiB)} MiB`})` +
      `${r.exact ? '' : ' [run with node --expose-gc for exact figures]'}`,
  )
  if (r.pods < 150_000)
    console.log(
      `  at this rate ${n(r.nodes)} nodes + 150,000 Pods would take ${n(projected)} MiB [goal ≤ 1,024 MiB: ${verdict(projected <= 1024)}]`,
    )
}
if (only.has('reapply')) {
  const { replicas, workers, applies, pausesMs, warmupMs } = sizes.reapply
  const ms = (values: readonly number[]) => values.map((v) => n(v)).join(' ')
  const p95 = (values: readonly number[]) =>
    [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1] ?? 0
  for (const pauseMs of pausesMs) {
    const r = reapply({ replicas, workers, applies, pauseMs, warmupMs })
    console.log(
      `re-apply at the cursor, ${n(replicas)} replicas on ${n(workers + 1)} nodes, ${n(pauseMs)} ms apart: kubectl's answer in ` +
        `p95 ${n(p95(r.spares))} ms with spares (${ms(r.spares)}) [goal ≤ 100: ${verdict(p95(r.spares) <= 100)}]; ` +
        `p95 ${n(p95(r.rebuild))} ms rebuilding (${ms(r.rebuild)}); ${n(r.messages)} messages in the run`,
    )
  }
}
