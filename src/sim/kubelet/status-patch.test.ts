import { describe, expect, it } from 'vitest'
import { podStatusPatch, twoWayMergePatch } from './status-patch'

describe('the kubelet status patch (two-way strategic merge patch)', () => {
  it('is undefined when nothing changed', () => {
    expect(podStatusPatch('u1', { phase: 'Pending' }, { phase: 'Pending' })).toBeUndefined()
  })

  it('carries the uid precondition and only what changed', () => {
    expect(
      podStatusPatch(
        'u1',
        { phase: 'Pending', qosClass: 'BestEffort' },
        { phase: 'Running', qosClass: 'BestEffort' },
      ),
    ).toEqual({
      metadata: { uid: 'u1' },
      status: { phase: 'Running' },
    })
  })

  it('diffs merge-key lists element by element, with $setElementOrder', () => {
    const old = {
      conditions: [
        { type: 'Ready', status: 'False', reason: 'ContainersNotReady' },
        { type: 'PodScheduled', status: 'True' },
      ],
    }
    const now = {
      conditions: [
        { type: 'Ready', status: 'True' },
        { type: 'PodScheduled', status: 'True' },
      ],
    }
    expect(twoWayMergePatch(old, now)).toEqual({
      '$setElementOrder/conditions': [{ type: 'Ready' }, { type: 'PodScheduled' }],
      conditions: [{ type: 'Ready', status: 'True', reason: null }],
    })
  })

  it('nulls a replaced container state so the merge does not keep both', () => {
    const old = { containerStatuses: [{ name: 'app', state: { waiting: { reason: 'ContainerCreating' } } }] }
    const now = { containerStatuses: [{ name: 'app', state: { running: { startedAt: 't' } } }] }
    expect(twoWayMergePatch(old, now)).toEqual({
      '$setElementOrder/containerStatuses': [{ name: 'app' }],
      containerStatuses: [{ name: 'app', state: { running: { startedAt: 't' }, waiting: null } }],
    })
  })

  it('deletes list elements that are gone', () => {
    expect(
      twoWayMergePatch({ conditions: [{ type: 'PodScheduled', status: 'True' }] }, { conditions: [] }),
    ).toEqual({
      '$setElementOrder/conditions': [],
      conditions: [{ $patch: 'delete', type: 'PodScheduled' }],
    })
  })
})
