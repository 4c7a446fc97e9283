import { describe, expect, it } from 'vitest'
import { invalid } from '../../../api/status'
import { makeWorkload, type WorkloadBuilder } from '../../testing/builders'
import { validateWorkload } from './workload-validation'

/** The field errors of a workload, as the 422 message prints them (without the `Kind "name"` head). */
function causes(b: WorkloadBuilder): string {
  const obj = b.build()
  const errs = validateWorkload(obj)
  if (!errs.length) return ''
  const message = invalid('X', 'x', errs).message as string
  return message.slice('X "x" is invalid: '.length)
}

describe('validateWorkload', () => {
  it.each(['Deployment', 'ReplicaSet'] as const)(
    'accepts a %s whose selector matches its template',
    (kind) => {
      expect(validateWorkload(makeWorkload(kind).build())).toEqual([])
    },
  )

  // field.Error prints a map[string]string bad value with %#v, unquoted: the FieldError carries it
  // as badValueText.
  it.each<[string, WorkloadBuilder, string]>([
    [
      'a selector that does not match the template labels',
      makeWorkload('Deployment', 'x').selector({ app: 'y' }).templateLabels({ app: 'x' }),
      'spec.template.metadata.labels: Invalid value: map[string]string{"app":"x"}: `selector` does not match template `labels`',
    ],
    [
      'several template labels print sorted, comma-space separated',
      makeWorkload('ReplicaSet', 'x').selector({ app: 'y' }).templateLabels({ tier: 'fe', app: 'x' }),
      'spec.template.metadata.labels: Invalid value: map[string]string{"app":"x", "tier":"fe"}: `selector` does not match template `labels`',
    ],
    [
      'a template without labels prints the nil map',
      makeWorkload('Deployment', 'x').selector({ app: 'y' }).templateLabels(undefined),
      'spec.template.metadata.labels: Invalid value: map[string]string(nil): `selector` does not match template `labels`',
    ],
  ])('prints the template labels as Go does: %s', (_name, builder, want) => {
    expect(causes(builder)).toBe(want)
  })

  it('reports a selector/labels mismatch on the template labels', () => {
    const errs = validateWorkload(
      makeWorkload('Deployment', 'x').selector({ app: 'y' }).templateLabels({ app: 'x' }).build(),
    )
    expect(errs.map((e) => [e.type, e.field, e.detail])).toEqual([
      ['FieldValueInvalid', 'spec.template.metadata.labels', '`selector` does not match template `labels`'],
    ])
  })

  it.each<[string, WorkloadBuilder, string]>([
    [
      'negative replicas',
      makeWorkload('Deployment', 'x').replicas(-1),
      'spec.replicas: Invalid value: -1: must be greater than or equal to 0',
    ],
    [
      'a template that does not restart Always',
      makeWorkload('Deployment', 'x').templateSpec((s) => {
        s.restartPolicy = 'Never'
      }),
      'spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"',
    ],
    [
      'template containers are validated with their path',
      makeWorkload('Deployment', 'x').templateSpec((s) => {
        s.containers = [{ name: 'c' }]
      }),
      'spec.template.spec.containers[0].image: Required value',
    ],
  ])('%s', (_name, builder, want) => {
    expect(causes(builder)).toBe(want)
  })

  it('rejects an empty selector', () => {
    const obj = makeWorkload('Deployment').build()
    Object.assign(obj.spec as object, { selector: {} })
    const errs = validateWorkload(obj)
    expect(errs.map((e) => [e.field, e.detail])).toEqual([
      ['spec.selector', 'empty selector is invalid for deployment'],
    ])
  })

  it('requires a selector', () => {
    const errs = validateWorkload(makeWorkload('Deployment', 'x').selector(undefined).build())
    expect(errs[0]).toMatchObject({ type: 'FieldValueRequired', field: 'spec.selector' })
  })

  // ValidateDeploymentSpec / ValidateReplicaSetSpec build the template check from
  // LabelSelectorAsSelector(nil) = labels.Nothing(), which is not Empty() and matches nothing, so a
  // missing selector gives both errors — the pair every apps/v1 newcomer meets:
  //   [spec.selector: Required value, spec.template.metadata.labels: Invalid value:
  //    map[string]string{"app":"x"}: `selector` does not match template `labels`]
  it('a missing selector also fails the template-labels check', () => {
    expect(causes(makeWorkload('Deployment', 'x').selector(undefined).templateLabels({ app: 'x' }))).toBe(
      '[spec.selector: Required value, spec.template.metadata.labels: Invalid value: map[string]string{"app":"x"}: `selector` does not match template `labels`]',
    )
  })
})
