/**
 * What the kubelet knows of a pod from the runtime (kubecontainer.PodStatus in its pod cache):
 * the sandbox and every container the runtime still has, current and exited. It is refreshed by
 * the PLEG from the runtime's container events.
 */
import type { ContainerStatus, PodSandboxStatus } from '../runtime/cri'

export interface RuntimeView {
  readonly sandbox?: PodSandboxStatus
  readonly containers: readonly ContainerStatus[]
}

export const EMPTY_VIEW: RuntimeView = { containers: [] }

/** The runtime's containers for one spec container, newest attempt first. */
export function containersNamed(view: RuntimeView, name: string): ContainerStatus[] {
  return view.containers
    .filter((c) => c.metadata.name === name)
    .sort((a, b) => b.metadata.attempt - a.metadata.attempt || b.createdAtMs - a.createdAtMs)
}

/** The latest container for a spec container (FindContainerStatusByName). */
export function latestContainer(view: RuntimeView, name: string): ContainerStatus | undefined {
  return containersNamed(view, name)[0]
}

/** True when the pod has a ready sandbox with an IP (the negation of PodSandboxChanged). */
export function sandboxReady(view: RuntimeView): boolean {
  return view.sandbox?.state === 'SANDBOX_READY' && view.sandbox.network.ip !== ''
}

/** The newest container of each name. */
export function latestOfEach(view: RuntimeView): ContainerStatus[] {
  const names = [...new Set(view.containers.map((c) => c.metadata.name))]
  return names.map((n) => latestContainer(view, n) as ContainerStatus)
}
