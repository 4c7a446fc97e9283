/**
 * The console's way of changing the cluster: the bridge's apply, delete and node actions (cordon,
 * uncordon, drain), each forking the simulation at the given time, as the chosen user.
 */
import type { OutputLine } from '../../protocol/messages'
import { applyYaml, deleteObject, runNodeAction } from '../bridge'
import type { ConsoleBackend, NodeActionOutput } from './execute'
import type { NodeAction } from './parse'

export type NodeActionRunner = (
  action: NodeAction,
  atMs: number,
  as: string | undefined,
) => Promise<NodeActionOutput>

/**
 * kubectl exits 1 when it reported an error: any stderr line but a `Warning:` (a drain's
 * "There are pending nodes to be drained", a NotFound, a refused cordon).
 */
export function exitCodeOf(output: readonly OutputLine[]): number {
  return output.some((l) => l.stream === 'stderr' && !l.text.startsWith('Warning: ')) ? 1 : 0
}

export const bridgeNodeAction: NodeActionRunner = async (action, atMs, as) => {
  const outcome = await runNodeAction({ ...action, atMs, ...(as !== undefined ? { as } : {}) })
  if (outcome.type === 'parse-error')
    return {
      exitCode: 1,
      output: outcome.problems.map((p) => ({ text: `error: ${p.message}`, stream: 'stderr' })),
    }
  const output = outcome.output ?? []
  return { exitCode: exitCodeOf(output), output: output.map((l) => ({ text: l.text, stream: l.stream })) }
}

export function bridgeBackend(nodeAction: NodeActionRunner = bridgeNodeAction): ConsoleBackend {
  return {
    apply: (yaml, atMs, as) => applyYaml(yaml, atMs, as),
    delete: (target, atMs, as) => deleteObject(target, atMs, as),
    nodeAction,
  }
}

export const defaultBackend: ConsoleBackend = bridgeBackend()
