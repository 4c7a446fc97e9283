/**
 * Which components run: the control plane (kube-scheduler, kube-controller-manager) and, per
 * node, the kubelet and container runtime, plus the image registry. Each registers with the
 * kernel and starts its informers at time 0.
 */
import type { Node } from '../../api/types'
import { ControllerManager } from '../controllers/controller-manager'
import type { Kernel } from '../kernel/kernel'
import { Kubelet } from '../kubelet/kubelet'
import { Registry } from '../runtime/registry'
import { ContainerRuntime } from '../runtime/runtime'
import { Scheduler, type SchedulerOptions } from '../scheduler/scheduler'

export interface ControlPlane {
  readonly scheduler: Scheduler
  readonly controllerManager: ControllerManager
}

export interface NodeSide {
  readonly registry: Registry
  readonly kubelets: ReadonlyMap<string, Kubelet>
  readonly runtimes: ReadonlyMap<string, ContainerRuntime>
}

export function startControlPlane(kernel: Kernel, schedulerOptions: SchedulerOptions = {}): ControlPlane {
  const scheduler = new Scheduler(kernel, schedulerOptions)
  kernel.register(scheduler)
  scheduler.start()
  const controllerManager = new ControllerManager(kernel)
  kernel.register(controllerManager)
  controllerManager.start()
  return { scheduler, controllerManager }
}

export function startNodeSide(kernel: Kernel, nodes: readonly Node[]): NodeSide {
  const registry = new Registry(kernel)
  kernel.register(registry)
  const kubelets = new Map<string, Kubelet>()
  const runtimes = new Map<string, ContainerRuntime>()
  for (const node of nodes) {
    const name = node.metadata?.name ?? ''
    const runtime = new ContainerRuntime(kernel, node)
    kernel.register(runtime)
    runtimes.set(name, runtime)
    const kubelet = new Kubelet(kernel, node)
    kernel.register(kubelet)
    kubelets.set(name, kubelet)
    kubelet.start()
  }
  return { registry, kubelets, runtimes }
}
