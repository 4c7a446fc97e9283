/**
 * Short labels for message pills (verb + resource, the way an operator reads a log line) and the
 * longer accessible names behind them. The full summary stays available in the inspector.
 *
 *   POST /api/v1/namespaces/default/pods                 → POST pods
 *   GET /api/v1/pods?fieldSelector=…&watch=true          → WATCH pods
 *   POST /api/v1/namespaces/default/pods/nginx/binding   → POST pods/nginx/binding
 *   Txn put /registry/pods/default/nginx                 → Txn put …/nginx
 *   Range /registry/pods/ (prefix)                       → Range pods/*
 *   HEAD /v2/library/nginx/manifests/1.27                → HEAD manifest nginx:1.27
 */
import type { ComponentId, MessageKind, MessageView } from '../../protocol/messages'
import { type Translate, t } from '../i18n/i18n'
import { MORE_NODES } from './layout'

/** Longest pill label, in characters. */
export const MAX_LABEL = 30

/** Shorten `s` to `max` characters by cutting its middle (the tail of a generated name matters, so it keeps the odd character). */
export function middleEllipsis(s: string, max: number): string {
  if (s.length <= max) return s
  if (max <= 1) return '…'
  const head = Math.floor((max - 1) / 2)
  const tail = max - 1 - head
  return `${s.slice(0, head)}…${s.slice(s.length - tail)}`
}

/** Cut the end of `s` to `max` characters. */
export function endEllipsis(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, Math.max(0, max - 1))}…`
}

/** `prefix` + `name` + `suffix` within `max`, shortening only the name. */
function fitName(prefix: string, name: string, suffix: string, max: number): string {
  const room = max - prefix.length - suffix.length
  if (room >= name.length) return `${prefix}${name}${suffix}`
  if (room >= 6) return `${prefix}${middleEllipsis(name, room)}${suffix}`
  return endEllipsis(`${prefix}${name}${suffix}`, max)
}

interface ApiPath {
  readonly resource: string
  readonly name?: string
  readonly subresource?: string
}

/** Parse a Kubernetes API path (`/api/v1/namespaces/ns/pods/name/status`); undefined otherwise. */
export function parseApiPath(path: string): ApiPath | undefined {
  const segs = path.split('/').filter(Boolean)
  let rest: string[]
  if (segs[0] === 'api' && segs.length >= 2) rest = segs.slice(2)
  else if (segs[0] === 'apis' && segs.length >= 3) rest = segs.slice(3)
  else return undefined
  if (rest[0] === 'namespaces' && rest.length >= 3) rest = rest.slice(2)
  const [resource, name, subresource] = rest
  if (!resource) return undefined
  return { resource, ...(name ? { name } : {}), ...(subresource ? { subresource } : {}) }
}

const shortDigest = (ref: string): string => (ref.startsWith('sha256:') ? `${ref.slice(0, 13)}…` : ref)

function httpLabel(summary: string, max: number): string {
  const space = summary.indexOf(' ')
  if (space < 0) return endEllipsis(summary, max)
  const method = summary.slice(0, space)
  const target = summary.slice(space + 1)
  const q = target.indexOf('?')
  const path = q < 0 ? target : target.slice(0, q)
  const query = q < 0 ? '' : target.slice(q + 1)
  const api = parseApiPath(path)
  if (api) {
    let verb = method
    if (method === 'GET' && !api.name) verb = /(^|&)watch=(true|1)(&|$)/.test(query) ? 'WATCH' : 'LIST'
    if (!api.name) return endEllipsis(`${verb} ${api.resource}`, max)
    return fitName(`${verb} ${api.resource}/`, api.name, api.subresource ? `/${api.subresource}` : '', max)
  }
  // The OCI distribution API: /v2/<repository>/manifests/<reference>, /v2/<repository>/blobs/<digest>.
  const registry = /^\/v2\/(.+)\/(manifests|blobs)\/([^/]+)$/.exec(path)
  if (registry) {
    const repo = (registry[1] as string).split('/').pop() as string
    const ref = registry[3] as string
    if (registry[2] === 'blobs') return endEllipsis(`${method} blob ${shortDigest(ref)}`, max)
    const tagged = ref.startsWith('sha256:') ? shortDigest(ref) : `${repo}:${ref}`
    return endEllipsis(`${method} manifest ${tagged}`, max)
  }
  const last = path.split('/').filter(Boolean).pop() ?? path
  return endEllipsis(`${method} ${last}`, max)
}

/** `/registry/pods/` → `pods/*`; `/registry/pods/default/nginx` → `…/nginx`. */
function etcdKeyLabel(key: string): string {
  const rest = key.startsWith('/registry/') ? key.slice('/registry/'.length) : key
  if (rest.endsWith('/')) return `${rest.slice(0, -1)}/*`
  const parts = rest.split('/')
  return parts.length > 1 ? `…/${parts[parts.length - 1]}` : rest
}

