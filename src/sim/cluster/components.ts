/**
 * Which components run: the control plane (scheduler, controller-manager) and, per node, the
 * kubelet and container runtime, plus the image registry.
 */
import type { Node } from '../../api/types'
import type { Kernel } from '../kernel/kernel'

export interface Components {
  readonly [name: string]: unknown
}

export function startControlPlane(_kernel: Kernel): Components {
  return {}
}

export function startNodeSide(_kernel: Kernel, _nodes: readonly Node[]): Components {
  return {}
}
