import { describe, expect, it } from 'vitest'
import type { MessageView, ObjectRevision, WorkerEvent } from '../protocol/messages'
import { type Frame, Outbox, type PostLimit } from './outbox'

const message = (id: number, sentAtMs = id): MessageView => ({
  id,
  from: 'kubectl',
  to: 'kube-apiserver',
  kind: 'http-request',
  summary: `GET /api/v1/pods/p${id}`,
  sentAtMs,
  deliverAtMs: sentAtMs + 2,
  causeId: null,
  stage: 'submit',
})

const revision = (revision: number, atMs: number): ObjectRevision => ({
  key: `/registry/pods/default/p${revision}`,
  resource: 'pods',
  namespace: 'default',
  name: `p${revision}`,
  revision,
  atMs,
  messageId: null,
  object: { apiVersion: 'v1', kind: 'Pod', metadata: { name: `p${revision}` } },
})

const frame = (generation: number, messages: MessageView[], revisions: ObjectRevision[] = []): Frame => ({
  type: 'frame',
  generation,
  messages,
  revisions,
  computedUntilMs: Math.max(0, ...messages.map((m) => m.sentAtMs), ...revisions.map((r) => r.atMs)),
})

const reset = (generation: number, fromMs: number, fromMessageId: number): WorkerEvent => ({
  type: 'reset',
  generation,
  fromMs,
  fromMessageId,
  nodes: [],
  users: [],
  scenario: { seed: 1, clusterYaml: '', actions: [] },
})

/** Every post until the outbox is empty, with the given limit. */
function drain(outbox: Outbox, limit?: PostLimit) {
  const posts = []
  for (let p = outbox.next((r) => r, limit); p; p = outbox.next((r) => r, limit)) posts.push(p)
  return posts
}

/** Each post as a string; events riding on a frame's last chunk as `+type`. */
const types = (posts: ReturnType<typeof drain>) =>
  posts.map((p) =>
    p.type === 'frame'
      ? `frame ${p.messages.map((m) => m.id).join(',')}${(p.followedBy ?? []).map((e) => ` +${e.type}`).join('')}`
      : `${p.type}${p.type === 'reset' ? (p.followedBy ?? []).map((e) => ` +${e.type}`).join('') : ''}`,
  )

describe('Outbox', () => {
  it('merges frames of one generation and posts them in chunks of about the limit', () => {
    const outbox = new Outbox()
    outbox.addFrame(frame(1, [message(1), message(2)]))
    outbox.addFrame(frame(1, [message(3), message(4)], [revision(7, 3)]))
    const limit: PostLimit = { maxBytes: 100, mustBytes: 100, mustMs: -1, sizeOf: () => 60 }
    const posts = drain(outbox, limit)
    // The revision (at 3) no longer fits with messages 3 and 4: it goes next, and until it does,
    // the trace is complete only up to 2.
    expect(types(posts)).toEqual(['frame 1,2', 'frame 3,4', 'frame '])
    expect(posts.map((p) => (p.type === 'frame' ? [p.revisions.length, p.computedUntilMs] : []))).toEqual([
      [0, 2],
      [0, 2],
      [1, 4],
    ])
  })

  it('lets what playback is about to reach take the larger allowance', () => {
    const outbox = new Outbox()
    outbox.addFrame(
      frame(
        1,
        [1, 2, 3, 4, 5, 6].map((id) => message(id)),
      ),
    )
    const posts = drain(outbox, { maxBytes: 100, mustBytes: 200, mustMs: 3, sizeOf: () => 60 })
    // Messages 1–3 (sent by 3) may fill 200 bytes; message 4 is held to 100.
    expect(types(posts)).toEqual(['frame 1,2,3', 'frame 4,5', 'frame 6'])
  })

  it('keeps events behind the trace computed before them, and answers ahead of it', () => {
    const outbox = new Outbox()
    outbox.addFrame(frame(1, [message(1)]))
    outbox.addEvent(reset(2, 5, 2))
    outbox.addFrame(frame(2, [message(2)]))
    outbox.addEvent({ type: 'message-detail', requestId: 2, message: null })
    outbox.addEvent({ type: 'parse-error', requestId: 3, problems: [] })
    expect(types(drain(outbox))).toEqual(['message-detail', 'parse-error', 'frame 1 +reset', 'frame 2'])
  })

  it("posts kubectl's answer ahead of the queued trace, but behind the reset of its fork", () => {
    const outbox = new Outbox()
    outbox.addFrame(frame(1, [message(1, 1)]))
    outbox.addEvent(reset(2, 5, 2))
    outbox.addFrame(frame(2, [message(2, 6), message(3, 7)]))
    outbox.addEvent({ type: 'applied', requestId: 1, atMs: 5, results: [] })
    outbox.addFrame(frame(2, [message(4, 8)]))
    outbox.addEvent({ type: 'applied', requestId: 2, atMs: 5, results: [] })
    const posts = drain(outbox, { maxBytes: 60, mustBytes: 60, mustMs: 0, sizeOf: () => 60 })
    expect(types(posts)).toEqual(['frame 1 +reset +applied +applied', 'frame 2', 'frame 3', 'frame 4'])
    expect(
      posts[0]?.type === 'frame' && posts[0].followedBy?.map((e) => 'requestId' in e && e.requestId),
    ).toEqual([false, 1, 2])
  })

  it("with nothing queued but the trace, kubectl's answer goes first", () => {
    const outbox = new Outbox()
    outbox.addFrame(frame(1, [message(1), message(2)]))
    outbox.addEvent({ type: 'message-detail', requestId: 2, message: null })
    outbox.addEvent({ type: 'applied', requestId: 1, atMs: 0, results: [] })
    expect(types(drain(outbox))).toEqual(['message-detail', 'applied', 'frame 1,2'])
  })

  it('drops what a reset would drop: the queued trace from its message and time on', () => {
    const outbox = new Outbox()
    outbox.addFrame(
      frame(1, [message(1, 10), message(2, 20), message(3, 30)], [revision(5, 10), revision(6, 25)]),
    )
    outbox.addEvent(reset(2, 20, 2))
    outbox.addFrame(frame(2, [message(2, 21)]))
    const posts = drain(outbox)
    expect(types(posts)).toEqual(['frame 1 +reset', 'frame 2'])
    const first = posts[0]
    expect(
      first?.type === 'frame' && [first.revisions.map((r) => r.revision), first.computedUntilMs],
    ).toEqual([[5], 19])
  })

  it("a fork's reset at the head of the queue takes kubectl's answer along; an answer at the head goes alone", () => {
    const outbox = new Outbox()
    outbox.addEvent(reset(2, 5, 2))
    outbox.addFrame(frame(2, [message(2, 6)]))
    outbox.addEvent({ type: 'applied', requestId: 1, atMs: 5, results: [] })
    outbox.addEvent({ type: 'message-detail', requestId: 2, message: null })
    expect(types(drain(outbox))).toEqual(['message-detail', 'reset +applied', 'frame 2'])
  })

  it('a reset that drops everything queued goes at once', () => {
    const outbox = new Outbox()
    outbox.addFrame(frame(1, [message(1), message(2)]))
    outbox.addEvent(reset(2, -1, 0))
    expect(types(drain(outbox))).toEqual(['reset'])
  })
})
