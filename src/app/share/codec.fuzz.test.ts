/**
 * Seeded fuzzing of share-link decoding: thousands of mutations of good links (characters, bytes
 * under the compression, and values in the JSON), each of which must decode to a view or to a
 * known reason, never throw, and, when it decodes, encode and decode back to the same view.
 */
import { deflateSync, inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import type { ScenarioInput } from '../../protocol/messages'
import { SCENARIOS } from '../../scenarios/library'
import { TEMPLATES } from '../editor/templates'
import { decodeShare, encodeShare, SHARE_REASONS, type SharedView } from './codec'
import { fromBase64url, toBase64url } from './compress'

/** mulberry32: small, seeded, good enough to pick mutations. */
function rng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const NGINX = TEMPLATES[0]?.yaml as string
const view = (scenario: ScenarioInput, more: Partial<SharedView> = {}): SharedView => ({
  scenario,
  cursorMs: 0,
  dockTab: 'timeline',
  teaching: false,
  ...more,
})

const SEEDS: readonly SharedView[] = [
  view(
    { seed: 1, clusterYaml: '', actions: [{ type: 'apply', atMs: 2150, yaml: NGINX }] },
    { cursorMs: 9000, focusedPodKey: '/registry/pods/default/nginx', dockTab: 'console', lang: 'en' },
  ),
  view(SCENARIOS[0]?.input as ScenarioInput, { libraryId: 'happy-path', card: 'happy-path', cursorMs: 5000 }),
  view(
    {
      seed: 3,
      clusterYaml: 'apiVersion: v1\nkind: Node\nmetadata:\n  name: a\n',
      actions: [
        { type: 'apply', atMs: 0, yaml: NGINX, as: 'alice' },
        { type: 'drain', atMs: 4, node: 'worker-2', force: true, gracePeriodSeconds: -1 },
        { type: 'delay-message', atMs: 7, messageId: 413, delayMs: 2500 },
        { type: 'slow-etcd', atMs: 11, factor: 2.5 },
      ],
    },
    { selectedMessageId: 12, teaching: true, lang: 'zh', applyAs: 'alice', historyKey: '/registry/nodes/a' },
  ),
]

const CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=#%&+/ …🙂\u0000'
const VALUES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e300,
  -0,
  '',
  'x',
  'a'.repeat(600),
  [],
  {},
  [['a', 1, 'x']],
  'happy-path',
  'console',
  '<script>alert(1)</script>',
]

type Mutation = (s: string, r: () => number) => string

const pick = <T>(xs: readonly T[], r: () => number): T => xs[Math.floor(r() * xs.length)] as T
const at = (s: string, r: () => number) => Math.floor(r() * (s.length + 1))

