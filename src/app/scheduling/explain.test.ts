import { describe, expect, it } from 'vitest'
import type { SchedulingAttempt } from '../../protocol/messages'
import { translator } from '../i18n/i18n'
import { attemptsAt, explainAttempt, explainTable, rejectionGroups } from './explain'
import { applyAt, nodeYaml, podYaml, simulateAttempts, THREE_NODES } from './testing'

/** The only attempt of `pod` (the first, when there are retries). */
function first(cluster: string, yaml: string, pod = 'default/web'): SchedulingAttempt {
  const [a] = simulateAttempts(cluster, [applyAt(yaml)], pod)
  if (!a) throw new Error(`no attempt for ${pod}`)
  return a
}

/** "0/N nodes are available: 1 a, 3 b." as counted reasons (the part before preemption's). */
function upstreamCounts(message: string): string[] {
  const main = message.split(' preemption: ')[0] as string
  return main
    .replace(/^0\/\d+ nodes are available: /, '')
    .replace(/\.$/, '')
    .split(', ')
    .sort()
}

/** The explanation's counts, written the way FitError.Error() writes them. */
function explainedCounts(a: SchedulingAttempt): string[] {
  return rejectionGroups(a)
    .flatMap((g) => g.reasons.map((r) => `${r.count} ${r.reason}`))
    .sort()
}

const PRIORITY_CLASSES = `apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 1000
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: low}
value: 10
`

describe('explainAttempt on the default cluster (a tainted control plane, three workers)', () => {
  it('names the winner with its total and the runners-up', () => {
    const a = first('', podYaml('web', '100m'))
    expect(explainAttempt(a)).toBe(
      'Scheduled on worker-3: total 497, ahead of worker-2 (495) and worker-1 (493).',
    )
  })

  it('says why a Pod is Pending, per plugin, with the counts of the FailedScheduling text', () => {
    const a = first('', podYaml('huge', '64'), 'default/huge')
    expect(explainAttempt(a)).toBe(
      'Pending: 0/4 nodes fit. NodeResourcesFit: 3 nodes Insufficient cpu; TaintToleration: 1 node had untolerated taint {node-role.kubernetes.io/control-plane: }. Preemption cannot help on any node.',
    )
    expect(explainedCounts(a)).toEqual(upstreamCounts(a.message as string))
  })
})

describe('explainAttempt on small (2 cpu), medium (4 cpu) and a tainted gpu node (8 cpu)', () => {
  it('one feasible node: Score was skipped', () => {
    const a = first(THREE_NODES, podYaml('web', '3'))
    expect(explainAttempt(a)).toBe('Scheduled on medium: the only feasible node of 3, so Score was skipped.')
  })

  it('two feasible nodes: the higher total wins', () => {
    const a = first(THREE_NODES, podYaml('web', '500m'))
    expect(explainAttempt(a)).toBe('Scheduled on medium: total 486, ahead of small (474).')
  })

  it('counts a node with two reasons under both, as the scheduler does', () => {
    const a = first(THREE_NODES, podYaml('web', '3', '6Gi'))
    expect(a.filter.small?.NodeResourcesFit).toBe('Insufficient cpu, Insufficient memory')
    expect(explainAttempt(a)).toBe(
      'Pending: 0/3 nodes fit. NodeResourcesFit: 2 nodes Insufficient memory, 1 node Insufficient cpu; TaintToleration: 1 node had untolerated taint {dedicated: gpu}. Preemption cannot help on any node.',
    )
    expect(explainedCounts(a)).toEqual(upstreamCounts(a.message as string))
  })

  it('names NodeAffinity for a nodeSelector no node matches', () => {
    const a = first(THREE_NODES, podYaml('web', '1', '256Mi', 'nodeSelector: {disk: ssd}'))
    expect(explainAttempt(a)).toBe(
      "Pending: 0/3 nodes fit. NodeAffinity: 2 nodes didn't match Pod's node affinity/selector; TaintToleration: 1 node had untolerated taint {dedicated: gpu}. Preemption cannot help on any node.",
    )
    expect(explainedCounts(a)).toEqual(upstreamCounts(a.message as string))
  })

  it('counts the nodes a PreFilter result left out, with upstream reason', () => {
    const affinity =
      'affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: [{matchFields: [{key: metadata.name, operator: In, values: [small]}]}]}}}'
    const a = first(THREE_NODES, podYaml('web', '3', '256Mi', affinity))
    expect(Object.keys(a.filter)).toEqual(['small'])
    expect(explainAttempt(a)).toBe(
      "Pending: 0/3 nodes fit. PreFilter: 2 nodes didn't satisfy plugin(s) [NodeAffinity]; NodeResourcesFit: 1 node Insufficient cpu. Preemption cannot help on any node.",
    )
    expect(explainedCounts(a)).toEqual(upstreamCounts(a.message as string))
  })

  it('gives upstream text when PreFilter turned the Pod away before any node was looked at', () => {
    const a = first(
      THREE_NODES,
      podYaml('web', '1', '256Mi', 'volumes: [{name: d, persistentVolumeClaim: {claimName: nope}}]'),
    )
    expect(a.filter).toEqual({})
    expect(explainAttempt(a)).toBe(
      'Pending: 0/3 nodes are available: persistentvolumeclaim "nope" not found. Preemption cannot help on any node.',
    )
  })

  it('says why preemption was not tried', () => {
    const a = first(THREE_NODES, podYaml('web', '6', '256Mi', 'preemptionPolicy: Never'))
    expect(explainAttempt(a)).toBe(
      'Pending: 0/3 nodes fit. NodeResourcesFit: 2 nodes Insufficient cpu; TaintToleration: 1 node had untolerated taint {dedicated: gpu}. Preemption: not eligible due to preemptionPolicy=Never.',
    )
  })
})

