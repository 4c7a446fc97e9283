import { describe, expect, it } from 'vitest'
import type { KubeObject } from '../../api/types'
import { makePod } from '../testing/builders'
import { fieldValue, matchesFields, parseFieldSelector } from './fields'

describe('parseFieldSelector', () => {
  it.each([
    ['pods', undefined, []],
    ['pods', '', []],
    ['pods', 'spec.nodeName=worker-1', [{ field: 'spec.nodeName', op: '=', value: 'worker-1' }]],
    ['pods', 'spec.nodeName==worker-1', [{ field: 'spec.nodeName', op: '=', value: 'worker-1' }]],
    ['pods', 'spec.nodeName=', [{ field: 'spec.nodeName', op: '=', value: '' }]],
    ['pods', ' spec.nodeName = worker-1 ', [{ field: 'spec.nodeName', op: '=', value: 'worker-1' }]],
    [
      'pods',
      'status.phase!=Succeeded,status.phase!=Failed',
      [
        { field: 'status.phase', op: '!=', value: 'Succeeded' },
        { field: 'status.phase', op: '!=', value: 'Failed' },
      ],
    ],
    ['pods', 'metadata.name=nginx', [{ field: 'metadata.name', op: '=', value: 'nginx' }]],
    ['nodes', 'spec.unschedulable=false', [{ field: 'spec.unschedulable', op: '=', value: 'false' }]],
    ['events', 'involvedObject.name=nginx', [{ field: 'involvedObject.name', op: '=', value: 'nginx' }]],
    [
      'deployments',
      'metadata.namespace=default',
      [{ field: 'metadata.namespace', op: '=', value: 'default' }],
    ],
  ])('%s: %j', (resource, text, want) => {
    expect(parseFieldSelector(resource, text)).toEqual(want)
  })

  it.each([
    ['pods', 'spec.foo=x', 'field label not supported: spec.foo'],
    ['nodes', 'spec.nodeName=worker-1', 'field label not supported: spec.nodeName'],
    ['deployments', 'spec.replicas=1', 'field label not supported: spec.replicas'],
    ['pods', 'spec.nodeName', "invalid selector: 'spec.nodeName'; can't understand 'spec.nodeName'"],
    [
      'pods',
      'status.phase=Running,bogus',
      "invalid selector: 'status.phase=Running,bogus'; can't understand 'bogus'",
    ],
  ])('%s: %j fails with %j', (resource, text, message) => {
    expect(() => parseFieldSelector(resource, text)).toThrow(new Error(message))
  })
})

describe('matchesFields', () => {
  const unbound = makePod('a').build()
  const bound = makePod('b').nodeName('worker-1').phase('Running').build()
  const done = makePod('c').nodeName('worker-2').phase('Succeeded').build()

  it.each([
    ['spec.nodeName=worker-1', [false, true, false]],
    ['spec.nodeName=', [true, false, false]],
    ['spec.nodeName!=', [false, true, true]],
    ['status.phase!=Succeeded,status.phase!=Failed', [true, true, false]],
    ['metadata.name=c', [false, false, true]],
    ['metadata.namespace=default', [true, true, true]],
  ])('%j', (text, want) => {
    const reqs = parseFieldSelector('pods', text)
    expect([unbound, bound, done].map((p) => matchesFields(p, reqs))).toEqual(want)
  })

  it('reads an event source as its component', () => {
    const event = { source: { component: 'kubelet', host: 'worker-1' }, reason: 'Pulled' } as KubeObject
    expect(fieldValue(event, 'source')).toBe('kubelet')
    expect(matchesFields(event, parseFieldSelector('events', 'source=kubelet,reason=Pulled'))).toBe(true)
  })

  it('reads missing fields as the empty string', () => {
    expect(fieldValue({}, 'status.podIP')).toBe('')
    expect(fieldValue({ spec: null } as KubeObject, 'spec.nodeName')).toBe('')
  })

  // The registries print booleans even when unset: NodeToSelectableFields uses
  // fmt.Sprint(node.Spec.Unschedulable), PodToSelectableFields strconv.FormatBool(hostNetwork)
  // ("default to false"). So `spec.unschedulable=false` selects every schedulable node, and
  // `spec.hostNetwork=false` every ordinary pod.
  it.each([
    ['nodes', { metadata: { name: 'worker-1' }, spec: {} }, 'spec.unschedulable=false'],
    ['nodes', { metadata: { name: 'worker-1' } }, 'spec.unschedulable=false'],
    ['nodes', { metadata: { name: 'worker-1' }, spec: {} }, 'spec.unschedulable!=true'],
    ['pods', makePod('p').build(), 'spec.hostNetwork=false'],
  ] as const)('%s: an unset boolean matches %j', (resource, obj, text) => {
    expect(matchesFields(obj as KubeObject, parseFieldSelector(resource, text))).toBe(true)
  })

  it('reads a set boolean as its value', () => {
    const cordoned = { metadata: { name: 'worker-1' }, spec: { unschedulable: true } } as KubeObject
    expect(fieldValue(cordoned, 'spec.unschedulable')).toBe('true')
    expect(matchesFields(cordoned, parseFieldSelector('nodes', 'spec.unschedulable=false'))).toBe(false)
  })
})
