/**
 * `kubectl get` and `kubectl describe` over a set of objects (as of some moment): the printers
 * chosen and fed as kubectl does, with its empty-result and not-found texts. Shared by the CLI
 * (objects from files) and the app's console (objects at the cursor).
 */
import type { KubeObject, Node, Pod } from '../types'
import { nodeEvents, podEvents } from './describe-events'
import type { Lease } from './describe-node'
import { describeNode } from './describe-node'
import { describePod } from './describe-pod'
import type { AnyEvent } from './events'
import { getEvents } from './events'
import { getNodes } from './nodes'
import { getPods } from './pods'
import { noResourcesFound } from './table'

export type ViewResource = 'pods' | 'nodes' | 'events'

/** kubectl's names for the resources (plural, singular, short name). */
const ALIASES: Readonly<Record<string, ViewResource>> = {
  pods: 'pods',
  pod: 'pods',
  po: 'pods',
  nodes: 'nodes',
  node: 'nodes',
  no: 'nodes',
  events: 'events',
  event: 'events',
  ev: 'events',
}

export function viewResource(word: string): ViewResource | undefined {
  return ALIASES[word.toLowerCase()]
}

export interface ViewCommand {
  readonly verb: 'get' | 'describe'
  readonly resource: ViewResource
  /** describe: the object's name; get: only that object. */
  readonly name?: string
  /** get: `-o wide`. */
  readonly wide?: boolean
  /** get: `-A`, a NAMESPACE column. */
  readonly allNamespaces?: boolean
  /** `-n`: only this namespace (objects without one are in `default`). */
  readonly namespace?: string
  /** Wall-clock epoch milliseconds "now", for ages. */
  readonly nowMs: number
}

export interface ViewObjects {
  readonly pods: readonly Pod[]
  readonly nodes: readonly Node[]
  readonly events: readonly AnyEvent[]
  readonly leases: readonly Lease[]
}

export interface ViewOutput {
  readonly exitCode: number
  readonly stdout: string
  readonly stderr: string
}

const namespaceOf = (o: KubeObject): string => o.metadata?.namespace || 'default'

export function runView(cmd: ViewCommand, objects: ViewObjects): ViewOutput {
  // kubectl reads one namespace (-n, else the context's: default) unless -A.
  const ns = cmd.allNamespaces ? undefined : (cmd.namespace ?? 'default')
  const inNamespace = <T extends KubeObject>(list: readonly T[]): T[] =>
    ns === undefined ? [...list] : list.filter((o) => namespaceOf(o) === ns)
  const named = <T extends KubeObject>(list: T[]): T[] =>
    cmd.name === undefined ? list : list.filter((o) => o.metadata?.name === cmd.name)
  const print = { nowMs: cmd.nowMs, wide: cmd.wide === true, allNamespaces: cmd.allNamespaces === true }
  const ok = (stdout: string): ViewOutput => ({ exitCode: 0, stdout, stderr: '' })
  const none = (namespaced: boolean): ViewOutput => ({
    exitCode: 0,
    stdout: '',
    stderr: `${noResourcesFound(namespaced ? ns : undefined)}\n`,
  })
  const notFound = (): ViewOutput => ({
    exitCode: 1,
    stdout: '',
    stderr: `Error from server (NotFound): ${cmd.resource} ${JSON.stringify(cmd.name ?? '')} not found\n`,
  })

  if (cmd.verb === 'get') {
    if (cmd.resource === 'pods') {
      const pods = named(inNamespace(objects.pods))
      if (cmd.name !== undefined && pods.length === 0) return notFound()
      return pods.length ? ok(getPods(pods, print)) : none(true)
    }
    if (cmd.resource === 'nodes') {
      const nodes = named([...objects.nodes])
      if (cmd.name !== undefined && nodes.length === 0) return notFound()
      return nodes.length ? ok(getNodes(nodes, print)) : none(false)
    }
    const events = inNamespace(objects.events)
    return events.length ? ok(getEvents(events, print)) : none(true)
  }

  if (cmd.resource === 'pods') {
    const pods = named(inNamespace(objects.pods))
    if (pods.length === 0) return notFound()
    return ok(
      pods.map((p) => describePod(p, podEvents(p, objects.events), { nowMs: cmd.nowMs })).join('\n\n'),
    )
  }
  if (cmd.resource === 'nodes') {
    const node = objects.nodes.find((n) => n.metadata?.name === cmd.name)
    if (!node) return notFound()
    const lease = objects.leases.find(
      (l) => l.metadata?.name === cmd.name && l.metadata?.namespace === 'kube-node-lease',
    )
    return ok(
      describeNode(node, objects.pods, nodeEvents(node, objects.events), {
        nowMs: cmd.nowMs,
        ...(lease ? { lease } : {}),
      }),
    )
  }
  return { exitCode: 1, stdout: '', stderr: 'error: describe events is not supported; use get events\n' }
}
