import { describe, expect, it } from 'vitest'
import type { Message } from '../sim/kernel/trace'
import { messageView } from './views'

const base: Message = {
  id: 7,
  from: 'kubectl',
  to: 'kube-apiserver',
  kind: 'http-request',
  summary: 'POST /api/v1/namespaces/default/pods',
  sentAtMs: 10,
  deliverAtMs: 12,
  causeId: null,
  stage: 'submit',
  payload: { method: 'POST' },
}

describe('messageView', () => {
  it('has the same keys in the same order for every message, with or without its optional fields', () => {
    // One object shape for all views keeps the worker's packing monomorphic (see message-pack.ts).
    const views = [
      messageView(base),
      messageView({
        ...base,
        id: 8,
        kind: 'http-response',
        replyTo: 7,
        object: { resource: 'pods', namespace: 'default', name: 'web' },
        payload: { code: 201 },
      }),
      messageView({ ...base, id: 9, lostAtMs: 11, delayedByMs: 3 }),
    ]
    expect(new Set(views.map((v) => Object.keys(v).join())).size).toBe(1)
    expect(views[1]).toMatchObject({ replyTo: 7, code: 201, object: { name: 'web' } })
    expect(views[2]).toMatchObject({ lostAtMs: 11, delayedByMs: 3 })
    // Absent fields are undefined, which JSON leaves out as it left out the missing keys.
    expect(JSON.parse(JSON.stringify(views[0]))).toEqual({ ...base, payload: undefined })
    expect(Object.keys(JSON.parse(JSON.stringify(views[0])))).not.toContain('code')
  })
})
