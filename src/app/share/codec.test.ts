import { deflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import type { ScenarioActionInput, ScenarioInput } from '../../protocol/messages'
import { SCENARIOS } from '../../scenarios/library'
import { TEMPLATES } from '../editor/templates'
import {
  ACTION_CODECS,
  decodeShare,
  encodeShare,
  LONG_LINK_CHARS,
  linkLength,
  MAX_ACTIONS,
  MAX_FRAGMENT_CHARS,
  MAX_JSON_BYTES,
  type SharedView,
  type ShareProblem,
  shareUrl,
  toPayload,
} from './codec'
import { inflate, toBase64url } from './compress'

/** The app's address in the e2e tests (`vite preview`); a deployed one is about as long. */
const ORIGIN = 'http://127.0.0.1:4173/'
const NGINX = TEMPLATES[0]?.yaml as string

const view = (scenario: ScenarioInput, more: Partial<SharedView> = {}): SharedView => ({
  scenario,
  cursorMs: 0,
  dockTab: 'timeline',
  teaching: false,
  ...more,
})

/** The default happy path as a user makes it: nginx applied where the boot settled, a few seconds on. */
const HAND_MADE = view(
  { seed: 1, clusterYaml: '', actions: [{ type: 'apply', atMs: 2150, yaml: NGINX }] },
  { cursorMs: 9000, focusedPodKey: '/registry/pods/default/nginx', dockTab: 'console', lang: 'en' },
)

/** A fragment made from a raw payload, as a hand-crafted (or hostile) link would be. */
function fragmentOf(payload: unknown, version = 1): string {
  const data = toBase64url(deflateSync(Buffer.from(JSON.stringify(payload))))
  return `#s=${version}.${data.length.toString(36)}.${data}`
}

function rawFragment(bytes: Uint8Array, version = 1): string {
  const data = toBase64url(bytes)
  return `#s=${version}.${data.length.toString(36)}.${data}`
}

async function roundTrip(v: SharedView): Promise<SharedView> {
  const decoded = await decodeShare(await encodeShare(v))
  if (!decoded.ok) throw new Error(`did not decode: ${JSON.stringify(decoded.problem)}`)
  return decoded.view
}

/** One full example of each action type, every field set. */
const EVERY_ACTION: readonly ScenarioActionInput[] = [
  { type: 'apply', atMs: 0, yaml: NGINX, as: 'alice' },
  { type: 'delete', atMs: 1, apiVersion: 'v1', kind: 'Pod', namespace: 'dev', name: 'nginx', as: 'bob' },
  { type: 'cordon', atMs: 2, node: 'worker-1', as: 'alice' },
  { type: 'uncordon', atMs: 3, node: 'worker-1', as: 'alice' },
  {
    type: 'drain',
    atMs: 4,
    node: 'worker-2',
    force: true,
    ignoreDaemonsets: true,
    deleteEmptydirData: false,
    gracePeriodSeconds: -1,
    timeoutSeconds: 30,
    as: 'alice',
  },
  { type: 'node-down', atMs: 5, node: 'worker-3', mode: 'unreachable' },
  { type: 'drop-message', atMs: 6, messageId: 412 },
  { type: 'delay-message', atMs: 7, messageId: 413, delayMs: 2500 },
  { type: 'image-pull-failure', atMs: 8, image: 'nginx:1.27', node: 'worker-1', mode: 'unauthorized' },
  { type: 'crash-container', atMs: 9, namespace: 'default', pod: 'nginx', container: 'nginx', exitCode: 137 },
  { type: 'webhook-timeout', atMs: 10, server: 'sidecar-injector' },
  { type: 'slow-etcd', atMs: 11, factor: 2.5, latencyMs: 40 },
]

describe('share links: round trips', () => {
  it('bring back the hand-made happy path exactly, in a short link', async () => {
    const fragment = await encodeShare(HAND_MADE)
    expect(fragment).toMatch(/^#s=1\.[0-9a-z]+\.[A-Za-z0-9_-]+$/)
    expect(await roundTrip(HAND_MADE)).toEqual(HAND_MADE)
    const link = shareUrl(ORIGIN, fragment)
    expect(link.length).toBeLessThan(300)
    expect(linkLength(link)).toEqual({ chars: link.length, long: false, tooLong: false })
  })

  it('carry every field of every action type, optional ones absent or present', async () => {
    expect(EVERY_ACTION.map((a) => a.type).sort()).toEqual(Object.keys(ACTION_CODECS).sort())
    for (const a of EVERY_ACTION) {
      const codec = ACTION_CODECS[a.type]
      expect(Object.keys(a).sort(), a.type).toEqual(
        ['atMs', 'type', ...codec.fields.map((f) => f.key)].sort(),
      )
    }
    const full = view({ seed: 7, clusterYaml: 'kind: Node', actions: EVERY_ACTION })
    expect(await roundTrip(full)).toEqual(full)
    // Optional fields absent stay absent (not null, not undefined keys).
    const bare = view({
      seed: 1,
      clusterYaml: '',
      actions: [
        { type: 'delete', atMs: 1, apiVersion: 'v1', kind: 'Pod', name: 'nginx', as: 'bob' },
        { type: 'drain', atMs: 4, node: 'worker-2', timeoutSeconds: 30 },
        { type: 'slow-etcd', atMs: 11 },
      ],
    })
    const back = await roundTrip(bare)
    expect(back).toEqual(bare)
    expect(Object.keys(back.scenario.actions[1] as object).sort()).toEqual([
      'atMs',
      'node',
      'timeoutSeconds',
      'type',
    ])
  })

  it('carry every view field', async () => {
    const v = view(
      { seed: 42, clusterYaml: '', actions: [] },
      {
        cursorMs: 123_456,
        selectedMessageId: 77,
        focusedPodKey: '/registry/pods/kube-system/coredns-7db6d8ff4d-abcde',
        historyKey: '/registry/deployments/default/web',
        dockTab: 'whatIf',
        teaching: true,
        lang: 'zh',
        applyAs: 'alice',
      },
    )
    expect(await roundTrip(v)).toEqual(v)
    // Defaults are not written at all.
    expect(toPayload(view({ seed: 1, clusterYaml: '', actions: [] }))).toEqual({})
    expect(
      toPayload(view({ seed: 1, clusterYaml: '', actions: [] }, { applyAs: 'kubernetes-admin' })),
    ).toEqual({})
  })

  it('name a library scenario by id, with the actions the user added after it', async () => {
    for (const s of SCENARIOS) {
      const plain = view(s.input, { libraryId: s.id, card: s.id, cursorMs: 5000 })
      expect(toPayload(plain)).toEqual({ l: s.id, t: 5000 })
      expect(await roundTrip(plain)).toEqual(plain)
      const added: ScenarioActionInput = { type: 'cordon', atMs: 6000, node: 'worker-1' }
      const more = view({ ...s.input, actions: [...s.input.actions, added] }, { libraryId: s.id })
      expect(toPayload(more)).toMatchObject({ l: s.id, i: 0, a: [['c', 6000, 'worker-1']] })
      expect(await roundTrip(more)).toEqual(more)
      // Without the library (a changed scenario), the whole scenario travels and comes back the same.
      const whole = await decodeShare(await encodeShare(view(s.input, { cursorMs: 5000 }), []), [])
      expect(whole.ok && whole.view.scenario).toEqual(s.input)
    }
  })

  it('name the happy path for a hand-made nginx at 0, but show its card only if the user had it', async () => {
    const handMade = view({ seed: 1, clusterYaml: '', actions: [{ type: 'apply', atMs: 0, yaml: NGINX }] })
    const back = await roundTrip(handMade)
    expect(back.scenario).toEqual(handMade.scenario)
    expect(back.card).toBeUndefined()
  })

  it('stay short in the common cases, and say when one is long', async () => {
    const lengths: Record<string, number> = {}
    const measure = async (label: string, v: SharedView, library = SCENARIOS) => {
      const link = shareUrl(ORIGIN, await encodeShare(v, library))
      lengths[label] = link.length
      return link
    }
    await measure('hand-made nginx', HAND_MADE)
    await measure(
      'library happy path at 5 s',
      view(SCENARIOS[0]?.input as ScenarioInput, {
        libraryId: 'happy-path',
        card: 'happy-path',
        cursorMs: 5000,
      }),
    )
    const deployment = TEMPLATES.find((t) => t.id === 'deployment')?.yaml as string
    await measure(
      'nginx, then a Deployment, a delete and a crash',
      view(
        {
          seed: 1,
          clusterYaml: '',
          actions: [
            { type: 'apply', atMs: 2150, yaml: NGINX },
            { type: 'apply', atMs: 8000, yaml: deployment },
            { type: 'delete', atMs: 15_000, apiVersion: 'v1', kind: 'Pod', name: 'nginx' },
            {
              type: 'crash-container',
              atMs: 20_000,
              namespace: 'default',
              pod: 'web-abc',
              container: 'nginx',
            },
          ],
        },
        { cursorMs: 25_000, selectedMessageId: 812, teaching: true },
      ),
    )
    // Every library scenario written out in full (cluster YAML and all) stays far below the limit.
    for (const s of SCENARIOS) await measure(`${s.id} in full`, view(s.input), [])
    expect(lengths['hand-made nginx']).toBeLessThan(300)
    expect(lengths['library happy path at 5 s']).toBeLessThan(100)
    expect(Math.max(...Object.values(lengths))).toBeLessThan(MAX_FRAGMENT_CHARS)
    const long = `${ORIGIN}#${'x'.repeat(LONG_LINK_CHARS)}`
    expect(linkLength(long).long).toBe(true)
    expect(linkLength(`${ORIGIN}#${'x'.repeat(MAX_FRAGMENT_CHARS + 1)}`).tooLong).toBe(true)
  })

  it('keep YAML as text: an alias bomb in the cluster is only characters to the decoder', async () => {
    const bomb = `a: &a ["x","x","x","x","x","x","x","x","x"]\n${Array.from({ length: 12 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)}]`).join('\n')}\n`
    const v = view({ seed: 1, clusterYaml: bomb, actions: [] })
    const back = await roundTrip(v)
    expect(back.scenario.clusterYaml).toBe(bomb)
  })
})

describe('share links: bad links are explained, never thrown', () => {
  // The real payload, compressed by Node's zlib (the same format as CompressionStream's 'deflate').
  const good = fragmentOf(toPayload(HAND_MADE))
  const [, head, data] = /^(#s=1\.[0-9a-z]+\.)(.*)$/.exec(good) as unknown as [string, string, string]
  const flip = (s: string, i: number) => `${s.slice(0, i)}${s[i] === 'A' ? 'B' : 'A'}${s.slice(i + 1)}`
  const zeros = new Uint8Array(20 * 1024 * 1024)
  const bomb = rawFragment(deflateSync(zeros, { level: 9 }))
  const table: ReadonlyArray<readonly [string, string, Partial<ShareProblem>]> = [
    ['an empty fragment', '', { reason: 'not-share-link' }],
    ['another app’s fragment', '#section-2', { reason: 'not-share-link' }],
    ['just the prefix', '#s=', { reason: 'truncated' }],
    ['cut after the version', '#s=1', { reason: 'truncated' }],
    ['cut in the length', `${head.slice(0, 6)}`, { reason: 'truncated' }],
    ['cut after the length', head, { reason: 'truncated', have: 0 }],
    ['cut at 10 data characters', `${head}${data.slice(0, 10)}`, { reason: 'truncated', have: 10 }],
    ['cut at half', `${head}${data.slice(0, data.length >> 1)}`, { reason: 'truncated' }],
    ['cut one short', good.slice(0, -1), { reason: 'truncated', have: data.length - 1 }],
    ['cut with an ellipsis', `${good.slice(0, -20)}…`, { reason: 'truncated' }],
    [
      'cut with an ellipsis the browser percent-encoded',
      `${good.slice(0, -20)}%E2%80%A6`,
      { reason: 'truncated' },
    ],
    [
      'a percent-encoded space',
      `${head}${data.slice(0, 5)}%20${data.slice(6)}`,
      { reason: 'bad-characters', char: ' ' },
    ],
    [
      'a lone percent sign',
      `${head}${data.slice(0, 5)}%${data.slice(6)}`,
      { reason: 'bad-characters', char: '%' },
    ],
    ['cut with three dots', `${good.slice(0, -20)}...`, { reason: 'truncated' }],
    ['a newer version', good.replace('#s=1.', '#s=2.'), { reason: 'version-newer', version: 2 }],
    ['a far newer version', '#s=17.x.y', { reason: 'version-newer', version: 17 }],
    ['an older version', good.replace('#s=1.', '#s=0.'), { reason: 'version-older', version: 0 }],
    ['no version', '#s=x.1.AAAA', { reason: 'malformed' }],
    ['no length', `#s=1.${data}`, { reason: 'malformed' }],
    [
      'a space in the data',
      `${head}${data.slice(0, 5)} ${data.slice(6)}`,
      { reason: 'bad-characters', char: ' ' },
    ],
    [
      'standard base64 characters',
      `${head}${data.slice(0, 5)}+/${data.slice(7)}`,
      { reason: 'bad-characters', char: '+' },
    ],
    ['an emoji', `${head}${data.slice(0, 5)}🙂${data.slice(7)}`, { reason: 'bad-characters', char: '🙂' }],
    ['a query glued on', `${good}&utm_source=chat`, { reason: 'bad-characters', char: '&' }],
    ['longer than it says', `${good}AAAA`, { reason: 'corrupt' }],
    ['a flipped first byte', `${head}${flip(data, 0)}`, { reason: 'corrupt' }],
    ['a flipped middle byte', `${head}${flip(data, data.length >> 1)}`, { reason: 'corrupt' }],
    ['a flipped checksum', `${head}${flip(data, data.length - 2)}`, { reason: 'corrupt' }],
    ['an impossible base64 length', `#s=1.5.AAAAA`, { reason: 'corrupt' }],
    ['not deflate at all', rawFragment(new TextEncoder().encode('{"t":5}')), { reason: 'corrupt' }],
    [
      'raw deflate instead of zlib',
      rawFragment(new Uint8Array([0x4b, 0x4c, 0x4a, 0x06, 0x00])),
      { reason: 'corrupt' },
    ],
    [
      'too long',
      `#s=1.zz.${'A'.repeat(MAX_FRAGMENT_CHARS)}`,
      { reason: 'too-long', max: MAX_FRAGMENT_CHARS },
    ],
    ['a decompression bomb', bomb, { reason: 'too-large', max: MAX_JSON_BYTES }],
    ['not UTF-8', rawFragment(deflateSync(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]))), { reason: 'bad-json' }],
    ['not JSON', rawFragment(deflateSync(Buffer.from('{"t":'))), { reason: 'bad-json' }],
    ['JSON, but a list', fragmentOf([1, 2]), { reason: 'bad-field', path: '', expected: 'object' }],
    ['an unknown field', fragmentOf({ z: 1 }), { reason: 'bad-field', path: 'z', expected: 'known-field' }],
    [
      'a prototype key',
      fragmentOf(JSON.parse('{"__proto__":{"t":1}}')),
      { reason: 'bad-field', expected: 'known-field' },
    ],
    [
      'an unknown library scenario',
      fragmentOf({ l: 'no-such-scenario' }),
      { reason: 'unknown-scenario', id: 'no-such-scenario' },
    ],
    ['a negative cursor', fragmentOf({ t: -5 }), { reason: 'bad-field', path: 'cursor', expected: 'time' }],
    [
      'a fractional cursor',
      fragmentOf({ t: 1.5 }),
      { reason: 'bad-field', path: 'cursor', expected: 'time' },
    ],
    ['an absurd cursor', fragmentOf({ t: 1e300 }), { reason: 'bad-field', path: 'cursor', expected: 'time' }],
    ['a cursor as text', fragmentOf({ t: '100' }), { reason: 'bad-field', path: 'cursor', expected: 'time' }],
    ['a NaN-like seed', fragmentOf({ d: 'NaN' }), { reason: 'bad-field', path: 'seed', expected: 'seed' }],
    [
      'a negative action time',
      fragmentOf({ a: [['a', -1, 'kind: Pod']] }),
      { reason: 'bad-field', path: 'actions[0].atMs' },
    ],
    [
      'an unknown action',
      fragmentOf({ a: [['?', 1]] }),
      { reason: 'bad-field', path: 'actions[0][0]', expected: 'action' },
    ],
    [
      'an action without its YAML',
      fragmentOf({ a: [['a', 1]] }),
      { reason: 'bad-field', path: 'actions[0].yaml' },
    ],
    [
      'YAML as a number',
      fragmentOf({ a: [['a', 1, 5]] }),
      { reason: 'bad-field', path: 'actions[0].yaml', expected: 'text' },
    ],
    [
      'an action with extra fields',
      fragmentOf({ a: [['W', 1, 'x', 'y']] }),
      { reason: 'bad-field', expected: 'known-field' },
    ],
    [
      'a bad node-down mode',
      fragmentOf({ a: [['N', 1, 'worker-1', 'explode']] }),
      { reason: 'bad-field', expected: 'one-of' },
    ],
    [
      'a zero message id',
      fragmentOf({ a: [['D', 1, 0]] }),
      { reason: 'bad-field', path: 'actions[0].messageId' },
    ],
    [
      'a zero delay',
      fragmentOf({ a: [['L', 1, 3, 0]] }),
      { reason: 'bad-field', path: 'actions[0].delayMs' },
    ],
    [
      'an infinite slow-down',
      fragmentOf({ a: [['E', 1, 1e300]] }),
      { reason: 'bad-field', path: 'actions[0].factor' },
    ],
    [
      'too many actions',
      fragmentOf({ a: Array.from({ length: MAX_ACTIONS + 1 }, () => ['W', 1, 'x']) }),
      { reason: 'bad-field', path: 'actions', expected: 'at-most' },
    ],
    [
      'actions not a list',
      fragmentOf({ a: { 0: ['W', 1, 'x'] } }),
      { reason: 'bad-field', path: 'actions', expected: 'array' },
    ],
    [
      'an unknown tab',
      fragmentOf({ k: 'settings' }),
      { reason: 'bad-field', path: 'tab', expected: 'one-of' },
    ],
    [
      'an unknown language',
      fragmentOf({ g: 'fr' }),
      { reason: 'bad-field', path: 'language', expected: 'one-of' },
    ],
    ['teaching as text', fragmentOf({ e: 'yes' }), { reason: 'bad-field', path: 'teaching' }],
    [
      'a Pod key with a path',
      fragmentOf({ p: '../../etc/passwd' }),
      { reason: 'bad-field', path: 'pod', expected: 'pod-key' },
    ],
    [
      'HTML as a Pod key',
      fragmentOf({ p: '<img src=x onerror=alert(1)>' }),
      { reason: 'bad-field', path: 'pod' },
    ],
    ['an empty user', fragmentOf({ u: '' }), { reason: 'bad-field', path: 'user', expected: 'name' }],
    [
      'a huge user name',
      fragmentOf({ u: 'a'.repeat(10_000) }),
      { reason: 'bad-field', path: 'user', expected: 'name' },
    ],
    [
      'a library scenario with its own seed',
      fragmentOf({ l: 'happy-path', d: 5 }),
      { reason: 'bad-field', path: 'seed' },
    ],
    [
      'deeply nested JSON',
      rawFragment(deflateSync(Buffer.from(`${'['.repeat(100_000)}${']'.repeat(100_000)}`))),
      { reason: 'bad-field', path: '' },
    ],
  ]

  it.each(table)('%s', async (_label, fragment, expected) => {
    const r = await decodeShare(fragment)
    expect(r.ok).toBe(false)
    expect(r.ok ? undefined : r.problem).toMatchObject(expected)
  })

  it('has at least 20 corrupted variants', () => expect(table.length).toBeGreaterThanOrEqual(20))

  it('stops inflating a bomb at the limit instead of inflating it all', async () => {
    const big = deflateSync(new Uint8Array(64 * 1024 * 1024), { level: 9 })
    const started = performance.now()
    const r = await inflate(big, MAX_JSON_BYTES)
    expect(r).toEqual({ ok: false, reason: 'too-large' })
    // Inflating all 64 MiB takes far longer than stopping after the first one.
    expect(performance.now() - started).toBeLessThan(1_000)
  })

  it('starts from a good link', async () => {
    expect(await decodeShare(good)).toEqual({ ok: true, view: HAND_MADE })
  })

  it('reads an `=` some app percent-encoded', async () => {
    const r = await decodeShare(good.replace('#s=', '#s%3D'))
    expect(r.ok).toBe(true)
  })
})
