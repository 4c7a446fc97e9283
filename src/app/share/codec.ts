/**
 * Share links: what the user sees, as a URL fragment that reproduces it. The simulation is
 * deterministic, so a link carries inputs (the scenario: seed, cluster YAML, the user's actions
 * with their times) and view state (cursor, selection, focused Pod, dock tab, teaching mode,
 * language, kubectl's user), never the trace. Only what differs from the defaults is written, and
 * a library scenario is named by its id, followed by the actions the user added after it.
 *
 * Format (version 1): `#s=1.<n>.<data>`
 * - `1`: the format version; a link from another version is refused with a reason saying which.
 * - `<n>`: the length of `<data>` in base 36, so a link cut short (chat apps do that) is told
 *   apart from a corrupt one.
 * - `<data>`: base64url (no padding) of zlib-deflated UTF-8 JSON with one-letter keys (PAYLOAD_KEYS).
 *
 * Decoding never throws: it returns the view or `{ ok: false, problem }` with a reason code (for
 * the UI's translated explanation) and its details. It is bounded at every step: the fragment's
 * length, the inflated size (streamed, stopped at the limit), the number of actions. Every field is
 * checked; nothing in a link is ever run or rendered as HTML: the scenario goes to the worker,
 * which parses it as it parses the editor's YAML.
 */

import { ADMIN_USER, type ScenarioActionInput, type ScenarioInput } from '../../protocol/messages'
import { SCENARIOS } from '../../scenarios/library'
import type { LibraryScenario } from '../../scenarios/types'
import type { Lang } from '../i18n/catalog'
import type { DockTab } from '../store/store'
import { badBase64Char, deflate, fromBase64url, inflate, toBase64url } from './compress'
import { isShareFragment, SHARE_PREFIX } from './fragment'

export { isShareFragment, SHARE_PREFIX }

export const SHARE_VERSION = 1
/** Longest fragment decoded (characters); longer ones are refused before any work. */
export const MAX_FRAGMENT_CHARS = 65_536
/** Largest inflated payload (bytes): a decompression bomb stops here. */
export const MAX_JSON_BYTES = 1_048_576
/** Most actions a link may carry. */
export const MAX_ACTIONS = 1_000
/** Latest virtual time a link may name (about 11.6 days). */
export const MAX_TIME_MS = 1_000_000_000
/** Longest name-like string (node, user, pod key…). */
export const MAX_NAME_CHARS = 512
/** From this length the UI warns that some apps cut links. */
export const LONG_LINK_CHARS = 2_000

/** The dock's tabs a link may name (every DockTab; the compile-time check below keeps it so). */
export const DOCK_TABS = ['timeline', 'console', 'scheduling', 'history', 'whatIf'] as const
type MissingTab = Exclude<DockTab, (typeof DOCK_TABS)[number]>
const everyDockTab: [MissingTab] extends [never] ? true : MissingTab = true
void everyDockTab

// A field ScenarioInput gains must travel in links too (PAYLOAD_KEYS): this fails to compile until it does.
type UnsharedScenarioKey = Exclude<keyof ScenarioInput, 'seed' | 'clusterYaml' | 'actions'>
const everyScenarioKey: [UnsharedScenarioKey] extends [never] ? true : UnsharedScenarioKey = true
void everyScenarioKey

/** What a link restores. */
export interface SharedView {
  readonly scenario: ScenarioInput
  /** The library scenario `scenario` starts from (its actions first), when it does. */
  readonly libraryId?: string
  /** The library scenario whose card the inspector shows, if any. */
  readonly card?: string
  /** Virtual time of the cursor, whole ms. */
  readonly cursorMs: number
  readonly selectedMessageId?: number
  /** The focused Pod's etcd key (`/registry/pods/<namespace>/<name>`). */
  readonly focusedPodKey?: string
  /** The object the History tab shows (an etcd key), when it is not the focused Pod. */
  readonly historyKey?: string
  readonly dockTab: DockTab
  readonly teaching: boolean
  readonly lang?: Lang
  /** kubectl's user for Apply; absent: the admin. */
  readonly applyAs?: string
}

/** What a field should have been, for the explanation (each has a translation). */
export type Expected =
  | 'object'
  | 'array'
  | 'text'
  | 'name'
  | 'boolean'
  | 'time'
  | 'integer'
  | 'number'
  | 'message-id'
  | 'seed'
  | 'one-of'
  | 'known-field'
  | 'action'
  | 'at-most'
  | 'pod-key'

