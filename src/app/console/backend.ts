/**
 * The console's default way of changing the cluster: the bridge's apply and delete (each forks
 * the simulation at the given time). cordon, uncordon and drain are not wired to the worker yet:
 * they answer that they are not available, until a bridge function for them is passed in.
 */
import { applyYaml, deleteObject } from '../bridge'
import type { ConsoleBackend, NodeActionOutput } from './execute'
import type { NodeAction } from './parse'

export type NodeActionRunner = (
  action: NodeAction,
  atMs: number,
  as: string | undefined,
) => Promise<NodeActionOutput>

const notAvailable: NodeActionRunner = async (action) => ({
  exitCode: 1,
  output: [{ text: `error: ${action.type} is not available yet`, stream: 'stderr' }],
})

export function bridgeBackend(nodeAction: NodeActionRunner = notAvailable): ConsoleBackend {
  return {
    apply: (yaml, atMs, as) => applyYaml(yaml, atMs, as),
    delete: (target, atMs, as) =>
      // The bridge deletes as the admin; acting as someone else would misstate what RBAC allows.
      as === undefined
        ? deleteObject(target, atMs)
        : Promise.reject(
            new Error(`deleting as ${JSON.stringify(as)} is not available yet (switch to the admin)`),
          ),
    nodeAction,
  }
}

export const defaultBackend: ConsoleBackend = bridgeBackend()
