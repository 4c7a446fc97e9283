import { describe, expect, it } from 'vitest'
import { type FitError, fitErrorMessage, truncateMessage } from './fit-error'
import { NodeToStatus } from './node-to-status'
import { newStatus } from './status'

function fitError(
  numAllNodes: number,
  statuses: Record<string, string[]>,
  extra: { preFilterMsg?: string; postFilterMsg?: string; absent?: string[] } = {},
): FitError {
  const m = new NodeToStatus()
  for (const [node, reasons] of Object.entries(statuses)) m.set(node, newStatus('Unschedulable', reasons))
  if (extra.absent) m.absentNodesStatus = newStatus('UnschedulableAndUnresolvable', extra.absent)
  return {
    numAllNodes,
    diagnosis: {
      nodeToStatus: m,
      unschedulablePlugins: new Set(),
      preFilterMsg: extra.preFilterMsg ?? '',
      postFilterMsg: extra.postFilterMsg ?? '',
    },
  }
}

describe('fitErrorMessage', () => {
  it('counts reasons over nodes and sorts the formatted strings', () => {
    const statuses: Record<string, string[]> = {}
    for (let i = 0; i < 10; i++) statuses[`a${i}`] = ['Insufficient memory']
    statuses.b0 = ['Insufficient cpu']
    statuses.b1 = ['Insufficient cpu']
    expect(fitErrorMessage(fitError(12, statuses))).toBe(
      // "10 …" sorts before "2 …" because the count is part of the string.
      '0/12 nodes are available: 10 Insufficient memory, 2 Insufficient cpu.',
    )
  })

  it('a node contributes every reason of its status', () => {
    expect(
      fitErrorMessage(
        fitError(3, {
          n1: ['Insufficient cpu', 'Insufficient memory'],
          n2: ['Insufficient cpu'],
          n3: ["node(s) didn't match Pod's node affinity/selector"],
        }),
      ),
    ).toBe(
      "0/3 nodes are available: 1 Insufficient memory, 1 node(s) didn't match Pod's node affinity/selector, 2 Insufficient cpu.",
    )
  })

  it('reproduces a real v1.33 event with its preemption part', () => {
    const e = fitError(2, {
      cp: ['node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }'],
      w: ['node(s) had untolerated taint {node.kubernetes.io/unreachable: }'],
    })
    e.diagnosis.postFilterMsg =
      'preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.'
    expect(fitErrorMessage(e)).toBe(
      '0/2 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 1 node(s) had untolerated taint {node.kubernetes.io/unreachable: }. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.',
    )
  })

  it('adds the absent-nodes reason once per absent node', () => {
    const e = fitError(
      4,
      { a: ['Insufficient cpu'] },
      { absent: ["node(s) didn't satisfy plugin(s) [NodeAffinity]"] },
    )
    expect(fitErrorMessage(e)).toBe(
      "0/4 nodes are available: 1 Insufficient cpu, 3 node(s) didn't satisfy plugin(s) [NodeAffinity].",
    )
  })

  it('a PreFilter rejection replaces the per-node list', () => {
    const e = fitError(3, {}, { preFilterMsg: 'pod affinity terms conflict' })
    e.diagnosis.postFilterMsg =
      'preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.'
    expect(fitErrorMessage(e)).toBe(
      '0/3 nodes are available: pod affinity terms conflict. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.',
    )
  })
})

describe('truncateMessage', () => {
  it('keeps short notes and cuts long ones to 1024 bytes ending in " ..."', () => {
    expect(truncateMessage('short')).toBe('short')
    const long = 'x'.repeat(2000)
    const cut = truncateMessage(long)
    expect(cut.length).toBe(1024)
    expect(cut.endsWith('x ...')).toBe(true)
  })
})