/** Why a link cannot be opened: a reason code and what the explanation needs. */
export type ShareProblem =
  /** The fragment is not a share link at all. */
  | { readonly reason: 'not-share-link' }
  /** It starts like one, but its parts (version, length, data) are not there. */
  | { readonly reason: 'malformed' }
  | { readonly reason: 'version-newer'; readonly version: number }
  | { readonly reason: 'version-older'; readonly version: number }
  | { readonly reason: 'too-long'; readonly length: number; readonly max: number }
  /** Cut short: `have` of the `expected` data characters are there (unknown when cut before the data). */
  | { readonly reason: 'truncated'; readonly have?: number; readonly expected?: number }
  | { readonly reason: 'bad-characters'; readonly char: string; readonly position: number }
  /** The data does not inflate, its checksum fails, or it is longer than it says. */
  | { readonly reason: 'corrupt' }
  | { readonly reason: 'too-large'; readonly max: number }
  /** The inflated data is not UTF-8 JSON. */
  | { readonly reason: 'bad-json' }
  | {
      readonly reason: 'bad-field'
      readonly path: string
      readonly expected: Expected
      /** For `one-of`: the allowed values; for `at-most`: the limit. */
      readonly allowed?: string
    }
  | { readonly reason: 'unknown-scenario'; readonly id: string }

export type ShareReason = ShareProblem['reason']

/** Every reason code (each has an explanation in the catalogs: `share.reason.<code>`). */
export const SHARE_REASONS = [
  'not-share-link',
  'malformed',
  'version-newer',
  'version-older',
  'too-long',
  'truncated',
  'bad-characters',
  'corrupt',
  'too-large',
  'bad-json',
  'bad-field',
  'unknown-scenario',
] as const satisfies readonly ShareReason[]
type MissingReason = Exclude<ShareReason, (typeof SHARE_REASONS)[number]>
const everyReason: [MissingReason] extends [never] ? true : MissingReason = true
void everyReason

export type DecodeResult =
  | { readonly ok: true; readonly view: SharedView }
  | { readonly ok: false; readonly problem: ShareProblem }

/**
 * The payload's keys (compact JSON). Everything optional; absent means the default.
 * Each action is a tuple `[code, atMs, ...fields]` (ACTION_CODECS), trailing absent fields dropped.
 */
export const PAYLOAD_KEYS = {
  l: 'library scenario id',
  i: 'the card shown, when not the library scenario’s (0: none)',
  d: 'seed (default 1)',
  c: 'cluster YAML (default empty)',
  a: 'actions (after the library scenario’s)',
  t: 'cursor, ms (default 0)',
  m: 'selected message id',
  p: 'focused Pod, namespace/name',
  h: 'History tab object, etcd key',
  k: 'dock tab (default timeline)',
  e: 'teaching mode on (1)',
  g: 'language',
  u: 'kubectl user (default the admin)',
} as const

type PayloadKey = keyof typeof PAYLOAD_KEYS

const DEFAULT_SEED = 1
const POD_PREFIX = '/registry/pods/'

// ---------------------------------------------------------------- actions

type ActionType = ScenarioActionInput['type']
type ActionOf<T extends ActionType> = ScenarioActionInput extends infer A
  ? A extends { readonly type: infer U }
    ? T extends U
      ? A
      : never
    : never
  : never

type Kind =
  | { readonly kind: 'text' }
  | { readonly kind: 'name' }
  | { readonly kind: 'boolean' }
  | { readonly kind: 'integer'; readonly min: number; readonly max: number }
  | { readonly kind: 'number'; readonly min: number; readonly max: number; readonly exclusiveMin?: boolean }
  | { readonly kind: 'one-of'; readonly values: readonly string[] }

interface Field<K extends string> {
  readonly key: K
  readonly type: Kind
  readonly optional?: boolean
}

type FieldsOf<T extends ActionType> = readonly Field<Exclude<keyof ActionOf<T> & string, 'type' | 'atMs'>>[]

interface ActionCodec<T extends ActionType> {
  readonly code: string
  readonly fields: FieldsOf<T>
}

const text: Kind = { kind: 'text' }
const name: Kind = { kind: 'name' }
const bool: Kind = { kind: 'boolean' }
const int = (min: number, max: number): Kind => ({ kind: 'integer', min, max })
const as = { key: 'as', type: name, optional: true } as const

/**
 * Every action type with its code and its fields in tuple order (optional ones last where they
 * can be). A field an action type gains must be added here, or links lose it: the codec test
 * checks every field of a full example of each type survives the trip.
 */
