import { describe, expect, it } from 'vitest'
import { CycleState } from '../framework/cycle-state'
import { fitErrorMessage } from '../framework/fit-error'
import { statusMessage } from '../framework/status'
import { makeNode, makePod } from '../testing/builders'
import { harness } from '../testing/harness'

/** A small kubeadm-like cluster: a tainted control plane and three workers of different sizes. */
function defaultCluster() {
  return [
    makeNode('control-plane')
      .capacity({ cpu: '2', memory: '2Gi' })
      .taint('node-role.kubernetes.io/control-plane', undefined, 'NoSchedule')
      .obj(),
    makeNode('worker-1').capacity({ cpu: '2', memory: '4Gi' }).obj(),
    makeNode('worker-2').capacity({ cpu: '4', memory: '8Gi' }).obj(),
    makeNode('worker-3').capacity({ cpu: '8', memory: '16Gi' }).obj(),
  ]
}

describe('schedulePod', () => {
  it('filters, scores and picks the emptiest worker, recording every plugin per node', () => {
    const h = harness(defaultCluster())
    const pod = makePod('nginx').requests({ cpu: '100m', memory: '128Mi' }).obj()
    const out = h.schedule(pod)
    expect(out.kind).toBe('scheduled')
    if (out.kind !== 'scheduled') return
    expect(out.suggestedHost).toBe('worker-3')
    expect(out.search).toEqual({
      numAllNodes: 4,
      numCandidateNodes: 4,
      numNodesToFind: 4,
      startIndex: 0,
      evaluatedNodes: 4,
      feasibleNodes: 3,
    })
    const rec = h.recorder.finish(
      { pod, podKey: 'default/nginx', podUid: 'uid-nginx', attempt: 1, cycle: 1, atMs: 0 },
      out,
      { result: 'Scheduled' },
    )
    expect(rec.filter.filter?.['control-plane']).toEqual({
      NodeUnschedulable: 'passed',
      NodeName: 'passed',
      TaintToleration: {
        code: 'UnschedulableAndUnresolvable',
        reasons: ['node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }'],
      },
    })
    // PreFilters with nothing to check for this pod skip, so their Filters do not run.
    expect(rec.filter.preFilter).toEqual({
      NodeAffinity: 'skipped',
      NodePorts: 'skipped',
      NodeResourcesFit: 'passed',
      VolumeRestrictions: 'skipped',
      NodeVolumeLimits: 'skipped',
      VolumeBinding: 'skipped',
      VolumeZone: 'skipped',
      PodTopologySpread: 'skipped',
      InterPodAffinity: 'skipped',
    })
    expect(rec.filter.filter?.['worker-1']).toEqual({
      NodeUnschedulable: 'passed',
      NodeName: 'passed',
      TaintToleration: 'passed',
      NodeResourcesFit: 'passed',
    })
    // No spread constraints, no owner, no pod affinity anywhere: those two skip scoring.
    expect(rec.score?.preScore).toEqual({
      TaintToleration: 'passed',
      NodeAffinity: 'skipped',
      NodeResourcesFit: 'passed',
      VolumeBinding: 'skipped',
      PodTopologySpread: 'skipped',
      InterPodAffinity: 'skipped',
      NodeResourcesBalancedAllocation: 'passed',
    })
    expect(rec.score?.weights).toEqual({
      TaintToleration: 3,
      NodeResourcesFit: 1,
      NodeResourcesBalancedAllocation: 1,
      ImageLocality: 1,
    })
    // LeastAllocated: worker-1 cpu (2000−100)/2000 → 95, memory (4096−128)/4096 → 96 → 95.
    // BalancedAllocation: cpu 100/2000 = 0.05, memory 128/4096 = 0.03125, std = 0.009375 → 99.
    // ImageLocality: the image is on no node: the sum is clamped up to 23 MiB → 0.
    expect(rec.score?.score?.['worker-1']).toEqual({
      TaintToleration: 0,
      NodeResourcesFit: 95,
      NodeResourcesBalancedAllocation: 99,
      ImageLocality: 0,
    })
    expect(rec.score?.normalized?.['worker-1']).toEqual({
      TaintToleration: 100,
      NodeResourcesFit: 95,
      NodeResourcesBalancedAllocation: 99,
      ImageLocality: 0,
    })
    expect(rec.score?.weighted?.['worker-1']).toEqual({
      TaintToleration: 300,
      NodeResourcesFit: 95,
      NodeResourcesBalancedAllocation: 99,
      ImageLocality: 0,
    })
    // worker-2: Fit (97 + 98)/2 = 97; worker-3: (98 + 99)/2 = 98; Balanced 99 on both.
    expect(rec.score?.total).toEqual({ 'worker-1': 494, 'worker-2': 496, 'worker-3': 497 })
    expect(rec.score?.selectedNode).toBe('worker-3')
    expect(rec.score?.tieBreak).toBeUndefined()
  })

  it('gives the exact FailedScheduling text when no node has enough CPU', () => {
    const h = harness(defaultCluster())
    const pod = makePod('big').requests({ cpu: '16' }).obj()
    const state = new CycleState()
    const out = h.algorithm.schedulePod(h.fwk, state, pod)
    expect(out.kind).toBe('unschedulable')
    if (out.kind !== 'unschedulable') return
    const post = h.fwk.runPostFilterPlugins(state, pod, out.fitError.diagnosis.nodeToStatus)
    out.fitError.diagnosis.postFilterMsg = statusMessage(post.status)
    expect(fitErrorMessage(out.fitError)).toBe(
      '0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient cpu. preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.',
    )
    expect([...out.fitError.diagnosis.unschedulablePlugins].sort()).toEqual([
      'NodeResourcesFit',
      'TaintToleration',
    ])
  })

  it('skips Score when exactly one node is feasible', () => {
    const h = harness(defaultCluster())
    const out = h.schedule(makePod().nodeSelector({ 'kubernetes.io/hostname': 'worker-2' }).obj())
    expect(out).toMatchObject({ kind: 'scheduled', suggestedHost: 'worker-2', priorities: null })
  })

  it('reports no nodes', () => {
    expect(harness([]).schedule(makePod().obj())).toEqual({ kind: 'no-nodes' })
  })

  it('names the plugin that narrowed the nodes for the others', () => {
    const h = harness(defaultCluster())
    const pod = makePod()
      .requests({ cpu: '3' })
      .requiredTerms({ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['worker-1'] }] })
      .obj()
    const out = h.schedule(pod)
    expect(out.kind).toBe('unschedulable')
    if (out.kind !== 'unschedulable') return
    expect(out.search.evaluatedNodes).toBe(1)
    expect(fitErrorMessage(out.fitError)).toBe(
      "0/4 nodes are available: 1 Insufficient cpu, 3 node(s) didn't satisfy plugin(s) [NodeAffinity].",
    )
  })

  it('samples large clusters and moves the start index round robin', () => {
    const nodes = Array.from({ length: 200 }, (_, i) => makeNode(`n${String(i).padStart(3, '0')}`).obj())
    const h = harness(nodes, [], { recording: 'summary' })
    const first = h.schedule(makePod('a').obj())
    const second = h.schedule(makePod('b').obj())
    expect(first.kind === 'scheduled' && first.search).toMatchObject({
      numNodesToFind: 100,
      evaluatedNodes: 100,
      startIndex: 0,
    })
    expect(second.kind === 'scheduled' && second.search).toMatchObject({
      evaluatedNodes: 100,
      startIndex: 100,
    })
    expect(h.algorithm.nextStartNodeIndex).toBe(0)
  })

  it('counts rejected nodes in the processed count', () => {
    const nodes = Array.from({ length: 200 }, (_, i) =>
      i < 10 ? makeNode(`n${i}`).unschedulable().obj() : makeNode(`n${i}`).obj(),
    )
    const h = harness(nodes, [], { recording: 'summary' })
    const out = h.schedule(makePod().obj())
    expect(out.kind === 'scheduled' && out.search).toMatchObject({ evaluatedNodes: 110, feasibleNodes: 100 })
    expect(h.algorithm.nextStartNodeIndex).toBe(110)
  })

  it('breaks ties with the seeded RNG and records the candidates', () => {
    const nodes = ['a', 'b', 'c'].map((n) => makeNode(n).obj())
    const picks = new Set<string>()
    for (let seed = 1; seed <= 20; seed++) {
      const h = harness(nodes, [], { seed })
      const pod = makePod().requests({ cpu: '1' }).obj()
      const out = h.schedule(pod)
      if (out.kind !== 'scheduled') throw new Error(out.kind)
      const again = harness(nodes, [], { seed }).schedule(pod)
      expect(again.kind === 'scheduled' && again.suggestedHost).toBe(out.suggestedHost)
      picks.add(out.suggestedHost)
      const rec = h.recorder.finish(
        { pod, podKey: 'default/pod', podUid: 'u', attempt: 1, cycle: 1, atMs: 0 },
        out,
        {
          result: 'Scheduled',
        },
      )
      // Fit: cpu (4000 − 1000)/4000 → 75; memory: the missing request counts as 200Mi → 97;
      // (75 + 97)/2 = 86. Balanced: the actual requests, cpu 0.25 and memory 0: std 0.125 → 87.
      expect(rec.score?.tieBreak).toEqual({ candidates: ['a', 'b', 'c'], count: 3, maxScore: 300 + 86 + 87 })
    }
    expect(picks.size).toBe(3)
  })

  it('keeps an attempt’s record as it was after the next attempt reuses the score columns and ties', () => {
    for (const recording of ['full', 'summary'] as const) {
      const h = harness(
        ['a', 'b', 'c', 'd', 'e'].map((n) => makeNode(n).obj()),
        [],
        { recording },
      )
      const ctx = { podKey: 'default/pod', podUid: 'u', attempt: 1, cycle: 1, atMs: 0 }
      const first = makePod('first').requests({ cpu: '1' }).obj()
      const out = h.schedule(first)
      if (out.kind !== 'scheduled') throw new Error(out.kind)
      const rec = h.recorder.finish({ pod: first, ...ctx }, out, { result: 'Scheduled' })
      const asRecorded = structuredClone(rec)
      // The next attempt scores other totals on fewer tied nodes (the first Pod is on one of them).
      h.cache.assumePod({ ...first, spec: { containers: [], ...first.spec, nodeName: out.suggestedHost } })
      const next = h.schedule(makePod('second').requests({ cpu: '2' }).obj())
      expect(next.kind === 'scheduled' && next.selection?.ties.length).toBe(4)
      expect(rec).toEqual(asRecorded)
      expect(rec.score?.tieBreak?.count).toBe(5)
    }
  })

  it('summary recording names 3 of many tied nodes and counts them all', () => {
    const nodes = ['a', 'b', 'c', 'd', 'e'].map((n) => makeNode(n).obj())
    const h = harness(nodes, [], { recording: 'summary' })
    const pod = makePod().requests({ cpu: '1' }).obj()
    const out = h.schedule(pod)
    if (out.kind !== 'scheduled') throw new Error(out.kind)
    const rec = h.recorder.finish(
      { pod, podKey: 'default/pod', podUid: 'u', attempt: 1, cycle: 1, atMs: 0 },
      out,
      { result: 'Scheduled' },
    )
    expect(rec.score?.tieBreak).toEqual({ candidates: ['a', 'b', 'c'], count: 5, maxScore: 300 + 86 + 87 })
  })

  it('summary recording keeps counts only', () => {
    const h = harness(defaultCluster(), [], { recording: 'summary' })
    const pod = makePod().requests({ cpu: '100m' }).obj()
    const out = h.schedule(pod)
    const rec = h.recorder.finish(
      { pod, podKey: 'default/pod', podUid: 'u', attempt: 1, cycle: 1, atMs: 0 },
      out,
      {
        result: 'Scheduled',
      },
    )
    expect(rec.filter.filter).toBeUndefined()
    expect(rec.filter.search?.feasibleNodes).toBe(3)
    expect(rec.score).toMatchObject({ scored: true, selectedNode: 'worker-3' })
    expect(rec.score?.total).toBeUndefined()
  })

  it('counts assumed and bound pods on their node', () => {
    const h = harness(
      [makeNode('small').capacity({ cpu: '1' }).obj()],
      [makePod('existing').requests({ cpu: '800m' }).nodeName('small').obj()],
    )
    expect(h.schedule(makePod().requests({ cpu: '300m' }).obj()).kind).toBe('unschedulable')
    h.cache.removePod(makePod('existing').nodeName('small').obj())
    expect(h.schedule(makePod().requests({ cpu: '300m' }).obj()).kind).toBe('scheduled')
  })
})
