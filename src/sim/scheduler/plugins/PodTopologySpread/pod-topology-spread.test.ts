import { describe, expect, it } from 'vitest'
import type { Pod } from '../../../../api/types'
import { staticListers } from '../../framework/listers'
import type { PluginFactory } from '../../framework/registry'
import { makeNode, makePod } from '../../testing/builders'
import { harness } from '../../testing/harness'
import { IN_TREE_REGISTRY } from '../registry'
import type { PodTopologySpreadArgs } from './args'
import { NAME, PodTopologySpread } from './pod-topology-spread'
import { ownedBy, replicaSet, spread, withConstraints, ZONE } from './testing/spread'

const factory: PluginFactory = (args, handle) =>
  new PodTopologySpread(handle, args as PodTopologySpreadArgs | undefined)
const registry = new Map([...IN_TREE_REGISTRY, [NAME, factory]])

/** Zone a: a1, a2 each running a web replica; zone b: b1, b2 each running a bigger db pod. */
function cluster() {
  const nodes = [
    makeNode('a1').zone('a').obj(),
    makeNode('a2').zone('a').obj(),
    makeNode('b1').zone('b').obj(),
    makeNode('b2').zone('b').obj(),
  ]
  const replica = (name: string, node: string) =>
    ownedBy(makePod(name).labels({ app: 'web' }).nodeName(node).container().obj(), 'web-rs')
  const db = (name: string, node: string) =>
    makePod(name).labels({ app: 'db' }).nodeName(node).requests({ cpu: '1', memory: '1Gi' }).obj()
  const pods = [replica('web-1', 'a1'), replica('web-2', 'a2'), db('db-1', 'b1'), db('db-2', 'b2')]
  return { nodes, pods }
}

const third = (): Pod => ownedBy(makePod('web-3').labels({ app: 'web' }).container().obj(), 'web-rs')

describe('PodTopologySpread in the scheduler', () => {
  it('puts the 3rd replica of a ReplicaSet in the emptier zone (system defaults)', () => {
    const { nodes, pods } = cluster()
    const h = harness(nodes, pods, {
      registry,
      listers: staticListers({ replicaSets: [replicaSet('web-rs', { app: 'web' })] }),
    })
    const pod = third()
    const out = h.schedule(pod)
    expect(out.kind).toBe('scheduled')
    if (out.kind !== 'scheduled') return
    expect(['b1', 'b2']).toContain(out.suggestedHost)
    const rec = h.recorder.finish(
      { pod, podKey: 'default/web-3', podUid: 'uid-web-3', attempt: 1, cycle: 1, atMs: 0 },
      out,
      { result: 'Scheduled' },
    )
    // Filter is skipped (the system defaults are ScheduleAnyway), Score runs.
    expect(rec.filter.preFilter?.[NAME]).toBe('skipped')
    // hostname w = ln 6 = 1.7918 (+2), zone {a, b} w = ln 4 = 1.3863 (+4); zone a = 2, b = 0.
    // a1: 1.7918 + 2 + 2.7726 + 4 = 10.56 → 11; b1: 0 + 2 + 0 + 4 = 6.
    // min 6, max 11: a 100×(17−11)/11 = 54; b 100.
    expect(rec.score?.score?.a1?.[NAME]).toBe(11)
    expect(rec.score?.score?.b1?.[NAME]).toBe(6)
    expect(rec.score?.normalized?.a1?.[NAME]).toBe(54)
    expect(rec.score?.normalized?.b1?.[NAME]).toBe(100)
    expect(rec.score?.weights?.[NAME]).toBe(2)
  })

  it('without the spread plugin the same replica would go to zone a (the db pods use zone b)', () => {
    const { nodes, pods } = cluster()
    const out = harness(nodes, pods).schedule(third())
    expect(out.kind === 'scheduled' && out.suggestedHost).toMatch(/^a/)
  })

  it('a DoNotSchedule zone constraint leaves only zone b', () => {
    const { nodes, pods } = cluster()
    const h = harness(nodes, pods, { registry })
    // a = 2, b = 0, min 0: a: 2 + 1 − 0 = 3 > 1; b: 0 + 1 − 0 = 1.
    const out = h.schedule(
      withConstraints(makePod('web-3').labels({ app: 'web' }).obj(), spread(ZONE, 1, 'DoNotSchedule')),
    )
    expect(out).toMatchObject({ kind: 'scheduled', search: { feasibleNodes: 2 } })
    expect(out.kind === 'scheduled' && out.suggestedHost).toMatch(/^b/)
  })

  it('reports the spread reasons when no node passes', () => {
    const nodes = [makeNode('a1').zone('a').obj(), makeNode('nolabel').obj()]
    const pods = [makePod('web-1').labels({ app: 'web' }).nodeName('a1').obj()]
    const h = harness(nodes, pods, { registry })
    // One domain {a: 1} with minDomains 2 → global minimum 0: a: 1 + 1 − 0 = 2 > 1.
    const pod = withConstraints(
      makePod('web-2').labels({ app: 'web' }).obj(),
      spread(ZONE, 1, 'DoNotSchedule', { minDomains: 2 }),
    )
    const out = h.schedule(pod)
    expect(out.kind).toBe('unschedulable')
    if (out.kind !== 'unschedulable') return
    const statuses = out.fitError.diagnosis.nodeToStatus
    expect(statuses.get('a1')?.reasons).toEqual(["node(s) didn't match pod topology spread constraints"])
    expect(statuses.get('nolabel')).toMatchObject({
      code: 'UnschedulableAndUnresolvable',
      reasons: ["node(s) didn't match pod topology spread constraints (missing required label)"],
    })
  })
})
