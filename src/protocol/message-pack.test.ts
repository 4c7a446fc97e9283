import { describe, expect, it } from 'vitest'
import { MAX_STRINGS, MessagePacker, MessageUnpacker } from './message-pack'
import type { MessageView } from './messages'

const pod = (name: string) => ({ resource: 'pods', namespace: 'default', name })

function message(id: number, over: Partial<MessageView> = {}): MessageView {
  return {
    id,
    from: 'kubelet/worker-1',
    to: 'kube-apiserver',
    kind: 'http-request',
    summary: `PATCH /api/v1/namespaces/default/pods/web-${id}/status`,
    sentAtMs: 100 + id,
    deliverAtMs: 103 + id,
    causeId: id - 1,
    stage: 'status',
    object: pod(`web-${id}`),
    ...over,
  }
}

/** Pack posts one after another and unpack them in order, as the worker and the bridge do. */
function roundTrip(posts: readonly (readonly MessageView[])[]) {
  const packer = new MessagePacker()
  const unpacker = new MessageUnpacker()
  return posts.map((ms) => {
    const packed = structuredClone(packer.pack(ms))
    return { packed, messages: unpacker.unpack(packed) }
  })
}

describe('message packing', () => {
  it('gives back the same messages, whatever fields they have', () => {
    const posts: MessageView[][] = [
      [
        message(1, { causeId: null }),
        message(2),
        message(3, {
          kind: 'http-response',
          from: 'kube-apiserver',
          to: 'kubelet/worker-1',
          replyTo: 2,
          code: 200,
        }),
        // No object; a step; an object without a namespace, with a uid.
        message(4, { object: undefined, summary: 'RunPodSandbox', kind: 'cri-request', stage: 'sandbox' }),
        message(5, { kind: 'step', from: 'kube-scheduler', to: 'kube-scheduler', deliverAtMs: 105 }),
        message(6, {
          object: { resource: 'nodes', name: 'worker-1', uid: 'u-1' },
          summary: 'GET nodes/worker-1',
        }),
        // A name that is not in the summary, and one the summary holds twice.
        message(7, { summary: 'Txn OK (revision 277)' }),
        message(8, { summary: 'web-8 then web-8 again' }),
      ],
      // The next post reuses the table: ids and times far from the last, a name with `$&` in it.
      [
        message(500, {
          sentAtMs: 90_000,
          deliverAtMs: 90_050,
          object: pod('a$&b'),
          summary: 'GET pods/a$&b',
        }),
      ],
      // Fields the rows do not hold go whole (a dropped message), between packed ones.
      [message(501), message(502, { lostAtMs: 610, delayedByMs: 5 }), message(503)],
      [],
    ]
    for (const [i, { messages }] of roundTrip(posts).entries()) expect(messages).toEqual(posts[i])
  })

  it('gives every message, and every object it names, the same keys in the same order', () => {
    // One object shape for all of them: the UI reads messages on every frame (scene.ts), and V8
    // keeps such reads in optimized code only while they see few shapes.
    const [post] = roundTrip([
      [
        message(1, { causeId: null }),
        message(2, { kind: 'http-response', replyTo: 1, code: 201 }),
        message(3, { object: undefined, kind: 'step', from: 'kube-scheduler', to: 'kube-scheduler' }),
        message(4, { object: { resource: 'nodes', name: 'worker-1', uid: 'u-1' } }),
      ],
    ])
    const messages = post?.messages ?? []
    expect(messages).toHaveLength(4)
    const keys = messages.map((m) => Object.keys(m).join())
    expect(new Set(keys).size).toBe(1)
    const objects = messages.flatMap((m) => (m.object ? [Object.keys(m.object).join()] : []))
    expect(objects).toHaveLength(3)
    expect(new Set(objects).size).toBe(1)
  })

  it('keeps a rollout’s status patches small: the summary is a template, the name is sent once', () => {
    const [first, second] = roundTrip([
      Array.from({ length: 50 }, (_, i) => message(i + 1)),
      Array.from({ length: 50 }, (_, i) =>
        message(i + 51, {
          object: pod(`web-${i + 1}`),
          summary: `PATCH /api/v1/namespaces/default/pods/web-${i + 1}/status`,
        }),
      ),
    ])
    // One template for all fifty summaries; each name once.
    expect(first?.packed.strings.filter((s) => s.startsWith('PATCH'))).toHaveLength(1)
    expect(second?.packed.strings).toEqual([])
    const json = (x: unknown) => JSON.stringify(x).length
    const plain = json(second?.messages)
    expect(json(second?.packed)).toBeLessThan(plain / 4)
  })

  it('starts the table over past its bound, and says so', () => {
    const packer = new MessagePacker()
    const unpacker = new MessageUnpacker()
    const many = Array.from({ length: MAX_STRINGS + 10 }, (_, i) =>
      message(i + 1, { object: undefined, summary: `unique ${i}` }),
    )
    expect(unpacker.unpack(packer.pack(many))).toEqual(many)
    const next = packer.pack([message(MAX_STRINGS + 11)])
    expect(next.restart).toBe(true)
    expect(unpacker.unpack(next)).toEqual([message(MAX_STRINGS + 11)])
  })

  it('estimates a message’s size: about its packed size, less once its strings are known', () => {
    const packer = new MessagePacker()
    packer.pack([message(1)])
    const estimate = packer.sizeOf(message(2))
    const packed = JSON.stringify(packer.pack([message(2)])).length
    // The post's own keys aside, the estimate is not below what the message took.
    expect(estimate).toBeGreaterThanOrEqual(packed - 40)
    expect(estimate).toBeLessThan(packed * 2)
    expect(packer.sizeOf(message(2))).toBeLessThan(estimate)
  })
})
