/**
 * The simulation's determinism rests on rules no type checker enforces: nothing under src/sim
 * reads the wall clock or an unseeded random source, or touches timers of the host.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '.')

function sources(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) out.push(...sources(path))
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && !path.includes('/testing/')) out.push(path)
  }
  return out
}

const FORBIDDEN: ReadonlyArray<[RegExp, string]> = [
  [/\bDate\.now\s*\(/, 'Date.now(): use kernel.nowMs'],
  [/\bnew Date\s*\(\s*\)/, 'new Date(): use kernel.wallTime()'],
  [/\bMath\.random\s*\(/, 'Math.random(): use kernel.rng'],
  [/\bperformance\.now\s*\(/, 'performance.now(): use kernel.nowMs'],
  [/\bset(Timeout|Interval|Immediate)\s*\(/, 'host timers: use kernel.after() or sleep()'],
  [/\bqueueMicrotask\s*\(|\bPromise\b/, 'promises/microtasks run outside virtual time: use processes'],
]

describe('src/sim determinism rules', () => {
  const files = sources(ROOT)
  it('finds the simulation sources', () => expect(files.length).toBeGreaterThan(50))
  it.each(FORBIDDEN)('no %s', (pattern, why) => {
    const offenders = files.filter((f) =>
      pattern.test(readFileSync(f, 'utf8').replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '')),
    )
    expect(offenders, why).toEqual([])
  })
})
