/**
 * One accent colour per component family, used on the component's box, on its messages and on
 * its timeline marks. The colours themselves are CSS custom properties (`--c-<family>`, light and
 * dark values in the app's tokens); this module only decides which family a thing belongs to.
 *
 * A message takes the colour of the component that gives it meaning: etcd traffic is etcd's, CRI
 * calls are containerd's, image pulls are the registry's, watch events are their sender's, and an
 * HTTP exchange with the apiserver is its client's (the scheduler's requests and the responses
 * it gets back share the scheduler's colour). The kind shows in the pill's style: requests filled,
 * responses outlined, watch events tinted with a dashed border, errors red.
 */
import type { ComponentId, MessageView } from '../../protocol/messages'
import {
  APISERVER,
  CONTROLLER_MANAGER,
  ETCD,
  KUBECTL,
  MORE_NODES,
  REGISTRY,
  SCHEDULER,
  WEBHOOKS,
} from './layout'

export type Family =
  | 'user'
  | 'apiserver'
  | 'etcd'
  | 'scheduler'
  | 'controller'
  | 'kubelet'
  | 'runtime'
  | 'registry'
  | 'webhook'

export const FAMILIES: readonly Family[] = [
  'user',
  'apiserver',
  'etcd',
  'scheduler',
  'controller',
  'kubelet',
  'runtime',
  'registry',
  'webhook',
]

/** Fallbacks (the light theme's values) for when the app's tokens are not loaded. */
const FALLBACK: Readonly<Record<Family, string>> = {
  user: '#6f42c1',
  apiserver: '#326ce5',
  etcd: '#0e7c86',
  scheduler: '#b35900',
  controller: '#8a5a00',
  kubelet: '#2e7d32',
  runtime: '#546e7a',
  registry: '#ad1457',
  webhook: '#5e35b1',
}

/** The CSS colour of a family: `var(--c-etcd, #0e7c86)`. */
export const familyColor = (f: Family): string => `var(--c-${f}, ${FALLBACK[f]})`

/**
 * A class that sets `--pf-c` to the family's colour (graph.css has one rule per family, with the
 * same fallback as familyColor). Elements restyled every frame (pills, pulses) take their colour
 * this way: Chromium restyles an element that declares a custom property in its style attribute
 * about 15 times slower (~80 µs instead of ~5 µs per pill).
 */
export const familyClass = (f: Family): string => `pf-fam-${f}`

export function familyOf(id: ComponentId): Family {
  switch (id) {
    case KUBECTL:
      return 'user'
    case APISERVER:
      return 'apiserver'
    case ETCD:
      return 'etcd'
    case SCHEDULER:
      return 'scheduler'
    case CONTROLLER_MANAGER:
      return 'controller'
    case REGISTRY:
      return 'registry'
    case WEBHOOKS:
      return 'webhook'
    case MORE_NODES:
      return 'kubelet'
  }
  if (id.startsWith('runtime/')) return 'runtime'
  if (id.startsWith('kubelet/')) return 'kubelet'
  return 'user'
}

type MessageFacts = Pick<MessageView, 'kind' | 'from' | 'to' | 'summary' | 'code'>

export function messageFamily(m: MessageFacts): Family {
  switch (m.kind) {
    case 'etcd-request':
    case 'etcd-response':
      return 'etcd'
    case 'cri-request':
    case 'cri-response':
      return 'runtime'
    case 'watch-event':
    case 'step':
      return familyOf(m.from)
    case 'http-request':
      return m.to === REGISTRY ? 'registry' : m.to === WEBHOOKS ? 'webhook' : familyOf(m.from)
    case 'http-response':
      return m.from === REGISTRY ? 'registry' : m.from === WEBHOOKS ? 'webhook' : familyOf(m.to)
  }
  return familyOf(m.from)
}

export type PillVariant = 'request' | 'response' | 'event' | 'error' | 'step'

/** The HTTP status of a response: the `code` field, else the number its summary starts with. */
export function statusCode(m: Pick<MessageView, 'code' | 'summary'>): number | undefined {
  if (m.code !== undefined) return m.code
  const n = /^(\d{3})\b/.exec(m.summary)
  return n ? Number(n[1]) : undefined
}

export function pillVariant(m: MessageFacts): PillVariant {
  switch (m.kind) {
    case 'step':
      return 'step'
    case 'watch-event':
      return 'event'
    case 'http-response':
      return (statusCode(m) ?? 0) >= 400 ? 'error' : 'response'
    case 'cri-response':
      // A failed CRI call reads `PullImage: NotFound` (the method, then the gRPC code).
      return /: \w+$/.test(m.summary) ? 'error' : 'response'
    case 'etcd-response':
      return /^(Error|.*OutOfRange)/.test(m.summary) ? 'error' : 'response'
    default:
      return 'request'
  }
}

/** How a Pod card is tinted, from its kubectl STATUS. */
export type StatusTone = 'ok' | 'pending' | 'done' | 'error'

const PENDING_STATUS = new Set([
  'Pending',
  'ContainerCreating',
  'PodInitializing',
  'SchedulingGated',
  'NotReady',
])
const DONE_STATUS = new Set(['Completed', 'Succeeded', 'Terminating'])

export function statusTone(status: string): StatusTone {
  if (status === 'Running') return 'ok'
  if (DONE_STATUS.has(status)) return 'done'
  if (PENDING_STATUS.has(status) || /^Init:\d+\/\d+$/.test(status)) return 'pending'
  return 'error'
}
