/**
 * `npm run bench:layers`: where SchedulingBasic's whole path spends its time, layer by layer, next
 * to the bare filter+score loop over the same Pods. Both run under V8's sampling profiler (which
 * slows both alike); each sample of the whole path goes to a layer (layers/classify.ts). It
 * answers what `npm run bench`'s ratio cannot: what the time around the algorithm is made of
 * (the "Fourteenth pass" of docs/performance.md, in its git history). It runs bundled, as `npm run bench` does (through tsx,
 * esbuild's keepNames helper gives every closure a `name` of its own: more to allocate and collect).
 *
 *   npm run bench:layers                       10,000 measured Pods on 5,000 nodes
 *   npm run bench:layers -- --pods=20000 --out=/tmp/whole.cpuprofile   (open it in DevTools)
 *   npm run bench:layers -- --smoke            tiny, for correctness only (npm test runs it)
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { fileURLToPath } from 'node:url'
import type { Pod } from '../src/api/types'
import { bundleSources, type CpuProfile, filesUnder, LAYERS, layerTimes } from './layers/classify'
import { bareLoop, perfNode, schedulingBasic, wholePath } from './scheduler-perf/cases'
import { SIZES } from './sizes'

const args = process.argv.slice(2)
const flag = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1]
const smoke = args.includes('--smoke')
const scale = smoke ? SIZES.smoke.basic : { ...SIZES.full.basic, measurePods: 10_000 }
const pods = Number(flag('pods') ?? scale.measurePods)
const out = flag('out')
// Run as a bundle (npm run bench:layers) the profile names lines of it; through tsx, the sources.
const self = import.meta.url
const pathOf = self.endsWith('.ts')
  ? filesUnder(fileURLToPath(new URL('..', self)))
  : bundleSources(self, readFileSync(fileURLToPath(self), 'utf8'), filesUnder(process.cwd()))

const c = schedulingBasic({ ...scale, measurePods: pods })
const nodes = Array.from({ length: c.nodes }, (_, i) => perfNode(i))
const init = Array.from({ length: c.initPods }, (_, i) => c.pod(i, 'init'))
const measure: Pod[] = Array.from({ length: c.measurePods }, (_, i) => c.pod(i, 'measure'))

const session = new Session()
session.connect()
await session.post('Profiler.enable')
await session.post('Profiler.setSamplingInterval', { interval: 250 })

async function profiled(run: () => void): Promise<{ ms: number; profile: CpuProfile }> {
  await session.post('Profiler.start')
  const t0 = performance.now()
  run()
  const ms = performance.now() - t0
  const { profile } = await session.post('Profiler.stop')
  return { ms, profile: profile as unknown as CpuProfile }
}

const whole = wholePath(c, nodes, init)
const messagesBefore = whole.cp.kernel.messageCount
const path = await profiled(() => {
  whole.start(measure)
  whole.runUntil(Number.POSITIVE_INFINITY)
})
const scheduled = whole.cp.bound() - c.initPods
const messages = whole.cp.kernel.messageCount - messagesBefore
if (out) writeFileSync(out, JSON.stringify(path.profile))
const bare = bareLoop(nodes, init)
const loop = await profiled(() => bare.run(measure, 0, measure.length))
session.disconnect()

const n = (v: number, digits = 0) => v.toLocaleString('en', { maximumFractionDigits: digits })
const perPod = (ms: number) => (ms * 1000) / pods
const times = layerTimes(path.profile, pathOf)
const sampled = [...times.values()].reduce((a, b) => a + b, 0)
console.log(
  `${c.name}, whole path under the profiler: ${n(scheduled)}/${n(pods)} scheduled in ${n(path.ms)} ms wall, ` +
    `${n(perPod(sampled))} µs per Pod sampled; ${n(messages / pods, 1)} messages per Pod`,
)
for (const [layer, what] of LAYERS) {
  const ms = times.get(layer) ?? 0
  console.log(
    `  ${what.padEnd(84)} ${`${n((ms / sampled) * 100, 1)} %`.padStart(7)} ${`${n(perPod(ms))} µs`.padStart(8)}`,
  )
}
const algorithm = times.get('algorithm') ?? 0
const around = sampled - algorithm
// Both sides as the profiler saw them (the time its samples stand for): like for like.
const bareMs = [...layerTimes(loop.profile, pathOf).values()].reduce((a, b) => a + b, 0)
console.log(
  `bare filter+score loop under the profiler: ${n(loop.ms)} ms wall, ${n(perPod(bareMs))} µs per Pod sampled ` +
    `(the algorithm in the whole path: ${n(perPod(algorithm))} µs)`,
)
console.log(
  `everything around the algorithm: ${n(perPod(around))} µs per Pod = ${n(around / bareMs, 2)}× the bare loop ` +
    `[goal < 1: ${around < bareMs ? 'meets' : 'BELOW'}]; whole path / bare = ${n(path.ms / loop.ms, 2)}` +
    `${out ? `; profile written to ${out}` : ''}`,
)
if (scheduled !== pods) {
  console.error(`only ${scheduled} of ${pods} Pods were scheduled`)
  process.exitCode = 1
}
