/**
 * EnsureImageExists (pkg/kubelet/images/image_manager.go, v1.33): apply the pull policy, honour
 * the per-pod-and-image back-off, record the image events, and pull through the serial puller.
 *
 * With serializeImagePulls (the kubelet's default), one pull runs at a time on a node; the others
 * wait in a queue, which is why the Pulled event reports the time "including waiting"
 * (serialized_image_puller.go). The queue lives here, in the kubelet, as upstream.
 */
import type { Container, Pod } from '../../api/types'
import type { EventRecorder } from '../client/events'
import { type Kernel, type Proc, Signal, wait } from '../kernel/kernel'
import type { ObjectRef } from '../kernel/trace'
import type { PodSandboxConfig } from '../runtime/cri'
import { parseImageRef } from '../runtime/image-ref'
import { BACKOFF_INITIAL_MS, Backoff, MAX_IMAGE_BACKOFF_MS } from './backoff'
import {
  backOffPullingImage,
  containerFieldPath,
  failedToApplyDefaultTag,
  failedToPullImage,
  imageAlreadyPresent,
  imageNeverPull,
  pulledImage,
  pullingImage,
  REASON,
  WAITING,
} from './events'
import { criErrorText, type RuntimeClient } from './runtime-client'

export type EnsureImageResult =
  | { readonly ok: true; readonly imageRef: string }
  /** `reason` is the container's waiting reason (ErrImagePull, ImagePullBackOff, …). */
  | { readonly ok: false; readonly reason: string; readonly message: string }

interface PullResult {
  readonly imageRef?: string
  readonly sizeBytes: number
  readonly pullMs: number
  readonly error?: string
}

interface PullRequest {
  readonly image: string
  readonly sandboxConfig: PodSandboxConfig
  readonly object: ObjectRef
  readonly done: Signal
  result?: PullResult
}

/**
 * applyDefaultImageTag: append `:latest` when there is neither tag nor digest (the kubelet keeps
 * the short name; the runtime normalizes it). Errors read like parsers.ParseImageName's.
 */
export function applyDefaultImageTag(image: string): { image: string } | { error: string } {
  const parsed = parseImageRef(image)
  if (!parsed.ok) return { error: `couldn't parse image name "${image}": ${parsed.error}` }
  return {
    image: parsed.ref.tag === undefined && parsed.ref.digest === undefined ? `${image}:latest` : image,
  }
}

export class ImageManager {
  /** Image pull back-off, keyed `<podUID>_<image>` (kubelet.go: 10 s doubling to 300 s). */
  readonly backoff = new Backoff(BACKOFF_INITIAL_MS, MAX_IMAGE_BACKOFF_MS)
  private readonly prevPullErrMsg = new Map<string, string>()
  private readonly queue: PullRequest[] = []
  private readonly ready = new Signal()

  constructor(
    private readonly kernel: Kernel,
    private readonly runtime: RuntimeClient,
    private readonly recorder: EventRecorder,
  ) {}

  start(): void {
    this.kernel.spawn(this.pullLoop(), `${this.runtime.runtime} serial image puller`)
  }