export const ACTION_CODECS: { readonly [T in ActionType]: ActionCodec<T> } = {
  apply: { code: 'a', fields: [{ key: 'yaml', type: text }, as] },
  delete: {
    code: 'x',
    fields: [
      { key: 'apiVersion', type: name },
      { key: 'kind', type: name },
      { key: 'name', type: name },
      { key: 'namespace', type: name, optional: true },
      as,
    ],
  },
  cordon: { code: 'c', fields: [{ key: 'node', type: name }, as] },
  uncordon: { code: 'u', fields: [{ key: 'node', type: name }, as] },
  drain: {
    code: 'r',
    fields: [
      { key: 'node', type: name },
      { key: 'force', type: bool, optional: true },
      { key: 'ignoreDaemonsets', type: bool, optional: true },
      { key: 'deleteEmptydirData', type: bool, optional: true },
      { key: 'gracePeriodSeconds', type: int(-1, MAX_TIME_MS), optional: true },
      { key: 'timeoutSeconds', type: int(0, MAX_TIME_MS), optional: true },
      as,
    ],
  },
  'node-down': {
    code: 'N',
    fields: [
      { key: 'node', type: name },
      { key: 'mode', type: { kind: 'one-of', values: ['stop', 'unreachable'] } },
    ],
  },
  'drop-message': { code: 'D', fields: [{ key: 'messageId', type: int(1, MAX_TIME_MS) }] },
  'delay-message': {
    code: 'L',
    fields: [
      { key: 'messageId', type: int(1, MAX_TIME_MS) },
      { key: 'delayMs', type: int(1, MAX_TIME_MS) },
    ],
  },
  'image-pull-failure': {
    code: 'I',
    fields: [
      { key: 'image', type: name },
      { key: 'mode', type: { kind: 'one-of', values: ['not-found', 'unauthorized', 'unavailable'] } },
      { key: 'node', type: name, optional: true },
    ],
  },
  'crash-container': {
    code: 'C',
    fields: [
      { key: 'namespace', type: name },
      { key: 'pod', type: name },
      { key: 'container', type: name },
      { key: 'exitCode', type: int(-2_147_483_648, 2_147_483_647), optional: true },
    ],
  },
  'webhook-timeout': { code: 'W', fields: [{ key: 'server', type: name }] },
  'slow-etcd': {
    code: 'E',
    fields: [
      { key: 'factor', type: { kind: 'number', min: 0, max: 1_000_000, exclusiveMin: true }, optional: true },
      { key: 'latencyMs', type: int(0, MAX_TIME_MS), optional: true },
    ],
  },
}

const BY_CODE = new Map<string, [ActionType, ActionCodec<ActionType>]>(
  (Object.entries(ACTION_CODECS) as [ActionType, ActionCodec<ActionType>][]).map(([type, c]) => [
    c.code,
    [type, c],
  ]),
)

function encodeAction(action: ScenarioActionInput): unknown[] {
  const codec = ACTION_CODECS[action.type] as ActionCodec<ActionType>
  const record = action as unknown as Record<string, unknown>
  const tuple: unknown[] = [codec.code, action.atMs, ...codec.fields.map((f) => record[f.key] ?? null)]
  while (tuple.length > 2 && tuple[tuple.length - 1] === null) tuple.pop()
  return tuple
}

// ---------------------------------------------------------------- encode

/** The payload object of a view (exported for tests and for measuring). */
export function toPayload(
  view: SharedView,
  library: readonly LibraryScenario[] = SCENARIOS,
): Partial<Record<PayloadKey, unknown>> {
  const p: Partial<Record<PayloadKey, unknown>> = {}
  const match = matchLibrary(view.scenario, library, view.libraryId ?? view.card)
  let actions: readonly ScenarioActionInput[] = view.scenario.actions
  if (match) {
    p.l = match.id
    actions = view.scenario.actions.slice(match.input.actions.length)
    if (view.card !== match.id) p.i = view.card ?? 0
  } else {
    if (view.scenario.seed !== DEFAULT_SEED) p.d = view.scenario.seed
    if (view.scenario.clusterYaml !== '') p.c = view.scenario.clusterYaml
    if (view.card !== undefined) p.i = view.card
  }
  if (actions.length) p.a = actions.map(encodeAction)
  if (view.cursorMs !== 0) p.t = Math.round(view.cursorMs)
  if (view.selectedMessageId !== undefined) p.m = view.selectedMessageId
  if (view.focusedPodKey !== undefined)
    p.p = view.focusedPodKey.startsWith(POD_PREFIX)
      ? view.focusedPodKey.slice(POD_PREFIX.length)
      : view.focusedPodKey
  if (view.historyKey !== undefined) p.h = view.historyKey
  if (view.dockTab !== 'timeline') p.k = view.dockTab
  if (view.teaching) p.e = 1
  if (view.lang !== undefined) p.g = view.lang
  if (view.applyAs !== undefined && view.applyAs !== ADMIN_USER) p.u = view.applyAs
  return p
}

