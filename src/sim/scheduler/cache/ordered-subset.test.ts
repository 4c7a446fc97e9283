/**
 * The cache's node lists (with pods, with affinity pods, with required anti-affinity pods) are kept
 * up to date as pods and nodes come and go; they must always equal filtering the node order again.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Pod } from '../../../api/types'
import { withPodAffinity } from '../plugins/InterPodAffinity/testing/pod-affinity'
import { makeNode, makePod } from '../testing/builders'
import { SchedulerCache } from './cache'

const anti = { labelSelector: { matchLabels: { app: 'a' } }, topologyKey: 'kubernetes.io/hostname' }
const podOf = (name: string, node: string, kind: number): Pod => {
  const b = makePod(name).uid(name).nodeName(node).labels({ app: 'a' })
  if (kind === 0) return b.obj()
  if (kind === 1) return withPodAffinity(b, { antiRequired: [anti] })
  return withPodAffinity(b, { required: [anti] })
}

type Op =
  | { op: 'add'; pod: number; node: number; kind: number }
  | { op: 'assume'; pod: number; node: number; kind: number }
  | { op: 'remove'; pod: number }
  | { op: 'addNode'; node: number; zone: number }
  | { op: 'removeNode'; node: number }
  | { op: 'read' }

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('add' as const), pod: fc.nat(15), node: fc.nat(7), kind: fc.nat(2) }),
  fc.record({ op: fc.constant('assume' as const), pod: fc.nat(15), node: fc.nat(7), kind: fc.nat(2) }),
  fc.record({ op: fc.constant('remove' as const), pod: fc.nat(15) }),
  fc.record({ op: fc.constant('addNode' as const), node: fc.nat(7), zone: fc.nat(2) }),
  fc.record({ op: fc.constant('removeNode' as const), node: fc.nat(7) }),
  fc.constant({ op: 'read' as const }),
)

describe('SchedulerCache node lists', () => {
  it('equal filtering the node order, whatever happened before', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const c = new SchedulerCache()
        // The informer hands removeNode the node as last seen: keep each node's zone.
        const zones = new Map<number, number>()
        const node = (n: number) =>
          makeNode(`n${n}`)
            .zone(`z${zones.get(n)}`)
            .obj()
        for (let n = 0; n < 4; n++) {
          zones.set(n, n % 2)
          c.addNode(node(n))
        }
        const placed = new Map<number, Pod>()
        for (const o of ops) {
          if (o.op === 'add' || o.op === 'assume') {
            const before = placed.get(o.pod)
            if (before) c.removePod(before)
            const pod = podOf(`p${o.pod}`, `n${o.node}`, o.kind)
            if (o.op === 'add') c.addPod(pod)
            else c.assumePod(pod)
            placed.set(o.pod, pod)
          } else if (o.op === 'remove') {
            const pod = placed.get(o.pod)
            if (pod) c.removePod(pod)
            placed.delete(o.pod)
          } else if (o.op === 'addNode') {
            if (zones.has(o.node)) c.removeNode(node(o.node))
            zones.set(o.node, o.zone)
            c.addNode(node(o.node))
          } else if (o.op === 'removeNode' && zones.has(o.node)) {
            c.removeNode(node(o.node))
            zones.delete(o.node)
          }
          // Lists are built on first use: `read` builds (and checks) them at a random moment.
          if (o.op === 'read') check(c)
        }
        check(c)
      }),
      { numRuns: 400 },
    )
  })
})

function check(c: SchedulerCache): void {
  const all = c.list()
  expect(c.havePodsList()).toEqual(all.filter((ni) => ni.pods.length > 0))
  expect(c.havePodsWithAffinityList()).toEqual(all.filter((ni) => ni.podsWithAffinity.length > 0))
  expect(c.havePodsWithRequiredAntiAffinityList()).toEqual(
    all.filter((ni) => ni.podsWithRequiredAntiAffinity.length > 0),
  )
}
