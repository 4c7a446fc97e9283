import { describe, expect, it } from 'vitest'
import type { MessageView } from '../../protocol/messages'
import { indexOf, makeMessage, makePodWith, podRevision, writtenBy } from './testing'
import { messageById } from './trace-index'
import { causeChain, chainHeadline, shortRequest, whyCondition, whyRevision, writerOf } from './why'

/**
 * kubectl creates nginx; the kubelet, told by its watch, reports Ready; later the kubelet reports
 * it not ready.
 */
function trace(): MessageView[] {
  const m = (
    id: number,
    p: Omit<Partial<MessageView>, 'id'> & Pick<MessageView, 'from' | 'to' | 'kind' | 'summary'>,
  ) => makeMessage({ id, sentAtMs: id * 10, causeId: id - 1 > 0 ? id - 1 : null, ...p })
  return [
    m(1, {
      from: 'kubectl',
      to: 'kube-apiserver',
      kind: 'http-request',
      summary: 'POST /api/v1/namespaces/default/pods?fieldManager=kubectl-client-side-apply',
    }),
    m(2, { from: 'kube-apiserver', to: 'kube-apiserver', kind: 'step', summary: 'authorized: create pods' }),
    m(3, {
      from: 'kube-apiserver',
      to: 'etcd',
      kind: 'etcd-request',
      summary: 'Txn put /registry/pods/default/nginx',
    }),
    m(4, {
      from: 'etcd',
      to: 'kube-apiserver',
      kind: 'watch-event',
      summary: 'WATCH PUT /registry/pods/default/nginx',
    }),
    m(5, {
      from: 'kube-apiserver',
      to: 'kubelet/worker-1',
      kind: 'watch-event',
      summary: 'WATCH ADDED pods/nginx',
    }),
    m(6, {
      from: 'kubelet/worker-1',
      to: 'kubelet/worker-1',
      kind: 'step',
      summary: 'SyncPod default/nginx',
    }),
    m(7, {
      from: 'kubelet/worker-1',
      to: 'kube-apiserver',
      kind: 'http-request',
      summary: 'PATCH /api/v1/namespaces/default/pods/nginx/status',
    }),
    m(8, {
      from: 'kube-apiserver',
      to: 'etcd',
      kind: 'etcd-request',
      summary: 'Txn put /registry/pods/default/nginx',
    }),
    m(9, {
      from: 'kubelet/worker-1',
      to: 'kubelet/worker-1',
      kind: 'step',
      summary: 'readiness probe failed',
      causeId: null,
    }),
    m(10, {
      from: 'kubelet/worker-1',
      to: 'kube-apiserver',
      kind: 'http-request',
      summary: 'PATCH /api/v1/namespaces/default/pods/nginx/status',
    }),
    m(11, {
      from: 'kube-apiserver',
      to: 'etcd',
      kind: 'etcd-request',
      summary: 'Txn put /registry/pods/default/nginx',
    }),
  ]
}

const KEY = '/registry/pods/default/nginx'

function index() {
  return indexOf([
    writtenBy(podRevision('nginx', 30, makePodWith({ name: 'nginx' })), 3),
    writtenBy(
      podRevision(
        'nginx',
        80,
        makePodWith({ name: 'nginx', conditions: { PodScheduled: 'True', Ready: 'True' } }),
      ),
      8,
    ),
    // A write that leaves Ready alone.
    writtenBy(
      podRevision(
        'nginx',
        85,
        makePodWith({ name: 'nginx', phase: 'Running', conditions: { PodScheduled: 'True', Ready: 'True' } }),
      ),
      8,
    ),
    writtenBy(
      podRevision(
        'nginx',
        110,
        makePodWith({ name: 'nginx', conditions: { PodScheduled: 'True', Ready: 'False' } }),
      ),
      11,
    ),
  ])
}

describe('messageById', () => {
  it('finds a message by position when ids are dense', () => {
    expect(messageById(trace(), 7)?.summary).toBe('PATCH /api/v1/namespaces/default/pods/nginx/status')
  })

  it('finds it by search when there are gaps', () => {
    const gappy = trace().filter((m) => m.id % 2 === 1)
    expect(messageById(gappy, 7)?.id).toBe(7)
    expect(messageById(gappy, 6)).toBeUndefined()
    expect(messageById([], 1)).toBeUndefined()
  })
})

describe('causeChain', () => {
  it('walks causeId back to the root', () => {
    expect(causeChain(trace(), 8).map((m) => m.id)).toEqual([8, 7, 6, 5, 4, 3, 2, 1])
    expect(causeChain(trace(), 11).map((m) => m.id)).toEqual([11, 10, 9])
  })

  it('stops at a missing cause', () => {
    const gappy = trace().filter((m) => m.id !== 5)
    expect(causeChain(gappy, 8).map((m) => m.id)).toEqual([8, 7, 6])
  })

  it('stops at a cycle', () => {
    const cyclic = trace().map((m) => (m.id === 2 ? { ...m, causeId: 3 } : m))
    expect(causeChain(cyclic, 3).map((m) => m.id)).toEqual([3, 2])
  })

  it('is empty for an unknown id', () => {
    expect(causeChain(trace(), 99)).toEqual([])
  })
})