/**
 * The library scenario `scenario` starts from: same seed, same cluster, its actions first. The
 * scenario `prefer` names wins when several match (a hand-made nginx at 0 is also the happy path).
 */
export function matchLibrary(
  scenario: ScenarioInput,
  library: readonly LibraryScenario[] = SCENARIOS,
  prefer?: string,
): LibraryScenario | undefined {
  const starts = (s: LibraryScenario) =>
    s.input.seed === scenario.seed &&
    s.input.clusterYaml === scenario.clusterYaml &&
    s.input.actions.length <= scenario.actions.length &&
    s.input.actions.every((a, i) => sameAction(a, scenario.actions[i]))
  const preferred = library.find((s) => s.id === prefer)
  if (preferred && starts(preferred)) return preferred
  return library.find(starts)
}

/** Two actions are the same when every field that is set is equal (undefined counts as absent). */
function sameAction(a: ScenarioActionInput, b: ScenarioActionInput | undefined): boolean {
  if (!b) return false
  const x = a as unknown as Record<string, unknown>
  const y = b as unknown as Record<string, unknown>
  const keys = new Set([...Object.keys(x), ...Object.keys(y)])
  for (const k of keys) if (x[k] !== y[k]) return false
  return true
}

/** The fragment (with `#`) for `view`. */
export async function encodeShare(
  view: SharedView,
  library: readonly LibraryScenario[] = SCENARIOS,
): Promise<string> {
  const json = JSON.stringify(toPayload(view, library))
  const data = toBase64url(await deflate(new TextEncoder().encode(json)))
  return `#${SHARE_PREFIX}${SHARE_VERSION}.${data.length.toString(36)}.${data}`
}

/** `href` with its fragment replaced by `fragment`. */
export function shareUrl(href: string, fragment: string): string {
  const hash = href.indexOf('#')
  return `${hash < 0 ? href : href.slice(0, hash)}${fragment}`
}

/** How long a link is, for the UI: over LONG_LINK_CHARS some chat apps cut it. */
export function linkLength(link: string): {
  readonly chars: number
  readonly long: boolean
  readonly tooLong: boolean
} {
  const hash = link.indexOf('#')
  // The fragment as decodeShare measures it: without its `#`.
  const fragmentChars = hash < 0 ? 0 : link.length - hash - 1
  return {
    chars: link.length,
    long: link.length >= LONG_LINK_CHARS,
    tooLong: fragmentChars > MAX_FRAGMENT_CHARS,
  }
}

// ---------------------------------------------------------------- decode

/** Decode a fragment (`location.hash`, with or without `#`). Never throws. */
export async function decodeShare(
  hash: string,
  library: readonly LibraryScenario[] = SCENARIOS,
): Promise<DecodeResult> {
  try {
    return await decodeUnsafe(hash, library)
  } catch {
    // Every step reports its own problems; this is only a net under the net.
    return fail({ reason: 'corrupt' })
  }
}

const fail = (problem: ShareProblem): DecodeResult => ({ ok: false, problem })

