/**
 * Test harness for the node side: the real etcd + kube-apiserver (through Cluster, with its
 * default nodes), plus the registry and, per node, a container runtime and a kubelet. No scheduler
 * is needed: test Pods name their node in `spec.nodeName`. Test-only.
 */
import type { Event, KubeObject, Node, Pod } from '../../../api/types'
import { decode } from '../../apiserver/codec'
import { Cluster } from '../../cluster/cluster'
import type { Message } from '../../kernel/trace'
import type { ContainerRuntime } from '../../runtime/runtime'
import type { UserAction } from '../../scenario/scenario'
import type { Kubelet } from '../kubelet'

export interface NodeHarness {
  readonly cluster: Cluster
  readonly kubelets: ReadonlyMap<string, Kubelet>
  readonly runtimes: ReadonlyMap<string, ContainerRuntime>
  run(untilMs?: number): void
  pod(name: string, namespace?: string): Pod | undefined
  events(name: string): Array<[string, string]>
  trace(): readonly Message[]
}

export function nodeHarness(
  actions: readonly UserAction[],
  options: { nodes?: readonly Node[]; seed?: number } = {},
): NodeHarness {
  const cluster = new Cluster({
    actions,
    ...(options.nodes ? { nodes: options.nodes } : {}),
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
  })
  const kernel = cluster.kernel
  const { kubelets, runtimes } = cluster.nodeSide
  const stored = (resource: string): KubeObject[] => {
    const out: KubeObject[] = []
    for (const kv of cluster.etcd.store.range(`/registry/${resource}/`)) out.push(decode(kv))
    return out
  }
  return {
    cluster,
    kubelets,
    runtimes,
    run: (untilMs) => cluster.run(untilMs === undefined ? {} : { untilMs }),
    pod: (name, namespace = 'default') =>
      stored('pods').find((p) => p.metadata?.name === name && p.metadata?.namespace === namespace) as
        | Pod
        | undefined,
    events: (name) =>
      (stored('events') as Event[])
        .filter((e) => e.involvedObject?.name === name)
        .sort((a, b) => (a.metadata?.name ?? '').localeCompare(b.metadata?.name ?? ''))
        .map((e) => [e.reason ?? '', e.message ?? '']),
    trace: () => kernel.trace,
  }
}

/** Apply objects at time 0. */
export const applyAt0 = (...objects: KubeObject[]): UserAction[] => [{ type: 'apply', atMs: 0, objects }]
