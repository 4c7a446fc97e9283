/**
 * Trace messages as a frame post carries them: numbers in one flat array, and every string
 * (component, kind, stage, resource, name, summary) as an index into a table both sides keep —
 * each post carries only the strings new to it. A summary that contains its object's name is
 * sent as a template with the name cut out (`PATCH …/pods/\u0001/status`), and what many messages
 * share (ends, kind, stage, resource, namespace, template) is one *shape*, kept in a second table:
 * the thousands of status patches of a rollout are a few shapes and a name each. A message is ~30
 * bytes of JSON this way instead of ~280, which keeps posts small while a burst of messages
 * streams (docs/performance.md).
 *
 * Lossless: unpack(pack(ms)) deep-equals ms. Posts must be unpacked in the order they were packed
 * (the table grows with them), which postMessage guarantees.
 */
import type { MessageView, ObjectRef } from './messages'

export interface PackedMessages {
  /** Strings new to the table, appended to it (after clearing it, with `restart`) before rows are read. */
  readonly strings: readonly string[]
  /** Shapes new to the shape table, SHAPE numbers each (string indexes, -1 for none). */
  readonly shapes: readonly number[]
  /** The tables grew past their bound and started over: the receiver clears its own first. */
  readonly restart?: true
  /** FIELDS numbers per message, in order (see MessagePacker.pack for the layout). */
  readonly rows: readonly number[]
  /** Messages with fields the rows do not hold (a fault's lostAtMs): [index in this post, the message]. */
  readonly whole?: readonly (readonly [number, MessageView])[]
}

/** Numbers per message in `rows`. */
const FIELDS = 10
/** Numbers per shape: from, to, kind, stage, resource, namespace, summary template. */
const SHAPE = 7

/** Past this many strings the tables start over, so a very long run does not keep every name. */
export const MAX_STRINGS = 50_000

/** Marks where a summary's object name was cut out. */
const NAME = '\u0001'

/** Keys a row holds; a message with any other key goes whole. */
const ROW_KEYS = new Set([
  'id',
  'from',
  'to',
  'kind',
  'summary',
  'sentAtMs',
  'deliverAtMs',
  'causeId',
  'stage',
  'object',
  'replyTo',
  'code',
])
const OBJECT_KEYS = new Set(['resource', 'namespace', 'name', 'uid'])

/** The sending side: its tables and the packing. */
export class MessagePacker {
  private readonly index = new Map<string, number>()
  private readonly shapeIndex = new Map<string, number>()
  private fresh: string[] = []
  private freshShapes: number[] = []
  private restart = false

  /** Pack messages for one post (appending their new strings and shapes to the tables). */
  pack(messages: readonly MessageView[]): PackedMessages {
    if (this.index.size > MAX_STRINGS) {
      this.index.clear()
      this.shapeIndex.clear()
      this.restart = true
    }
    const rows: number[] = []
    const whole: [number, MessageView][] = []
    let prevId = 0
    let prevSentMs = 0
    for (let i = 0; i < messages.length; i++) {
      const m = messages[i] as MessageView
      if (!packable(m)) {
        whole.push([i, m])
        // Keep the row count aligned with the messages: an empty row.
        for (let k = 0; k < FIELDS; k++) rows.push(0)
        continue
      }
      const o = m.object
      const name = o?.name
      const cut = name !== undefined && name !== '' && !m.summary.includes(NAME) && m.summary.includes(name)
      const shape = this.shape([
        this.str(m.from),
        this.str(m.to),
        this.str(m.kind),
        this.str(m.stage),
        o ? this.str(o.resource) : -1,
        o?.namespace !== undefined ? this.str(o.namespace) : -1,
        cut ? this.str(m.summary.replace(name, NAME)) : -1,
      ])
      // Layout: id and sentAtMs as steps from the previous message of the post; the literal
      // summary (-1: the shape's template with the name put back); the rest relative to the
      // message itself (0 for none) or string indexes (-1 for none).
      rows.push(
        m.id - prevId,
        shape,
        cut ? -1 : this.str(m.summary),
        m.sentAtMs - prevSentMs,
        m.deliverAtMs - m.sentAtMs,
        m.causeId === null ? 0 : m.id - m.causeId,
        o ? this.str(o.name) : -1,
        o?.uid !== undefined ? this.str(o.uid) : -1,
        m.replyTo !== undefined ? m.id - m.replyTo : 0,
        m.code ?? -1,
      )
      prevId = m.id
      prevSentMs = m.sentAtMs
    }
    const strings = this.fresh
    const shapes = this.freshShapes
    this.fresh = []
    this.freshShapes = []
    const restart = this.restart
    this.restart = false
    return {
      strings,
      shapes,
      ...(restart ? { restart: true } : {}),
      rows,
      ...(whole.length ? { whole } : {}),
    }
  }

