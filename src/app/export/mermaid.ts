/**
 * The run as a Mermaid sequence diagram: the components as participants (in the order of the
 * story: kubectl, kube-apiserver, etcd, kube-scheduler, kube-controller-manager, the webhooks,
 * then each node's kubelet and runtime, then the registry), each message as an arrow in the order
 * it was sent: `->>` a request, `-->>` a response or a watch event, `-x`/`--x` one lost on the
 * wire, and a note over the component for a step inside it.
 *
 * Participant ids are made of letters, digits and `_` only (`kube_apiserver`), shown with their
 * real names through `as`; every text is escaped with Mermaid's entity codes (`#59;` for `;`, …)
 * so that a summary can never end a statement, open a comment or turn into markup.
 */
import type { MessageView } from '../../protocol/messages'
import {
  APISERVER,
  CONTROLLER_MANAGER,
  ETCD,
  KUBECTL,
  REGISTRY,
  ROUTINE_STAGES,
  SCHEDULER,
  WEBHOOKS,
} from '../../protocol/messages'
import { formatDuration } from './duration'

export const MERMAID_FILE_NAME = 'podflow-sequence.mmd'

export interface MermaidOptions {
  /** Shown above the diagram (`title …`); none when absent or empty. */
  readonly title?: string
  /** Leave out routine upkeep (node heartbeats and leases). Default true. */
  readonly skipRoutine?: boolean
  /** Leave out start-up (components connecting: LIST, then WATCH). Default false. */
  readonly skipBoot?: boolean
  /** At most this many messages become arrows; the rest are counted in a final note. Default 500. */
  readonly maxMessages?: number
  /** Put the virtual send time before each text (`[1.5s] POST …`). Default true. */
  readonly times?: boolean
}

export const DEFAULT_MAX_MESSAGES = 500

/** The control-plane components first, in the story's order; per-node ones come after them. */
const LEADING: readonly string[] = [KUBECTL, APISERVER, ETCD, SCHEDULER, CONTROLLER_MANAGER, WEBHOOKS]
const TRAILING: readonly string[] = [REGISTRY]

const REQUEST_KINDS = new Set(['http-request', 'etcd-request', 'cri-request'])

/** The diagram's text, one statement per line, ending with a newline. */
export function toMermaid(messages: readonly MessageView[], options: MermaidOptions = {}): string {
  return mermaidDiagram(messages, options).text
}

export interface MermaidDiagram {
  readonly text: string
  /** Messages drawn (arrows and notes). */
  readonly shown: number
  /** Messages left out by the filters. */
  readonly filtered: number
  /** Messages past the cap. */
  readonly more: number
}

/** The diagram with what it shows and leaves out. */
export function mermaidDiagram(
  messages: readonly MessageView[],
  options: MermaidOptions = {},
): MermaidDiagram {
  const skipRoutine = options.skipRoutine ?? true
  const skipBoot = options.skipBoot ?? false
  const max = Math.max(0, Math.floor(options.maxMessages ?? DEFAULT_MAX_MESSAGES))
  const times = options.times ?? true

  const left: Partial<Record<'routine' | 'boot', number>> = {}
  const kept: MessageView[] = []
  for (const m of messages) {
    const skip: 'routine' | 'boot' | undefined =
      skipRoutine && ROUTINE_STAGES.has(m.stage)
        ? 'routine'
        : skipBoot && m.stage === 'boot'
          ? 'boot'
          : undefined
    if (skip) left[skip] = (left[skip] ?? 0) + 1
    else kept.push(m)
  }
  const shown = kept.slice(0, max)
  const more = kept.length - shown.length

  const components = orderComponents(shown)
  const ids = participantIds(components)
  const lines = ['sequenceDiagram']
  if (options.title?.trim()) lines.push(`  title ${escapeText(options.title.trim())}`)
  if (left.boot)
    lines.push(`  %% left out: ${count(left.boot)} start-up message${left.boot === 1 ? '' : 's'}`)
  if (left.routine)
    lines.push(
      `  %% left out: ${count(left.routine)} routine message${left.routine === 1 ? '' : 's'} (heartbeats)`,
    )
  for (const c of components) {
    const id = ids.get(c) as string
    lines.push(id === c ? `  participant ${id}` : `  participant ${id} as ${escapeText(c)}`)
  }
  for (const m of shown) {
    const from = ids.get(m.from) as string
    const to = ids.get(m.to) as string
    const text = escapeText(messageText(m, times))
    if (m.kind === 'step' || m.from === m.to) {
      lines.push(`  Note over ${from}: ${text}`)
      continue
    }
    const request = REQUEST_KINDS.has(m.kind)
    const arrow = m.lostAtMs !== undefined ? (request ? '-x' : '--x') : request ? '->>' : '-->>'
    lines.push(`  ${from}${arrow}${to}: ${text}`)
  }
  if (more > 0) {
    const first = ids.get(components[0] as string)
    const last = ids.get(components[components.length - 1] as string)
    const over = first === last ? first : `${first},${last}`
    lines.push(`  Note over ${over}: … ${count(more)} more message${more === 1 ? '' : 's'}`)
  }
  return {
    text: `${lines.join('\n')}\n`,
    shown: shown.length,
    filtered: (left.boot ?? 0) + (left.routine ?? 0),
    more,
  }
}