/** Mutations of the fragment's characters. */
const TEXT_MUTATIONS: readonly Mutation[] = [
  (s, r) => {
    const i = at(s, r)
    return `${s.slice(0, i)}${pick([...CHARS], r)}${s.slice(i + 1)}`
  },
  (s, r) => s.slice(0, at(s, r)),
  (s, r) => {
    const i = at(s, r)
    return `${s.slice(0, i)}${s.slice(i + 1 + Math.floor(r() * 8))}`
  },
  (s, r) => {
    const i = at(s, r)
    return `${s.slice(0, i)}${pick([...CHARS], r)}${s.slice(i)}`
  },
  (s, r) => {
    const i = at(s, r)
    const j = at(s, r)
    return `${s.slice(0, Math.min(i, j))}${s.slice(Math.min(i, j), Math.max(i, j)).repeat(2)}${s.slice(Math.max(i, j))}`
  },
  (s, r) => s.replace(/^#s=\d+/, `#s=${pick(['0', '2', '01', '999999999', '', 'x'], r)}`),
  (s, r) => s.replace(/^(#s=1\.)[0-9a-z]+/, `$1${Math.floor(r() * 5000).toString(36)}`),
]

/** Fix the length field after changing the data, so the mutation reaches inflate. */
function withData(data: string): string {
  return `#s=1.${data.length.toString(36)}.${data}`
}

function dataOf(fragment: string): string {
  return fragment.replace(/^#s=1\.[0-9a-z]+\./, '')
}

/** Mutations of the compressed bytes (a consistent length, so inflate sees them). */
const BYTE_MUTATIONS: readonly Mutation[] = [
  (s, r) => {
    const bytes = fromBase64url(dataOf(s)) as Uint8Array
    const i = Math.floor(r() * bytes.length)
    bytes[i] = (bytes[i] as number) ^ (1 << Math.floor(r() * 8))
    return withData(toBase64url(bytes))
  },
  (s, r) => {
    const bytes = fromBase64url(dataOf(s)) as Uint8Array
    return withData(toBase64url(bytes.slice(0, Math.floor(r() * bytes.length))))
  },
  (s, r) => {
    const bytes = fromBase64url(dataOf(s)) as Uint8Array
    const extra = Uint8Array.from({ length: 1 + Math.floor(r() * 16) }, () => Math.floor(r() * 256))
    return withData(toBase64url(new Uint8Array([...bytes, ...extra])))
  },
]

/** Mutations of the JSON (valid compression, so the validator sees them). */
const JSON_MUTATIONS: readonly Mutation[] = [
  (s, r) => {
    const payload = JSON.parse(inflateSync(fromBase64url(dataOf(s)) as Uint8Array).toString()) as Record<
      string,
      unknown
    >
    const key = pick(
      [...Object.keys(payload), 'l', 'i', 'd', 'c', 'a', 't', 'm', 'p', 'h', 'k', 'e', 'g', 'u', 'z'],
      r,
    )
    payload[key] = pick(VALUES, r)
    return withData(toBase64url(deflateSync(Buffer.from(JSON.stringify(payload)))))
  },
  (s, r) => {
    const payload = JSON.parse(inflateSync(fromBase64url(dataOf(s)) as Uint8Array).toString()) as {
      a?: unknown[][]
    }
    const action = payload.a?.[Math.floor(r() * (payload.a?.length ?? 0))]
    if (action) action[Math.floor(r() * (action.length + 1))] = pick(VALUES, r)
    return withData(toBase64url(deflateSync(Buffer.from(JSON.stringify(payload)))))
  },
]

const KNOWN: ReadonlySet<string> = new Set(SHARE_REASONS)

describe('share links: fuzzing', () => {
  it('decodes thousands of mutated links to a view or a known reason, never throwing', async () => {
    const r = rng(0x5eed)
    const goods = await Promise.all(SEEDS.map((v) => encodeShare(v)))
    const deadline = performance.now() + 20_000
    const seen = new Map<string, number>()
    let runs = 0
    for (; runs < 4000 && performance.now() < deadline; runs++) {
      const family = pick([TEXT_MUTATIONS, TEXT_MUTATIONS, BYTE_MUTATIONS, JSON_MUTATIONS], r)
      let fragment = pick(goods, r)
      const times = 1 + Math.floor(r() * 3)
      for (let i = 0; i < times; i++) {
        try {
          fragment = pick(family, r)(fragment, r)
        } catch {
          break // a byte or JSON mutation of an already broken fragment: use what we have
        }
      }
      let result: Awaited<ReturnType<typeof decodeShare>>
      try {
        result = await decodeShare(fragment)
      } catch (e) {
        throw new Error(`decode threw for ${JSON.stringify(fragment.slice(0, 200))}: ${String(e)}`)
      }
      const label = result.ok ? 'ok' : result.problem.reason
      seen.set(label, (seen.get(label) ?? 0) + 1)
      if (!result.ok) {
        expect(KNOWN.has(result.problem.reason), fragment).toBe(true)
        continue
      }
      // Whatever decodes is a view the app can show, and it survives another trip unchanged.
      const again = await decodeShare(await encodeShare(result.view))
      expect(again.ok && again.view).toEqual(result.view)
    }
    expect(runs).toBeGreaterThanOrEqual(3000)
    // The mutations reached every layer: characters, compression and the validator.
    for (const reason of ['truncated', 'bad-characters', 'corrupt', 'bad-field', 'version-newer'])
      expect(seen.get(reason) ?? 0, reason).toBeGreaterThan(0)
  }, 30_000)
})
