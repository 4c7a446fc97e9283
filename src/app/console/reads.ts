/**
 * get and describe over the objects in effect at a moment: kubectl's tables and describe texts
 * come from runView (shared with the CLI), the generic printers (-o yaml|json|name) from
 * output.ts; the selection (namespace, name) is kubectl's.
 */
import type { ViewCommand, ViewObjects, ViewOutput } from '../../api/kubectl/view'
import { runView } from '../../api/kubectl/view'
import type { KubeObject } from '../../api/types'
import { objectsAt, type RevisionIndex } from '../model/objects'
import { printable, toKubectlJson, toKubectlName, toKubectlYaml } from './output'
import type { ConsoleCommand } from './parse'
import type { OutputBlock } from './types'

/** Every object get and describe may need, as of `atMs`. */
export function viewObjectsAt(revisions: RevisionIndex, atMs: number): ViewObjects {
  return {
    pods: objectsAt(revisions, 'pods', atMs),
    nodes: objectsAt(revisions, 'nodes', atMs),
    events: objectsAt(revisions, 'events', atMs),
    leases: objectsAt(revisions, 'leases', atMs),
  }
}

export type ReadCommand = Extract<ConsoleCommand, { type: 'get' | 'describe' }>

/** get and describe over `objects`; `nowMs` is the wall clock at the cursor, for ages. */
export function runRead(command: ReadCommand, objects: ViewObjects, nowMs: number): ViewOutput {
  const view: ViewCommand = {
    verb: command.type,
    resource: command.resource,
    ...(command.name !== undefined ? { name: command.name } : {}),
    ...(command.namespace !== undefined ? { namespace: command.namespace } : {}),
    allNamespaces: command.allNamespaces,
    nowMs,
  }
  const namespace = command.allNamespaces ? undefined : (command.namespace ?? 'default')
  const selected = select(command, objects, namespace)
  const notFound = (): ViewOutput => ({
    exitCode: 1,
    stdout: '',
    stderr: `Error from server (NotFound): ${command.resource} ${JSON.stringify(command.name)} not found\n`,
  })
  // runView says what to use instead.
  if (command.type === 'describe' && command.resource === 'events') return runView(view, objects)
  if (command.name !== undefined && selected.length === 0) return notFound()

  if (command.type === 'describe') {
    // describe with only a type describes each object; none is kubectl's "No resources found".
    if (command.name === undefined && selected.length === 0)
      return { exitCode: 0, stdout: '', stderr: noResourcesFound(namespace) }
    const texts = selected.map(
      (o) =>
        runView(
          {
            ...view,
            name: o.metadata?.name ?? '',
            namespace: o.metadata?.namespace || 'default',
            allNamespaces: false,
          },
          objects,
        ).stdout,
    )
    return { exitCode: 0, stdout: texts.join('\n\n'), stderr: '' }
  }
  if (command.output === 'table' || command.output === 'wide') {
    const wide = { ...view, wide: command.output === 'wide' }
    // runView lists every event in the namespace; a named event is the list of that one.
    if (command.resource === 'events' && command.name !== undefined) {
      const { name: _, ...all } = wide
      return runView(all, { ...objects, events: objects.events.filter((e) => selected.includes(e)) })
    }
    return runView(wide, objects)
  }
  const value = printable(selected, command.name !== undefined)
  const stdout =
    command.output === 'yaml'
      ? toKubectlYaml(value)
      : command.output === 'json'
        ? toKubectlJson(value)
        : toKubectlName(selected)
  return { exitCode: 0, stdout, stderr: '' }
}

/** The objects a get or describe is about, in the apiserver's list order (by etcd key). */
function select(command: ReadCommand, objects: ViewObjects, namespace: string | undefined): KubeObject[] {
  const list: readonly KubeObject[] =
    command.resource === 'pods' ? objects.pods : command.resource === 'nodes' ? objects.nodes : objects.events
  const namespaced = command.resource !== 'nodes'
  return list.filter(
    (o) =>
      (!namespaced || namespace === undefined || (o.metadata?.namespace || 'default') === namespace) &&
      (command.name === undefined || o.metadata?.name === command.name),
  )
}

function noResourcesFound(namespace: string | undefined): string {
  return namespace === undefined ? 'No resources found\n' : `No resources found in ${namespace} namespace.\n`
}

/** A read's output as blocks: stdout, then stderr (what kubectl wrote to each). */
export function blocks(out: ViewOutput): OutputBlock[] {
  return [
    ...(out.stdout ? [{ text: out.stdout, stream: 'stdout' as const }] : []),
    ...(out.stderr ? [{ text: out.stderr, stream: 'stderr' as const }] : []),
  ]
}
