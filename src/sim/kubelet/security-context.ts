/**
 * runAsNonRoot (pkg/kubelet/kuberuntime, v1.33): before creating a container, generateContainerConfig
 * asks the runtime which user the image runs as (getImageUser: CRI ImageStatus of the container's
 * image; a uid, else a username, else root) and verifyRunAsNonRoot (security_context_others.go)
 * refuses the container when the effective security context says runAsNonRoot and the user is, or
 * may be, root. The kubelet reports CreateContainerConfigError and tries again at the next sync.
 *
 * Upstream calls ImageStatus for every container it creates; the simulation only makes the call
 * when the answer matters (runAsNonRoot true and no runAsUser), so Pods without runAsNonRoot keep
 * their short message trail.
 */
import type { Container, Pod } from '../../api/types'
import type { Proc } from '../kernel/kernel'
import type { KubeletContext } from './context'
import { containerFieldPath, errorEvent, formatPod, REASON } from './events'
import type { WaitingReason } from './generate-status'
import { podRef } from './image-manager'
import { criErrorText } from './runtime-client'

/** kuberuntime ErrCreateContainerConfig. */
export const CREATE_CONTAINER_CONFIG_ERROR = 'CreateContainerConfigError'

/** The two fields of DetermineEffectiveSecurityContext that matter here: the container's win over the Pod's. */
export function effectiveNonRoot(
  pod: Pod,
  container: Container,
): { runAsNonRoot: boolean; runAsUser?: number } {
  const podSc = pod.spec?.securityContext
  const sc = container.securityContext
  const runAsNonRoot = sc?.runAsNonRoot ?? podSc?.runAsNonRoot ?? false
  const runAsUser = sc?.runAsUser ?? podSc?.runAsUser
  return runAsUser === undefined ? { runAsNonRoot } : { runAsNonRoot, runAsUser }
}

/** The image's user as getImageUser returns it: a uid, else a username; neither means root. */
export interface ImageUser {
  readonly uid?: number
  readonly username?: string
}

/** verifyRunAsNonRoot: the error text, or undefined when the container may run. */
export function verifyRunAsNonRoot(pod: Pod, container: Container, user: ImageUser): string | undefined {
  const sc = effectiveNonRoot(pod, container)
  if (!sc.runAsNonRoot) return undefined
  const where = `(pod: ${JSON.stringify(formatPod(pod))}, container: ${container.name})`
  if (sc.runAsUser !== undefined)
    return sc.runAsUser === 0 ? `container's runAsUser breaks non-root policy ${where}` : undefined
  if (user.uid === undefined && user.username)
    return `container has runAsNonRoot and image has non-numeric user (${user.username}), cannot verify user is non-root ${where}`
  if ((user.uid ?? 0) === 0) return `container has runAsNonRoot and image will run as root ${where}`
  return undefined
}

/**
 * The runAsNonRoot check of one container start: undefined when it may be created, else the
 * waiting reason, after the Warning `Failed` event (`Error: <message>`).
 */
export function* checkRunAsNonRoot(
  ctx: KubeletContext,
  pod: Pod,
  container: Container,
): Proc<WaitingReason | undefined> {
  const sc = effectiveNonRoot(pod, container)
  if (!sc.runAsNonRoot) return undefined
  let message: string | undefined
  if (sc.runAsUser !== undefined) {
    message = verifyRunAsNonRoot(pod, container, {})
  } else {
    const status = yield* ctx.runtime.call<'ImageStatus'>(
      { method: 'ImageStatus', image: { image: container.image ?? '' } },
      'containers',
      podRef(pod),
    )
    if (!status.ok) message = criErrorText(status.error)
    else {
      const image = status.image
      const user: ImageUser = {
        ...(image?.uid !== undefined ? { uid: image.uid } : {}),
        ...(image?.username ? { username: image.username } : {}),
      }
      message = verifyRunAsNonRoot(pod, container, user)
    }
  }
  if (message === undefined) return undefined
  ctx.recorder.event(pod, 'Warning', REASON.Failed, errorEvent(message), {
    fieldPath: containerFieldPath(pod, container.name),
  })
  return { reason: CREATE_CONTAINER_CONFIG_ERROR, message }
}
