/**
 * Per-resource create/update strategies (the RESTCreateStrategy / RESTUpdateStrategy of each
 * registry under pkg/registry): defaulting, PrepareForCreate/Update, and validation.
 */
import type { Deployment, ReplicaSet } from 'kubernetes-types/apps/v1'
import type { FieldError } from '../../../api/status'
import { fields, type KubeObject, type Pod } from '../../../api/types'
import type { BeginCreateResult, CreateEnv } from './begin-create'
import { BUILTIN_STRATEGIES } from './builtin-strategies'
import { validateObjectMeta } from './meta-validation'
import { defaultPodSpec } from './pod-defaults'
import { validatePod } from './pod-validation'
import { qosClass } from './qos'
import { defaultDeployment, defaultReplicaSet } from './workload-defaults'
import { validateWorkload } from './workload-validation'

export interface Strategy {
  /** Scheme defaults, applied to a fresh copy of the decoded body. */
  defaults?(obj: KubeObject): void
  /** The REST's BeginCreate (begin-create.ts): a Service's ClusterIP and NodePort allocation. */
  beginCreate?(obj: KubeObject, env: CreateEnv): BeginCreateResult
  prepareForCreate?(obj: KubeObject): void
  validate(obj: KubeObject, namespaced: boolean): FieldError[]
  /** Whether spec and status are written separately (main resource vs `/status`). */
  readonly statusSubresource: boolean
  /** Whether metadata.generation tracks spec changes. */
  readonly generation: boolean
}

const generic: Strategy = {
  validate: (obj, namespaced) => validateObjectMeta(obj.metadata, namespaced),
  statusSubresource: false,
  generation: false,
}

const pods: Strategy = {
  // The PodSpec defaults plus SetDefaults_Pod's requests-from-limits, which only Pods get (the
  // workload strategies default their templates without it).
  defaults: (obj) => {
    const pod = obj as Pod
    if (pod.spec) defaultPodSpec(pod.spec)
  },
  // pkg/registry/core/pod/strategy.go: status starts as Pending with the QoS class.
  prepareForCreate: (obj) => {
    const pod = obj as Pod
    Object.assign(pod, { status: { phase: 'Pending', qosClass: qosClass(pod.spec) } })
  },
  validate: (obj) => validatePod(obj as Pod),
  statusSubresource: true,
  generation: true,
}

const deployments: Strategy = {
  defaults: (obj) => defaultDeployment(obj as Deployment),
  prepareForCreate: (obj) => {
    fields(obj).status = {}
  },
  validate: (obj) => validateWorkload(obj as Deployment),
  statusSubresource: true,
  generation: true,
}

const replicasets: Strategy = {
  defaults: (obj) => defaultReplicaSet(obj as ReplicaSet),
  prepareForCreate: (obj) => {
    fields(obj).status = { replicas: 0 }
  },
  validate: (obj) => validateWorkload(obj as ReplicaSet),
  statusSubresource: true,
  generation: true,
}

const namespaces: Strategy = {
  prepareForCreate: (obj) => {
    fields(obj).spec = { finalizers: ['kubernetes'] }
    fields(obj).status = { phase: 'Active' }
    const meta = (obj.metadata ??= {})
    meta.labels = { ...(meta.labels ?? {}), 'kubernetes.io/metadata.name': meta.name ?? '' }
  },
  validate: (obj) => validateObjectMeta(obj.metadata, false, 'label'),
  statusSubresource: true,
  generation: false,
}

const nodes: Strategy = { ...generic, statusSubresource: true }

const STRATEGIES: Record<string, Strategy> = {
  '/pods': pods,
  'apps/deployments': deployments,
  'apps/replicasets': replicasets,
  '/namespaces': namespaces,
  '/nodes': nodes,
  // The kinds no simulated controller acts on (builtin-strategies.ts), over the entries above.
  ...BUILTIN_STRATEGIES,
}

export function strategyFor(group: string, resource: string): Strategy {
  return STRATEGIES[`${group}/${resource}`] ?? generic
}
