/**
 * Issue 31's acceptance corpus: every manifest in examples/docs/ (after the official docs'
 * examples) runs through the CLI (`runCli`, `-o json`) and through the app's path (the worker's
 * Session, the cluster file as the cluster tab and the manifest as an apply), and both must show
 * the outcome the docs describe (docs-examples.ts): kubectl's lines, each Pod's STATUS, READY,
 * RESTARTS and node at `untilMs`, and the key events with their exact messages.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { formatApplyResult } from '../api/kubectl/apply-output'
import { eventView } from '../api/kubectl/events'
import { podSummary } from '../api/kubectl/pods'
import { DEFAULT_START_MS } from '../api/time'
import type { Event, Pod } from '../api/types'
import { runCli } from '../cli/run'
import type { ObjectResult, ScenarioInput } from '../protocol/messages'
import type { ObjectResponse } from '../sim/scenario/result'
import { type PodView, streamScenario } from './check'
import { DOCS_EXAMPLES, type DocsEvent, type DocsExample, type DocsPod } from './docs-examples'

const ROOT = join(import.meta.dirname, '../..')
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8')

/** What one path (CLI or app) shows at the end of a run. */
interface Seen {
  /** kubectl's lines for the manifest's objects. */
  readonly apply: readonly string[]
  readonly warnings: readonly string[]
  readonly pods: readonly SeenPod[]
  readonly events: readonly { type: string; reason: string; object: string; message: string }[]
  readonly errors: readonly string[]
}

/** A Pod as the CLI or the app shows it, with the object for the checks on its fields. */
interface SeenPod extends Omit<PodView, 'path'> {
  readonly pod: Pod
  /** STATUS after each revision (the app's path only). */
  readonly path?: readonly string[]
}

/** The manifest's objects come last in the apply: kubectl's lines for the last `n` answers. */
function applyLines(
  answers: readonly ObjectResponse[],
  n: number,
  file: string,
): { apply: string[]; warnings: string[] } {
  const errors = answers.filter((a) => a.status !== undefined || a.error !== undefined).length
  const mine = answers.slice(Math.max(0, answers.length - n))
  return {
    apply: mine.map((a) => formatApplyResult(a, file, { onlyError: errors === 1 })),
    warnings: mine.flatMap((a) => a.warnings ?? []),
  }
}

const documentCount = (text: string) =>
  text.split(/^---\s*$/m).filter((d) => {
    const o = parse(d)
    return o && typeof o === 'object'
  }).length

function seenPod(pod: Pod, nowMs: number, path?: readonly string[]): SeenPod {
  const s = podSummary(pod, nowMs)
  return {
    pod,
    namespace: pod.metadata?.namespace ?? '',
    name: pod.metadata?.name ?? '',
    status: s.status,
    ready: s.ready,
    restarts: Number.parseInt(s.restarts, 10),
    node: pod.spec?.nodeName ?? '',
    ...(path ? { path } : {}),
  }
}

const eventRow = (e: Event) => {
  const v = eventView(e)
  return {
    type: v.type,
    reason: v.reason,
    object: `${v.kind.toLowerCase()}/${v.objectName}`,
    message: v.message,
  }
}

function viaCli(ex: DocsExample): Seen {
  const files = [...(ex.before ?? []), ex.file].map((name) => ({ name, text: read(name) }))
  const cluster = ex.cluster ? [{ name: ex.cluster, text: read(ex.cluster) }] : []
  const out = runCli(files, { output: 'json', untilMs: ex.untilMs, ...(cluster.length ? { cluster } : {}) })
  if (out.exitCode !== 0) return { apply: [], warnings: [], pods: [], events: [], errors: [out.stderr] }
  const json = JSON.parse(out.stdout) as { responses: ObjectResponse[]; pods: Pod[]; events: Event[] }
  const nowMs = DEFAULT_START_MS + ex.untilMs
  return {
    ...applyLines(json.responses, documentCount(read(ex.file)), ex.file),
    pods: json.pods.map((p) => seenPod(p, nowMs)),
    events: json.events.map(eventRow),
    errors: [],
  }
}

/** As the app runs it: the cluster file in the Cluster tab, each manifest applied at time 0 in order. */
const scenarioInput = (ex: DocsExample): ScenarioInput => ({
  seed: 1,
  clusterYaml: ex.cluster ? read(ex.cluster) : '',
  actions: [...(ex.before ?? []), ex.file].map((file) => ({
    type: 'apply' as const,
    atMs: 0,
    yaml: read(file),
  })),
})