describe('shortRequest', () => {
  it.each([
    ['PATCH /api/v1/namespaces/default/pods/nginx/status', 'PATCH pods/nginx/status'],
    ['POST /api/v1/namespaces/default/pods?fieldManager=kubectl', 'POST pods'],
    ['POST /apis/apps/v1/namespaces/default/replicasets', 'POST replicasets'],
    ['GET /api/v1/nodes/worker-1', 'GET nodes/worker-1'],
    ['GET /api/v1/namespaces/kube-system', 'GET namespaces/kube-system'],
    ['HEAD /v2/library/nginx/manifests/latest', 'HEAD /v2/library/nginx/manifests/latest'],
    ['RunPodSandbox', 'RunPodSandbox'],
  ])('%s → %s', (summary, short) => {
    expect(shortRequest(summary)).toBe(short)
  })
})

describe('writerOf and chainHeadline', () => {
  it('names the first API request up the chain', () => {
    expect(writerOf(causeChain(trace(), 8))).toEqual({
      component: 'kubelet/worker-1',
      summary: 'PATCH /api/v1/namespaces/default/pods/nginx/status',
      requestId: 7,
    })
    expect(writerOf(causeChain(trace(), 2))?.component).toBe('kubectl')
    expect(writerOf([])).toBeUndefined()
  })

  it('leaves out requests to other servers than the apiserver', () => {
    const pull = makeMessage({
      id: 50,
      from: 'runtime/worker-1',
      to: 'registry',
      sentAtMs: 0,
      summary: 'HEAD /v2/library/nginx/manifests/latest',
    })
    const root = makeMessage({
      id: 51,
      from: 'kubectl',
      to: 'kube-apiserver',
      sentAtMs: 0,
      summary: 'POST /api/v1/namespaces/default/pods',
    })
    expect(chainHeadline('x', [pull, root])).toBe('x ← POST pods (kubectl)')
  })

  it('keeps the requests and the root', () => {
    expect(chainHeadline('x', causeChain(trace(), 11))).toBe(
      'x ← PATCH pods/nginx/status (kubelet/worker-1) ← readiness probe failed (kubelet/worker-1)',
    )
  })
})

describe('whyRevision', () => {
  it('explains a revision by its etcd request', () => {
    const idx = index()
    const why = whyRevision(idx, KEY, idx.get(KEY)?.[1]?.revision ?? -1, trace())
    expect(why?.chain.map((m) => m.id)).toEqual([8, 7, 6, 5, 4, 3, 2, 1])
    expect(why?.writer?.component).toBe('kubelet/worker-1')
    expect(why?.steps[1]?.text).toBe('PATCH pods/nginx/status (kubelet/worker-1)')
    expect(why?.steps[2]?.text).toBe('SyncPod default/nginx (kubelet/worker-1)')
  })

  it('has an empty chain for state from before time 0, and nothing for an unknown revision', () => {
    const idx = indexOf([podRevision('nginx', -1, makePodWith({ name: 'nginx' }))])
    const r = idx.get(KEY)?.[0]
    expect(whyRevision(idx, KEY, r?.revision ?? -1, trace())).toMatchObject({ chain: [], steps: [] })
    expect(whyRevision(idx, KEY, 1, trace())).toBeUndefined()
    expect(whyRevision(idx, '/registry/pods/default/other', 1, trace())).toBeUndefined()
  })
})

describe('whyCondition', () => {
  it.each([
    [79, undefined],
    [80, 'Ready=True ← PATCH pods/nginx/status (kubelet/worker-1) ← POST pods (kubectl)'],
    // The write at 85 kept Ready=True: the change is still the one at 80.
    [100, 'Ready=True ← PATCH pods/nginx/status (kubelet/worker-1) ← POST pods (kubectl)'],
    [
      110,
      'Ready=False ← PATCH pods/nginx/status (kubelet/worker-1) ← readiness probe failed (kubelet/worker-1)',
    ],
  ])('at %d: %s', (atMs, summary) => {
    expect(whyCondition(index(), KEY, 'Ready', atMs, trace())?.summary).toBe(summary)
  })

  it('gives the condition and the revision that changed it', () => {
    const why = whyCondition(index(), KEY, 'Ready', 100, trace())
    expect(why?.condition).toEqual({ type: 'Ready', status: 'True' })
    expect(why?.revision.atMs).toBe(80)
    expect(why?.revision.messageId).toBe(8)
  })

  it('says when the condition went away with the Pod', () => {
    const idx = indexOf([...(index().get(KEY) ?? []), writtenBy(podRevision('nginx', 200, null), 11)])
    const why = whyCondition(idx, KEY, 'Ready', 300, trace())
    expect(why?.condition).toBeUndefined()
    expect(why?.summary.startsWith('Ready removed ← ')).toBe(true)
  })

  it('is undefined for a condition the Pod never had', () => {
    expect(whyCondition(index(), KEY, 'Initialized', 1000, trace())).toBeUndefined()
  })
})
