/**
 * "Why?": causality, read from the trace. The kernel gives every message the message whose
 * handling caused it (`causeId`), so the reason for anything is a walk up `causeId` to a root: the
 * user's kubectl request, or boot. An object revision was written by an etcd request
 * (`ObjectRevision.messageId`); its chain says which component asked (the first http-request up
 * the chain) and what that component was reacting to.
 */
import type { PodCondition } from '../../api/types'
import { APISERVER, type MessageView, type ObjectRevision } from '../../protocol/messages'
import type { RevisionIndex } from './objects'
import { messageById } from './trace-index'

/**
 * The message `id` followed by its cause, its cause's cause… up to the root (a message with no
 * cause). Stops at a cause missing from `messages` and at a cycle (neither happens in a well-formed
 * trace). Empty when `id` itself is unknown.
 */
export function causeChain(messages: readonly MessageView[], id: number): MessageView[] {
  const chain: MessageView[] = []
  const seen = new Set<number>()
  let next: number | null = id
  while (next !== null && !seen.has(next)) {
    seen.add(next)
    const m = messageById(messages, next)
    if (!m) break
    chain.push(m)
    next = m.causeId
  }
  return chain
}

/** Who wrote a revision: the component whose API request led to the etcd write. */
export interface Writer {
  /** The request's sender: `kubelet/worker-1`, `kube-scheduler`, `kubectl`… */
  readonly component: string
  /** The http-request: `PATCH /api/v1/namespaces/default/pods/nginx/status`. */
  readonly summary: string
  readonly requestId: number
}

/** The first http-request up a cause chain (the API call the apiserver was serving), if any. */
export function writerOf(chain: readonly MessageView[]): Writer | undefined {
  const request = chain.find((m) => m.kind === 'http-request')
  return request ? { component: request.from, summary: request.summary, requestId: request.id } : undefined
}

/**
 * An API path without its `/api/v1/namespaces/<ns>/` (or `/apis/<group>/<version>/…`) prefix and
 * its query: `PATCH /api/v1/namespaces/default/pods/nginx/status` → `PATCH pods/nginx/status`.
 */
export function shortRequest(summary: string): string {
  const space = summary.indexOf(' ')
  if (space < 0) return summary
  const verb = summary.slice(0, space)
  let path = summary.slice(space + 1)
  const q = path.indexOf('?')
  if (q >= 0) path = path.slice(0, q)
  const m = /^\/(?:api\/[^/]+|apis\/[^/]+\/[^/]+)(?:\/namespaces\/[^/]+(?=\/))?\/(.+)$/.exec(path)
  return m ? `${verb} ${m[1]}` : summary
}

/** One step of an explanation: the message and one line about it. */
export interface WhyStep {
  readonly message: MessageView
  /** `PATCH pods/nginx/status (kubelet/worker-1)`, `Filter default/nginx: 3 of 4 nodes feasible (kube-scheduler)`. */
  readonly text: string
}

/** One line for a message of a chain: its summary (an API path shortened) and its sender. */
export function stepText(m: MessageView): string {
  const what = m.kind === 'http-request' ? shortRequest(m.summary) : m.summary
  return `${what} (${m.from})`
}

/**
 * The chain in one line, from the effect back to the root: `head ← <request> ← … ← <root>`,
 * keeping the requests to the apiserver (each component's decision to act; not, say, image pulls
 * from the registry) and the root, so a 60-message chain reads as a handful of hops.
 */
export function chainHeadline(head: string, chain: readonly MessageView[]): string {
  const hops: string[] = [head]
  for (const [i, m] of chain.entries()) {
    if ((m.kind === 'http-request' && m.to === APISERVER) || i === chain.length - 1) hops.push(stepText(m))
  }
  return hops.join(' ← ')
}

export interface RevisionWhy {
  readonly revision: ObjectRevision
  /** From the etcd request that wrote it to the root; empty for state from before time 0. */
  readonly chain: readonly MessageView[]
  readonly steps: readonly WhyStep[]
  readonly writer?: Writer
}

function explainRevision(revision: ObjectRevision, messages: readonly MessageView[]): RevisionWhy {
  const chain = revision.messageId === null ? [] : causeChain(messages, revision.messageId)
  const writer = writerOf(chain)
  return {
    revision,
    chain,
    steps: chain.map((message) => ({ message, text: stepText(message) })),
    ...(writer ? { writer } : {}),
  }
}

/** The chain that led to revision `revision` of `key`; undefined when the index lacks it. */
export function whyRevision(
  index: RevisionIndex,
  key: string,
  revision: number,
  messages: readonly MessageView[],
): RevisionWhy | undefined {
  const r = index.get(key)?.find((x) => x.revision === revision)
  return r ? explainRevision(r, messages) : undefined
}

/** The condition as it stood after the change (absent: the revision removed it or deleted the Pod). */
export interface ConditionState {
  readonly type: string
  readonly status: string
  readonly reason?: string
  readonly message?: string
}

export interface ConditionWhy extends RevisionWhy {
  readonly condition?: ConditionState
  /** `Ready=True ← PATCH pods/nginx/status (kubelet/worker-1) ← … ← GET pods/nginx (kubectl)`. */
  readonly summary: string
}

function conditionOf(obj: ObjectRevision['object'], type: string): PodCondition | undefined {
  const conditions = (obj as { status?: { conditions?: readonly PodCondition[] } } | null)?.status?.conditions
  return conditions?.find((c) => c.type === type)
}

/**
 * Why a Pod's condition is what it is at `atMs`: the revision, at or before `atMs`, where the
 * condition's status last changed (appeared, flipped, or went away), and that revision's chain.
 * Undefined when the Pod has no revision by then or never had the condition.
 */
export function whyCondition(
  index: RevisionIndex,
  podKey: string,
  conditionType: string,
  atMs: number,
  messages: readonly MessageView[],
): ConditionWhy | undefined {
  let last: { revision: ObjectRevision; condition: PodCondition | undefined } | undefined
  let previous: string | undefined
  for (const r of index.get(podKey) ?? []) {
    if (r.atMs > atMs) break
    const c = conditionOf(r.object, conditionType)
    const status = c?.status
    if (status !== previous) last = { revision: r, condition: c }
    previous = status
  }
  if (!last) return undefined
  const why = explainRevision(last.revision, messages)
  const c = last.condition
  const condition: ConditionState | undefined = c
    ? {
        type: c.type,
        status: c.status,
        ...(c.reason ? { reason: c.reason } : {}),
        ...(c.message ? { message: c.message } : {}),
      }
    : undefined
  const head = condition ? `${condition.type}=${condition.status}` : `${conditionType} removed`
  return {
    ...why,
    ...(condition ? { condition } : {}),
    summary: chainHeadline(head, why.chain),
  }
}
