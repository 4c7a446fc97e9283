import { describe, expect, it } from 'vitest'
import type { KubeObject } from '../../api/types'
import { isFaultDocument, readNodeFailure } from './faults'

const doc = (name: string | undefined, spec: Record<string, unknown>): KubeObject =>
  ({
    apiVersion: 'podflow.dev/v1alpha1',
    kind: 'NodeFailure',
    metadata: name ? { name } : {},
    spec,
  }) as KubeObject
const nodes = new Set(['worker-1', 'worker-2'])

describe('NodeFailure documents', () => {
  it('are recognized by apiVersion and kind', () => {
    expect(isFaultDocument(doc('worker-1', {}))).toBe(true)
    expect(isFaultDocument({ apiVersion: 'v1', kind: 'NodeFailure' })).toBe(false)
  })

  it.each([
    [{ at: '60s' }, { type: 'node-down', atMs: 60_000, node: 'worker-1', mode: 'stop' }],
    [
      { at: '1m30s', mode: 'unreachable' },
      { type: 'node-down', atMs: 90_000, node: 'worker-1', mode: 'unreachable' },
    ],
    [{ at: 5 }, { type: 'node-down', atMs: 5_000, node: 'worker-1', mode: 'stop' }],
  ])('%j becomes a node-down action', (spec, fault) => {
    expect(readNodeFailure(doc('worker-1', spec), nodes)).toEqual({ ok: true, fault })
  })

  it.each([
    [undefined, { at: '1s' }, 'a NodeFailure needs metadata.name (the Node that fails)'],
    ['worker-9', { at: '1s' }, 'NodeFailure "worker-9": no Node "worker-9" in the cluster'],
    ['worker-1', {}, 'NodeFailure "worker-1": spec.at must be a duration such as 60s or 5m'],
    ['worker-1', { at: 'soon' }, 'NodeFailure "worker-1": spec.at must be a duration such as 60s or 5m'],
    [
      'worker-1',
      { at: '1s', mode: 'melt' },
      'NodeFailure "worker-1": spec.mode must be one of stop, unreachable',
    ],
  ])('%s %j is refused: %s', (name, spec, message) => {
    expect(readNodeFailure(doc(name, spec), nodes)).toEqual({ ok: false, message })
  })
})
