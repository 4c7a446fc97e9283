import { describe, expect, it } from 'vitest'
import { Session } from '../../worker/session'
import { Mirror } from '../../worker/testing/mirror'
import { addRevisions } from './objects'
import { explainState, subjectOf } from './why-view'

const NGINX =
  'apiVersion: v1\nkind: Pod\nmetadata:\n  name: nginx\nspec:\n  containers:\n  - name: nginx\n    image: nginx\n'
const KEY = '/registry/pods/default/nginx'

/** A real run: nginx applied at 0, computed until the cluster is idle. */
function run() {
  const session = new Session()
  const mirror = new Mirror()
  mirror.take(session.load({ seed: 1, clusterYaml: '', actions: [] }))
  mirror.take(session.apply(1, NGINX, 0))
  for (let r = session.computeSome(500); ; r = session.computeSome(500)) {
    mirror.take(r.events)
    if (!r.more) break
  }
  const index = new Map()
  addRevisions(index, mirror.revisions)
  return { mirror, index }
}

describe('explainState', () => {
  it("explains the binding: the scheduler's POST, back to kubectl's apply", () => {
    const { mirror, index } = run()
    const bound = mirror
      .history(KEY)
      .find((r) => (r.object as { spec?: { nodeName?: string } })?.spec?.nodeName)
    if (!bound) throw new Error('never bound')
    const why = explainState(index, KEY, bound.revision, mirror.messages, 'PodScheduled=True')
    expect(why?.title).toBe('PodScheduled=True')
    expect(why?.subject).toBe('pods/default/nginx')
    expect(why?.atMs).toBe(bound.atMs)
    expect(why?.summary).toMatch(
      /^PodScheduled=True ← POST pods\/nginx\/binding \(kube-scheduler\) ← .*POST pods \(kubectl\)/,
    )
    // The chain starts at the etcd write and ends at a root (a message with no cause).
    const ids = why?.messageIds ?? []
    expect(ids[0]).toBe(bound.messageId)
    const root = mirror.messages.find((m) => m.id === ids.at(-1))
    expect(root?.causeId).toBeNull()
    expect(root?.from).toBe('kubectl')
  })

  it('says state from before the story began has no chain, and an unknown revision nothing', () => {
    const { mirror, index } = run()
    const node = mirror.revisions.find((r) => r.key === '/registry/minions/worker-1' && r.messageId === null)
    if (!node) throw new Error('no boot revision')
    expect(explainState(index, node.key, node.revision, mirror.messages, 'Ready')).toMatchObject({
      subject: 'nodes/worker-1',
      atMs: 0,
      messageIds: [],
      summary: 'Ready: it was there before the story began',
    })
    expect(explainState(index, KEY, -5, mirror.messages, 'x')).toBeUndefined()
    expect(subjectOf('/registry/events/default/nginx.1')).toBe('events/default/nginx.1')
  })
})
