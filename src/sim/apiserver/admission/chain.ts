/**
 * The enabled admission plugins in v1.33 order (pkg/kubeapiserver/options/plugins.go
 * AllOrderedPlugins): mutating plugins run in this order, then the validating ones in this order.
 * Plugins on by default that touch nothing a Pod-creation story shows (TaintNodesByCondition,
 * DefaultStorageClass, RuntimeClass, the certificate plugins…) are listed in docs/fidelity.md.
 */
import { defaultTolerationSeconds } from './default-toleration-seconds'
import { limitRanger } from './limit-ranger'
import { namespaceLifecycle } from './namespace-lifecycle'
import { podSecurity } from './pod-security'
import { priority } from './priority'
import { resourceQuota } from './resource-quota'
import { serviceAccount } from './service-account'
import type { AdmissionPlugin } from './types'
import { mutatingAdmissionWebhook, validatingAdmissionWebhook } from './webhook/plugins'

export const DEFAULT_ADMISSION_CHAIN: readonly AdmissionPlugin[] = [
  namespaceLifecycle,
  limitRanger,
  serviceAccount,
  podSecurity,
  priority,
  defaultTolerationSeconds,
  mutatingAdmissionWebhook,
  validatingAdmissionWebhook,
  resourceQuota,
]
