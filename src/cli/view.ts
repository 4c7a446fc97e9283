/**
 * `npm run sim -- get|describe …`: kubectl's printers over the objects in files, exactly as the
 * files have them (nothing is simulated): `get pods|nodes|events [-o wide] [-A] [-n NS]`,
 * `describe pod|node NAME [-n NS]`. The files are manifests (YAML or JSON, `kind: List`), or the
 * JSON the simulator writes with `-o json` (its `pods`, `nodes` and `events`).
 *
 * Pure apart from its inputs: "now" (for ages) is an argument, the wall clock by default in main.ts,
 * as kubectl uses its machine's clock.
 */
import type { AnyEvent, Lease } from '../api/kubectl'
import { runView as runKubectlView, type ViewCommand } from '../api/kubectl/view'
import type { KubeObject, Node, Pod } from '../api/types'
import { parseManifests } from '../sim/scenario/parse'
import { type InputFile, textFiles } from './input-text'
import type { CliOutput } from './run'

export type { ViewCommand } from '../api/kubectl/view'
export { viewResource } from '../api/kubectl/view'

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

function readObjects(inputs: readonly InputFile[]): { objects?: Objects; errors: string[] } {
  const { files, errors } = textFiles(inputs)
  const all: KubeObject[] = []
  for (const file of files) {
    const fromRun = runOutputObjects(file.text)
    if (fromRun) {
      all.push(...fromRun)
      continue
    }
    const parsed = parseManifests(file.text, file.name)
    if (!parsed.ok) {
      for (const e of parsed.errors)
        errors.push(e.kubectl ? `error: ${e.message}` : `error: ${file.name}:${e.line}: ${e.message}`)
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

/** kubectl's view of the objects in the files (see api/kubectl/view.ts). */
export function runView(cmd: ViewCommand, files: readonly InputFile[]): CliOutput {
  const { objects, errors } = readObjects(files)
  if (!objects) return { exitCode: 1, stdout: '', stderr: `${errors.join('\n')}\n` }
  return runKubectlView(cmd, objects)
}
