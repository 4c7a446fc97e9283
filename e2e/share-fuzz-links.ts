/**
 * Mutated share links for e2e/share-fuzz.spec.ts, from a fixed seed: good links (built by the
 * app's own encoder) changed character by character, byte by byte under the compression, replaced
 * by base64 garbage, or carrying hostile JSON inside valid compression (wrong types, huge numbers,
 * deep nesting, very long strings, prototype-pollution keys, markup that runs if parsed as HTML).
 */
import { deflateSync, inflateSync } from 'node:zlib'
import { TEMPLATES } from '../src/app/editor/templates'
import { encodeShare, type SharedView } from '../src/app/share/codec'
import { fromBase64url, toBase64url } from '../src/app/share/compress'
import type { ScenarioInput } from '../src/protocol/messages'
import { SCENARIOS } from '../src/scenarios/library'
import { HOSTILE } from './security-support'

export type Rng = () => number

/** mulberry32: small, seeded, good enough to pick mutations. */
export function rng(seed: number): Rng {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const pick = <T>(xs: readonly T[], r: Rng): T => xs[Math.floor(r() * xs.length)] as T
const int = (r: Rng, n: number) => Math.floor(r() * n)
const at = (s: string, r: Rng) => int(r, s.length + 1)

const NGINX = TEMPLATES[0]?.yaml as string
const view = (scenario: ScenarioInput, more: Partial<SharedView> = {}): SharedView => ({
  scenario,
  cursorMs: 0,
  dockTab: 'timeline',
  teaching: false,
  ...more,
})

/** The good links the mutations start from: small scenarios, so a link that still opens is quick. */
export const SEED_VIEWS: readonly SharedView[] = [
  view(
    { seed: 1, clusterYaml: '', actions: [{ type: 'apply', atMs: 2150, yaml: NGINX }] },
    { cursorMs: 9000, focusedPodKey: '/registry/pods/default/nginx', dockTab: 'console', lang: 'en' },
  ),
  view(SCENARIOS.find((s) => s.id === 'happy-path')?.input as ScenarioInput, {
    libraryId: 'happy-path',
    card: 'happy-path',
    cursorMs: 5000,
    selectedMessageId: 3,
  }),
  view(
    {
      seed: 3,
      clusterYaml: '',
      actions: [
        { type: 'apply', atMs: 0, yaml: NGINX },
        { type: 'cordon', atMs: 4, node: 'worker-2' },
        { type: 'delay-message', atMs: 7, messageId: 41, delayMs: 2500 },
        { type: 'slow-etcd', atMs: 11, factor: 2.5 },
      ],
    },
    { selectedMessageId: 12, teaching: true, dockTab: 'history', historyKey: '/registry/nodes/worker-1' },
  ),
]

export async function seedLinks(): Promise<string[]> {
  return Promise.all(SEED_VIEWS.map((v) => encodeShare(v)))
}

// ---------------------------------------------------------------- the mutations

const CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=#%&+/?<>"\' …🙂\u0000\u202e'

const withData = (data: string) => `#s=1.${data.length.toString(36)}.${data}`
const dataOf = (fragment: string) => fragment.replace(/^#s=1\.[0-9a-z]+\./, '')
const pack = (json: string) => withData(toBase64url(deflateSync(Buffer.from(json))))
const unpack = (fragment: string) =>
  JSON.parse(inflateSync(fromBase64url(dataOf(fragment)) as Uint8Array).toString()) as Record<string, unknown>

type Mutation = (s: string, r: Rng) => string

/** Characters of the fragment: replaced, inserted, deleted, cut, repeated; the header's numbers. */
const TEXT: readonly Mutation[] = [
  (s, r) => {
    const i = at(s, r)
    return `${s.slice(0, i)}${pick([...CHARS], r)}${s.slice(i + 1)}`
  },
  (s, r) => s.slice(0, at(s, r)),
  (s, r) => {
    const i = at(s, r)
    return `${s.slice(0, i)}${s.slice(i + 1 + int(r, 8))}`
  },
  (s, r) => {
    const i = at(s, r)
    return `${s.slice(0, i)}${pick([...CHARS], r)}${s.slice(i)}`
  },
  (s, r) => {
    const [i, j] = [at(s, r), at(s, r)].sort((a, b) => a - b) as [number, number]
    return `${s.slice(0, j)}${s.slice(i, j)}${s.slice(j)}`
  },
  (s, r) => s.replace(/^#s=\d+/, `#s=${pick(['0', '2', '01', '999999999', '1e3', '', 'x', '-1'], r)}`),
  (s, r) => s.replace(/^(#s=1\.)[0-9a-z]+/, `$1${int(r, 5000).toString(36)}`),
  (s, r) => `${s}${pick(['…', '...', '&utm_source=x', '%', '%E2%80', ' ', '#s=1'], r)}`,
]

/** The compressed bytes (the length field kept right, so they reach the decompressor). */
const BYTES: readonly Mutation[] = [
  (s, r) => {
    const bytes = fromBase64url(dataOf(s)) as Uint8Array
    for (let k = 1 + int(r, 3); k > 0; k--) {
      const i = int(r, bytes.length)
      bytes[i] = (bytes[i] as number) ^ (1 << int(r, 8))
    }
    return withData(toBase64url(bytes))
  },
  (s, r) => {
    const bytes = fromBase64url(dataOf(s)) as Uint8Array
    return withData(toBase64url(bytes.slice(0, int(r, bytes.length))))
  },
  (s, r) => {
    const bytes = fromBase64url(dataOf(s)) as Uint8Array
    const extra = Uint8Array.from({ length: 1 + int(r, 16) }, () => int(r, 256))
    return withData(toBase64url(new Uint8Array([...bytes, ...extra])))
  },
]

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/** Garbage in place of the data: base64url noise (length right or wrong), random bytes, noise. */
const GARBAGE: readonly Mutation[] = [
  (_, r) => withData(Array.from({ length: int(r, 300) }, () => pick([...B64], r)).join('')),
  (_, r) =>
    `#s=1.${int(r, 400).toString(36)}.${Array.from({ length: int(r, 300) }, () => pick([...B64], r)).join('')}`,
  (_, r) => withData(toBase64url(Uint8Array.from({ length: int(r, 200) }, () => int(r, 256)))),
  // A zlib header (78 9c) then noise: past the first check of the decompressor.
  (_, r) =>
    withData(
      toBase64url(Uint8Array.from([0x78, 0x9c, ...Array.from({ length: int(r, 100) }, () => int(r, 256))])),
    ),
  (_, r) => `#s=${Array.from({ length: int(r, 60) }, () => pick([...CHARS], r)).join('')}`,
]

/** Nested arrays or objects, `depth` deep. */
const nested = (depth: number, r: Rng) =>
  r() < 0.5 ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`

/** A hostile JSON value, as JSON text (so `__proto__` keys stay own properties). */
function hostileValue(r: Rng): string {
  const markup = () => pick(HOSTILE, r)
  const choices: (() => unknown)[] = [
    () => null,
    () => pick([true, false], r),
    () =>
      pick(
        [0, -1, 1.5, -0, 1e308, -1e308, 2 ** 53, 2 ** 53 + 2, 2 ** 31, 1e-300, 999_999_999, 1_000_000_001],
        r,
      ),
    () =>
      pick(
        ['', 'x', 'happy-path', 'drain', 'console', 'history', 'zh', 'alice', '/registry/pods/default/nginx'],
        r,
      ),
    () => markup(),
    () => `${markup()}${'x'.repeat(int(r, 700))}`,
    () => `/registry/${markup()}`,
    () => `default/${markup()}`,
    () => `\ud800${markup()}\u202e\u0000`,
    () => 'y'.repeat(pick([513, 5_000, 200_000], r)),
    () => [],
    () => ({}),
    () => [pick(['a', 'x', 'c', 'N', 'D', 'Z', '__proto__'], r), int(r, 20_000), markup(), markup()],
  ]
  const raw: (() => string)[] = [
    () => nested(pick([2, 50, 1_000, 20_000], r), r),
    () => `{"__proto__":{"polluted":${JSON.stringify(markup())}}}`,
    () => '{"constructor":{"prototype":{"polluted":1}}}',
    () => '1e400',
    () => `[${Array.from({ length: int(r, 1_200) }, (_, i) => `["c",${i},"worker-1"]`).join(',')}]`,
  ]
  return r() < 0.75 ? JSON.stringify(pick(choices, r)()) : pick(raw, r)()
}

const KEYS = [
  'l',
  'i',
  'd',
  'c',
  'a',
  't',
  'm',
  'p',
  'h',
  'k',
  'e',
  'g',
  'u',
  'z',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
]

/** Payloads that a link could carry and the validator accepts: markup where text is free. */
function hostileButValid(r: Rng): Record<string, unknown> {
  const m = pick(HOSTILE, r)
  const yaml = `apiVersion: v1\nkind: Pod\nmetadata:\n  name: hostile\n  annotations:\n    note: ${JSON.stringify(m)}\n  labels:\n    app: ${JSON.stringify(m)}\nspec:\n  containers:\n  - name: c\n    image: ${JSON.stringify(`nginx${m}`)}\n    args: [${JSON.stringify(m)}]\n`
  return pick<() => Record<string, unknown>>(
    [
      () => ({
        a: [['a', int(r, 3000), yaml]],
        t: int(r, 20_000),
        k: pick(['console', 'history', 'timeline'], r),
      }),
      () => ({
        c: pick([m, `kind: Node\nmetadata:\n  name: ${JSON.stringify(m)}\n`, '*a', ': : :', '\t\u0000'], r),
      }),
      () => ({
        l: 'happy-path',
        u: m,
        h: `/registry/${m}`,
        t: int(r, 1_000_000_000),
        m: 1 + int(r, 1_000_000_000),
      }),
      () => ({
        l: 'happy-path',
        a: [['a', 100, yaml, m]],
        e: 1,
        k: 'history',
        h: '/registry/pods/default/hostile',
      }),
      () => ({
        a: [
          pick(
            [
              ['c', 5, m],
              ['I', 5, m, 'not-found'],
              ['C', 5, 'default', m, m],
              ['W', 5, m],
              ['x', 5, 'v1', 'Pod', m],
            ],
            r,
          ),
        ],
      }),
    ],
    r,
  )()
}

/** JSON inside good compression: keys set to hostile values, actions broken, hostile text. */
const JSON_MUTATIONS: readonly Mutation[] = [
  (s, r) => {
    const payload = unpack(s)
    const entries = Object.entries(payload).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`)
    for (let k = 1 + int(r, 2); k > 0; k--)
      entries.push(`${JSON.stringify(pick(KEYS, r))}:${hostileValue(r)}`)
    return pack(`{${entries.join(',')}}`)
  },
  (s, r) => {
    const payload = unpack(s) as { a?: unknown[][] }
    const action = payload.a?.[int(r, payload.a?.length ?? 0)]
    if (action) action[int(r, action.length + 1)] = JSON.parse(hostileValue(r).replace(/^1e400$/, '1'))
    return pack(JSON.stringify(payload))
  },
  (_, r) => pack(JSON.stringify(hostileButValid(r))),
  (_, r) => pack(hostileValue(r)),
  // Not JSON, or not UTF-8, under good compression.
  (s, r) => {
    const json = Buffer.from(JSON.stringify(unpack(s)))
    const i = int(r, json.length)
    json[i] = pick([0xff, 0xc0, 0x80, 0x00, 0x7b, 0x22], r)
    return withData(toBase64url(deflateSync(json)))
  },
]

const FAMILIES: readonly (readonly Mutation[])[] = [
  TEXT,
  TEXT,
  BYTES,
  GARBAGE,
  JSON_MUTATIONS,
  JSON_MUTATIONS,
]

/** One mutated link: one to three mutations of one family applied to a good link. */
export function mutatedLink(goods: readonly string[], r: Rng): string {
  const family = pick(FAMILIES, r)
  let fragment = pick(goods, r)
  for (let k = 1 + int(r, 3); k > 0; k--) {
    try {
      fragment = pick(family, r)(fragment, r)
    } catch {
      break // a byte or JSON mutation of an already broken fragment: keep what there is
    }
  }
  return fragment
}
