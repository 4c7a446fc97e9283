/**
 * node-down: a worker machine fails.
 *
 * - `stop` stands for the machine going away: a kernel panic, a hypervisor killing the VM, a
 *   power cut. Its kubelet and containerd stop (no heartbeats, no pod work, its containers are
 *   gone with it) and nothing reaches or leaves it any more.
 * - `unreachable` stands for a network partition between the node and the control plane: the
 *   kubelet and its containers go on, it keeps trying to renew its Lease and report status (each
 *   attempt times out after 10 s), and the apiserver hears nothing from it.
 *
 * Either way the control plane sees only silence: after --node-monitor-grace-period (50 s) the node
 * lifecycle controller sets the node's conditions Unknown and taints it
 * `node.kubernetes.io/unreachable` (NoSchedule, then NoExecute), and its pods are deleted by the
 * taint eviction controller when their toleration (300 s by default) runs out; the apiserver keeps
 * them Terminating, since no kubelet confirms the deletion. A node does not come back (there is no
 * `node-up`).
 */
import { APISERVER, kubeletId, runtimeId } from '../kernel/trace'
import { type FaultContext, type FaultDone, faultStep, injected } from './context'

export interface NodeDownFault {
  readonly type: 'node-down'
  readonly atMs: number
  /** The Node's name. */
  readonly node: string
  readonly mode: 'stop' | 'unreachable'
}

export const NODE_DOWN_MODES = ['stop', 'unreachable'] as const

export function scheduleNodeDown(ctx: FaultContext, fault: NodeDownFault, done: FaultDone): void {
  if (!ctx.nodeSide.kubelets.has(fault.node))
    throw new Error(`node-down at ${fault.atMs} ms: the cluster has no node "${fault.node}"`)
  ctx.kernel.at(fault.atMs, () => {
    const kernel = ctx.kernel
    const kubelet = kubeletId(fault.node)
    // Lost messages are not in the trace; this step on the kubelet records what happened.
    faultStep(
      kernel,
      kubelet,
      `node ${fault.node} down: ${fault.mode}`,
      { type: 'NodeDown', node: fault.node, mode: fault.mode },
      { resource: 'nodes', name: fault.node },
    )
    if (fault.mode === 'stop') {
      ctx.nodeSide.kubelets.get(fault.node)?.stop()
      kernel.network.isolate(kubelet)
      kernel.network.isolate(runtimeId(fault.node))
      done([injected(`node ${fault.node} stopped: its kubelet and containers are gone`)])
    } else {
      kernel.network.cut(kubelet, APISERVER)
      done([injected(`node ${fault.node} unreachable: its kubelet is cut off from kube-apiserver`)])
    }
  })
}
