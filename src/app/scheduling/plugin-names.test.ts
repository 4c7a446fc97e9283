import { describe, expect, it } from 'vitest'
import { countedReason, shortPluginName, shortReason, shortVerdict } from './plugin-names'

describe('plugin names and reasons for a narrow table', () => {
  it('abbreviates the upstream plugins and keeps custom ones', () => {
    expect(shortPluginName('NodeResourcesFit')).toBe('Fit')
    expect(shortPluginName('NodeResourcesBalancedAllocation')).toBe('Balanced')
    expect(shortPluginName('MyPlugin')).toBe('MyPlugin')
  })

  it('drops "node(s) " and cuts long reasons; counts the other reasons of a verdict', () => {
    expect(shortReason('Insufficient cpu')).toBe('Insufficient cpu')
    expect(shortReason("node(s) didn't match Pod's node affinity/selector")).toBe(
      "didn't match Pod's node affinity/selector",
    )
    expect(shortReason('node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }')).toBe(
      'had untolerated taint {node-role.kubernetes…',
    )
    expect(shortVerdict('Too many pods, Insufficient cpu')).toBe('Too many pods +1')
  })

  it('counts nodes in the singular or plural', () => {
    expect(countedReason(1, 'node(s) had untolerated taint {a: b}')).toBe(
      '1 node had untolerated taint {a: b}',
    )
    expect(countedReason(3, 'Insufficient cpu')).toBe('3 nodes Insufficient cpu')
  })
})
