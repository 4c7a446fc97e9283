/** Deployment and ReplicaSet validation (pkg/apis/apps/validation): selector, template, replicas. */
import type { Deployment, ReplicaSet } from 'kubernetes-types/apps/v1'
import { selectorMatches } from '../../../api/labels'
import { type FieldError, invalidValue, required } from '../../../api/status'
import { validateObjectMeta } from './meta-validation'
import { validatePodSpec } from './pod-validation'

export function validateWorkload(obj: Deployment | ReplicaSet): FieldError[] {
  const errs = validateObjectMeta(obj.metadata, true)
  const spec = obj.spec
  if (!spec) return [...errs, required('spec', '')]
  if (spec.replicas !== undefined && spec.replicas < 0) {
    errs.push(invalidValue('spec.replicas', spec.replicas, 'must be greater than or equal to 0'))
  }
  if (!spec.selector) errs.push(required('spec.selector', ''))
  else if (
    Object.keys(spec.selector.matchLabels ?? {}).length === 0 &&
    (spec.selector.matchExpressions ?? []).length === 0
  ) {
    errs.push(invalidValue('spec.selector', spec.selector, 'empty selector is invalid for deployment'))
  }
  // ValidatePodTemplateSpecForReplicaSet checks the template labels against
  // LabelSelectorAsSelector(selector): `{}` is labels.Everything() (Empty, so not checked), and a
  // missing selector is labels.Nothing(), which matches no labels, so it fails here too.
  const labels = spec.template?.metadata?.labels
  if (!selectorMatches(spec.selector, labels)) {
    errs.push({
      ...invalidValue('spec.template.metadata.labels', labels, '`selector` does not match template `labels`'),
      badValueText: goMap(labels),
    })
  }
  errs.push(...validatePodSpec(spec.template?.spec, 'spec.template.spec'))
  const rp = spec.template?.spec?.restartPolicy
  if (rp !== undefined && rp !== 'Always') {
    errs.push({
      type: 'FieldValueNotSupported',
      field: 'spec.template.spec.restartPolicy',
      badValue: rp,
      supported: ['Always'],
    })
  }
  return errs
}

/** Go's %#v of a map[string]string, as field errors print label maps (a nil map included). */
function goMap(labels: Record<string, string> | undefined): string {
  if (labels === undefined || labels === null) return 'map[string]string(nil)'
  const entries = Object.entries(labels ?? {}).sort(([a], [b]) => (a < b ? -1 : 1))
  return `map[string]string{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(', ')}}`
}
