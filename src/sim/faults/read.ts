/**
 * Reading a fault as the UI or a scenario file writes it: its shape (each field of the right type,
 * only the fields the simulation reads are kept), what it names in the cluster (a Node, a
 * WebhookServer), and, for message faults, the message it names in a trace.
 */
import { findServer, type WebhookServerSpec } from '../webhook/server'
import { DEFAULT_CRASH_EXIT_CODE } from './crash-container'
import type { FaultAction } from './fault'
import { PULL_FAILURE_MODES, pullFailureOf } from './image-pull-failure'
import { NODE_DOWN_MODES } from './node-down'

export { messageFaultProblem } from './wire'

export type FaultRead =
  | { readonly ok: true; readonly fault: FaultAction }
  | { readonly ok: false; readonly message: string }

const isName = (v: unknown): v is string => typeof v === 'string' && v !== '' && !v.includes('/')
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0
const isWholeMs = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0

/**
 * A fault's shape, with `atMs` already normalized (whole milliseconds ≥ 0). Unknown types and
 * malformed fields are refused with the fault's type first (`delay-message: delayMs must be …`).
 */
export function readFault(
  input: { readonly type: string } & Record<string, unknown>,
  atMs: number,
): FaultRead {
  const bad = (why: string): FaultRead => ({ ok: false, message: `${input.type}: ${why}` })
  const ok = (fault: FaultAction): FaultRead => ({ ok: true, fault })
  switch (input.type) {
    case 'node-down': {
      if (!isName(input.node))
        return bad(`the name of a Node is required (got ${JSON.stringify(input.node ?? null)})`)
      const mode = input.mode ?? 'stop'
      if (!NODE_DOWN_MODES.includes(mode as (typeof NODE_DOWN_MODES)[number]))
        return bad(`mode must be one of ${NODE_DOWN_MODES.join(', ')}`)
      return ok({ type: 'node-down', atMs, node: input.node, mode: mode as (typeof NODE_DOWN_MODES)[number] })
    }
    case 'drop-message':
      if (!isId(input.messageId)) return bad('messageId must be the id of a message (a whole number ≥ 1)')
      return ok({ type: 'drop-message', atMs, messageId: input.messageId })
    case 'delay-message':
      if (!isId(input.messageId)) return bad('messageId must be the id of a message (a whole number ≥ 1)')
      if (!(isWholeMs(input.delayMs) && input.delayMs > 0)) return bad('delayMs must be more than 0 ms')
      return ok({
        type: 'delay-message',
        atMs,
        messageId: input.messageId,
        delayMs: Math.ceil(input.delayMs),
      })
    case 'image-pull-failure': {
      if (typeof input.image !== 'string' || input.image === '')
        return bad('image is required (a reference such as nginx:1.27, or a repository)')
      if (input.node !== undefined && !isName(input.node)) return bad('node must be the name of a Node')
      if (!PULL_FAILURE_MODES.includes(input.mode as (typeof PULL_FAILURE_MODES)[number]))
        return bad(`mode must be one of ${PULL_FAILURE_MODES.join(', ')}`)
      const fault: FaultAction = {
        type: 'image-pull-failure',
        atMs,
        image: input.image,
        ...(input.node !== undefined ? { node: input.node } : {}),
        mode: input.mode as (typeof PULL_FAILURE_MODES)[number],
      }
      const rule = pullFailureOf(fault)
      if ('error' in rule) return bad(rule.error)
      return ok(fault)
    }
    case 'crash-container': {
      const namespace = input.namespace ?? 'default'
      if (!isName(namespace)) return bad('namespace must be the name of a Namespace')
      if (!isName(input.pod)) return bad('the name of a Pod is required')
      if (!isName(input.container)) return bad('the name of a container is required')
      const code = input.exitCode ?? DEFAULT_CRASH_EXIT_CODE
      if (!(typeof code === 'number' && Number.isInteger(code) && code >= 0 && code <= 255))
        return bad('exitCode must be a whole number from 0 to 255')
      return ok({
        type: 'crash-container',
        atMs,
        namespace,
        pod: input.pod,
        container: input.container,
        ...(input.exitCode !== undefined ? { exitCode: code } : {}),
      })
    }
    case 'webhook-timeout':
      if (typeof input.server !== 'string' || input.server === '')
        return bad('server must name a WebhookServer (name, or namespace/name)')
      return ok({ type: 'webhook-timeout', atMs, server: input.server })
    case 'slow-etcd': {
      const { factor, latencyMs } = input
      if (factor === undefined && latencyMs === undefined)
        return bad('give factor (×, ≥ 1), latencyMs (added per request), or both')
      if (
        factor !== undefined &&
        !(typeof factor === 'number' && Number.isFinite(factor) && factor >= 1 && factor <= 1000)
      )
        return bad('factor must be from 1 to 1000')
      if (latencyMs !== undefined && !(isWholeMs(latencyMs) && latencyMs <= 600_000))
        return bad('latencyMs must be from 0 to 600000 ms')
      return ok({
        type: 'slow-etcd',
        atMs,
        ...(factor !== undefined ? { factor } : {}),
        ...(latencyMs !== undefined ? { latencyMs: Math.ceil(latencyMs) } : {}),
      })
    }
    default:
      return { ok: false, message: `unknown fault type ${JSON.stringify(input.type)}` }
  }
}

/** What a fault names in the cluster and the cluster lacks (a Node, a WebhookServer); undefined when all is there. */
export function faultTargetProblem(
  fault: FaultAction,
  cluster: { readonly nodeNames: ReadonlySet<string>; readonly webhookServers: readonly WebhookServerSpec[] },
): string | undefined {
  switch (fault.type) {
    case 'node-down':
      return cluster.nodeNames.has(fault.node)
        ? undefined
        : `node-down: no Node "${fault.node}" in the cluster`
    case 'image-pull-failure':
      return fault.node === undefined || cluster.nodeNames.has(fault.node)
        ? undefined
        : `image-pull-failure: no Node "${fault.node}" in the cluster`
    case 'webhook-timeout': {
      if (findServer(cluster.webhookServers, fault.server)) return undefined
      const named = cluster.webhookServers.filter((s) => s.name === fault.server)
      if (named.length > 1)
        return `webhook-timeout: several WebhookServers are named "${fault.server}"; name one as namespace/name (${named.map((s) => `${s.namespace}/${s.name}`).join(', ')})`
      const known = cluster.webhookServers.map((s) => `${s.namespace}/${s.name}`)
      return `webhook-timeout: no WebhookServer "${fault.server}" in the cluster${known.length ? ` (it has ${known.join(', ')})` : ''}`
    }
    default:
      return undefined
  }
}
