/**
 * The kubelet's event reasons (pkg/kubelet/events/event.go) and message texts, v1.33 forms.
 * Sources: pkg/kubelet/images/image_manager.go (image events),
 * pkg/kubelet/kuberuntime/kuberuntime_container.go (Created, Started, Killing, `Error: …`),
 * pkg/kubelet/kuberuntime/kuberuntime_manager.go (doBackOff), pkg/kubelet/lifecycle (admission).
 */
import type { Pod } from '../../api/types'
import { formatGoDuration } from './go-duration'

export const REASON = {
  Pulling: 'Pulling',
  Pulled: 'Pulled',
  Failed: 'Failed',
  BackOff: 'BackOff',
  ErrImageNeverPull: 'ErrImageNeverPull',
  InspectFailed: 'InspectFailed',
  Created: 'Created',
  Started: 'Started',
  Killing: 'Killing',
  FailedCreatePodSandBox: 'FailedCreatePodSandBox',
  FailedPostStartHook: 'FailedPostStartHook',
  FailedPreStopHook: 'FailedPreStopHook',
} as const

/** Waiting reasons the kubelet puts in container statuses (the error names of images/types.go). */
export const WAITING = {
  ContainerCreating: 'ContainerCreating',
  ErrImagePull: 'ErrImagePull',
  ImagePullBackOff: 'ImagePullBackOff',
  ErrImageNeverPull: 'ErrImageNeverPull',
  InvalidImageName: 'InvalidImageName',
  CrashLoopBackOff: 'CrashLoopBackOff',
  CreateContainerError: 'CreateContainerError',
  RunContainerError: 'RunContainerError',
  /** The default waiting reason of every container while a pod has init containers to run. */
  PodInitializing: 'PodInitializing',
  /** kuberuntime_container.go ErrPostStartHook. */
  PostStartHookError: 'PostStartHookError',
} as const

export const pullingImage = (image: string): string => `Pulling image "${image}"`

export const pulledImage = (image: string, pullMs: number, totalMs: number, sizeBytes: number): string =>
  `Successfully pulled image "${image}" in ${formatGoDuration(pullMs)} (${formatGoDuration(totalMs)} including waiting). Image size: ${sizeBytes} bytes.`

export const imageAlreadyPresent = (image: string): string =>
  `Container image "${image}" already present on machine`

export const failedToPullImage = (image: string, error: string): string =>
  `Failed to pull image "${image}": ${error}`

export const backOffPullingImage = (image: string): string => `Back-off pulling image "${image}"`

export const imageNeverPull = (image: string): string =>
  `Container image "${image}" is not present with pull policy of Never`

export const failedToApplyDefaultTag = (image: string, error: string): string =>
  `Failed to apply default image tag "${image}": ${error}`

/** The `Failed` event after a start step failed: `Error: ErrImagePull`. */
export const errorEvent = (reason: string): string => `Error: ${reason}`

/** v1.33–1.34 form (PR #130471); ≤1.32 had no colon; 1.35+ says `Container created`. */
export const createdContainer = (name: string): string => `Created container: ${name}`

/** ≤1.34 form; 1.35+ says `Container started`. */
export const startedContainer = (name: string): string => `Started container ${name}`

export const stoppingContainer = (name: string): string => `Stopping container ${name}`

/**
 * The event's fieldPath for a container (ref.GetReference through GenerateContainerRef):
 * `spec.containers{app}`, or `spec.initContainers{init}` for an init container.
 */
export function containerFieldPath(pod: Pod, name: string): string {
  const isInit = (pod.spec?.initContainers ?? []).some((c) => c.name === name)
  return isInit ? `spec.initContainers{${name}}` : `spec.containers{${name}}`
}

/**
 * kuberuntime_container.go: the event after a postStart hook failed. The hook's own message is
 * not put in the event ("so that secrets won't leak"); it goes to the container's waiting message.
 */
export const postStartHookFailed = 'PostStartHook failed'
export const preStopHookFailed = 'PreStopHook failed'
/** The Killing message after a failed postStart hook (killContainer's message argument). */
export const killedForPostStartHook = 'FailedPostStartHook'

/** Go's `%q` of a string (enough for the simulation's outputs: quotes and backslashes escaped). */
const goQuote = (s: string): string => JSON.stringify(s)

/** lifecycle/handlers.go: an exec hook that failed. `%v` of the command prints `[sh -c exit 1]`. */
export const execHookFailed = (
  command: readonly string[],
  container: string,
  pod: Pod,
  error: string,
  output: string,
): string =>
  `Exec lifecycle hook ([${command.join(' ')}]) for Container "${container}" in Pod "${formatPod(pod)}" failed - error: ${error}, message: ${goQuote(output)}`

/** lifecycle/handlers.go: an httpGet hook that failed. */
export const httpHookFailed = (path: string, container: string, pod: Pod, error: string): string =>
  `HTTP lifecycle hook (${path}) for Container "${container}" in Pod "${formatPod(pod)}" failed - error: ${error}`

/** cri-client ExecSync: the error for a command that exited non-zero. */
export const execExitedWith = (command: readonly string[], code: number, stderr: string): string =>
  `command '${command.join(' ')}' exited with ${code}: ${stderr}`

/** format.Pod: `<name>_<namespace>(<uid>)`. */
export const formatPod = (pod: Pod): string =>
  `${pod.metadata?.name ?? ''}_${pod.metadata?.namespace ?? ''}(${pod.metadata?.uid ?? ''})`

export const backOffRestarting = (container: string, pod: Pod): string =>
  `Back-off restarting failed container ${container} in pod ${formatPod(pod)}`

/** The CrashLoopBackOff waiting message. */
export const crashLoopBackOffMessage = (backoffMs: number, container: string, pod: Pod): string =>
  `back-off ${formatGoDuration(backoffMs)} restarting failed container=${container} pod=${formatPod(pod)}`

export const createPodSandboxFailed = (error: string): string => `Failed to create pod sandbox: ${error}`
