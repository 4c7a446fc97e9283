/**
 * For the console's tests: real objects, from running the simulation the way the worker does
 * (a Session, its events mirrored as the store keeps them), and a backend that records calls.
 */
import type { ObjectRevision } from '../../protocol/messages'
import { DEFAULT_SCENARIO, Session } from '../../worker/session'
import { Mirror } from '../../worker/testing/mirror'
import type { ApplyOutcome, DeleteTarget } from '../bridge'
import { indexOf } from '../model/testing'
import type { ConsoleBackend, NodeActionOutput } from './execute'
import type { NodeAction } from './parse'

/**
 * The default cluster, with `yaml` applied at `applyAtMs`, computed until `untilMs`: the
 * revisions by key, as the store holds them.
 */
export function simulated(yaml: string, applyAtMs: number, untilMs: number): Map<string, ObjectRevision[]> {
  const session = new Session()
  const mirror = new Mirror()
  const settle = () => {
    for (let i = 0; i < 10_000; i++) {
      const r = session.computeSome(2_000)
      mirror.take(r.events)
      if (!r.more) return
    }
    throw new Error('the simulation did not settle')
  }
  mirror.take(session.load(DEFAULT_SCENARIO))
  settle()
  mirror.take(session.apply(1, yaml, applyAtMs))
  session.cursor(untilMs, false, 1)
  settle()
  return indexOf(mirror.revisions)
}

export type BackendCall =
  | {
      readonly method: 'apply'
      readonly yaml: string
      readonly atMs: number
      readonly as: string | undefined
    }
  | {
      readonly method: 'delete'
      readonly target: DeleteTarget
      readonly atMs: number
      readonly as: string | undefined
    }
  | {
      readonly method: 'nodeAction'
      readonly action: NodeAction
      readonly atMs: number
      readonly as: string | undefined
    }

/** A backend that records its calls and answers what it is given. */
export function fakeBackend(answers: {
  apply?: ApplyOutcome | Error
  delete?: ApplyOutcome | Error
  nodeAction?: NodeActionOutput
}): ConsoleBackend & { readonly calls: BackendCall[] } {
  const calls: BackendCall[] = []
  const answer = (a: ApplyOutcome | Error | undefined): Promise<ApplyOutcome> =>
    a instanceof Error ? Promise.reject(a) : Promise.resolve(a ?? { type: 'applied', atMs: 0, results: [] })
  return {
    calls,
    apply: (yaml, atMs, as) => {
      calls.push({ method: 'apply', yaml, atMs, as })
      return answer(answers.apply)
    },
    delete: (target, atMs, as) => {
      calls.push({ method: 'delete', target, atMs, as })
      return answer(answers.delete)
    },
    nodeAction: (action, atMs, as) => {
      calls.push({ method: 'nodeAction', action, atMs, as })
      return Promise.resolve(answers.nodeAction ?? { exitCode: 0, output: [] })
    },
  }
}
