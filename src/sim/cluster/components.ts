/**
 * Which components run: the control plane (kube-scheduler, kube-controller-manager) and, per
 * node, the kubelet and container runtime, plus the image registry. Each registers with the
 * kernel and starts its informers at time 0; a node's runtime and kubelet first take over the
 * bootstrap Pods that already run there.
 */
import type { Node } from '../../api/types'
import { ControllerManager, type ControllerManagerOptions } from '../controllers/controller-manager'
import type { Kernel } from '../kernel/kernel'
import { Kubelet } from '../kubelet/kubelet'
import { Registry } from '../runtime/registry'
import { ContainerRuntime } from '../runtime/runtime'
import { Scheduler, type SchedulerOptions } from '../scheduler/scheduler'
import type { RunningPod } from './bootstrap-pods'

export interface ControlPlane {
  readonly scheduler: Scheduler
  readonly controllerManager: ControllerManager
}

export interface NodeSide {
  readonly registry: Registry
  readonly kubelets: ReadonlyMap<string, Kubelet>
  readonly runtimes: ReadonlyMap<string, ContainerRuntime>
}

export function startControlPlane(
  kernel: Kernel,
  schedulerOptions: SchedulerOptions = {},
  controllerManagerOptions: ControllerManagerOptions = {},
): ControlPlane {
  const scheduler = new Scheduler(kernel, schedulerOptions)
  kernel.register(scheduler)
  scheduler.start()
  const controllerManager = new ControllerManager(kernel, controllerManagerOptions)
  kernel.register(controllerManager)
  controllerManager.start()
  return { scheduler, controllerManager }
}

/**
 * `running`: the bootstrap Pods already running on these nodes; each node's runtime and kubelet
 * take theirs over (ContainerRuntime.restorePod, Kubelet.restorePod) before anything runs.
 */
export function startNodeSide(
  kernel: Kernel,
  nodes: readonly Node[],
  running: readonly RunningPod[] = [],
): NodeSide {
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
    for (const r of running) {
      if (r.node === name) kubelet.restorePod(r.pod, runtime.restorePod(r.sandbox, r.containers))
    }
  }
  return { registry, kubelets, runtimes }
}
