/**
 * The "why?" the UI shows for one piece of state (a STATUS, a condition, an Event, a restart): the
 * revision that brought it, and the chain of messages behind that revision, as ids the graph can
 * highlight and the inspector can list.
 */
import type { MessageView } from '../../protocol/messages'
import type { RevisionIndex } from './objects'
import { chainHeadline, whyRevision } from './why'

export interface WhyView {
  /** What is explained: `Ready=True`, `Running`, `Warning BackOff`. */
  readonly title: string
  /** The object it is about: `pods/default/nginx`. */
  readonly subject: string
  /** When the state began. */
  readonly atMs: number
  /** The whole chain in one line, effect first. */
  readonly summary: string
  /** From the etcd write back to the root cause (a user action or startup); empty: state from before. */
  readonly messageIds: readonly number[]
}

/** `/registry/pods/default/nginx` → `pods/default/nginx` (the etcd prefix says nothing to a user). */
export function subjectOf(key: string): string {
  return key.replace(/^\/registry\//, '').replace(/^minions\//, 'nodes/')
}

/** Why `key` is as revision `revision` left it, titled `title`; undefined if the index lacks it. */
export function explainState(
  index: RevisionIndex,
  key: string,
  revision: number,
  messages: readonly MessageView[],
  title: string,
): WhyView | undefined {
  const why = whyRevision(index, key, revision, messages)
  if (!why) return undefined
  return {
    title,
    subject: subjectOf(key),
    atMs: Math.max(0, why.revision.atMs),
    summary: why.chain.length
      ? chainHeadline(title, why.chain)
      : `${title}: it was there before the story began`,
    messageIds: why.chain.map((m) => m.id),
  }
}
