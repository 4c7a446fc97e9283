import { describe, expect, it } from 'vitest'
import { fieldLine } from './field-line'

const text = `apiVersion: v1
kind: Node
metadata: {name: a}
---
apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
profiles:
- schedulerName: packer
  pluginConfig:
  - name: NodeResourcesFit
    args:
      scoringStrategy:
        type: Most
        resources:
        - {name: cpu, weight: 0}
`

describe('fieldLine', () => {
  it.each([
    ['', 5],
    ['kind', 6],
    ['profiles[0].schedulerName', 8],
    ['profiles[0].pluginConfig[0].args.scoringStrategy.type', 13],
    ['profiles[0].pluginConfig[0].args.scoringStrategy.resources[0].weight', 15],
    // Absent: the nearest ancestor that exists.
    ['profiles[0].pluginConfig[0].args.scoringStrategy.requestedToCapacityRatio', 12],
    ['profiles[3].schedulerName', 7],
  ])('%s is on line %i of the document at line 5', (path, line) => {
    expect(fieldLine(text, 5, path)).toBe(line)
  })

  it('finds a List item by its line', () => {
    const list =
      'apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Node\n  metadata:\n    name: x\n'
    expect(fieldLine(list, 4, 'metadata.name')).toBe(7)
  })

  it('falls back to the document line when there is no such document', () => {
    expect(fieldLine('', 3, 'a.b')).toBe(3)
  })
})
