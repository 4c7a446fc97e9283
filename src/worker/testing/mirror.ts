/** Test helpers for the worker: the UI's view of the event stream. */
import { expect } from 'vitest'
import { applyDelta } from '../../protocol/delta'
import type { MessageView, ObjectRevision, WirePost, WorkerEvent } from '../../protocol/messages'

/**
 * The UI's side of the protocol, as the store applies it: a reset drops messages from
 * fromMessageId and revisions from fromMs; frames of the current generation append. It checks the
 * invariants the UI relies on as it goes: ids contiguous from 1, revisions in order per key, a
 * delta only against an object it holds (which it applies, as the store does).
 */
export class Mirror {
  generation = 0
  messages: MessageView[] = []
  revisions: ObjectRevision[] = []
  computedUntilMs = -1
  idleAtMs: number | undefined
  /** As taken (a posted frame's revisions may be deltas; `revisions` holds them decoded). */
  readonly events: WorkerEvent[] = []

  take(events: readonly (WorkerEvent | WirePost)[]): void {
    for (const e of events) {
      this.events.push(e as WorkerEvent)
      if (e.type === 'reset') {
        this.generation = e.generation
        this.messages = this.messages.filter((m) => m.id < e.fromMessageId)
        this.revisions = this.revisions.filter((r) => r.atMs < e.fromMs)
        this.computedUntilMs = Math.min(this.computedUntilMs, e.fromMs)
        this.idleAtMs = undefined
      } else if (e.type === 'frame') {
        expect(e.generation).toBe(this.generation)
        for (const m of e.messages) {
          expect(m.id).toBe(this.messages.length + 1)
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