describe('ties', () => {
  it('states a tie-break, not a win', () => {
    const cluster = nodeYaml('a', '4') + nodeYaml('b', '4') + nodeYaml('c', '2')
    const a = first(cluster, podYaml('web', '500m'))
    expect(explainAttempt(a)).toBe(
      'Scheduled on a: a tie between a and b at 486, broken at random (seeded); ahead of c (474).',
    )
  })

  it('says how many nodes Filter evaluated when it stopped early (150 nodes: 100 are enough)', () => {
    const cluster = Array.from({ length: 150 }, (_, i) =>
      nodeYaml(`n-${String(i).padStart(3, '0')}`, '4'),
    ).join('')
    const a = first(cluster, podYaml('web', '500m'))
    expect(explainAttempt(a)).toBe(
      'Scheduled on n-022: a tie between 100 nodes at 486, broken at random (seeded). Filter evaluated 100 of 150 nodes (it stops once enough are feasible).',
    )
    const table = explainTable(a)
    expect(table.rows).toHaveLength(100)
    expect(table.rows[0]).toMatchObject({ node: 'n-022', winner: true, tieCandidate: true })
    expect(table.rows.every((r) => r.tieCandidate)).toBe(true)
  })
})

describe('preemption, attempt by attempt', () => {
  // One 2-cpu node; a low-priority Pod takes 1.5 cpu, then a high-priority one asks for as much.
  const attempts = simulateAttempts(
    nodeYaml('only', '2'),
    [
      applyAt(PRIORITY_CLASSES + podYaml('low', '1500m', '256Mi', 'priorityClassName: low')),
      applyAt(podYaml('high', '1500m', '256Mi', 'priorityClassName: high'), 3_000),
    ],
    'default/high',
    20_000,
  )

  it('nominates a node and names the victims, then binds there', () => {
    expect(attempts.map((a) => [a.attempt, a.atMs, a.result])).toEqual([
      [1, 3056, 'Unschedulable'],
      [2, 5027, 'Scheduled'],
    ])
    expect(attempts.map((a) => explainAttempt(a))).toEqual([
      'Pending: 0/1 nodes fit. NodeResourcesFit: 1 node Insufficient cpu. Preemption nominated only and evicts default/low to make room.',
      'Scheduled on only: the only node, so Score was skipped.',
    ])
  })

  it('attemptsAt keeps the attempts made at or before the cursor', () => {
    expect(attemptsAt(attempts, 3055)).toEqual([])
    expect(attemptsAt(attempts, 3056).map((a) => a.attempt)).toEqual([1])
    expect(attemptsAt(attempts, 5026).map((a) => a.attempt)).toEqual([1])
    expect(attemptsAt(attempts, 20_000).map((a) => a.attempt)).toEqual([1, 2])
  })
})

describe('explainAttempt without per-node data', () => {
  it('gives the error as the scheduler reported it', () => {
    const a: SchedulingAttempt = {
      pod: 'default/web',
      attempt: 1,
      atMs: 10,
      result: 'Error',
      message: 'running "VolumeBinding" filter plugin: boom',
      filter: {},
    }
    expect(explainAttempt(a)).toBe(
      'Scheduling failed with an error: running "VolumeBinding" filter plugin: boom',
    )
  })
})

