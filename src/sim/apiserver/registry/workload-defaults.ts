/**
 * Scheme defaulting for apps/v1 Deployments and ReplicaSets (pkg/apis/apps/v1/defaults.go). Their
 * templates get the PodSpec defaults but not the Pod-only requests-from-limits copy.
 */
import type { Deployment, ReplicaSet } from 'kubernetes-types/apps/v1'
import { defaultTemplatePodSpec } from './pod-defaults'

export function defaultDeployment(d: Deployment): void {
  const spec = (d.spec ??= {} as Deployment['spec'] & object)
  spec.replicas ??= 1
  spec.strategy ??= { type: 'RollingUpdate' }
  if (spec.strategy.type === undefined) spec.strategy.type = 'RollingUpdate'
  if (spec.strategy.type === 'RollingUpdate') {
    spec.strategy.rollingUpdate ??= {}
    spec.strategy.rollingUpdate.maxUnavailable ??= '25%'
    spec.strategy.rollingUpdate.maxSurge ??= '25%'
  }
  spec.revisionHistoryLimit ??= 10
  spec.progressDeadlineSeconds ??= 600
  if (spec.template?.spec) defaultTemplatePodSpec(spec.template.spec)
}

export function defaultReplicaSet(rs: ReplicaSet): void {
  const spec = (rs.spec ??= {} as ReplicaSet['spec'] & object)
  spec.replicas ??= 1
  if (spec.template?.spec) defaultTemplatePodSpec(spec.template.spec)
}
