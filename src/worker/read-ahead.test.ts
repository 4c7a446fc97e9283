import { describe, expect, it, vi } from 'vitest'
import { WorkerHost } from './host'
import { parseApply, READ_AHEAD_MAX_CHARS, readAhead } from './scenario-input'
import { FakeLoop } from './testing/fake-loop'

// Every reading of a YAML text, counted by text.
const reads = vi.hoisted(() => new Map<string, number>())
vi.mock('../sim/scenario/parse', async (importOriginal) => {
  const real = await importOriginal<typeof import('../sim/scenario/parse')>()
  return {
    ...real,
    parseManifests: (text: string, source?: string) => {
      reads.set(text, (reads.get(text) ?? 0) + 1)
      return real.parseManifests(text, source)
    },
  }
})

/** A Pod manifest no other test here uses (the caches are the module's). */
let made = 0
const pod = () =>
  `apiVersion: v1\nkind: Pod\nmetadata:\n  name: p${++made}\nspec:\n  containers:\n  - name: c\n    image: nginx\n`

describe('reading the editor’s text ahead of an Apply', () => {
  it('reads it once: the apply finds it read', () => {
    const text = pod()
    readAhead(text)
    readAhead(text)
    expect(reads.get(text)).toBe(1)
    const parse = parseApply(text)
    expect(reads.get(text)).toBe(1)
    expect(parse.ok && parse.objects.map((o) => o.metadata?.name)).toEqual([`p${made}`])
  })

  it('keeps the newest text only, and never a text too long to read on every pause', () => {
    const first = pod()
    const second = pod()
    readAhead(first)
    readAhead(second)
    parseApply(first)
    expect(reads.get(first)).toBe(2)
    parseApply(second)
    expect(reads.get(second)).toBe(1)
    const long = `${pod()}#${'x'.repeat(READ_AHEAD_MAX_CHARS)}\n`
    readAhead(long)
    expect(reads.get(long)).toBeUndefined()
  })

  it('does not push applied texts out of their cache, however many texts are typed', () => {
    const applied = pod()
    parseApply(applied)
    for (let i = 0; i < 100; i++) readAhead(pod())
    parseApply(applied)
    expect(reads.get(applied)).toBe(1)
  })

  it('is a command the worker takes without an answer, and its apply reads nothing again', () => {
    const loop = new FakeLoop()
    const host = new WorkerHost(loop)
    host.handle({ type: 'load', scenario: { seed: 1, clusterYaml: '', actions: [] } })
    loop.drain()
    const text = pod()
    const before = loop.events().length
    host.handle({ type: 'read-ahead', yaml: text })
    loop.drain()
    expect(
      loop
        .events()
        .slice(before)
        .filter((e) => e.type !== 'frame' && e.type !== 'progress'),
    ).toEqual([])
    expect(reads.get(text)).toBe(1)
    host.handle({ type: 'apply', requestId: 7, yaml: text, atMs: 0 })
    loop.drain()
    expect(loop.events().some((e) => e.type === 'applied' && e.requestId === 7)).toBe(true)
    expect(reads.get(text)).toBe(1)
  })
})
