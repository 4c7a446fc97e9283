/**
 * image-pull-failure: from a moment on, the registry refuses pulls of one image.
 *
 * - `not-found` stands for an image deleted from its registry, or a tag that was moved or never
 *   pushed: the registry answers 404 (MANIFEST_UNKNOWN), containerd reports gRPC NotFound
 *   `… failed to resolve reference "<ref>": <ref>: not found`.
 * - `unauthorized` stands for a repository made private, or pull credentials that expired: 401 with
 *   an `insufficient_scope` token error, containerd's `pull access denied, repository does not
 *   exist or may require authorization: server message: insufficient_scope: authorization failed`.
 * - `unavailable` stands for a registry outage behind its load balancer: 503, containerd's
 *   `unexpected status from HEAD request to https://…/manifests/<tag>: 503 Service Unavailable`.
 *
 * The kubelet sees the CRI error and does what it does for any failed pull: Warning `Failed`
 * (`Failed to pull image "<image>": <error>`), the container waiting in `ErrImagePull`, then
 * `ImagePullBackOff` (`Back-off pulling image "<image>"`) with the 10 s doubling back-off per pod
 * and image. Nodes that already hold the image and do not need to pull (IfNotPresent) are not
 * affected, as in a real outage. The failure lasts to the end of the run.
 */
import { REGISTRY, runtimeId } from '../kernel/trace'
import { digests, findImage } from '../runtime/catalog'
import { normalizedName, parseImageRef, repositoryOf } from '../runtime/image-ref'
import type { PullFailure, PullFailureMode } from '../runtime/registry'
import { type FaultContext, type FaultDone, faultStep, injected } from './context'

export interface ImagePullFailureFault {
  readonly type: 'image-pull-failure'
  readonly atMs: number
  /**
   * The image: a reference (`nginx:1.27`, `registry.k8s.io/pause@sha256:…`) fails pulls of that
   * tag or digest; a bare repository (`nginx`, `docker.io/library/redis`) fails every tag of it.
   */
  readonly image: string
  /** Only pulls on this Node; absent: every node. */
  readonly node?: string
  readonly mode: PullFailureMode
}

export const PULL_FAILURE_MODES: readonly PullFailureMode[] = ['not-found', 'unauthorized', 'unavailable']

const ANSWER: Readonly<Record<PullFailureMode, string>> = {
  'not-found': '404 Not Found',
  unauthorized: '401 Unauthorized (insufficient_scope)',
  unavailable: '503 Service Unavailable',
}

/** The registry's rule for this fault, or why the image does not parse. */
export function pullFailureOf(fault: ImagePullFailureFault): PullFailure | { readonly error: string } {
  const parsed = parseImageRef(fault.image)
  if (!parsed.ok) return { error: `image "${fault.image}": ${parsed.error}` }
  const ref = parsed.ref
  const reference = ref.digest ?? ref.tag
  const image = reference !== undefined ? findImage(ref) : undefined
  const d = image ? digests(image) : undefined
  return {
    repository: repositoryOf(ref),
    // A pull resolves the tag, then fetches by digest: those digests are the same image's.
    ...(reference !== undefined
      ? { references: [reference, ...(d ? [d.manifestDigest, d.imageId, d.layersDigest] : [])] }
      : {}),
    ...(fault.node !== undefined ? { from: runtimeId(fault.node) } : {}),
    mode: fault.mode,
  }
}

export function scheduleImagePullFailure(
  ctx: FaultContext,
  fault: ImagePullFailureFault,
  done: FaultDone,
): void {
  const rule = pullFailureOf(fault)
  if ('error' in rule) throw new Error(`image-pull-failure at ${fault.atMs} ms: ${rule.error}`)
  if (fault.node !== undefined && !ctx.nodeSide.runtimes.has(fault.node))
    throw new Error(`image-pull-failure at ${fault.atMs} ms: the cluster has no node "${fault.node}"`)
  ctx.kernel.at(fault.atMs, () => {
    const parsed = parseImageRef(fault.image)
    const what =
      parsed.ok && (parsed.ref.tag ?? parsed.ref.digest)
        ? normalizedName(parsed.ref)
        : `${rule.repository} (every tag)`
    const where = fault.node !== undefined ? `on ${fault.node}` : 'on every node'
    faultStep(ctx.kernel, REGISTRY, `pulls of ${what} fail ${where}: ${ANSWER[fault.mode]}`, {
      type: 'ImagePullFailure',
      image: fault.image,
      repository: rule.repository,
      ...(fault.node !== undefined ? { node: fault.node } : {}),
      mode: fault.mode,
    })
    ctx.nodeSide.registry.addFailure(rule)
    done([injected(`pulls of "${fault.image}" ${where} now fail with ${ANSWER[fault.mode]}`)])
  })
}
