/**
 * Who had the CPU while the browser benchmark played, from a trace of its window:
 *
 *   BENCH_TRACE=/tmp/window.json BENCH_NO_SAMPLES=1 \
 *     BENCH_TRACE_CATEGORIES=disabled-by-default-v8.compile npm run bench:browser
 *   node bench/browser/trace-threads.mjs /tmp/window.json
 *
 * Prints each thread's CPU per half second of the window (the renderer's main thread, the
 * simulation worker, the compositor, raster and V8's compiler threads, the GPU process), then
 * every main-thread task over 35 ms with its wall time, its own CPU time, and what the other
 * threads ran meanwhile. A task whose CPU is far below its wall time waited for a core: on two
 * cores, the page's long frames are then as much the other threads' as its own. (The last long
 * task, as the window ends, is the benchmark's own: it reads what the probes recorded.)
 */
import { readFileSync } from 'node:fs'

const file = process.argv[2]
if (!file) {
  console.error('usage: node bench/browser/trace-threads.mjs <trace.json>')
  process.exit(2)
}
const LONG_MS = Number(process.env.LONG_MS ?? 35)
const BUCKET_MS = 500
const raw = JSON.parse(readFileSync(file, 'utf8'))
const events = raw.traceEvents ?? raw

const threadNames = new Map()
const processNames = new Map()
for (const e of events) {
  if (e.ph !== 'M') continue
  if (e.name === 'thread_name') threadNames.set(`${e.pid}:${e.tid}`, e.args.name)
  if (e.name === 'process_name') processNames.set(e.pid, e.args.name)
}
/** A thread by process and name; the thread pool's raster and V8's compiling told apart. */
const threadOf = (e) => {
  const name = (threadNames.get(`${e.pid}:${e.tid}`) ?? String(e.tid)).replace(/\d+$/, '')
  const job = e.name === 'RasterTask' ? ' (raster)' : e.name.startsWith('V8.') ? ' (V8 compiling)' : ''
  return `${processNames.get(e.pid) ?? e.pid}/${name}${job}`
}

// The top-level pieces of work each thread runs: tasks, and on the thread pool raster and V8's
// compile jobs (which are not inside a RunTask there).
const TOP = new Set([
  'RunTask',
  'ThreadControllerImpl::RunTask',
  'RasterTask',
  'V8.MaglevTask',
  'V8.TurbofanTask',
  'V8.OptimizeBackground',
])
const work = events.filter((e) => e.ph === 'X' && TOP.has(e.name))
const MAIN = 'Renderer/CrRendererMain'
const mainTasks = work.filter((e) => threadOf(e) === MAIN && e.name === 'RunTask').sort((a, b) => a.ts - b.ts)
if (mainTasks.length === 0) {
  console.error('no renderer main-thread tasks in this trace')
  process.exit(1)
}
const t0 = mainTasks[0].ts
const end = mainTasks[mainTasks.length - 1].ts + mainTasks[mainTasks.length - 1].dur
const buckets = Math.ceil((end - t0) / 1000 / BUCKET_MS)
/** CPU time where the trace has it (tdur), else wall time. */
const cpuOf = (e) => (e.tdur ?? e.dur) / 1000

const perThread = new Map()
for (const e of work) {
  const b = Math.floor((e.ts - t0) / 1000 / BUCKET_MS)
  if (b < 0 || b >= buckets) continue
  const k = threadOf(e)
  const row = perThread.get(k) ?? new Array(buckets).fill(0)
  row[b] += cpuOf(e)
  perThread.set(k, row)
}
const rows = [...perThread].sort((a, b) => b[1].reduce((x, y) => x + y) - a[1].reduce((x, y) => x + y))
console.log(`CPU ms per ${BUCKET_MS} ms of the window (two cores give ${2 * BUCKET_MS}):`)
console.log(
  `${'thread'.padEnd(52)}${Array.from({ length: buckets }, (_, i) => `${(i * BUCKET_MS) / 1000}s`.padStart(6)).join('')}`,
)
for (const [k, row] of rows.slice(0, 8))
  console.log(`${k.padEnd(52)}${row.map((v) => v.toFixed(0).padStart(6)).join('')}`)
const sums = Array.from({ length: buckets }, (_, i) => rows.reduce((a, [, r]) => a + r[i], 0))
console.log(`${'all of the above'.padEnd(52)}${sums.map((v) => v.toFixed(0).padStart(6)).join('')}`)

console.log(`\nmain-thread tasks over ${LONG_MS} ms: wall, own CPU, and the other threads' CPU meanwhile`)
for (const t of mainTasks.filter((e) => e.dur / 1000 > LONG_MS)) {
  const from = t.ts
  const to = t.ts + t.dur
  const others = new Map()
  for (const e of work) {
    const k = threadOf(e)
    if (k === MAIN) continue
    const overlap = Math.min(to, e.ts + e.dur) - Math.max(from, e.ts)
    if (overlap <= 0) continue
    // The overlapping part of its CPU, pro rata.
    others.set(k, (others.get(k) ?? 0) + (cpuOf(e) * overlap) / e.dur)
  }
  const list = [...others].sort((a, b) => b[1] - a[1]).slice(0, 5)
  console.log(
    `  at ${((t.ts - t0) / 1e6).toFixed(2)} s: ${(t.dur / 1000).toFixed(0)} ms wall, ${cpuOf(t).toFixed(0)} ms CPU; ` +
      list.map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', '),
  )
}