function viaApp(ex: DocsExample): Seen {
  const input = scenarioInput(ex)
  const atMs = ex.untilMs
  const { session, revisions, errors } = streamScenario(input, atMs)
  const pods: SeenPod[] = []
  const events: Seen['events'][number][] = []
  for (const list of revisions.values()) {
    const upTo = list.filter((r) => r.atMs <= atMs)
    const last = upTo[upTo.length - 1]
    if (!last?.object) continue
    if (last.resource === 'pods') {
      const path: string[] = []
      for (const r of upTo) {
        const s = r.object ? podSummary(r.object as Pod, DEFAULT_START_MS + r.atMs).status : undefined
        if (s !== undefined && s !== path[path.length - 1]) path.push(s)
      }
      pods.push(seenPod(last.object as Pod, DEFAULT_START_MS + atMs, path))
    } else if (last.resource === 'events') events.push(eventRow(last.object as Event))
  }
  // kubectl's answers to the manifest's apply, the scenario's last action.
  const cluster = session.cluster
  const action = cluster?.scenario.actions[input.actions.length - 1]
  const entry = cluster?.actionResults.find((e) => e.action === action)
  const all: ObjectResult[] =
    cluster?.actionResults.flatMap((e) => e.results as unknown as ObjectResult[]) ?? []
  const results = (entry?.results ?? []) as unknown as ObjectResponse[]
  const errorsAll = all.filter((a) => a.status !== undefined || a.error !== undefined).length
  return {
    apply: results.map((a) => formatApplyResult(a, ex.file, { onlyError: errorsAll === 1 })),
    warnings: results.flatMap((a) => a.warnings ?? []),
    pods,
    events,
    errors,
  }
}

const matchesStatus = (want: DocsPod['status'], s: string) =>
  typeof want === 'string' ? s === want : want.includes(s)

function podProblems(want: DocsPod, p: SeenPod): string[] {
  const out: string[] = []
  if (!matchesStatus(want.status, p.status)) out.push(`STATUS ${p.status}, expected ${String(want.status)}`)
  if (want.ready !== undefined && p.ready !== want.ready) out.push(`READY ${p.ready}, expected ${want.ready}`)
  if (typeof want.restarts === 'number' && p.restarts !== want.restarts)
    out.push(`RESTARTS ${p.restarts}, expected ${want.restarts}`)
  if (typeof want.restarts === 'object') {
    if (p.restarts < want.restarts.min)
      out.push(`RESTARTS ${p.restarts}, expected at least ${want.restarts.min}`)
    if (want.restarts.max !== undefined && p.restarts > want.restarts.max)
      out.push(`RESTARTS ${p.restarts}, expected at most ${want.restarts.max}`)
  }
  if (want.node !== undefined) {
    const ok = typeof want.node === 'string' ? p.node === want.node : want.node.oneOf.includes(p.node)
    if (!ok) out.push(`node ${p.node || '<none>'}, expected ${JSON.stringify(want.node)}`)
  }
  if (want.qosClass && p.pod.status?.qosClass !== want.qosClass)
    out.push(`qosClass ${p.pod.status?.qosClass}, expected ${want.qosClass}`)
  if (want.priority !== undefined && p.pod.spec?.priority !== want.priority)
    out.push(`priority ${p.pod.spec?.priority}, expected ${want.priority}`)
  if (want.resources) {
    const c = p.pod.spec?.containers?.find((x) => x.name === want.resources?.container)
    const got = { requests: c?.resources?.requests ?? {}, limits: c?.resources?.limits ?? {} }
    const exp = { requests: want.resources.requests ?? {}, limits: want.resources.limits ?? {} }
    if (JSON.stringify(got) !== JSON.stringify(exp))
      out.push(
        `resources of ${want.resources.container} ${JSON.stringify(got)}, expected ${JSON.stringify(exp)}`,
      )
  }
  if (want.lastTerminated) {
    const cs = p.pod.status?.containerStatuses?.find((x) => x.name === want.lastTerminated?.container)
    const t = cs?.lastState?.terminated
    if (
      t?.reason !== want.lastTerminated.reason ||
      (want.lastTerminated.exitCode !== undefined && t?.exitCode !== want.lastTerminated.exitCode)
    )
      out.push(
        `last termination ${JSON.stringify(t ?? null)}, expected ${JSON.stringify(want.lastTerminated)}`,
      )
  }
  if (want.path && p.path) {
    let i = 0
    for (const s of p.path) if (i < want.path.length && s === want.path[i]) i++
    if (i < want.path.length) out.push(`went ${p.path.join(' → ')}, expected ${want.path.join(' → ')}`)
  }
  return out
}

