/** Test helpers for the worker: the UI's view of the event stream. */
import { expect } from 'vitest'
import { applyDelta } from '../../protocol/delta'
import { MessageUnpacker } from '../../protocol/message-pack'
import type {
  CompactedTrace,
  MessageView,
  ObjectRevision,
  WirePost,
  WireRevision,
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
  private readonly unpacker = new MessageUnpacker()
  /** As taken (a posted frame's revisions may be deltas; `revisions` holds them decoded). */
  readonly events: WorkerEvent[] = []

  /** The Nodes of the last reset that carried them (a fork's reset leaves them out). */
  private nodes: Extract<WorkerEvent, { type: 'reset' }>['nodes'] = []

  take(events: readonly (WorkerEvent | WirePost)[]): void {
    for (const posted of events) this.takeOne(posted)
  }

  /**
   * One post, as the bridge takes it: a frame's messages unpacked in order; the progress riding on
   * it, then the events riding on it, as if posted after it; a reset's Nodes from the last reset
   * when it leaves them out.
   */
  private takeOne(posted: WorkerEvent | WirePost): void {
    if (posted.type === 'frame' && 'packed' in posted) {
      const { packed, followedBy, progress, ...frame } = posted
      this.takeEvent({ ...frame, messages: this.unpacker.unpack(packed) } as WorkerEvent)
      if (progress) this.takeEvent(progress)
      for (const e of followedBy ?? []) this.takeOne(e)
      return
    }
    if (posted.type === 'reset') {
      if (posted.nodes) this.nodes = posted.nodes
      this.takeEvent({ ...posted, nodes: posted.nodes ?? this.nodes })
      return
    }
    this.takeEvent(posted as WorkerEvent)
  }

  private takeEvent(e: WorkerEvent): void {
    this.events.push(e)
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
      // Revisions as posted: deltas, or whole.
      for (const w of e.revisions as readonly WireRevision[]) {
        const last = this.revisions[this.revisions.length - 1]
        if (last) expect(w.revision).toBeGreaterThanOrEqual(last.revision)
        if ('delta' in w && w.object === undefined) {
          const { delta, base, ...rest } = w
          // A new object may come as a delta against another key's object (`base`).
          if (base !== undefined) expect(this.history(w.key).at(-1)?.object ?? null).toBeNull()
          const held = this.history(base ?? w.key).at(-1)?.object
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

  of<T extends WorkerEvent['type']>(type: T): Array<Extract<WorkerEvent, { type: T }>> {
    return this.events.filter((e): e is Extract<WorkerEvent, { type: T }> => e.type === type)
  }

  history(key: string): ObjectRevision[] {
    return this.revisions.filter((r) => r.key === key)
  }
}
