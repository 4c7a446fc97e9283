import { describe, expect, it } from 'vitest'
import type { Pod } from '../../../../api/types'
import { CycleState } from '../../framework/cycle-state'
import { PodNominator } from '../../framework/nominator'
import { makeNode, makePod } from '../../testing/builders'
import { harness } from '../../testing/harness'
import { findCandidates, numCandidates, pickOneNodeForPreemption } from './candidates'
import { DefaultPreemption } from './default-preemption'

const node = (name: string, cpu: string) => makeNode(name).capacity({ cpu, memory: '8Gi', pods: '110' })
const running = (name: string, on: string, cpu: string, priority = 0) =>
  makePod(name).requests({ cpu }).priority(priority).nodeName(on).phase('Running')

/** Filter, then DefaultPreemption's PostFilter over Filter's verdicts (no victims are evicted here). */
function preemption(nodes: ReturnType<typeof node>[], pods: Pod[], incoming: Pod, seed = 1) {
  const h = harness(
    nodes.map((n) => n.obj()),
    pods,
    { seed },
  )
  const state = new CycleState()
  const outcome = h.algorithm.schedulePod(h.fwk, state, incoming)
  if (outcome.kind !== 'unschedulable') throw new Error(`expected unschedulable, got ${outcome.kind}`)
  const statuses = outcome.fitError.diagnosis.nodeToStatus
  return { h, state, statuses }
}

describe('DefaultPreemption: why preemption cannot help', () => {
  const nodes = [node('a', '2').taint('k', '', 'NoSchedule'), node('b', '2'), node('c', '2')]
  const full = [running('x', 'b', '2').obj(), running('y', 'c', '2').obj()]

  it('nodes rejected for good are not tried; nodes without lower-priority pods have no victims', () => {
    const pod = makePod('p').requests({ cpu: '1' }).obj()
    const { h, state, statuses } = preemption(nodes, full, pod)
    const out = new DefaultPreemption(h.fwk.handle).postFilter(state, pod, statuses)
    expect(out.status?.reasons).toEqual([
      'preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.',
    ])
    // NominatedNode(''): a nomination from an earlier attempt is cleared.
    expect(out.result).toEqual({ nominatedNodeName: '' })
  })

  it('preemptionPolicy Never is not eligible', () => {
    const pod = makePod('p').requests({ cpu: '1' }).priority(100).preemptionPolicy('Never').obj()
    const { h, state, statuses } = preemption(nodes, full, pod)
    const out = new DefaultPreemption(h.fwk.handle).postFilter(state, pod, statuses)
    expect(out.status?.reasons).toEqual(['preemption: not eligible due to preemptionPolicy=Never.'])
    expect(out.result).toBeNull()
  })

  it("when evicting every lower-priority pod is not enough, the node reports Filter's reason", () => {
    // b: 2 CPU, x (1 CPU, priority 0) and z (1 CPU, priority 200). Without x, 1 CPU is free: a
    // 1.5-CPU pod of priority 100 still does not fit.
    const pods = [running('x', 'b', '1'), running('z', 'b', '1', 200), running('y', 'c', '2', 200)].map((b) =>
      b.obj(),
    )
    const pod = makePod('p').requests({ cpu: '1500m' }).priority(100).obj()
    const { h, state, statuses } = preemption(nodes, pods, pod)
    const out = new DefaultPreemption(h.fwk.handle).postFilter(state, pod, statuses)
    expect(out.status?.reasons).toEqual([
      'preemption: 0/3 nodes are available: 1 Insufficient cpu, 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling.',
    ])
  })

  it('a pod whose victims are still terminating on its nominated node waits', () => {
    const terminating = {
      ...running('x', 'b', '2').deleting().obj(),
    }
    terminating.status = {
      ...terminating.status,
      conditions: [{ type: 'DisruptionTarget', status: 'True', reason: 'PreemptionByScheduler' }],
    }
    const pod = makePod('p').requests({ cpu: '1' }).priority(100).nominatedNodeName('b').obj()
    const { h, state, statuses } = preemption(nodes, [terminating, running('y', 'c', '2').obj()], pod)
    const out = new DefaultPreemption(h.fwk.handle).postFilter(state, pod, statuses)
    expect(out.status?.reasons).toEqual([
      'preemption: not eligible due to a terminating pod on the nominated node.',
    ])
  })
})

