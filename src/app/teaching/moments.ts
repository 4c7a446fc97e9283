/**
 * Teaching moments: what each message of the trace is, in the story's terms. The story (the seed
 * text) tells Pod creation in five steps — 1 kubectl submits, 2 the API Server authenticates,
 * authorizes, admits and persists, 3 the Scheduler watches, filters, scores and binds, 4 the
 * kubelet watches, pulls, starts the sandbox and the containers, 5 status flows back — and three
 * ideas. A moment names the step (from the message's stage), the part (from what the message is),
 * the values of this run (user, node, image, code…), and the idea or the story-versus-reality note
 * it illustrates. Narration is keyed to moments, so it follows whatever the simulation did.
 */
import { type MessageView, ROUTINE_STAGES, STAGE_STEP } from '../../protocol/messages'
import { sentBy } from '../model/trace-index'
import { shortRequest } from '../model/why'

export type StoryStep = 0 | 1 | 2 | 3 | 4 | 5

export const PARTS = [
  'submitGet',
  'submitWrite',
  'submitResponse',
  'authenticate',
  'authenticateFailed',
  'authorize',
  'forbidden',
  'admit',
  'validate',
  'etcdWrite',
  'etcdRead',
  'etcdResponse',
  'etcdWatch',
  'scheduleWatch',
  'controllerWatch',
  'barePodIgnored',
  'reconcile',
  'filter',
  'score',
  'bindRequest',
  'bindResponse',
  'preempt',
  'kubeletWatch',
  'kubeletAdmit',
  'kubeletSync',
  'sandbox',
  'pull',
  'containers',
  'statusRequest',
  'statusResponse',
  'watchUpdate',
  'apiserverRequest',
  'apiserverResponse',
  'event',
  'heartbeat',
  'other',
] as const

export type Part = (typeof PARTS)[number]
export type Idea = 'declarative' | 'controllers' | 'decoupled'

export interface Moment {
  readonly step: StoryStep
  readonly part: Part
  /** This run's values the narration names. */
  readonly params: Readonly<Record<string, string>>
  readonly idea?: Idea
  /** Where the story's picture differs from what Kubernetes really does. */
  readonly reality?: 'barePod'
}

/**
 * The message narration is about: the selected one if the cursor stands on it, else the last
 * story message sent by the cursor; -1 before any.
 */
export function currentStoryIndex(
  messages: readonly MessageView[],
  cursorMs: number,
  selected?: number,
): number {
  const end = sentBy(messages, cursorMs)
  if (selected !== undefined) {
    for (let i = end - 1; i >= 0 && (messages[i]?.sentAtMs ?? 0) >= cursorMs; i--)
      if (messages[i]?.id === selected) return i
  }
  for (let i = end - 1; i >= 0; i--) if (isStoryMessage(messages[i] as MessageView)) return i
  return -1
}

/** Messages teaching mode steps through: not routine upkeep, not Event bookkeeping. */
export function isStoryMessage(m: MessageView): boolean {
  return !ROUTINE_STAGES.has(m.stage) && m.stage !== 'event' && m.stage !== 'boot'
}

const who = (component: string) => component

/** `docker.io/library/nginx:1.27` from a registry request path or an unpack step. */
function imageOf(summary: string): string | undefined {
  const unpack = /^(?:unpack|pulled?) (\S+)/i.exec(summary)
  if (unpack) return unpack[1]
  const path = /\/v2\/(.+)\/(?:manifests|blobs)\/(\S+)/.exec(summary)
  if (path) return `${path[1]}:${path[2]}`
  return undefined
}

/**
 * The image a pull message is about. CRI calls (ImageStatus, PullImage) do not name it in their
 * summary; the registry requests and the unpack step nearby on the same node do.
 */
