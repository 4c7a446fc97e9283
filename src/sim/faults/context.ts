/**
 * What every fault module gets: the parts of the cluster a failure can reach, and the two ways it
 * reports what it did — a `fault` step in the trace (root: caused by nothing, since the scenario
 * injects it) and the lines the worker's `applied` answer carries (`fault: message #412 dropped`).
 */
import type { OutputLine } from '../../api/kubectl/drain-output'
import type { Node } from '../../api/types'
import type { ApiServer } from '../apiserver/apiserver'
import type { NodeSide } from '../cluster/components'
import type { Etcd } from '../etcd/etcd'
import type { Kernel } from '../kernel/kernel'
import type { ComponentId, Message, ObjectRef } from '../kernel/trace'
import { formatGoDuration } from '../kubelet/go-duration'
import type { WebhookServers } from '../webhook/server'

export interface FaultContext {
  readonly kernel: Kernel
  readonly nodes: readonly Node[]
  readonly apiserver: ApiServer
  readonly etcd: Etcd
  readonly nodeSide: NodeSide
  /** The scenario's admission webhook servers, when it declares some. */
  readonly webhooks: WebhookServers | undefined
  /** The URL clients reach kube-apiserver at (`https://172.18.0.2:6443`), for error texts. */
  readonly apiserverUrl: string
}

/** Called once the fault has acted (at its time), with what it did or why it did nothing. */
export type FaultDone = (output: OutputLine[]) => void

/** Record the fault's step: stage `fault`, caused by nothing; it becomes the cause of what follows. */
export function faultStep<P>(
  kernel: Kernel,
  component: ComponentId,
  summary: string,
  payload: P,
  object?: ObjectRef,
): Message<P> {
  kernel.cause = null
  return kernel.step(component, 'fault', summary, payload, object)
}

/** What the fault did, as the `applied` answer prints it. */
export const injected = (text: string): OutputLine => ({ text: `fault: ${text}`, stream: 'stdout' })

/** Why the fault did nothing (what it names was not there at its time). */
export const missed = (text: string): OutputLine => ({ text: `fault: ${text}`, stream: 'stderr' })

/** Virtual time as a Go duration (`12.5s`, `1m30s`), for output lines. */
export const at = (ms: number): string => formatGoDuration(ms)

/**
 * The URL clients use for kube-apiserver: the control-plane node's InternalIP on 6443 (kubeadm's
 * advertise address and secure port), the first node's when none carries the control-plane role.
 */
export function apiserverUrlOf(nodes: readonly Node[]): string {
  const isControlPlane = (n: Node) =>
    n.metadata?.labels?.['node-role.kubernetes.io/control-plane'] !== undefined
  const node = nodes.find(isControlPlane) ?? nodes[0]
  const ip = node?.status?.addresses?.find((a) => a.type === 'InternalIP')?.address ?? '127.0.0.1'
  return `https://${ip}:6443`
}