  /**
   * About how many bytes of JSON `m` adds to a post (its row, and its name and summary if new):
   * for deciding what fits in a post before packing it.
   */
  sizeOf(m: MessageView): number {
    let bytes = 32
    for (const s of [m.summary, m.object?.name])
      if (s !== undefined && !this.index.has(s)) bytes += s.length + 3
    return bytes
  }

  private str(s: string): number {
    let i = this.index.get(s)
    if (i === undefined) {
      i = this.index.size
      this.index.set(s, i)
      this.fresh.push(s)
    }
    return i
  }

  private shape(fields: readonly number[]): number {
    const key = fields.join(',')
    let i = this.shapeIndex.get(key)
    if (i === undefined) {
      i = this.shapeIndex.size
      this.shapeIndex.set(key, i)
      for (const f of fields) this.freshShapes.push(f)
    }
    return i
  }
}

/** The receiving side: the same tables, rebuilt from the posts. */
export class MessageUnpacker {
  private table: string[] = []
  private shapes: number[] = []

  unpack(p: PackedMessages): MessageView[] {
    if (p.restart) {
      this.table = []
      this.shapes = []
    }
    for (const s of p.strings) this.table.push(s)
    for (const n of p.shapes) this.shapes.push(n)
    const t = this.table
    const shapes = this.shapes
    const str = (i: number) => t[i] as string
    const out: MessageView[] = []
    const whole = new Map(p.whole ?? [])
    let id = 0
    let sentAtMs = 0
    const rows = p.rows
    for (let r = 0, i = 0; r < rows.length; r += FIELDS, i++) {
      const kept = whole.get(i)
      if (kept) {
        out.push(kept)
        continue
      }
      const n = (k: number) => rows[r + k] as number
      const at = n(1) * SHAPE
      const f = (k: number) => shapes[at + k] as number
      id += n(0)
      sentAtMs += n(3)
      const resource = f(4)
      const namespace = f(5)
      const uid = n(7)
      // One shape for every message and every object ref, absent fields undefined (which
      // toEqual, JSON and packing treat as absent): the UI reads these on every frame, and
      // monomorphic reads stay in V8's optimized code.
      const object: ObjectRef | undefined =
        resource < 0
          ? undefined
          : {
              resource: str(resource),
              namespace: namespace >= 0 ? str(namespace) : undefined,
              name: str(n(6)),
              uid: uid >= 0 ? str(uid) : undefined,
            }
      const summary = n(2) >= 0 ? str(n(2)) : str(f(6)).replace(NAME, () => object?.name ?? '')
      const replyTo = n(8)
      const code = n(9)
      out.push({
        id,
        from: str(f(0)),
        to: str(f(1)),
        kind: str(f(2)) as MessageView['kind'],
        summary,
        sentAtMs,
        deliverAtMs: sentAtMs + n(4),
        causeId: n(5) === 0 ? null : id - n(5),
        stage: str(f(3)) as MessageView['stage'],
        object,
        replyTo: replyTo !== 0 ? id - replyTo : undefined,
        lostAtMs: undefined,
        delayedByMs: undefined,
        code: code !== -1 ? code : undefined,
      })
    }
    return out
  }
}

/** Whether every field of `m` has its place in a row (anything else goes whole). */
function packable(m: MessageView): boolean {
  for (const k in m) {
    const v = (m as unknown as Record<string, unknown>)[k]
    if (v === undefined) continue
    if (!ROW_KEYS.has(k)) return false
  }
  if (m.object) for (const k in m.object) if (!OBJECT_KEYS.has(k)) return false
  // Numbers the rows keep as they are must be integers (the codec adds and subtracts them).
  return (
    Number.isInteger(m.id) &&
    Number.isInteger(m.sentAtMs) &&
    Number.isInteger(m.deliverAtMs) &&
    (m.code === undefined || (Number.isInteger(m.code) && m.code !== -1)) &&
    (m.causeId === null || (Number.isInteger(m.causeId) && m.causeId !== m.id)) &&
    (m.replyTo === undefined || (Number.isInteger(m.replyTo) && m.replyTo !== m.id))
  )
}
