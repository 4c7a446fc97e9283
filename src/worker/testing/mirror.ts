/** Test helpers for the worker: the UI's view of the event stream. */
import { expect } from 'vitest'
import type { MessageView, ObjectRevision, WorkerEvent } from '../../protocol/messages'

/**
 * The UI's side of the protocol, as the store applies it: a reset drops messages from
 * fromMessageId and revisions from fromMs; frames of the current generation append. It checks the
 * invariants the UI relies on as it goes: ids contiguous from 1, revisions in order per key.
 */
export class Mirror {
  generation = 0
  messages: MessageView[] = []
  revisions: ObjectRevision[] = []
  computedUntilMs = -1
  idleAtMs: number | undefined
  readonly events: WorkerEvent[] = []

  take(events: readonly WorkerEvent[]): void {
    for (const e of events) {
      this.events.push(e)
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
        for (const r of e.revisions) {
          const last = this.revisions[this.revisions.length - 1]
          if (last) expect(r.revision).toBeGreaterThanOrEqual(last.revision)
          this.revisions.push(r)
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