async function decodeUnsafe(hash: string, library: readonly LibraryScenario[]): Promise<DecodeResult> {
  if (typeof hash !== 'string') return fail({ reason: 'not-share-link' })
  let h = hash.startsWith('#') ? hash.slice(1) : hash
  if (!isShareFragment(h)) return fail({ reason: 'not-share-link' })
  if (h.length > MAX_FRAGMENT_CHARS)
    return fail({ reason: 'too-long', length: h.length, max: MAX_FRAGMENT_CHARS })
  // Browsers percent-encode what a URL cannot hold (a chat app's `…` at a cut, a space), and some
  // apps encode the `=`: read the characters as they were typed.
  if (h.includes('%')) {
    try {
      h = decodeURIComponent(h)
    } catch {
      // A lone `%`: leave it for the character check to point at.
    }
  }
  const rest = h.slice(SHARE_PREFIX.length)
  const version = /^\d{1,9}/.exec(rest)?.[0]
  if (version === undefined) return fail(rest === '' ? { reason: 'truncated' } : { reason: 'malformed' })
  const v = Number(version)
  if (v > SHARE_VERSION) return fail({ reason: 'version-newer', version: v })
  if (v < SHARE_VERSION) return fail({ reason: 'version-older', version: v })
  // A chat app that cuts a link may end it with an ellipsis: it is still a cut link.
  const body = rest.slice(version.length).replace(/(…|\.\.\.)$/, '')
  const parts = /^\.([0-9a-z]{1,6})\.(.*)$/s.exec(body)
  if (!parts) {
    if (/^\.?[0-9a-z]{0,6}\.?$/.test(body)) return fail({ reason: 'truncated' })
    return fail({ reason: 'malformed' })
  }
  const expected = Number.parseInt(parts[1] as string, 36)
  const data = parts[2] as string
  const bad = badBase64Char(data)
  if (bad) {
    // 1-based, counting the characters after `#`.
    const dataStart = SHARE_PREFIX.length + version.length + 2 + (parts[1] as string).length
    return fail({ reason: 'bad-characters', char: bad.char, position: dataStart + bad.index + 1 })
  }
  if (data.length < expected) return fail({ reason: 'truncated', have: data.length, expected })
  if (data.length > expected) return fail({ reason: 'corrupt' })
  const bytes = fromBase64url(data)
  if (!bytes) return fail({ reason: 'corrupt' })
  const inflated = await inflate(bytes, MAX_JSON_BYTES)
  if (!inflated.ok)
    return fail(
      inflated.reason === 'too-large' ? { reason: 'too-large', max: MAX_JSON_BYTES } : { reason: 'corrupt' },
    )
  let json: unknown
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(inflated.bytes))
  } catch {
    return fail({ reason: 'bad-json' })
  }
  return readPayload(json, library)
}

class FieldError {
  constructor(readonly problem: ShareProblem) {}
}

function wrong(path: string, expected: Expected, allowed?: string): never {
  throw new FieldError({ reason: 'bad-field', path, expected, ...(allowed !== undefined ? { allowed } : {}) })
}

const isRecord = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x)

function readTime(x: unknown, path: string): number {
  if (typeof x !== 'number' || !Number.isInteger(x) || x < 0 || x > MAX_TIME_MS) wrong(path, 'time')
  return x
}

function readName(x: unknown, path: string): string {
  if (typeof x !== 'string' || x.length === 0 || x.length > MAX_NAME_CHARS) wrong(path, 'name')
  return x
}

function readText(x: unknown, path: string): string {
  // The whole payload is bounded (MAX_JSON_BYTES); a text may be as long as that.
  if (typeof x !== 'string') wrong(path, 'text')
  return x
}

function readKind(x: unknown, type: Kind, path: string): unknown {
  switch (type.kind) {
    case 'text':
      return readText(x, path)
    case 'name':
      return readName(x, path)
    case 'boolean':
      if (typeof x !== 'boolean') wrong(path, 'boolean')
      return x
    case 'integer':
      if (typeof x !== 'number' || !Number.isInteger(x) || x < type.min || x > type.max)
        wrong(path, 'integer', `${type.min}…${type.max}`)
      return x
    case 'number':
      if (
        typeof x !== 'number' ||
        !Number.isFinite(x) ||
        x > type.max ||
        (type.exclusiveMin ? x <= type.min : x < type.min)
      )
        wrong(path, 'number', `${type.exclusiveMin ? '>' : ''}${type.min}…${type.max}`)
      return x
    case 'one-of':
      if (typeof x !== 'string' || !type.values.includes(x)) wrong(path, 'one-of', type.values.join(', '))
      return x
  }
}

function readAction(x: unknown, path: string): ScenarioActionInput {
  if (!Array.isArray(x) || x.length < 2) wrong(path, 'action')
  const entry = typeof x[0] === 'string' ? BY_CODE.get(x[0]) : undefined
  if (!entry) wrong(`${path}[0]`, 'action')
  const [type, codec] = entry
  const atMs = readTime(x[1], `${path}.atMs`)
  if (x.length > 2 + codec.fields.length) wrong(`${path}[${2 + codec.fields.length}]`, 'known-field')
  const action: Record<string, unknown> = { type, atMs }
  codec.fields.forEach((f, i) => {
    const value = x[2 + i]
    if (value === undefined || value === null) {
      if (!f.optional)
        wrong(`${path}.${f.key}`, f.type.kind === 'one-of' ? 'one-of' : (f.type.kind as Expected))
      return
    }
    action[f.key] = readKind(value, f.type, `${path}.${f.key}`)
  })
  return action as unknown as ScenarioActionInput
}

