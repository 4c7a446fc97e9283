/**
 * Which components run: the control plane (kube-scheduler, kube-controller-manager) and, per
 * node, the kubelet and container runtime, plus the image registry. Each registers with the
 * kernel and starts its informers at time 0.
 */
import type { Node } from '../../api/types'
import { ControllerManager } from '../controllers/controller-manager'
import type { Kernel } from '../kernel/kernel'

export interface Components {
  readonly controllerManager?: ControllerManager
}

export function startControlPlane(kernel: Kernel): Components {
  const controllerManager = new ControllerManager(kernel)
  kernel.register(controllerManager)
  controllerManager.start()
  return { controllerManager }
}

export function startNodeSide(_kernel: Kernel, _nodes: readonly Node[]): Components {
  return {}
}
