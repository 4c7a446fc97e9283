/**
 * Per-resource create/update strategies (the RESTCreateStrategy / RESTUpdateStrategy of each
 * registry under pkg/registry): defaulting, PrepareForCreate/Update, and validation.
 */
import type { Deployment, ReplicaSet } from 'kubernetes-types/apps/v1'
import type { LimitRange, LimitRangeItem } from 'kubernetes-types/core/v1'
import { storedPodCondition } from '../../../api/pod-condition'
import type { FieldError } from '../../../api/status'
import { fields, type KubeObject, type Pod, type PodStatus, type Writable } from '../../../api/types'
import { defaultLimitRangeItem } from '../admission/limit-ranger'
import type { BeginCreateResult, CreateEnv } from './begin-create'
import { BUILTIN_STRATEGIES } from './builtin-strategies'
import { normalizeCoreEvent } from './event-conversion'
import { validateObjectMeta } from './meta-validation'
import { defaultPodSpec } from './pod-defaults'
import { validatePod } from './pod-validation'
import { qosClass } from './qos'
import { defaultDeployment, defaultReplicaSet } from './workload-defaults'
import { validateWorkload } from './workload-validation'

export interface Strategy {
  /** Scheme defaults, applied to a fresh copy of the decoded body (main resource only). */
  defaults?(obj: KubeObject): void
  /**
   * What decoding and encoding the Go type does to every body, subresources included: fields
   * that are never omitted (`lastProbeTime: null`), omitted zero values (`count: 0`).
   */
  normalize?(obj: KubeObject): void
  /** The REST's BeginCreate (begin-create.ts): a Service's ClusterIP and NodePort allocation. */
  beginCreate?(obj: KubeObject, env: CreateEnv): BeginCreateResult
  /** `now`: the apiserver's wall time (conditions written here are stamped with it). */
  prepareForCreate?(obj: KubeObject, now: string): void
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
  normalize: (obj) => {
    const status = (obj as Pod).status as Writable<PodStatus> | undefined
    if (status?.conditions) status.conditions = status.conditions.map(storedPodCondition)
  },
  // pkg/registry/core/pod/strategy.go PrepareForCreate: status starts as Pending with the QoS
  // class, and a Pod with scheduling gates gets PodScheduled=False/SchedulingGated
  // (applySchedulingGatedCondition, through podutil.UpdatePodCondition, which stamps now).
  prepareForCreate: (obj, now) => {
    const pod = obj as Pod
    const status: Writable<PodStatus> = { phase: 'Pending', qosClass: qosClass(pod.spec) }
    if ((pod.spec?.schedulingGates ?? []).length > 0) {
      status.conditions = [
        storedPodCondition({
          type: 'PodScheduled',
          status: 'False',
          lastTransitionTime: now,
          reason: SCHEDULING_GATED,
          message: SCHEDULING_GATED_MESSAGE,
        }),
      ]
    }
    Object.assign(pod, { status })
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

/** core/v1 Events: the fields encoding/json never omits, and `count` omitted when 0. */
const events: Strategy = { ...generic, normalize: (obj) => normalizeCoreEvent(obj) }

/** SetDefaults_LimitRangeItem on every item (an empty default list is omitted, as a nil map). */
const limitRanges: Strategy = {
  ...generic,
  defaults: (obj) => {
    const spec = (obj as LimitRange).spec as Writable<NonNullable<LimitRange['spec']>> | undefined
    if (!spec?.limits) return
    spec.limits = spec.limits.map((item) => {
      const out = defaultLimitRangeItem(item) as Writable<LimitRangeItem>
      if (out.default && Object.keys(out.default).length === 0) delete out.default
      if (out.defaultRequest && Object.keys(out.defaultRequest).length === 0) delete out.defaultRequest
      return out
    })
  },
}

const STRATEGIES: Record<string, Strategy> = {
  '/pods': pods,
  '/events': events,
  '/limitranges': limitRanges,
  'apps/deployments': deployments,
  'apps/replicasets': replicasets,
  '/namespaces': namespaces,
  '/nodes': nodes,
  // The kinds no simulated controller acts on (builtin-strategies.ts), over the entries above.
  ...BUILTIN_STRATEGIES,
}

/** v1.PodReasonSchedulingGated and the message applySchedulingGatedCondition writes. */
export const SCHEDULING_GATED = 'SchedulingGated'
export const SCHEDULING_GATED_MESSAGE = 'Scheduling is blocked due to non-empty scheduling gates'

export function strategyFor(group: string, resource: string): Strategy {
  return STRATEGIES[`${group}/${resource}`] ?? generic
}
