import { describe, expect, it } from 'vitest'
import type { Pod } from '../../api/types'
import { objectHistory } from './history'
import { indexOf, makeMessage, makePodWith, podRevision, writtenBy } from './testing'

const KEY = '/registry/pods/default/nginx'

const trace = [
  makeMessage({
    id: 1,
    from: 'kubectl',
    to: 'kube-apiserver',
    sentAtMs: 0,
    summary: 'POST /api/v1/namespaces/default/pods?fieldManager=kubectl-client-side-apply',
  }),
  makeMessage({
    id: 2,
    from: 'kube-apiserver',
    to: 'etcd',
    sentAtMs: 1,
    kind: 'etcd-request',
    causeId: 1,
    summary: 'Txn put',
  }),
  makeMessage({
    id: 3,
    from: 'kube-scheduler',
    to: 'kube-apiserver',
    sentAtMs: 50,
    causeId: 2,
    summary: 'POST /api/v1/namespaces/default/pods/nginx/binding',
  }),
  makeMessage({
    id: 4,
    from: 'kube-apiserver',
    to: 'etcd',
    sentAtMs: 51,
    kind: 'etcd-request',
    causeId: 3,
    summary: 'Txn put',
  }),
  makeMessage({
    id: 5,
    from: 'kubectl',
    to: 'kube-apiserver',
    sentAtMs: 90,
    summary: 'DELETE /api/v1/namespaces/default/pods/nginx',
  }),
  makeMessage({
    id: 6,
    from: 'kube-apiserver',
    to: 'etcd',
    sentAtMs: 91,
    kind: 'etcd-request',
    causeId: 5,
    summary: 'Txn delete',
  }),
  // An etcd write with no API request behind it (a controller-internal timer, say).
  makeMessage({
    id: 7,
    from: 'kube-apiserver',
    to: 'etcd',
    sentAtMs: 95,
    kind: 'etcd-request',
    summary: 'Txn put',
  }),
]

const withRv = (pod: Pod, rv: string): Pod => ({ ...pod, metadata: { ...pod.metadata, resourceVersion: rv } })

function index() {
  return indexOf([
    writtenBy(podRevision('nginx', 1, withRv(makePodWith({ name: 'nginx', uid: 'u1' }), '10')), 2),
    writtenBy(
      podRevision('nginx', 51, withRv(makePodWith({ name: 'nginx', uid: 'u1', nodeName: 'worker-1' }), '11')),
      4,
    ),
    writtenBy(podRevision('nginx', 91, null), 6),
    writtenBy(podRevision('nginx', 95, withRv(makePodWith({ name: 'nginx', uid: 'u2' }), '13')), 7),
  ])
}

describe('objectHistory', () => {
  const history = objectHistory(index(), KEY, trace)

  it('lists every revision with its change and writer', () => {
    expect(history.map((h) => [h.atMs, h.change, h.writer?.component, h.by])).toEqual([
      [1, 'create', 'kubectl', 'POST pods (kubectl)'],
      [51, 'update', 'kube-scheduler', 'POST pods/nginx/binding (kube-scheduler)'],
      [91, 'delete', 'kubectl', 'DELETE pods/nginx (kubectl)'],
      [95, 'create', undefined, 'etcd write'],
    ])
    expect(history[1]?.writer).toEqual({
      component: 'kube-scheduler',
      summary: 'POST /api/v1/namespaces/default/pods/nginx/binding',
      requestId: 3,
    })
  })

  it('diffs each revision against the one before, without resourceVersion', () => {
    expect(history[0]?.ops).toEqual([{ op: 'add', path: '', value: history[0]?.object }])
    expect(history[1]?.ops).toEqual([{ op: 'add', path: '/spec/nodeName', value: 'worker-1' }])
    expect(history[2]?.ops).toEqual([{ op: 'remove', path: '' }])
    expect(history[3]?.ops[0]?.op).toBe('add')
  })

  it('can keep resourceVersion, or leave out more', () => {
    const all = objectHistory(index(), KEY, trace, { ignore: [] })
    expect(all[1]?.ops).toEqual([
      { op: 'replace', path: '/metadata/resourceVersion', value: '11' },
      { op: 'add', path: '/spec/nodeName', value: 'worker-1' },
    ])
    expect(objectHistory(index(), KEY, trace, { ignore: ['/metadata', '/spec'] })[1]?.ops).toEqual([])
  })

  it('says when state comes from before time 0, and is empty for an unknown key', () => {
    const idx = indexOf([podRevision('nginx', -1, makePodWith({ name: 'nginx' }))])
    expect(objectHistory(idx, KEY, trace)[0]?.by).toBe('before time 0')
    expect(objectHistory(idx, '/registry/pods/default/none', trace)).toEqual([])
  })
})
