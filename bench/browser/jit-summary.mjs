/**
 * What V8 compiled and threw away during a browser benchmark run, from its own trace lines:
 *
 *   DEBUG=pw:browser BENCH_JS_FLAGS='--trace-opt --trace-deopt' npx playwright test \
 *     -c bench/browser/playwright.bench.config.ts 2> v8.log
 *   node bench/browser/jit-summary.mjs v8.log
 *
 * Prints compile time by tier, the functions that took the most compile time (a function compiled
 * many times is one whose optimized code was thrown away), and the deopts by function and reason.
 * Names are as V8 prints them: minified in a production build, except methods; the page and the
 * simulation worker share one list, told apart by their `sfi` addresses.
 */
import { readFileSync } from 'node:fs'

const file = process.argv[2]
if (!file) {
  console.error('usage: node bench/browser/jit-summary.mjs <log>')
  process.exit(2)
}
const top = Number(process.env.TOP ?? 20)
const compiled =
  /<JSFunction ([^ ]*) ?\(sfi = (0x[0-9a-f]+)\)> \(target ([A-Z_]+)\) - took [0-9.]+, ([0-9.]+),/
const deopt =
  /bailout \(kind: ([^,]+), reason: (.*?)\): begin\. deoptimizing 0x[0-9a-f]+ <JSFunction ([^ ]*) ?\(sfi/

const tiers = new Map()
const functions = new Map()
const deopts = new Map()
for (const line of readFileSync(file, 'utf8').split('\n')) {
  const c = line.includes('completed compiling') ? compiled.exec(line) : null
  if (c) {
    const [, name, sfi, tier, ms] = c
    const t = tiers.get(tier) ?? { n: 0, ms: 0 }
    t.n++
    t.ms += Number(ms)
    tiers.set(tier, t)
    const key = `${name || '(anonymous)'} ${sfi}`
    const f = functions.get(key) ?? { n: 0, ms: 0 }
    f.n++
    f.ms += Number(ms)
    functions.set(key, f)
    continue
  }
  const d = line.includes('bailout (kind') ? deopt.exec(line) : null
  if (d) {
    const [, kind, reason, name] = d
    const key = `${name || '(anonymous)'}: ${kind}, ${reason}`
    deopts.set(key, (deopts.get(key) ?? 0) + 1)
  }
}

const ms = (v) => v.toFixed(0).padStart(7)
console.log('compile time by tier (wall ms on the compiler threads):')
for (const [tier, t] of tiers) console.log(`${ms(t.ms)}  ${String(t.n).padStart(5)} compiles  ${tier}`)
console.log(`\nfunctions by compile time (top ${top}):`)
for (const [key, f] of [...functions].sort((a, b) => b[1].ms - a[1].ms).slice(0, top))
  console.log(`${ms(f.ms)}  ${String(f.n).padStart(3)}×  ${key}`)
console.log(`\ndeopts by function and reason (top ${top}):`)
for (const [key, n] of [...deopts].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`${String(n).padStart(7)}  ${key}`)
