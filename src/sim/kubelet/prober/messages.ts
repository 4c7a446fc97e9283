/**
 * The prober's texts, v1.33 forms: the Unhealthy event (pkg/kubelet/prober/prober.go, reason
 * `Unhealthy` = events.ContainerUnhealthy) and the Killing message the kubelet writes when it
 * stops a container for a failed probe (pkg/kubelet/kuberuntime/kuberuntime_manager.go
 * computePodActions / computeInitContainerActions).
 */
import type { Pod } from '../../../api/types'
import type { ProbeKind } from '../../runtime/behavior'

export const UNHEALTHY = 'Unhealthy'

/** probeType.String(): `Liveness`, `Readiness`, `Startup`. */
export const probeTypeName = (kind: ProbeKind): string =>
  kind === 'liveness' ? 'Liveness' : kind === 'readiness' ? 'Readiness' : 'Startup'

/** `Readiness probe failed: HTTP probe failed with statuscode: 503`. */
export const probeFailed = (kind: ProbeKind, output: string): string =>
  `${probeTypeName(kind)} probe failed: ${output}`

/**
 * A probe that could not run (probe.Unknown with an error):
 * `Liveness probe errored and resulted in unknown state: strconv.Atoi: parsing "web": invalid syntax`.
 */
export const probeErrored = (kind: ProbeKind, error: string): string =>
  `${probeTypeName(kind)} probe errored and resulted in unknown state: ${error}`

/** Is `name` a restartable init container (a sidecar: `restartPolicy: Always`) of `pod`? */
export const isSidecar = (pod: Pod, name: string): boolean =>
  (pod.spec?.initContainers ?? []).some((c) => c.name === name && c.restartPolicy === 'Always')

/**
 * The Killing event's message for a liveness or startup failure. Regular containers:
 * `Container app failed liveness probe, will be restarted` (without the suffix when
 * `restartPolicy: Never`); sidecars: `Init container proxy failed liveness probe` (always restarted,
 * no suffix).
 */
export function probeKillMessage(pod: Pod, containerName: string, kind: 'liveness' | 'startup'): string {
  if (isSidecar(pod, containerName)) return `Init container ${containerName} failed ${kind} probe`
  const restart = pod.spec?.restartPolicy !== 'Never'
  return `Container ${containerName} failed ${kind} probe${restart ? ', will be restarted' : ''}`
}

/** `spec.containers{app}` or `spec.initContainers{proxy}`: where the event points. */
export const containerFieldPath = (pod: Pod, name: string): string =>
  (pod.spec?.initContainers ?? []).some((c) => c.name === name)
    ? `spec.initContainers{${name}}`
    : `spec.containers{${name}}`
