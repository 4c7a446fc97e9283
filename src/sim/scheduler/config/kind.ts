/**
 * What a KubeSchedulerConfiguration document is, without the machinery that reads it: manifest
 * parsing needs to recognise the kind, not to depend on the scheduler.
 */

export const SCHEDULER_CONFIGURATION_API_VERSION = 'kubescheduler.config.k8s.io/v1'
export const SCHEDULER_CONFIGURATION_KIND = 'KubeSchedulerConfiguration'

/** The document as written (apiVersion kubescheduler.config.k8s.io/v1); read by readSchedulerConfiguration. */
export interface KubeSchedulerConfiguration {
  readonly apiVersion: string
  readonly kind: string
  readonly [field: string]: unknown
}

/** A KubeSchedulerConfiguration of the one version kube-scheduler v1.33 reads (not an API object). */
export function isSchedulerConfiguration(obj: {
  readonly apiVersion?: unknown
  readonly kind?: unknown
}): obj is KubeSchedulerConfiguration {
  return obj.kind === SCHEDULER_CONFIGURATION_KIND && obj.apiVersion === SCHEDULER_CONFIGURATION_API_VERSION
}
