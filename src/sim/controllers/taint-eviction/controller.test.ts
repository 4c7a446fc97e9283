/**
 * The taint eviction controller against the fake apiserver: NoExecute taints put on a node by
 * the test (as the node lifecycle controller would), pods with and without tolerations.
 */
import type { Taint } from 'kubernetes-types/core/v1'
import { describe, expect, it } from 'vitest'
import { defaultTolerations, NodeControllersHarness } from '../testing/node-harness'
import { matchingTolerations, minTolerationMs } from './controller'

const UNREACHABLE: Taint = { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' }

function cluster() {
  const h = new NodeControllersHarness([{ name: 'worker-1' }, { name: 'worker-2' }], {
    controllers: ['taint-eviction-controller'],
  })
  h.runUntil(1_000)
  return h
}

const taintAt = (h: NodeControllersHarness, atMs: number, taints: Taint[]) =>
  h.kernel.at(atMs, () => h.writeNode({ name: 'worker-1', taints }))

describe('taint eviction controller', () => {
  it('deletes a pod that tolerates the taint for 300 s when the 300 s are up, with the event', () => {
    const h = cluster()
    h.writePod('web', 'worker-1')
    h.writePod('other', 'worker-2')
    taintAt(h, 10_000, [{ ...UNREACHABLE, timeAdded: '2025-05-01T10:00:10Z' }])
    h.runUntil(309_000)
    expect(h.pod('web')).toBeDefined()
    expect(h.events()).toEqual([])
    h.runUntil(311_000)
    expect(h.pod('web')).toBeUndefined()
    expect(h.pod('other')).toBeDefined()
    expect(h.events()).toEqual([
      'taint-eviction-controller TaintManagerEviction Pod/web: Marking for deletion Pod default/web',
    ])
    expect(h.writes()).toEqual([
      'PATCH /api/v1/namespaces/default/pods/web/status',
      'DELETE /api/v1/namespaces/default/pods/web',
    ])
    const deleteAt = h.sentAt('DELETE /api/v1/namespaces/default/pods/web') as number
    expect(deleteAt - 10_000).toBeGreaterThanOrEqual(300_000)
    expect(deleteAt - 10_000).toBeLessThan(300_100)
  })

  it('marks the pod DisruptionTarget (DeletionByTaintManager) before deleting it', () => {
    const h = cluster()
    h.writePod('web', 'worker-1')
    taintAt(h, 10_000, [UNREACHABLE])
    h.runUntil(311_000)
    const patch = h.api.requests.find((r) => r.method === 'PATCH' && r.path.endsWith('/pods/web/status'))
    expect(patch?.body).toEqual({
      metadata: { uid: 'pod-1' },
      status: {
        '$setElementOrder/conditions': [
          { type: 'Ready' },
          { type: 'PodScheduled' },
          { type: 'DisruptionTarget' },
        ],
        conditions: [
          {
            type: 'DisruptionTarget',
            status: 'True',
            reason: 'DeletionByTaintManager',
            message: 'Taint manager: deleting due to NoExecute taint',
            lastTransitionTime: '2025-05-01T10:05:10Z',
          },
        ],
      },
    })
    // The event reference names the pod without its uid, as upstream's.
    const event = h.api.list('events')[0] as { involvedObject?: Record<string, unknown> }
    expect(event.involvedObject).toEqual({ kind: 'Pod', namespace: 'default', name: 'web', apiVersion: 'v1' })
  })

  it('deletes a pod that does not tolerate the taint at once', () => {
    const h = cluster()
    h.writePod('web', 'worker-1', [])
    taintAt(h, 10_000, [{ key: 'dedicated', value: 'gpu', effect: 'NoExecute' }])
    h.runUntil(11_000)
    expect(h.pod('web')).toBeUndefined()
    expect(h.events()).toEqual([
      'taint-eviction-controller TaintManagerEviction Pod/web: Marking for deletion Pod default/web',
    ])
  })

  it('leaves a pod that tolerates the taint for ever', () => {
    const h = cluster()
    h.writePod('web', 'worker-1', [
      { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' },
    ])
    taintAt(h, 10_000, [UNREACHABLE])
    h.runUntil(1_000_000)
    expect(h.pod('web')).toBeDefined()
    expect(h.writes()).toEqual([])
  })

  it('cancels the deletion when the taint goes away first', () => {
    const h = cluster()
    h.writePod('web', 'worker-1')
    taintAt(h, 10_000, [UNREACHABLE])
    taintAt(h, 100_000, [])
    h.runUntil(500_000)
    expect(h.pod('web')).toBeDefined()
    expect(h.events()).toEqual([
      'taint-eviction-controller TaintManagerEviction Pod/web: Cancelling deletion of Pod default/web',
    ])
  })

  it('plans a pod bound to an already tainted node from its binding', () => {
    const h = cluster()
    taintAt(h, 10_000, [UNREACHABLE])
    h.runUntil(20_000)
    h.writePod('late', 'worker-1', defaultTolerations(60))
    h.runUntil(79_000)
    expect(h.pod('late')).toBeDefined()
    h.runUntil(81_000)
    expect(h.pod('late')).toBeUndefined()
  })

  it('writes with the node-controller service account', () => {
    const h = cluster()
    h.writePod('web', 'worker-1', [])
    taintAt(h, 10_000, [UNREACHABLE])
    h.runUntil(11_000)
    const del = h.kernel.trace.find((m) => m.summary === 'DELETE /api/v1/namespaces/default/pods/web')
    const headers = (del?.payload as { headers: Record<string, string> } | undefined)?.headers ?? {}
    expect(headers['x-client-certificate']).toMatch(/^CN=system:serviceaccount:kube-system:node-controller,/)
    expect(headers['user-agent']).toMatch(/\/system:serviceaccount:kube-system:node-controller$/)
  })
})

describe('toleration times', () => {
  it('uses, per taint, the first toleration that tolerates it; undefined when one is not tolerated', () => {
    const tolerations = defaultTolerations()
    expect(matchingTolerations([UNREACHABLE], tolerations)).toEqual([tolerations[1]])
    expect(matchingTolerations([UNREACHABLE, { key: 'x', effect: 'NoExecute' }], tolerations)).toBeUndefined()
  })

  it('takes the smallest tolerationSeconds; ≤ 0 is now, none is never', () => {
    expect(minTolerationMs([{ tolerationSeconds: 300 }, { tolerationSeconds: 60 }])).toBe(60_000)
    expect(minTolerationMs([{ tolerationSeconds: -5 }])).toBe(0)
    expect(minTolerationMs([{ operator: 'Exists' }])).toBe(-1)
    expect(minTolerationMs([])).toBe(0)
  })
})
