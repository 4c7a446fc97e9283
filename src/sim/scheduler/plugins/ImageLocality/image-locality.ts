/**
 * ImageLocality (Score only): favours nodes that already have the pod's images.
 * - Each image of the pod's init and regular containers that the node lists in status.images adds
 *   its size scaled by how widely it is spread: int64(size × nodesHavingIt / allNodes), so an image
 *   every node has counts fully and a rare one little (against "node heating").
 * - The sum is clamped to [23 MiB, 1000 MiB × number of init + regular containers] and mapped
 *   linearly onto 0–100: 100 × (sum − min) / (max − min), in integers. No normalization.
 * - Image names are compared after normalization: a name without a tag (no `:` after the last
 *   `/`) gets `:latest`. A digest reference (`name@sha256:…`) already has a `:` after the last
 *   `/` and is left as it is.
 * - No PreScore and no EnqueueExtensions (a Score plugin never rejects a pod).
 *
 * v1.33 counts init + regular containers; image volumes are counted only from 1.36 (#130231).
 *
 * kube-scheduler: pkg/scheduler/framework/plugins/imagelocality/image_locality.go.
 */
import type { Container } from 'kubernetes-types/core/v1'
import type { Pod } from '../../../../api/types'
import type { CycleState } from '../../framework/cycle-state'
import { type Handle, MAX_NODE_SCORE, type ScorePlugin } from '../../framework/interfaces'
import type { ImageStateSummary, NodeInfo } from '../../framework/node-info'

export const NAME = 'ImageLocality'

const MB = 1024 * 1024
/** Below this, a node scores 0. */
export const MIN_THRESHOLD = 23 * MB
/** Per container: the sum at which a node scores 100. */
export const MAX_CONTAINER_THRESHOLD = 1000 * MB

/** normalizedImageName: the name as the container runtime reports it (`nginx` → `nginx:latest`). */
export function normalizedImageName(name: string): string {
  return name.lastIndexOf(':') <= name.lastIndexOf('/') ? `${name}:latest` : name
}

/** scaledImageScore: the image's size times the share of nodes that have it, truncated. */
export function scaledImageScore(state: ImageStateSummary, totalNumNodes: number): number {
  return Math.trunc(state.sizeBytes * (state.numNodes / totalNumNodes))
}

/** calculatePriority: the clamped sum mapped onto 0–100 (integer division). */
export function calculatePriority(sumScores: number, numContainers: number): number {
  const maxThreshold = MAX_CONTAINER_THRESHOLD * numContainers
  let sum = sumScores
  if (sum < MIN_THRESHOLD) sum = MIN_THRESHOLD
  else if (sum > maxThreshold) sum = maxThreshold
  // `+ 0` turns the −0 of 0 / negative (a pod without containers) into 0.
  return Math.trunc((MAX_NODE_SCORE * (sum - MIN_THRESHOLD)) / (maxThreshold - MIN_THRESHOLD)) + 0
}

function collectImages(out: string[], containers: readonly Container[] | undefined): void {
  for (const c of containers ?? []) out.push(normalizedImageName(c.image ?? ''))
}

export class ImageLocality implements ScorePlugin {
  readonly name = NAME
  /**
   * The normalized image names of the pod scored last (init containers first). Score runs once per
   * feasible node for the same pod, so this keeps the loop from building strings per node; it only
   * memoizes a pure function of the pod.
   */
  private lastPod: Pod | null = null
  private images: readonly string[] = []

  constructor(private readonly handle: Pick<Handle, 'snapshot'>) {}

  private imagesOf(pod: Pod): readonly string[] {
    if (pod !== this.lastPod) {
      const images: string[] = []
      collectImages(images, pod.spec?.initContainers)
      collectImages(images, pod.spec?.containers)
      this.images = images
      this.lastPod = pod
    }
    return this.images
  }

  score(_state: CycleState, pod: Pod, nodeInfo: NodeInfo): number {
    return nodeScore(this.imagesOf(pod), nodeInfo, this.handle.snapshot.list().length)
  }

  scoreNodes(_state: CycleState, pod: Pod, nodes: readonly NodeInfo[], scores: number[]): void {
    const images = this.imagesOf(pod)
    const totalNumNodes = this.handle.snapshot.list().length
    for (let i = 0; i < nodes.length; i++) scores[i] = nodeScore(images, nodes[i] as NodeInfo, totalNumNodes)
  }
}

function nodeScore(images: readonly string[], nodeInfo: NodeInfo, totalNumNodes: number): number {
  let sum = 0
  for (let i = 0; i < images.length; i++) {
    const state = nodeInfo.imageStates.get(images[i] as string)
    if (state) sum += scaledImageScore(state, totalNumNodes)
  }
  return calculatePriority(sum, images.length)
}