const eventMatches = (want: DocsEvent, e: Seen['events'][number]) =>
  e.reason === want.reason &&
  (want.type === undefined || e.type === want.type) &&
  (want.object === undefined || e.object.startsWith(want.object)) &&
  (want.message === undefined || e.message === want.message) &&
  (want.messageIncludes === undefined || e.message.includes(want.messageIncludes))

/** Every difference between what the docs describe and what one path shows. */
function problems(ex: DocsExample, seen: Seen): string[] {
  const out = seen.errors.map((e) => `run: ${e}`)
  if (JSON.stringify(seen.apply) !== JSON.stringify(ex.apply))
    out.push(`kubectl printed ${JSON.stringify(seen.apply)}, expected ${JSON.stringify(ex.apply)}`)
  if (JSON.stringify(seen.warnings) !== JSON.stringify(ex.warnings ?? []))
    out.push(`warnings ${JSON.stringify(seen.warnings)}, expected ${JSON.stringify(ex.warnings ?? [])}`)
  const counted = new Set<SeenPod>()
  for (const want of ex.pods) {
    const ns = want.namespace ?? 'default'
    const chosen = seen.pods.filter(
      (p) =>
        p.namespace === ns &&
        (want.name === undefined || p.name === want.name) &&
        (want.namePrefix === undefined || p.name.startsWith(want.namePrefix)),
    )
    for (const p of chosen) counted.add(p)
    const label = `pod ${ns}/${want.name ?? `${want.namePrefix}*`}`
    if (chosen.length !== (want.count ?? 1))
      out.push(`${label}: ${chosen.length} Pods, expected ${want.count ?? 1}`)
    for (const p of chosen) for (const m of podProblems(want, p)) out.push(`${label} (${p.name}): ${m}`)
  }
  // kube-system's static and DaemonSet Pods are the cluster's own.
  for (const p of seen.pods)
    if (!counted.has(p) && p.namespace !== 'kube-system')
      out.push(`unexpected pod ${p.namespace}/${p.name} ${p.status}`)
  for (const want of ex.events ?? []) {
    if (!seen.events.some((e) => eventMatches(want, e))) {
      const same = seen.events.filter((e) => e.reason === want.reason).map((e) => `${e.object}: ${e.message}`)
      out.push(`no event ${JSON.stringify(want)}; ${want.reason} events: ${same.join(' | ') || 'none'}`)
    }
  }
  for (const reason of ex.absentEvents ?? [])
    for (const e of seen.events.filter((x) => x.reason === reason && !x.object.startsWith('node/')))
      out.push(`unexpected event ${e.reason} on ${e.object}: ${e.message}`)
  return out
}

/** The run as text, for a failing test's message. */
function describeSeen(seen: Seen): string {
  return [
    ...seen.apply.map((l) => `kubectl: ${l}`),
    ...seen.warnings.map((w) => `Warning: ${w}`),
    ...seen.pods.map(
      (p) =>
        `pod ${p.namespace}/${p.name} ${p.ready} ${p.status} ${p.restarts} ${p.node || '<none>'}${p.path ? ` (${p.path.join(' → ')})` : ''}`,
    ),
    ...seen.events.map((e) => `event ${e.type} ${e.reason} ${e.object}: ${e.message}`),
  ].join('\n')
}

const title = (ex: DocsExample) =>
  `${ex.file.replace('examples/docs/', '')}${ex.variant ? ` (${ex.variant})` : ''}`

describe('the docs examples (issue 31)', () => {
  it('are at least 40 manifests, each after a docs example and credited', () => {
    const files = new Set(DOCS_EXAMPLES.map((e) => e.file))
    expect(files.size).toBeGreaterThanOrEqual(40)
    for (const ex of DOCS_EXAMPLES) {
      expect(read(ex.file).split('\n')[0]).toBe(
        `# After kubernetes/website content/en/examples/${ex.source} (CC BY 4.0)`,
      )
    }
  })

  describe.each(DOCS_EXAMPLES.map((ex) => [title(ex), ex] as const))('%s', (_, ex) => {
    it('through the CLI', () => {
      const seen = viaCli(ex)
      expect(problems(ex, seen), describeSeen(seen)).toEqual([])
    }, 60_000)
    it('through the app (the worker Session)', () => {
      const seen = viaApp(ex)
      expect(problems(ex, seen), describeSeen(seen)).toEqual([])
    }, 60_000)
  })
})
