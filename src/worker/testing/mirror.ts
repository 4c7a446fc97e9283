/** Test helpers for the worker: the UI's view of the event stream. */
import { expect } from 'vitest'
import { applyDelta } from '../../protocol/delta'
import type {
  CompactedTrace,
  MessageView,
  ObjectRevision,
  WirePost,
  WorkerEvent,
} from '../../protocol/messages'

/**
 * The UI's side of the protocol, as the store applies it: a reset drops messages from
 * fromMessageId and revisions from fromMs; frames of the current generation append, and drop the
 * messages a large run compacted. It checks the invariants the UI relies on as it goes: ids
 * contiguous (from 1, or from the compacted ones), revisions in order per key, a delta only against
 * an object it holds (which it applies, as the store does).
 */
export class Mirror {
  generation = 0
  messages: MessageView[] = []
  revisions: ObjectRevision[] = []
  computedUntilMs = -1
  idleAtMs: number | undefined
  compacted: CompactedTrace | undefined
  /** As taken (a posted frame's revisions may be deltas; `revisions` holds them decoded). */
  readonly events: WorkerEvent[] = []

  take(events: readonly (WorkerEvent | WirePost)[]): void {
    for (const e of events) {
      this.events.push(e as WorkerEvent)
      if (e.type === 'reset') {
        this.generation = e.generation
        this.messages = this.messages.filter((m) => m.id < e.fromMessageId)
        if (this.compacted && e.fromMessageId <= this.compacted.throughId) this.compacted = undefined
        this.revisions = this.revisions.filter((r) => r.atMs < e.fromMs)
        // Complete up to just before the fork (the session's floor); the next frame says more.
        this.computedUntilMs = Math.min(this.computedUntilMs, e.fromMs - 1)
        this.idleAtMs = undefined
      } else if (e.type === 'frame') {
        expect(e.generation).toBe(this.generation)
        if (e.compacted) {
          const through = e.compacted.throughId
          expect(through).toBeGreaterThan(this.compacted?.throughId ?? 0)
          this.compacted = e.compacted
          this.messages = this.messages.filter((m) => m.id > through)
        }
        for (const m of e.messages) {
          const last = this.messages[this.messages.length - 1]?.id ?? 0
          expect(m.id).toBe(Math.max(last, this.compacted?.throughId ?? 0) + 1)
          this.messages.push(m)
        }
        for (const w of e.revisions) {
          const last = this.revisions[this.revisions.length - 1]
          if (last) expect(w.revision).toBeGreaterThanOrEqual(last.revision)
          if ('delta' in w && w.object === undefined) {
            const { delta, ...rest } = w
            const held = this.history(w.key).at(-1)?.object
            expect(held, `a delta for ${w.key} without the object it changes`).toBeTruthy()
            this.revisions.push({
              ...rest,
              object: applyDelta(held as object, delta) as ObjectRevision['object'],
            })
          } else this.revisions.push(w as ObjectRevision)
        }
        expect(e.computedUntilMs).toBeGreaterThanOrEqual(this.computedUntilMs)
        this.computedUntilMs = e.computedUntilMs
        this.idleAtMs = e.idleAtMs
      }
    }
  }

  of<T extends WorkerEvent['type']>(type: T): Array<Extract<WorkerEvent, { type: T }>> {
    return this.events.filter((e): e is Extract<WorkerEvent, { type: T }> => e.type === type)
  }

  history(key: string): ObjectRevision[] {
    return this.revisions.filter((r) => r.key === key)
  }
}