function etcdRequestLabel(summary: string, max: number): string {
  const range = /^(Range|Watch) (\S+)/.exec(summary)
  if (range) {
    const key = range[2] as string
    const prefix = summary.includes('(prefix)') && !key.endsWith('/') ? `${key}/` : key
    return endEllipsis(`${range[1]} ${etcdKeyLabel(prefix)}`, max)
  }
  const txn = /^Txn (\w+) (\S+?)(,|$)/.exec(summary)
  if (txn) {
    const more = summary.split(', ').length - 1
    const suffix = more > 0 ? ` +${more}` : ''
    const key = etcdKeyLabel(txn[2] as string)
    const head = `Txn ${txn[1]} `
    return key.startsWith('…/')
      ? fitName(`${head}…/`, key.slice(2), suffix, max)
      : fitName(head, key, suffix, max)
  }
  return endEllipsis(summary, max)
}

function watchLabel(summary: string, max: number): string {
  const events = summary.split(', ')
  const first = events[0] as string
  const suffix = events.length > 1 ? ` +${events.length - 1}` : ''
  const m = /^WATCH (\w+) (\S+)$/.exec(first)
  if (!m) return endEllipsis(summary, max)
  const type = m[1] as string
  const target = m[2] as string
  if (target.startsWith('/')) {
    const key = etcdKeyLabel(target)
    return key.startsWith('…/')
      ? fitName(`WATCH ${type} …/`, key.slice(2), suffix, max)
      : fitName(`WATCH ${type} `, key, suffix, max)
  }
  const slash = target.indexOf('/')
  if (slash < 0) return fitName(`WATCH ${type} `, target, suffix, max)
  return fitName(`WATCH ${type} ${target.slice(0, slash + 1)}`, target.slice(slash + 1), suffix, max)
}

/** The pill label of a message. */
export function shortLabel(m: Pick<MessageView, 'kind' | 'summary'>, max = MAX_LABEL): string {
  const s = m.summary
  switch (m.kind) {
    case 'http-request':
      return httpLabel(s, max)
    case 'etcd-request':
      return etcdRequestLabel(s, max)
    case 'watch-event':
      return watchLabel(s, max)
    case 'etcd-response':
      return endEllipsis(s.replace(/ \(revision (\d+)\)$/, ' rev $1'), max)
    case 'cri-request':
    case 'cri-response':
      return endEllipsis(s.replace(/^ContainerEvent CONTAINER_(\w+)_EVENT$/, 'ContainerEvent $1'), max)
    default:
      return endEllipsis(s, max)
  }
}

/** `HTTP request`, `Watch event`… (every MessageKind has its catalog entry: the type checks it). */
export const kindName = (kind: MessageKind, tr: Translate = t): string => tr(`graph.kind.${kind}`)

/** A component's name for people: `kubelet/worker-1` → `kubelet on worker-1`. */
export function componentName(id: ComponentId, tr: Translate = t): string {
  if (id === MORE_NODES) return tr('graph.moreNodesName')
  if (id === 'registry') return tr('graph.registryName')
  const slash = id.indexOf('/')
  if (slash < 0) return id
  const what = id.slice(0, slash)
  return tr('graph.onNode', {
    component: what === 'runtime' ? 'containerd' : what,
    node: id.slice(slash + 1),
  })
}

/** The accessible name of a pill: kind, endpoints and the full summary. */
export function describeMessage(
  m: Pick<MessageView, 'kind' | 'from' | 'to' | 'summary'>,
  tr: Translate = t,
): string {
  // Every pill asks on every frame while it moves: remembered per message object and language.
  let byMessage = described.get(tr)
  if (!byMessage) described.set(tr, (byMessage = new WeakMap()))
  let text = byMessage.get(m)
  if (text === undefined) byMessage.set(m, (text = messageText(m, tr)))
  return text
}

const described = new WeakMap<Translate, WeakMap<object, string>>()

function messageText(m: Pick<MessageView, 'kind' | 'from' | 'to' | 'summary'>, tr: Translate): string {
  const text =
    m.kind === 'step'
      ? tr('graph.step', { component: componentName(m.from, tr), summary: m.summary })
      : tr('graph.message', {
          kind: kindName(m.kind, tr),
          from: componentName(m.from, tr),
          to: componentName(m.to, tr),
          summary: m.summary,
        })
  // The name starts with the words on the pill (WCAG 2.5.3, label in name): "click POST pods"
  // works with speech control. A label that is the summary itself is already in the name.
  const label = drawnLabel(m)
  return m.summary.includes(label) ? text : tr('graph.labelled', { label, description: text })
}

/** etcd traffic runs on the short apiserver–etcd wire, and there is a lot of it: shorter labels. */
const ETCD_LABEL = 20

/**
 * The label the graph draws for `m`: a step's caption, or a message's pill. The same budgets as
 * scene.ts's (pill-names.test.ts checks that every drawn label is in its pill's name).
 */
export function drawnLabel(m: Pick<MessageView, 'kind' | 'from' | 'summary'>): string {
  const etcd =
    m.kind === 'etcd-request' || m.kind === 'etcd-response' || (m.kind === 'watch-event' && m.from === 'etcd')
  return shortLabel(m, etcd ? ETCD_LABEL : MAX_LABEL)
}

/** `data-testid` of a component box: `component-kubelet-worker-1`. */
export const componentTestId = (id: ComponentId): string => `component-${id.replaceAll('/', '-')}`

/** Approximate rendered width of a label in flow units at `fontPx` (for collision checks only). */
export function labelWidth(label: string, fontPx = 11): number {
  return label.length * fontPx * 0.6 + 14
}