function imageNear(messages: readonly MessageView[], index: number): string {
  const m = messages[index] as MessageView
  const own = imageOf(m.summary)
  if (own) return own
  const node = [m.from, m.to].find((c) => c.startsWith('runtime/') || c.startsWith('kubelet/'))?.split('/')[1]
  const sameNode = (x: MessageView) =>
    node === undefined || x.from.endsWith(`/${node}`) || x.to.endsWith(`/${node}`)
  for (let i = index + 1; i < Math.min(messages.length, index + 200); i++) {
    const x = messages[i] as MessageView
    if (x.stage !== 'pull' || !sameNode(x)) continue
    const image = imageOf(x.summary)
    if (image) return image
  }
  for (let i = index - 1; i >= Math.max(0, index - 200); i--) {
    const x = messages[i] as MessageView
    if (x.stage !== 'pull' || !sameNode(x)) continue
    const image = imageOf(x.summary)
    if (image) return image
  }
  return ''
}

/** The Pod a message is about, `namespace/name`, from its object reference. */
function podOf(m: MessageView): string {
  const o = m.object
  return o ? `${o.namespace ? `${o.namespace}/` : ''}${o.name}` : ''
}

/** The node the newest Score step before `index` chose for `pod` (for the binding's narration). */
function chosenNode(messages: readonly MessageView[], index: number, pod: string): string {
  for (let i = index - 1; i >= 0; i--) {
    const m = messages[i] as MessageView
    const score = /^Score (\S+): (\S+)/.exec(m.summary)
    if (m.stage === 'score' && score && score[1] === pod) return score[2] as string
  }
  return ''
}

