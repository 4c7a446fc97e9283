import { describe, expect, it } from 'vitest'
import { goLess, listOf, printable, toKubectlJson, toKubectlName, toKubectlYaml } from './output'

describe('kubectl -o yaml (go-yaml v2 through sigs.k8s.io/yaml)', () => {
  it('sorts keys, keeps sequences at their key’s indent, and quotes as go-yaml does', () => {
    const value = {
      status: { message: 'node(s) had untolerated taint: x', phase: 'Pending' },
      metadata: {
        labels: {
          on: 'yes',
          version: '1.5',
          tier: 'web',
          empty: '',
          when: '2025-05-01T10:00:00Z',
          port: '8080:80',
        },
        annotations: { note: 'line one\nline two\n' },
      },
      spec: { args: ['sh', '-c', "echo 'hi'", '- dash', '#x'], n: 3, f: null, none: [], obj: {} },
    }
    expect(toKubectlYaml(value)).toBe(`metadata:
  annotations:
    note: |
      line one
      line two
  labels:
    empty: ""
    "on": "yes"
    port: 8080:80
    tier: web
    version: "1.5"
    when: "2025-05-01T10:00:00Z"
spec:
  args:
  - sh
  - -c
  - echo 'hi'
  - '- dash'
  - '#x'
  f: null
  "n": 3
  none: []
  obj: {}
status:
  message: 'node(s) had untolerated taint: x'
  phase: Pending
`)
  })

  it('folds long strings at 80 columns, as kubectl shows scheduler messages', () => {
    const message =
      '0/3 nodes are available: 3 Insufficient cpu. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod.'
    expect(toKubectlYaml({ message })).toBe(
      `message: '0/3 nodes are available: 3 Insufficient cpu. preemption: 0/3 nodes are\n  available: 3 No preemption victims found for incoming pod.'\n`,
    )
  })

  it('orders keys like go-yaml: digit runs by value, non-letters before letters', () => {
    expect(goLess('a9', 'a10')).toBe(true)
    expect(goLess('a10', 'a9')).toBe(false)
    expect(goLess('a.b', 'ab')).toBe(true)
    expect(goLess('B', 'a')).toBe(true)
    expect(goLess('ab', 'abc')).toBe(true)
    expect(toKubectlYaml({ c10: 1, c9: 2, 'c-x': 3 })).toBe('c-x: 3\nc9: 2\nc10: 1\n')
  })
})

describe('kubectl -o json and -o name', () => {
  it('4-space indents, sorted keys, Go’s HTML escapes, a final newline', () => {
    expect(toKubectlJson({ b: '<a&b>', a: [1, {}], c: [] })).toBe(
      '{\n    "a": [\n        1,\n        {}\n    ],\n    "b": "\\u003ca\\u0026b\\u003e",\n    "c": []\n}\n',
    )
  })

  it('one named object alone, otherwise a List; managedFields dropped', () => {
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'a', managedFields: [{ manager: 'kubectl' }] },
    }
    expect(printable([pod], true)).toEqual({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'a' } })
    expect(printable([pod], false)).toEqual(
      listOf([{ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'a' } }]),
    )
    expect(
      toKubectlName([pod, { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' } }]),
    ).toBe('pod/a\ndeployment.apps/web\n')
  })
})
