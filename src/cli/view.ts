/**
 * `npm run sim -- get|describe …`: kubectl's printers over the objects in files, exactly as the
 * files have them (nothing is simulated): `get pods|nodes|events [-o wide] [-A] [-n NS]`,
 * `describe pod|node NAME [-n NS]`. The files are manifests (YAML or JSON, `kind: List`), or the
 * JSON the simulator writes with `-o json` (its `pods`, `nodes` and `events`).
 *
 * Pure apart from its inputs: "now" (for ages) is an argument, the wall clock by default in main.ts,
 * as kubectl uses its machine's clock.
 */
import {
  type AnyEvent,
  describeNode,
  describePod,
  getEvents,
  getNodes,
  getPods,
  type Lease,
  nodeEvents,
  noResourcesFound,
  podEvents,
} from '../api/kubectl'
import type { KubeObject, Node, Pod } from '../api/types'
import { parseManifests } from '../sim/scenario/parse'
import type { CliOutput, InputFile } from './run'

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
  /** describe: the object's name. */
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

interface Objects {
  readonly pods: Pod[]
  readonly nodes: Node[]
  readonly events: AnyEvent[]
  readonly leases: Lease[]
}

/** The simulator's `-o json` output: an object with `pods`, `nodes` and `events` arrays. */
function runOutputObjects(text: string): KubeObject[] | undefined {
  const trimmed = text.trimStart()
  if (!trimmed.startsWith('{')) return undefined
  let value: unknown
  try {
    value = JSON.parse(trimmed)
  } catch {
    return undefined
  }
  if (typeof value !== 'object' || value === null || 'kind' in value || !('pods' in value)) return undefined
  const v = value as { pods?: unknown; nodes?: unknown; events?: unknown }
  const list = (x: unknown) => (Array.isArray(x) ? (x as KubeObject[]) : [])
  return [...list(v.nodes), ...list(v.pods), ...list(v.events)]
}

function readObjects(files: readonly InputFile[]): { objects?: Objects; errors: string[] } {
  const errors: string[] = []
  const all: KubeObject[] = []
  for (const file of files) {
    const fromRun = runOutputObjects(file.text)
    if (fromRun) {
      all.push(...fromRun)
      continue
    }
    const parsed = parseManifests(file.text, file.name)
    if (!parsed.ok) {
      for (const e of parsed.errors) errors.push(`error: ${file.name}:${e.line}: ${e.message}`)
      continue
    }
    for (const p of parsed.objects) all.push(p.object)
  }
  if (errors.length) return { errors }
  const core = (o: KubeObject, kind: string) => o.kind === kind && o.apiVersion === 'v1'
  return {
    errors,
    objects: {
      pods: all.filter((o) => core(o, 'Pod')) as Pod[],
      nodes: all.filter((o) => core(o, 'Node')) as Node[],
      events: all.filter(
        (o) => o.kind === 'Event' && (o.apiVersion === 'v1' || o.apiVersion === 'events.k8s.io/v1'),
      ) as AnyEvent[],
      leases: all.filter((o) => o.kind === 'Lease' && o.apiVersion === 'coordination.k8s.io/v1') as Lease[],
    },
  }
}

const namespaceOf = (o: KubeObject): string => o.metadata?.namespace || 'default'

const RESOURCE_NAME: Readonly<Record<ViewResource, string>> = {
  pods: 'pods',
  nodes: 'nodes',
  events: 'events',
}

export function runView(cmd: ViewCommand, files: readonly InputFile[]): CliOutput {
  const { objects, errors } = readObjects(files)
  if (!objects) return { exitCode: 1, stdout: '', stderr: `${errors.join('\n')}\n` }
  const inNamespace = <T extends KubeObject>(list: readonly T[]): T[] =>
    cmd.namespace === undefined ? [...list] : list.filter((o) => namespaceOf(o) === cmd.namespace)
  const print = { nowMs: cmd.nowMs, wide: cmd.wide === true, allNamespaces: cmd.allNamespaces === true }
  const ok = (stdout: string): CliOutput => ({ exitCode: 0, stdout, stderr: '' })
  const none = (namespaced: boolean): CliOutput => ({
    exitCode: 0,
    stdout: '',
    stderr: `${noResourcesFound(namespaced && !cmd.allNamespaces ? (cmd.namespace ?? 'default') : undefined)}\n`,
  })

  if (cmd.verb === 'get') {
    if (cmd.resource === 'pods') {
      const pods = inNamespace(objects.pods)
      return pods.length ? ok(getPods(pods, print)) : none(true)
    }
    if (cmd.resource === 'nodes')
      return objects.nodes.length ? ok(getNodes(objects.nodes, print)) : none(false)
    const events = inNamespace(objects.events)
    return events.length ? ok(getEvents(events, print)) : none(true)
  }

  const name = cmd.name ?? ''
  const notFound = (): CliOutput => ({
    exitCode: 1,
    stdout: '',
    stderr: `Error from server (NotFound): ${RESOURCE_NAME[cmd.resource]} ${JSON.stringify(name)} not found\n`,
  })
  if (cmd.resource === 'pods') {
    const pods = inNamespace(objects.pods).filter((p) => p.metadata?.name === name)
    if (pods.length === 0) return notFound()
    return ok(
      pods.map((p) => describePod(p, podEvents(p, objects.events), { nowMs: cmd.nowMs })).join('\n\n'),
    )
  }
  if (cmd.resource === 'nodes') {
    const node = objects.nodes.find((n) => n.metadata?.name === name)
    if (!node) return notFound()
    const lease = objects.leases.find(
      (l) => l.metadata?.name === name && l.metadata?.namespace === 'kube-node-lease',
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