function readPayload(json: unknown, library: readonly LibraryScenario[]): DecodeResult {
  try {
    return { ok: true, view: readView(json, library) }
  } catch (e) {
    if (e instanceof FieldError) return fail(e.problem)
    throw e
  }
}

function readView(json: unknown, library: readonly LibraryScenario[]): SharedView {
  if (!isRecord(json)) wrong('', 'object')
  for (const k of Object.keys(json)) if (!Object.hasOwn(PAYLOAD_KEYS, k)) wrong(k, 'known-field')
  const libraryId = json.l === undefined ? undefined : readName(json.l, 'scenario')
  const base = libraryId === undefined ? undefined : library.find((s) => s.id === libraryId)
  if (libraryId !== undefined && !base) throw new FieldError({ reason: 'unknown-scenario', id: libraryId })
  if (base && (json.d !== undefined || json.c !== undefined))
    wrong(json.d !== undefined ? 'seed' : 'cluster', 'known-field')

  let card: string | undefined = base?.id
  if (json.i !== undefined) {
    if (json.i === 0 && base) card = undefined
    else {
      const id = readName(json.i, 'card')
      if (!library.some((s) => s.id === id)) throw new FieldError({ reason: 'unknown-scenario', id })
      card = id
    }
  }

  let seed = base?.input.seed ?? DEFAULT_SEED
  if (json.d !== undefined) {
    if (typeof json.d !== 'number' || !Number.isSafeInteger(json.d)) wrong('seed', 'seed')
    seed = json.d
  }
  const clusterYaml = json.c === undefined ? (base?.input.clusterYaml ?? '') : readText(json.c, 'cluster')

  const added: ScenarioActionInput[] = []
  if (json.a !== undefined) {
    if (!Array.isArray(json.a)) wrong('actions', 'array')
    if (json.a.length > MAX_ACTIONS) wrong('actions', 'at-most', String(MAX_ACTIONS))
    json.a.forEach((a, i) => {
      added.push(readAction(a, `actions[${i}]`))
    })
  }
  const scenario: ScenarioInput = { seed, clusterYaml, actions: [...(base?.input.actions ?? []), ...added] }

  const cursorMs = json.t === undefined ? 0 : readTime(json.t, 'cursor')
  let selectedMessageId: number | undefined
  if (json.m !== undefined) {
    if (typeof json.m !== 'number' || !Number.isInteger(json.m) || json.m < 1 || json.m > MAX_TIME_MS)
      wrong('message', 'message-id')
    selectedMessageId = json.m
  }
  let focusedPodKey: string | undefined
  if (json.p !== undefined) {
    const p = readName(json.p, 'pod')
    if (!/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?\/[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/.test(p)) wrong('pod', 'pod-key')
    focusedPodKey = `${POD_PREFIX}${p}`
  }
  let historyKey: string | undefined
  if (json.h !== undefined) {
    historyKey = readName(json.h, 'history')
    if (!historyKey.startsWith('/registry/')) wrong('history', 'pod-key')
  }
  const dockTab =
    json.k === undefined
      ? 'timeline'
      : (readKind(json.k, { kind: 'one-of', values: DOCK_TABS }, 'tab') as DockTab)
  if (json.e !== undefined && json.e !== 1) wrong('teaching', 'one-of', '1')
  const lang =
    json.g === undefined
      ? undefined
      : (readKind(json.g, { kind: 'one-of', values: ['en', 'zh'] }, 'language') as Lang)
  const applyAs = json.u === undefined ? undefined : readName(json.u, 'user')

  return {
    scenario,
    ...(base ? { libraryId: base.id } : {}),
    ...(card !== undefined ? { card } : {}),
    cursorMs,
    ...(selectedMessageId !== undefined ? { selectedMessageId } : {}),
    ...(focusedPodKey !== undefined ? { focusedPodKey } : {}),
    ...(historyKey !== undefined ? { historyKey } : {}),
    dockTab,
    teaching: json.e === 1,
    ...(lang !== undefined ? { lang } : {}),
    ...(applyAs !== undefined ? { applyAs } : {}),
  }
}