describe('explainTable', () => {
  it('puts the winner first, then feasible nodes by total, then rejected ones with their plugin', () => {
    const t = explainTable(first('', podYaml('web', '100m')))
    expect(t.filterPlugins).toEqual(['NodeUnschedulable', 'NodeName', 'TaintToleration', 'NodeResourcesFit'])
    expect(t.scorePlugins).toEqual([
      'TaintToleration',
      'NodeResourcesFit',
      'NodeResourcesBalancedAllocation',
      'ImageLocality',
    ])
    expect(t.rows.map((r) => [r.node, r.winner, r.feasible, r.total])).toEqual([
      ['worker-3', true, true, 497],
      ['worker-2', false, true, 495],
      ['worker-1', false, true, 493],
      ['control-plane', false, false, undefined],
    ])
    const [winner] = t.rows
    // The weighted scores add up to the total; TaintToleration's weight is 3.
    expect(winner?.scores?.raw).toEqual({
      TaintToleration: 0,
      NodeResourcesFit: 98,
      NodeResourcesBalancedAllocation: 99,
      ImageLocality: 0,
    })
    expect(winner?.scores?.normalized.TaintToleration).toBe(100)
    expect(winner?.scores?.weighted).toEqual({
      TaintToleration: 300,
      NodeResourcesFit: 98,
      NodeResourcesBalancedAllocation: 99,
      ImageLocality: 0,
    })
    const cp = t.rows[3]
    expect(cp?.rejection).toEqual({
      plugin: 'TaintToleration',
      reasons: ['node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }'],
    })
    // Filter stopped at TaintToleration: NodeResourcesFit never ran there.
    expect(cp?.filter.NodeResourcesFit).toBeUndefined()
    expect(cp?.scores).toBeUndefined()
  })

  it('marks both tie-break candidates, the picked one first', () => {
    const cluster = nodeYaml('a', '4') + nodeYaml('b', '4') + nodeYaml('c', '2')
    const t = explainTable(first(cluster, podYaml('web', '500m')))
    expect(t.rows.map((r) => [r.node, r.winner, r.tieCandidate, r.total])).toEqual([
      ['a', true, true, 486],
      ['b', false, true, 486],
      ['c', false, false, 474],
    ])
  })

  it('has no Score columns and no winner when the Pod is Pending', () => {
    const t = explainTable(first(THREE_NODES, podYaml('web', '3', '6Gi')))
    expect(t.scorePlugins).toEqual([])
    expect(t.rows.map((r) => [r.node, r.winner, r.feasible, r.rejection?.plugin])).toEqual([
      ['gpu', false, false, 'TaintToleration'],
      ['medium', false, false, 'NodeResourcesFit'],
      ['small', false, false, 'NodeResourcesFit'],
    ])
    expect(t.rows[2]?.rejection?.reasons).toEqual(['Insufficient cpu', 'Insufficient memory'])
  })
})

describe('explainAttempt in Chinese', () => {
  const zh = translator('zh')

  it('answers in Chinese around Kubernetes’ own texts, which stay as upstream writes them', () => {
    expect(explainAttempt(first('', podYaml('web', '100m')), zh)).toBe(
      '调度到 worker-3：总分 497，领先于 worker-2 (495) 和 worker-1 (493)。',
    )
    expect(explainAttempt(first('', podYaml('huge', '64'), 'default/huge'), zh)).toBe(
      'Pending：0/4 个节点满足条件。NodeResourcesFit：3 个节点 Insufficient cpu；TaintToleration：1 个节点 had untolerated taint {node-role.kubernetes.io/control-plane: }。在任何节点上抢占都无济于事。',
    )
  })

  it('says a tie-break and a skipped Score in Chinese', () => {
    const tie = first(nodeYaml('a', '4') + nodeYaml('b', '4') + nodeYaml('c', '2'), podYaml('web', '500m'))
    expect(explainAttempt(tie, zh)).toBe(
      '调度到 a：a 和 b 以 486 分并列，随机（带种子）决出；领先于 c (474)。',
    )
    expect(explainAttempt(first(THREE_NODES, podYaml('web', '3')), zh)).toBe(
      '调度到 medium：它是 3 个节点中唯一可行的，因此跳过了 Score。',
    )
  })

  it('keeps English by default in Node (no browser language)', () => {
    expect(explainAttempt(first(THREE_NODES, podYaml('web', '500m')))).toBe(
      'Scheduled on medium: total 486, ahead of small (474).',
    )
  })
})