export function momentOf(messages: readonly MessageView[], index: number): Moment {
  const m = messages[index] as MessageView
  const step: StoryStep = STAGE_STEP[m.stage]
  const base = { from: who(m.from), to: who(m.to), summary: m.summary, pod: podOf(m) }
  const moment = (part: Part, params: Record<string, string> = {}, extra: Partial<Moment> = {}): Moment => ({
    step,
    part,
    params: { ...base, ...params },
    ...extra,
  })
  const s = m.summary
  if (ROUTINE_STAGES.has(m.stage)) return moment('heartbeat')
  if (m.stage === 'event') return moment('event')

  if (m.kind === 'step') {
    let match = /^authenticated (\S+) \((.+)\)$/.exec(s)
    if (match) return moment('authenticate', { user: match[1] as string, method: match[2] as string })
    if (s.startsWith('authentication failed')) return moment('authenticateFailed')
    match = /^authorized: (\S+) (.+)$/.exec(s)
    if (match) return moment('authorize', { verb: match[1] as string, resource: match[2] as string })
    match = /^forbidden: (\S+) (.+)$/.exec(s)
    if (match) return moment('forbidden', { verb: match[1] as string, resource: match[2] as string })
    if (m.stage === 'admit') {
      const plugin = /^([\w.-]+):/.exec(s)?.[1] ?? ''
      return moment('admit', { plugin, result: s.slice(plugin.length + 1).trim() })
    }
    if (m.stage === 'validate') return moment('validate')
    if (m.stage === 'filter') {
      match = /^Filter (\S+): (\d+) of (\d+) nodes? feasible/.exec(s)
      return moment(
        'filter',
        match ? { pod: match[1] as string, feasible: match[2] as string, total: match[3] as string } : {},
      )
    }
    if (m.stage === 'score') {
      match = /^Score (\S+): (\S+)/.exec(s)
      return moment('score', match ? { pod: match[1] as string, node: match[2] as string } : {}, {
        idea: undefined,
      })
    }
    if (m.stage === 'preempt') return moment('preempt')
    if (m.stage === 'reconcile' && /has no controller ownerReference/.test(s))
      return moment('barePodIgnored', {}, { reality: 'barePod' })
    if (m.stage === 'reconcile') return moment('reconcile')
    if (/^admit \S+: /.test(s) && m.from.startsWith('kubelet/'))
      return moment('kubeletAdmit', { node: m.from.slice('kubelet/'.length) })
    if (/^SyncPod /.test(s) && m.from.startsWith('kubelet/'))
      return moment('kubeletSync', { node: m.from.slice('kubelet/'.length) }, { idea: 'controllers' })
    if (m.stage === 'sandbox') return moment('sandbox', { image: /\(([^)]+)\)/.exec(s)?.[1] ?? 'pause' })
    if (m.stage === 'pull') return moment('pull', { image: imageNear(messages, index) })
    if (m.stage === 'containers') {
      const container = /container (\S+)/.exec(s)?.[1] ?? /ContainerStarted (\S+)/.exec(s)?.[1] ?? ''
      return moment('containers', { container })
    }
    return moment('other')
  }

  const node = m.to.startsWith('kubelet/')
    ? m.to.slice('kubelet/'.length)
    : m.from.startsWith('kubelet/')
      ? m.from.slice('kubelet/'.length)
      : ''
  switch (m.kind) {
    case 'http-request': {
      const request = shortRequest(s)
      if (m.from === 'kubectl') {
        const write = !s.startsWith('GET ')
        return moment(write ? 'submitWrite' : 'submitGet', { request }, write ? { idea: 'declarative' } : {})
      }
      if (m.stage === 'bind')
        return moment('bindRequest', { request, node: chosenNode(messages, index, podOf(m)) })
      if (m.stage === 'status') return moment('statusRequest', { request, node }, { idea: 'decoupled' })
      if (m.to === 'registry') return moment('pull', { request, image: imageNear(messages, index) })
      return moment('apiserverRequest', { request })
    }
    case 'http-response': {
      const code = String(m.code ?? s.split(' ')[0] ?? '')
      if (m.to === 'kubectl') return moment('submitResponse', { code, response: s })
      if (m.stage === 'bind') return moment('bindResponse', { code, response: s })
      if (m.stage === 'status') return moment('statusResponse', { code, response: s, node })
      if (m.from === 'registry') return moment('pull', { response: s, image: imageNear(messages, index) })
      return moment('apiserverResponse', { code, response: s })
    }
    case 'etcd-request': {
      const key = /(\/registry\/\S+)/.exec(s)?.[1] ?? ''
      return moment(
        /^Txn/.test(s) ? 'etcdWrite' : 'etcdRead',
        { key },
        /^Txn/.test(s) && m.stage === 'persist' ? { idea: 'declarative' } : {},
      )
    }
    case 'etcd-response':
      return moment('etcdResponse', { revision: /revision (\d+)/.exec(s)?.[1] ?? '' })
    case 'watch-event': {
      if (m.from === 'etcd') return moment('etcdWatch', { key: /(\/registry\/\S+)/.exec(s)?.[1] ?? '' })
      const event = /^WATCH (\w+)/.exec(s)?.[1] ?? ''
      if (m.to === 'kube-scheduler' && m.stage === 'schedule-watch' && event === 'ADDED')
        return moment('scheduleWatch', { event }, { idea: 'controllers' })
      if (m.to.startsWith('kubelet/') && event === 'ADDED')
        return moment('kubeletWatch', { event, node }, { idea: 'controllers' })
      if (m.to === 'kube-controller-manager' && event === 'ADDED') return moment('controllerWatch', { event })
      return moment('watchUpdate', { event })
    }
    case 'cri-request':
    case 'cri-response':
      if (/^SyncPod /.test(s) && m.from.startsWith('kubelet/'))
        return moment('kubeletSync', { node: m.from.slice('kubelet/'.length) }, { idea: 'controllers' })
      if (m.stage === 'sandbox') return moment('sandbox', { image: 'registry.k8s.io/pause:3.10', call: s })
      if (m.stage === 'pull') return moment('pull', { image: imageNear(messages, index), call: s })
      return moment('containers', { container: '', call: s })
    default:
      return moment('other')
  }
}