  *ensureImageExists(
    pod: Pod,
    container: Container,
    sandboxConfig: PodSandboxConfig,
  ): Proc<EnsureImageResult> {
    const requested = container.image ?? ''
    const fieldPath = containerFieldPath(pod, container.name)
    const event = (type: 'Normal' | 'Warning', reason: string, message: string): void =>
      this.recorder.event(pod, type, reason, message, { fieldPath })
    const object = podRef(pod)

    const tagged = applyDefaultImageTag(requested)
    if ('error' in tagged) {
      const msg = failedToApplyDefaultTag(requested, tagged.error)
      event('Warning', REASON.InspectFailed, msg)
      return { ok: false, reason: WAITING.InvalidImageName, message: msg }
    }
    const policy = container.imagePullPolicy ?? 'IfNotPresent'
    if (policy !== 'Always') {
      const status = yield* this.runtime.call<'ImageStatus'>(
        { method: 'ImageStatus', image: { image: tagged.image } },
        'pull',
        object,
      )
      const imageRef = status.ok ? (status.image?.id ?? '') : ''
      if (imageRef !== '') {
        event('Normal', REASON.Pulled, imageAlreadyPresent(requested))
        return { ok: true, imageRef }
      }
      if (policy === 'Never') {
        const msg = imageNeverPull(requested)
        event('Warning', REASON.ErrImageNeverPull, msg)
        return { ok: false, reason: WAITING.ErrImageNeverPull, message: msg }
      }
    }

    const key = `${pod.metadata?.uid ?? ''}_${requested}`
    const now = this.kernel.nowMs
    if (this.backoff.isInBackOffSinceUpdate(key, now)) {
      let msg = backOffPullingImage(requested)
      event('Normal', REASON.BackOff, msg)
      // Since v1.32 the waiting message carries the last pull error (image_manager.go prevPullErrMsg).
      const prev = this.prevPullErrMsg.get(key)
      if (prev !== undefined) msg = `${msg}: ${prev}`
      return { ok: false, reason: WAITING.ImagePullBackOff, message: msg }
    }
    this.prevPullErrMsg.delete(key)

    event('Normal', REASON.Pulling, pullingImage(requested))
    const startMs = this.kernel.nowMs
    const result = yield* this.pull(tagged.image, sandboxConfig, object)
    if (result.error !== undefined || !result.imageRef) {
      const error = result.error ?? 'unknown error'
      event('Warning', REASON.Failed, failedToPullImage(requested, error))
      this.backoff.next(key, this.kernel.nowMs, this.kernel.nowMs)
      this.prevPullErrMsg.set(key, `${WAITING.ErrImagePull}: ${error}`)
      return { ok: false, reason: WAITING.ErrImagePull, message: error }
    }
    const totalMs = this.kernel.nowMs - startMs
    event('Normal', REASON.Pulled, pulledImage(requested, result.pullMs, totalMs, result.sizeBytes))
    this.backoff.gc(this.kernel.nowMs)
    return { ok: true, imageRef: result.imageRef }
  }

  /** Queue a pull and wait for its turn and its result. */
  private *pull(image: string, sandboxConfig: PodSandboxConfig, object: ObjectRef): Proc<PullResult> {
    const request: PullRequest = { image, sandboxConfig, object, done: new Signal() }
    this.queue.push(request)
    this.kernel.notify(this.ready)
    while (!request.result) yield* wait(request.done)
    return request.result
  }

  private *pullLoop(): Proc {
    for (;;) {
      while (this.queue.length === 0) yield* wait(this.ready)
      const request = this.queue.shift() as PullRequest
      const startMs = this.kernel.nowMs
      const pulled = yield* this.runtime.call<'PullImage'>(
        { method: 'PullImage', image: { image: request.image }, sandboxConfig: request.sandboxConfig },
        'pull',
        request.object,
      )
      let result: PullResult
      if (!pulled.ok) {
        result = { sizeBytes: 0, pullMs: this.kernel.nowMs - startMs, error: criErrorText(pulled.error) }
      } else {
        // The image size for the Pulled event comes from ImageStatus (best effort).
        const status = yield* this.runtime.call<'ImageStatus'>(
          { method: 'ImageStatus', image: { image: request.image } },
          'pull',
          request.object,
        )
        const sizeBytes = status.ok ? (status.image?.size ?? 0) : 0
        result = { imageRef: pulled.imageRef, sizeBytes, pullMs: this.kernel.nowMs - startMs }
      }
      request.result = result
      this.kernel.notify(request.done)
    }
  }
}

export function podRef(pod: Pod): ObjectRef {
  const m = pod.metadata ?? {}
  return {
    resource: 'pods',
    namespace: m.namespace ?? 'default',
    name: m.name ?? '',
    ...(m.uid ? { uid: m.uid } : {}),
  }
}
