/**
 * The Pods at a cursor time, grouped the way the graph draws them: by the node they are bound to
 * (spec.nodeName), plus how many still wait for the scheduler.
 *
 * Every node box and the scheduler read this on every cursor move, so it is computed once per
 * (revisions, cursor) and shared: the pod keys are cached per revision index, and the last view is
 * memoized. Pod objects are the stored revisions themselves, so an unchanged Pod keeps its identity
 * from frame to frame and shallow-equal selectors skip re-rendering.
 */
import type { Pod } from '../../api/types'
import type { RevisionIndex } from './objects'
import { revisionAt } from './objects'

const POD_PREFIX = '/registry/pods/'

export interface PodsView {
  /** Every live Pod, in etcd key order (namespace, then name). */
  readonly all: readonly Pod[]
  /** Pods bound to each node, in key order. */
  readonly byNode: ReadonlyMap<string, readonly Pod[]>
  /** Pods with no spec.nodeName that are not finished: what the scheduler still has to place. */
  readonly unscheduled: number
}

const EMPTY: readonly Pod[] = []

/** A Pod that has finished (it holds no resources and the scheduler no longer counts it). */
export function isTerminal(pod: Pod): boolean {
  const phase = pod.status?.phase
  return phase === 'Succeeded' || phase === 'Failed'
}

/** The Pod's etcd key, `/registry/pods/<namespace>/<name>` (what the store's focusedPodKey holds). */
export function podKey(pod: Pod): string {
  return `${POD_PREFIX}${pod.metadata?.namespace ?? 'default'}/${pod.metadata?.name ?? ''}`
}

const keysCache = new WeakMap<RevisionIndex, readonly string[]>()

/** The etcd keys of Pods in the index (live or not), sorted; cached per index. */
export function podKeys(index: RevisionIndex): readonly string[] {
  let keys = keysCache.get(index)
  if (!keys) {
    keys = [...index.keys()].filter((k) => k.startsWith(POD_PREFIX)).sort()
    keysCache.set(index, keys)
  }
  return keys
}

/** The Pods view at `atMs` (pure; see podsViewAt for the memoized form). */
export function computePodsView(index: RevisionIndex, atMs: number): PodsView {
  const all: Pod[] = []
  const byNode = new Map<string, Pod[]>()
  let unscheduled = 0
  for (const key of podKeys(index)) {
    const pod = revisionAt(index.get(key) ?? [], atMs)?.object as Pod | null | undefined
    if (!pod) continue
    all.push(pod)
    const nodeName = pod.spec?.nodeName
    if (nodeName) {
      const list = byNode.get(nodeName)
      if (list) list.push(pod)
      else byNode.set(nodeName, [pod])
    } else if (!isTerminal(pod)) unscheduled++
  }
  return { all, byNode, unscheduled }
}

let last: { index: RevisionIndex; atMs: number; view: PodsView } | undefined

/** computePodsView, memoized on the last (index, atMs): many selectors ask per store change. */
export function podsViewAt(index: RevisionIndex, atMs: number): PodsView {
  if (last && last.index === index && last.atMs === atMs) return last.view
  const view = computePodsView(index, atMs)
  last = { index, atMs, view }
  return view
}

/** The Pods bound to `nodeName` at `atMs` (a stable empty array when there are none). */
export function podsOnNodeAt(index: RevisionIndex, atMs: number, nodeName: string): readonly Pod[] {
  return podsViewAt(index, atMs).byNode.get(nodeName) ?? EMPTY
}

/** How many Pods are bound to any of `nodeNames` at `atMs` (for the collapsed "more nodes" box). */
export function podCountOnNodes(index: RevisionIndex, atMs: number, nodeNames: readonly string[]): number {
  const byNode = podsViewAt(index, atMs).byNode
  let count = 0
  for (const name of nodeNames) count += byNode.get(name)?.length ?? 0
  return count
}
