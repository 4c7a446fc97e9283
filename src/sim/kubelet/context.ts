/** What a pod worker needs from its kubelet; the Kubelet implements it, tests can fake it. */
import type { Node, Pod } from '../../api/types'
import type { ApiClient } from '../client/client'
import type { EventRecorder } from '../client/events'
import type { Kernel } from '../kernel/kernel'
import type { ComponentId } from '../kernel/trace'
import type { Backoff } from './backoff'
import type { ProbeResults } from './generate-status'
import type { ImageManager } from './image-manager'
import type { Pleg } from './pleg'
import type { RuntimeClient } from './runtime-client'
import type { StatusManager } from './status-manager'

export interface KubeletContext {
  readonly kernel: Kernel
  readonly id: ComponentId
  readonly node: Node
  /** The node's InternalIP addresses (status.hostIPs of its pods). */
  readonly hostIPs: readonly string[]
  readonly recorder: EventRecorder
  /**
   * The kubelet's apiserver client, for the ConfigMaps and Secrets its pods read
   * (container-env.ts). Absent in tests that fake the context: those are then not checked.
   */
  readonly client?: ApiClient
  readonly runtime: RuntimeClient
  readonly images: ImageManager
  readonly statuses: StatusManager
  readonly pleg: Pleg
  /** Container restart back-off (CrashLoopBackOff): 10 s doubling to 300 s. */
  readonly crashBackoff: Backoff
  /**
   * The prober's readiness and startup results, when the kubelet runs probes. Absent: a running
   * container is started and ready (as upstream for containers without those probes).
   */
  readonly probes?: ProbeResults
  /** The pod as the kubelet's informer has it now (undefined once deleted). */
  currentPod(key: string): Pod | undefined
}