describe('DefaultPreemption: victims and the chosen node', () => {
  it('keeps the most important pods: lower ones go first, and among equals the newest', () => {
    // b: 4 CPU holding old (1 CPU, started 09:00) and new (2 CPU, started 09:30), both priority 0;
    // 3 of 4 CPU used. The incoming pod wants 2 CPU. Without both, 4 CPU are free. Giving back
    // `old` (more important: it has run longer): 1 + 2 = 3 ≤ 4, it stays. Giving back `new`:
    // 1 + 2 + 2 = 5 > 4, it is the victim.
    const pods = [
      running('old', 'b', '1').startTime('2025-05-01T09:00:00Z').obj(),
      running('new', 'b', '2').startTime('2025-05-01T09:30:00Z').obj(),
    ]
    const pod = makePod('p').requests({ cpu: '2' }).priority(10).obj()
    const { h, state, statuses } = preemption([node('b', '4')], pods, pod)
    const search = findCandidates(
      h.fwk.handle,
      state,
      pod,
      statuses,
      () => 0,
      (n) => n,
      0,
    )
    expect(search.candidates.map((c) => [c.nodeName, c.victims.map((v) => v.metadata?.name)])).toEqual([
      ['b', ['new']],
    ])
  })

  it('picks the node whose most important victim has the lowest priority, then fewer victims', () => {
    // Each node is full (2 CPU); the incoming 1-CPU pod of priority 100 fits after one eviction.
    const pods = [
      running('b1', 'b', '2', 50).obj(),
      running('c1', 'c', '1', 5).obj(),
      running('c2', 'c', '1', 5).obj(),
      running('d1', 'd', '1', 5).obj(),
      running('d2', 'd', '1', 5).obj(),
    ]
    const pod = makePod('p').requests({ cpu: '1' }).priority(100).obj()
    const { h, state, statuses } = preemption([node('b', '2'), node('c', '2'), node('d', '2')], pods, pod)
    const search = findCandidates(
      h.fwk.handle,
      state,
      pod,
      statuses,
      () => 0,
      (n) => n,
      0,
    )
    // b's victim has priority 50; c and d each lose one pod of priority 5: same highest priority,
    // same sum, same count, same start: the first candidate (c) wins.
    expect(search.candidates.map((c) => c.nodeName)).toEqual(['b', 'c', 'd'])
    expect(pickOneNodeForPreemption(search.candidates, 0)?.nodeName).toBe('c')
  })

  it('tries nodes from the random offset and stops at the number of candidates wanted', () => {
    const nodes = ['n0', 'n1', 'n2', 'n3'].map((n) => node(n, '1'))
    const pods = ['n0', 'n1', 'n2', 'n3'].map((n) => running(`v-${n}`, n, '1').obj())
    const pod = makePod('p').requests({ cpu: '1' }).priority(1).obj()
    const { h, state, statuses } = preemption(nodes, pods, pod)
    const order = h.cache.list().map((ni) => ni.name)
    const search = findCandidates(
      h.fwk.handle,
      state,
      pod,
      statuses,
      () => 2,
      () => 2,
      0,
    )
    expect(search.candidates.map((c) => c.nodeName)).toEqual([order[2], order[3]])
  })

  it('numCandidates: 10% of the nodes but at least 100, never more than there are', () => {
    expect(numCandidates(50, 10, 100)).toBe(50)
    expect(numCandidates(5000, 10, 100)).toBe(500)
    expect(numCandidates(1500, 10, 100)).toBe(150)
    expect(numCandidates(800, 10, 100)).toBe(100)
  })
})

describe('Filter with nominated pods', () => {
  it('a node keeps room for a pod nominated to it with equal or higher priority', () => {
    const nominated = makePod('big')
      .uid('uid-big')
      .requests({ cpu: '2' })
      .priority(100)
      .nominatedNodeName('b')
      .obj()
    const nominator = new PodNominator()
    nominator.add(nominated)
    const h = harness([node('b', '3').obj()], [], { nominator })
    const low = makePod('low').requests({ cpu: '2' }).priority(0).obj()
    const high = makePod('high').requests({ cpu: '2' }).priority(200).obj()
    expect(h.schedule(low).kind).toBe('unschedulable')
    expect(h.schedule(high).kind).toBe('scheduled')
  })

  it('a pod with a nominated node that fits goes there without scoring', () => {
    const h = harness([node('a', '8').obj(), node('b', '2').obj()])
    const pod = makePod('p').requests({ cpu: '1' }).nominatedNodeName('b').obj()
    const out = h.schedule(pod)
    expect(out.kind === 'scheduled' && [out.suggestedHost, out.priorities, out.search.nominatedNode]).toEqual(
      ['b', null, 'b'],
    )
  })
})