function messageText(m: MessageView, times: boolean): string {
  let text = m.summary
  if (m.lostAtMs !== undefined) text += ' (lost)'
  else if (m.delayedByMs) text += ` (delayed ${formatDuration(m.delayedByMs)})`
  return times ? `[${formatDuration(m.sentAtMs)}] ${text}` : text
}

/** Every component the messages name, in the story's order; nodes in order of first appearance. */
export function orderComponents(messages: readonly MessageView[]): string[] {
  const seen = new Set<string>()
  for (const m of messages) {
    seen.add(m.from)
    seen.add(m.to)
  }
  const middle = [...seen].filter((c) => !LEADING.includes(c) && !TRAILING.includes(c))
  // Each node's kubelet right before its runtime.
  const nodes: string[] = []
  for (const c of middle) {
    const node = /^(?:kubelet|runtime)\/(.*)$/.exec(c)?.[1]
    if (node !== undefined && !nodes.includes(node)) nodes.push(node)
  }
  const perNode = nodes.flatMap((n) => [`kubelet/${n}`, `runtime/${n}`].filter((c) => seen.has(c)))
  const others = middle.filter((c) => !perNode.includes(c))
  return [
    ...LEADING.filter((c) => seen.has(c)),
    ...perNode,
    ...others,
    ...TRAILING.filter((c) => seen.has(c)),
  ]
}

/** A Mermaid-safe id per component (letters, digits, `_`), unique. */
export function participantIds(components: readonly string[]): Map<string, string> {
  const ids = new Map<string, string>()
  const used = new Set<string>()
  for (const c of components) {
    let base = c.replace(/[^A-Za-z0-9_]/g, '_')
    if (!/^[A-Za-z_]/.test(base)) base = `c_${base}`
    // Mermaid's own words cannot be participant ids.
    if (
      /^(?:end|participant|actor|as|note|loop|alt|else|opt|par|and|rect|critical|break|box|title|autonumber)$/i.test(
        base,
      )
    )
      base = `${base}_`
    let id = base
    for (let n = 2; used.has(id); n++) id = `${base}_${n}`
    used.add(id)
    ids.set(c, id)
  }
  return ids
}

/**
 * Text that Mermaid shows as it is: `#` (its entity marker), `;` (a statement separator), `:`
 * (the message separator), quotes and angle brackets (markup) as entity codes, line breaks as
 * spaces.
 */
export function escapeText(text: string): string {
  return text.replace(/[#;:"'<>]/g, (c) => ENTITIES[c] as string).replace(/[\r\n]+/g, ' ')
}

const ENTITIES: Readonly<Record<string, string>> = {
  '#': '#35;',
  ';': '#59;',
  ':': '#58;',
  '"': '#quot;',
  "'": '#39;',
  '<': '#lt;',
  '>': '#gt;',
}

function count(n: number): string {
  return n.toLocaleString('en-US')
}
