/**
 * Pod validation: the field errors that make a create a 422 (pkg/apis/core/validation). A subset
 * of ValidatePod covering what users get wrong in practice: names, containers, images, policies,
 * ports, resources. The texts are the apiserver's.
 */
import type { Container, PodSpec } from 'kubernetes-types/core/v1'
import { parseQuantity } from '../../../api/quantity'
import { duplicate, type FieldError, invalidValue, notSupported, required } from '../../../api/status'
import type { Pod } from '../../../api/types'
import { dns1123Label, validateObjectMeta } from './meta-validation'

export function validatePod(pod: Pod): FieldError[] {
  return [...validateObjectMeta(pod.metadata, true), ...validatePodSpec(pod.spec, 'spec')]
}

export function validatePodSpec(spec: PodSpec | undefined, path: string): FieldError[] {
  const errs: FieldError[] = []
  if (!spec) return [required(path, '')]
  const containers = spec.containers ?? []
  if (containers.length === 0) errs.push(required(`${path}.containers`, ''))
  const names = new Set<string>()
  const check = (list: readonly Container[], field: string) => {
    list.forEach((c, i) => {
      const p = `${path}.${field}[${i}]`
      errs.push(...validateContainer(c, p))
      if (c.name) {
        if (names.has(c.name)) errs.push(duplicate(`${p}.name`, c.name))
        names.add(c.name)
      }
    })
  }
  check(spec.initContainers ?? [], 'initContainers')
  check(containers, 'containers')
  if (spec.restartPolicy !== undefined && !['Always', 'OnFailure', 'Never'].includes(spec.restartPolicy)) {
    errs.push(notSupported(`${path}.restartPolicy`, spec.restartPolicy, ['Always', 'OnFailure', 'Never']))
  }
  if (
    spec.dnsPolicy !== undefined &&
    !['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None'].includes(spec.dnsPolicy)
  ) {
    errs.push(
      notSupported(`${path}.dnsPolicy`, spec.dnsPolicy, [
        'ClusterFirstWithHostNet',
        'ClusterFirst',
        'Default',
        'None',
      ]),
    )
  }
  if (spec.terminationGracePeriodSeconds !== undefined && spec.terminationGracePeriodSeconds < 0) {
    errs.push(
      invalidValue(
        `${path}.terminationGracePeriodSeconds`,
        spec.terminationGracePeriodSeconds,
        'must be greater than or equal to 0',
      ),
    )
  }
  for (const [i, t] of (spec.tolerations ?? []).entries()) {
    if (t.operator !== undefined && !['Equal', 'Exists'].includes(t.operator)) {
      errs.push(notSupported(`${path}.tolerations[${i}].operator`, t.operator, ['Equal', 'Exists']))
    }
    if (t.effect !== undefined && !['NoSchedule', 'PreferNoSchedule', 'NoExecute'].includes(t.effect)) {
      errs.push(
        notSupported(`${path}.tolerations[${i}].effect`, t.effect, [
          'NoExecute',
          'NoSchedule',
          'PreferNoSchedule',
        ]),
      )
    }
  }
  return errs
}

function validateContainer(c: Container, p: string): FieldError[] {
  const errs: FieldError[] = []
  if (!c.name) errs.push(required(`${p}.name`, ''))
  else errs.push(...dns1123Label(`${p}.name`, c.name))
  if (!c.image || c.image.trim() === '') errs.push(required(`${p}.image`, ''))
  if (c.imagePullPolicy !== undefined && !['Always', 'IfNotPresent', 'Never'].includes(c.imagePullPolicy)) {
    errs.push(notSupported(`${p}.imagePullPolicy`, c.imagePullPolicy, ['Always', 'IfNotPresent', 'Never']))
  }
  for (const [j, port] of (c.ports ?? []).entries()) {
    const pp = `${p}.ports[${j}]`
    if (port.containerPort === undefined || port.containerPort === 0)
      errs.push(required(`${pp}.containerPort`, ''))
    else if (port.containerPort < 1 || port.containerPort > 65535) {
      errs.push(
        invalidValue(`${pp}.containerPort`, port.containerPort, 'must be between 1 and 65535, inclusive'),
      )
    }
    if (port.protocol !== undefined && !['SCTP', 'TCP', 'UDP'].includes(port.protocol)) {
      errs.push(notSupported(`${pp}.protocol`, port.protocol, ['SCTP', 'TCP', 'UDP']))
    }
  }
  errs.push(...validateResources(c, `${p}.resources`))
  return errs
}

function validateResources(c: Container, p: string): FieldError[] {
  const errs: FieldError[] = []
  const requests = c.resources?.requests ?? {}
  const limits = c.resources?.limits ?? {}
  for (const [kind, list] of [
    ['requests', requests],
    ['limits', limits],
  ] as const) {
    for (const [name, q] of Object.entries(list)) {
      const v = parseQuantity(q as string | number)
      if (v !== undefined && v < 0)
        errs.push(invalidValue(`${p}.${kind}[${name}]`, String(q), 'must be greater than or equal to 0'))
    }
  }
  for (const [name, q] of Object.entries(requests)) {
    const lim = (limits as Record<string, string | number>)[name]
    if (lim === undefined) continue
    const req = parseQuantity(q as string | number) ?? 0
    const limit = parseQuantity(lim) ?? 0
    if (req > limit) {
      errs.push(
        invalidValue(
          `${p}.requests`,
          String(q),
          `must be less than or equal to ${name} limit of ${String(lim)}`,
        ),
      )
    }
  }
  return errs
}
