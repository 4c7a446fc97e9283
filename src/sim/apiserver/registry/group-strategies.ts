/**
 * Kinds of the other built-in groups that users paste, as the apiserver stores them:
 * - networking.k8s.io/v1: pkg/apis/networking/v1/defaults.go (SetDefaults_NetworkPolicy: policyTypes
 *   [Ingress], plus Egress when egress rules exist; SetDefaults_NetworkPolicyPort: protocol TCP);
 *   pkg/registry/networking/ingress/strategy.go (status cleared: `{loadBalancer: {}}`, generation).
 * - storage.k8s.io/v1: pkg/apis/storage/v1/defaults.go SetDefaults_StorageClass (reclaimPolicy
 *   Delete, volumeBindingMode Immediate).
 * - scheduling.k8s.io/v1: pkg/apis/scheduling/v1/defaults.go SetDefaults_PriorityClass
 *   (preemptionPolicy PreemptLowerPriority); pkg/apis/scheduling/validation ValidatePriorityClass
 *   (HighestUserDefinablePriority 1000000000).
 * - policy/v1: pkg/registry/policy/poddisruptionbudget/strategy.go (status cleared: its counters
 *   are never omitted; generation).
 * - autoscaling/v2: pkg/apis/autoscaling/v2/defaults.go (minReplicas 1, the 80% CPU metric when
 *   none is given, GenerateHPAScaleUpRules/GenerateHPAScaleDownRules when behavior is set);
 *   pkg/registry/autoscaling/horizontalpodautoscaler/strategy.go (status cleared:
 *   `currentMetrics` and `desiredReplicas` are never omitted).
 */
import type { HorizontalPodAutoscaler, HPAScalingRules } from 'kubernetes-types/autoscaling/v2'
import type { NetworkPolicy, NetworkPolicyPort } from 'kubernetes-types/networking/v1'
import type { StorageClass } from 'kubernetes-types/storage/v1'
import { type FieldError, forbiddenField } from '../../../api/status'
import { fields, type KubeObject } from '../../../api/types'
import { validateObjectMeta } from './meta-validation'

type Writable<T> = { -readonly [K in keyof T]: T[K] }

export function defaultNetworkPolicy(np: NetworkPolicy): void {
  const spec = ((np as Writable<NetworkPolicy>).spec ??= {} as NonNullable<
    NetworkPolicy['spec']
  >) as Writable<NonNullable<NetworkPolicy['spec']>>
  const ports = [
    ...(spec.ingress ?? []).flatMap((r) => r.ports ?? []),
    ...(spec.egress ?? []).flatMap((r) => r.ports ?? []),
  ] as Writable<NetworkPolicyPort>[]
  for (const p of ports) p.protocol ??= 'TCP'
  if (!spec.policyTypes?.length) {
    spec.policyTypes = (spec.egress ?? []).length > 0 ? ['Ingress', 'Egress'] : ['Ingress']
  }
}

export function defaultStorageClass(sc: StorageClass): void {
  const s = sc as Writable<StorageClass>
  s.reclaimPolicy ??= 'Delete'
  s.volumeBindingMode ??= 'Immediate'
}

/** GenerateHPAScaleUpRules: 4 Pods or 100% per 15s, the larger, no stabilization. */
function scaleUpRules(rules: HPAScalingRules | undefined): HPAScalingRules {
  return {
    ...(rules ?? {}),
    stabilizationWindowSeconds: rules?.stabilizationWindowSeconds ?? 0,
    selectPolicy: rules?.selectPolicy ?? 'Max',
    policies: rules?.policies ?? [
      { type: 'Pods', value: 4, periodSeconds: 15 },
      { type: 'Percent', value: 100, periodSeconds: 15 },
    ],
  }
}

/** GenerateHPAScaleDownRules: 100% per 15s, over a 300s stabilization window. */
function scaleDownRules(rules: HPAScalingRules | undefined): HPAScalingRules {
  return {
    ...(rules ?? {}),
    stabilizationWindowSeconds: rules?.stabilizationWindowSeconds ?? 300,
    selectPolicy: rules?.selectPolicy ?? 'Max',
    policies: rules?.policies ?? [{ type: 'Percent', value: 100, periodSeconds: 15 }],
  }
}

export function defaultHorizontalPodAutoscaler(hpa: HorizontalPodAutoscaler): void {
  const spec = ((hpa as Writable<HorizontalPodAutoscaler>).spec ??= {} as NonNullable<
    HorizontalPodAutoscaler['spec']
  >) as Writable<NonNullable<HorizontalPodAutoscaler['spec']>>
  spec.minReplicas ??= 1
  if (!spec.metrics?.length) {
    // autoscaling.DefaultCPUUtilization.
    spec.metrics = [
      {
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } },
      },
    ]
  }
  if (spec.behavior) {
    spec.behavior = {
      ...spec.behavior,
      scaleUp: scaleUpRules(spec.behavior.scaleUp),
      scaleDown: scaleDownRules(spec.behavior.scaleDown),
    }
  }
}

/** scheduling.HighestUserDefinablePriority. */
const HIGHEST_USER_DEFINABLE_PRIORITY = 1000000000

function validatePriorityClass(obj: KubeObject): FieldError[] {
  const errs = validateObjectMeta(obj.metadata, false)
  const value = (obj as KubeObject & { value?: number }).value ?? 0
  if (!obj.metadata?.name?.startsWith('system-') && value > HIGHEST_USER_DEFINABLE_PRIORITY) {
    errs.push(
      forbiddenField(
        'value',
        `maximum allowed value of a user defined priority is ${HIGHEST_USER_DEFINABLE_PRIORITY}`,
      ),
    )
  }
  return errs
}

const metaOnly = (obj: KubeObject, namespaced: boolean) => validateObjectMeta(obj.metadata, namespaced)

export const GROUP_STRATEGIES = {
  'networking.k8s.io/networkpolicies': {
    defaults: (obj: KubeObject) => defaultNetworkPolicy(obj as NetworkPolicy),
    validate: metaOnly,
    statusSubresource: false,
    generation: true,
  },
  'networking.k8s.io/ingresses': {
    prepareForCreate: (obj: KubeObject) => {
      fields(obj).status = { loadBalancer: {} }
    },
    validate: metaOnly,
    statusSubresource: true,
    generation: true,
  },
  'storage.k8s.io/storageclasses': {
    defaults: (obj: KubeObject) => defaultStorageClass(obj as StorageClass),
    validate: metaOnly,
    statusSubresource: false,
    generation: false,
  },
  'scheduling.k8s.io/priorityclasses': {
    defaults: (obj: KubeObject) => {
      const pc = obj as KubeObject & { preemptionPolicy?: string }
      pc.preemptionPolicy ??= 'PreemptLowerPriority'
    },
    validate: validatePriorityClass,
    statusSubresource: false,
    generation: false,
  },
  'policy/poddisruptionbudgets': {
    prepareForCreate: (obj: KubeObject) => {
      fields(obj).status = { currentHealthy: 0, desiredHealthy: 0, disruptionsAllowed: 0, expectedPods: 0 }
    },
    validate: metaOnly,
    statusSubresource: true,
    generation: true,
  },
  'autoscaling/horizontalpodautoscalers': {
    defaults: (obj: KubeObject) => defaultHorizontalPodAutoscaler(obj as HorizontalPodAutoscaler),
    prepareForCreate: (obj: KubeObject) => {
      fields(obj).status = { currentMetrics: null, desiredReplicas: 0 }
    },
    validate: metaOnly,
    statusSubresource: true,
    generation: false,
  },
} as const
