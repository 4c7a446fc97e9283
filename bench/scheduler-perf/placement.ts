/**
 * Where the Pods ended up, read from etcd (not from the scheduler's own cache): per node, how many
 * Pods and whether their requests fit the node's allocatable. What the smoke test checks.
 */
import { intValue, milliValue } from '../../src/api/quantity'
import type { Node, Pod } from '../../src/api/types'
import type { MvccStore } from '../../src/sim/etcd/mvcc'

export interface Placement {
  /** Bound Pods per node name. */
  readonly podsPerNode: ReadonlyMap<string, number>
  readonly unbound: number
  /** Nodes whose bound Pods request more CPU, memory or Pods than it has. */
  readonly overCommitted: readonly string[]
}

export function placementOf(store: MvccStore): Placement {
  const nodes = new Map<string, Node>()
  for (const kv of store.range('/registry/minions/')) {
    const node = kv.value as Node
    nodes.set(node.metadata?.name ?? '', node)
  }
  const used = new Map<string, { cpu: number; memory: number; pods: number }>()
  let unbound = 0
  for (const kv of store.range('/registry/pods/')) {
    const pod = kv.value as Pod
    const name = pod.spec?.nodeName
    if (!name) {
      unbound++
      continue
    }
    const u = used.get(name) ?? { cpu: 0, memory: 0, pods: 0 }
    for (const c of pod.spec?.containers ?? []) {
      u.cpu += milliValue(c.resources?.requests?.cpu)
      u.memory += intValue(c.resources?.requests?.memory)
    }
    u.pods++
    used.set(name, u)
  }
  const overCommitted: string[] = []
  const podsPerNode = new Map<string, number>()
  for (const [name, u] of used) {
    podsPerNode.set(name, u.pods)
    const a = nodes.get(name)?.status?.allocatable ?? {}
    if (u.cpu > milliValue(a.cpu) || u.memory > intValue(a.memory) || u.pods > intValue(a.pods))
      overCommitted.push(name)
  }
  return { podsPerNode, unbound, overCommitted }
}
