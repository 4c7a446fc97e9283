import { describe, expect, it } from 'vitest'
import { parsedLabelSelector } from '../../api/labels'
import { deepFreeze, type Pod } from '../../api/types'
import { factsOf } from './object-facts'

const RS_REF = { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-1', uid: 'rs-1', controller: true }

function pod(overrides: { phase?: string; ready?: string; deleting?: boolean } = {}): Pod {
  return {
    metadata: {
      name: 'web-1-a',
      namespace: 'default',
      labels: { app: 'web', 'pod-template-hash': '1' },
      ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: 'n', uid: 'n-1' }, RS_REF],
      ...(overrides.deleting ? { deletionTimestamp: '2025-05-01T12:00:00Z' } : {}),
    },
    spec: { containers: [] },
    status: {
      phase: overrides.phase ?? 'Running',
      conditions: [
        { type: 'PodScheduled', status: 'True' },
        { type: 'Ready', status: overrides.ready ?? 'True', lastTransitionTime: '2025-05-01T11:00:00Z' },
      ],
    },
  }
}

describe('factsOf', () => {
  it('reads the controller, activity and the Ready condition', () => {
    const f = factsOf(pod())
    expect(f.controller).toBe(RS_REF)
    expect(f.active).toBe(true)
    expect(f.readyCondition).toMatchObject({ type: 'Ready', status: 'True' })
    expect(factsOf(pod({ phase: 'Succeeded' })).active).toBe(false)
    expect(factsOf(pod({ phase: 'Failed' })).active).toBe(false)
    expect(factsOf(pod({ deleting: true })).active).toBe(false)
    // A manifest's empty `ownerReferences:` and `conditions:` are null: none, not a crash.
    const bare = {
      metadata: { name: 'b', ownerReferences: null },
      status: { conditions: null },
    } as unknown as Pod
    expect(factsOf(bare).controller).toBeUndefined()
    expect(factsOf(bare).readyCondition).toBeUndefined()
    expect(factsOf(bare).active).toBe(true)
  })

  it('keeps the answers for a frozen object, and reads an object that can still change afresh', () => {
    const frozen = deepFreeze(pod())
    expect(factsOf(frozen)).toBe(factsOf(frozen))

    const open = pod()
    expect(factsOf(open).active).toBe(true)
    ;(open.status as { phase: string }).phase = 'Succeeded'
    expect(factsOf(open).active).toBe(false)
    ;(open.metadata as { labels: Record<string, string> }).labels = { app: 'db' }
    expect(factsOf(open).selectedBy(parsedLabelSelector({ matchLabels: { app: 'web' } }) ?? [])).toBe(false)
  })

  it('answers for the selector asked, when selectors alternate', () => {
    const f = factsOf(deepFreeze(pod()))
    const web = parsedLabelSelector(deepFreeze({ matchLabels: { app: 'web' } })) ?? []
    const db = parsedLabelSelector(deepFreeze({ matchLabels: { app: 'db' } })) ?? []
    expect([f.selectedBy(web), f.selectedBy(db), f.selectedBy(web), f.selectedBy(db)]).toEqual([
      true,
      false,
      true,
      false,
    ])
  })

  it('tells whether it carries every template label, again after template labels that can change do', () => {
    // No template labels at all, asked first: every one of none is there.
    expect(factsOf(deepFreeze(pod())).hasAll(undefined)).toBe(true)
    const f = factsOf(deepFreeze(pod()))
    expect(f.hasAll(deepFreeze({ app: 'web' }))).toBe(true)
    expect(f.hasAll(deepFreeze({ app: 'web', tier: 'front' }))).toBe(false)
    expect(f.hasAll(undefined)).toBe(true)
    const want: Record<string, string> = { app: 'web' }
    expect(f.hasAll(want)).toBe(true)
    want.tier = 'front'
    expect(f.hasAll(want)).toBe(false)
  })
})
