import { describe, expect, it } from 'vitest'
import type { Node, Pod } from '../../../../api/types'
import type { ScheduleOutcome } from '../../algorithm/schedule-pod'
import { fitErrorMessage } from '../../framework/fit-error'
import type { Registry } from '../../framework/registry'
import { makeNode, makePod } from '../../testing/builders'
import { harness } from '../../testing/harness'
import { IN_TREE_REGISTRY } from '../registry'
import {
  ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH,
  ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH,
  InterPodAffinity,
  type InterPodAffinityArgs,
  NAME,
} from './inter-pod-affinity'
import { HOSTNAME, on, term, weighted, withPodAffinity, ZONE } from './testing/pod-affinity'

/** The in-tree plugins plus this one, until it is registered. */
const REGISTRY: Registry = new Map([
  ...IN_TREE_REGISTRY,
  [NAME, (args, handle) => new InterPodAffinity(handle, args as InterPodAffinityArgs | undefined)],
])

const workers = (n: number): Node[] =>
  Array.from({ length: n }, (_, i) =>
    makeNode(`worker-${i + 1}`)
      .zone(`zone-${String.fromCharCode(97 + i)}`)
      .obj(),
  )

/** A replica of a Deployment whose pods must not share a node. */
const replica = (name: string) =>
  withPodAffinity(makePod(name).labels({ app: 'web' }).requests({ cpu: '100m' }), {
    antiRequired: [term(HOSTNAME, { app: 'web' })],
  })

function hostOf(out: ScheduleOutcome): string {
  expect(out.kind).toBe('scheduled')
  return out.kind === 'scheduled' ? out.suggestedHost : ''
}

describe('InterPodAffinity in the scheduling framework', () => {
  it('3 replicas with required hostname anti-affinity on 2 nodes: the 3rd is unschedulable', () => {
    const h = harness(workers(2), [], { registry: REGISTRY })
    const placed = new Set<string>()
    for (const name of ['web-1', 'web-2']) {
      const pod = replica(name)
      const host = hostOf(h.schedule(pod))
      placed.add(host)
      h.cache.addPod(on(pod, host))
    }
    expect(placed).toEqual(new Set(['worker-1', 'worker-2']))

    const out = h.schedule(replica('web-3'))
    expect(out.kind).toBe('unschedulable')
    if (out.kind !== 'unschedulable') return
    const d = out.fitError.diagnosis
    // On each node the incoming pod's own term fails first (the existing replica's term would too).
    for (const node of ['worker-1', 'worker-2']) {
      expect(d.nodeToStatus.get(node)).toEqual({
        code: 'Unschedulable',
        reasons: [ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH],
        plugin: NAME,
      })
    }
    expect([...d.unschedulablePlugins]).toEqual([NAME])
    expect(fitErrorMessage(out.fitError)).toBe(
      "0/2 nodes are available: 2 node(s) didn't match pod anti-affinity rules.",
    )
  })

  it('a pod without terms is kept off the nodes whose pods’ anti-affinity selects it', () => {
    const guard = withPodAffinity(makePod('guard').labels({ app: 'guard' }), {
      antiRequired: [term(ZONE, { app: 'web' })],
    })
    const h = harness(workers(3), [on(guard, 'worker-1'), on(makePod('x').obj(), 'worker-2')], {
      registry: REGISTRY,
    })
    const out = h.schedule(makePod('web').labels({ app: 'web' }).obj())
    expect(out.kind).toBe('scheduled')
    if (out.kind !== 'scheduled') return
    expect(out.search.feasibleNodes).toBe(2)
    const rec = h.recorder.finish(
      { pod: makePod('web').obj(), podKey: 'default/web', podUid: 'uid-web', attempt: 1, cycle: 1, atMs: 0 },
      out,
      { result: 'Scheduled' },
    )
    expect(rec.filter.preFilter?.[NAME]).toBe('passed')
    expect(rec.filter.filter?.['worker-1']?.[NAME]).toEqual({
      code: 'Unschedulable',
      reasons: [ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH],
    })
  })

  it('required affinity puts the pod in the zone of the pod it follows', () => {
    const db = on(makePod('db').labels({ app: 'db' }).obj(), 'worker-3')
    const h = harness(workers(4), [db], { registry: REGISTRY })
    const pod = withPodAffinity(makePod('api'), { required: [term(ZONE, { app: 'db' })] })
    expect(hostOf(h.schedule(pod))).toBe('worker-3')
  })

  it('preferred anti-affinity scores the node with a replica 0 and the others 100', () => {
    const spread = (name: string): Pod =>
      withPodAffinity(makePod(name).labels({ app: 'web' }), {
        antiPreferred: [weighted(100, term(HOSTNAME, { app: 'web' }))],
      })
    const h = harness(workers(2), [on(spread('web-1'), 'worker-1')], { registry: REGISTRY })
    const pod = spread('web-2')
    const out = h.schedule(pod)
    const rec = h.recorder.finish(
      { pod, podKey: 'default/web-2', podUid: 'uid-web-2', attempt: 1, cycle: 1, atMs: 0 },
      out,
      { result: 'Scheduled' },
    )
    // Raw worker-1: −100 (the incoming pod's term selects web-1) −100 (web-1's term selects the
    // incoming pod) = −200; worker-2 0 → normalized 0 and 100, weight 2.
    expect(rec.score?.score?.['worker-1']?.[NAME]).toBe(-200)
    expect(rec.score?.score?.['worker-2']?.[NAME]).toBe(0)
    expect(rec.score?.normalized?.['worker-1']?.[NAME]).toBe(0)
    expect(rec.score?.normalized?.['worker-2']?.[NAME]).toBe(100)
    expect(rec.score?.weights?.[NAME]).toBe(2)
    expect(hostOf(out)).toBe('worker-2')
  })
})
