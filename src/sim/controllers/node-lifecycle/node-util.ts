/**
 * What the node lifecycle controller does to Nodes and Pods through the API, after
 * pkg/controller/controller_utils.go (AddOrUpdateTaintOnNode, RemoveTaintOffNode, PatchNodeTaints)
 * and pkg/controller/util/node/controller_utils.go (SwapNodeControllerTaint, MarkPodsNotReady,
 * RecordNodeStatusChange), with pkg/util/taints (AddOrUpdateTaint, RemoveTaint, TaintExists).
 *
 * Taints are written with a strategic merge PATCH of the whole `spec.taints` list (it has no
 * merge key) carrying the resourceVersion the change was computed from, so a concurrent change is
 * a 409 and the change is recomputed (RetryOnConflict: 5 tries, 100 ms apart; upstream adds up to
 * 100 % jitter, left out here because it would draw from the scenario's RNG).
 */
import type { Node, Pod, PodCondition, Taint } from 'kubernetes-types/core/v1'
import { NODES, PODS, resourcePath } from '../../../api/resources'
import { clone, type KubeObject } from '../../../api/types'
import type { ApiClient } from '../../client/client'
import type { EventRecorder } from '../../client/events'
import { type Kernel, type Proc, sleep } from '../../kernel/kernel'
import { twoWayMergePatch } from '../../kubelet/status-patch'
import { ApiError } from '../base'

export const TAINT_NODE_NOT_READY = 'node.kubernetes.io/not-ready'
export const TAINT_NODE_UNREACHABLE = 'node.kubernetes.io/unreachable'
export const TAINT_NODE_UNSCHEDULABLE = 'node.kubernetes.io/unschedulable'

/** UnreachableTaintTemplate / NotReadyTaintTemplate. */
export const UNREACHABLE_NO_EXECUTE: Taint = { key: TAINT_NODE_UNREACHABLE, effect: 'NoExecute' }
export const NOT_READY_NO_EXECUTE: Taint = { key: TAINT_NODE_NOT_READY, effect: 'NoExecute' }

/** UpdateTaintBackoff: 5 steps, 100 ms. */
const UPDATE_TAINT_STEPS = 5
const UPDATE_TAINT_BACKOFF_MS = 100

/** What the helpers need: the controller's client, its recorder and the kernel's clock. */
export interface NodeUtilContext {
  readonly kernel: Kernel
  readonly client: ApiClient
  readonly recorder: EventRecorder
}

/** Taint.MatchTaint: same key and effect. */
export const matchTaint = (a: Taint, b: Taint): boolean => a.key === b.key && a.effect === b.effect

export const taintExists = (taints: readonly Taint[] | undefined, taint: Taint): boolean =>
  (taints ?? []).some((t) => matchTaint(t, taint))

export const taintText = (t: Taint): string => `${t.key}${t.value ? `=${t.value}` : ''}:${t.effect}`

const sameTaint = (a: Taint, b: Taint): boolean =>
  a.key === b.key &&
  a.effect === b.effect &&
  (a.value ?? '') === (b.value ?? '') &&
  a.timeAdded === b.timeAdded

/** taints.AddOrUpdateTaint: replace a matching taint that differs, or append. */
function addOrUpdateTaint(node: Node, taint: Taint): { node: Node; updated: boolean } {
  const out: Taint[] = []
  let updated = false
  for (const t of node.spec?.taints ?? []) {
    if (matchTaint(taint, t)) {
      if (sameTaint(taint, t)) return { node, updated: false }
      out.push(taint)
      updated = true
      continue
    }
    out.push(t)
  }
  if (!updated) out.push(taint)
  return { node: withTaints(node, out), updated: true }
}

/** taints.RemoveTaint */
function removeTaint(node: Node, taint: Taint): { node: Node; updated: boolean } {
  const taints = node.spec?.taints ?? []
  const kept = taints.filter((t) => !matchTaint(taint, t))
  return kept.length === taints.length
    ? { node, updated: false }
    : { node: withTaints(node, kept), updated: true }
}

function withTaints(node: Node, taints: Taint[]): Node {
  const spec = { ...(node.spec ?? {}) }
  if (taints.length) spec.taints = taints
  else delete spec.taints
  return { ...node, spec }
}

/**
 * SwapNodeControllerTaint: add `add` (stamped timeAdded now), then remove `remove`. False when an
 * API call failed.
 */
export function* swapNodeControllerTaint(
  ctx: NodeUtilContext,
  add: readonly Taint[],
  remove: readonly Taint[],
  node: Node,
): Proc<boolean> {
  const now = ctx.kernel.wallTime()
  const stamped = add.map((t) => ({ ...t, timeAdded: now }))
  const name = node.metadata?.name ?? ''
  if (
    !(yield* changeTaints(ctx, name, (n) =>
      stamped.reduce((acc, t) => merge(acc, addOrUpdateTaint(acc.node, t)), start(n)),
    ))
  )
    return false
  // RemoveTaintOffNode short-circuits when the node (as the caller saw it) has none of them.
  if (!remove.some((t) => taintExists(node.spec?.taints, t))) return true
  return yield* changeTaints(ctx, name, (n) =>
    remove.reduce((acc, t) => merge(acc, removeTaint(acc.node, t)), start(n)),
  )
}

/** RemoveTaintOffNode */
export function* removeTaintOffNode(
  ctx: NodeUtilContext,
  node: Node,
  taints: readonly Taint[],
): Proc<boolean> {
  if (!taints.some((t) => taintExists(node.spec?.taints, t))) return true
  const name = node.metadata?.name ?? ''
  return yield* changeTaints(ctx, name, (n) =>
    taints.reduce((acc, t) => merge(acc, removeTaint(acc.node, t)), start(n)),
  )
}

const start = (node: Node) => ({ node, updated: false })
const merge = (acc: { node: Node; updated: boolean }, r: { node: Node; updated: boolean }) => ({
  node: r.node,
  updated: acc.updated || r.updated,
})

/**
 * The RetryOnConflict loop of AddOrUpdateTaintOnNode / RemoveTaintOffNode: GET the Node (the first
 * time from the apiserver's cache, resourceVersion=0), compute, PATCH; a 409 starts over.
 */
function* changeTaints(
  ctx: NodeUtilContext,
  name: string,
  compute: (node: Node) => { node: Node; updated: boolean },
): Proc<boolean> {
  for (let i = 0; i < UPDATE_TAINT_STEPS; i++) {
    if (i > 0) yield* sleep(UPDATE_TAINT_BACKOFF_MS)
    const got = yield* ctx.client.request('GET', resourcePath(NODES, undefined, name), 'reconcile', {
      ...(i === 0 ? { query: { resourceVersion: '0' } } : {}),
      object: { resource: 'nodes', name },
    })
    if (got.code !== 200) return false
    const old = got.body as Node
    const next = compute(old)
    if (!next.updated) return true
    const res = yield* ctx.client.patch<Node>(
      NODES,
      undefined,
      name,
      nodeTaintsPatch(old, next.node),
      'application/strategic-merge-patch+json',
      'reconcile',
    )
    if (res.ok) return true
    if (res.code !== 409) return false
  }
  return false
}

/**
 * PatchNodeTaints: a two-way merge patch from the old Node without its resourceVersion to the old
 * Node with the new taints, so the patch carries the resourceVersion (a conflict check) and the
 * whole taint list.
 */
export function nodeTaintsPatch(old: Node, next: Node): unknown {
  const base = clone(old)
  const { resourceVersion: _, ...meta } = base.metadata ?? {}
  Object.assign(base, { metadata: meta })
  const wanted = clone(old)
  Object.assign(wanted, { spec: withTaints(old, next.spec?.taints ?? []).spec })
  return twoWayMergePatch(base, wanted)
}

/**
 * MarkPodsNotReady: each pod bound to the node whose Ready condition is not already False gets
 * Ready=False (PUT pods/status), then the Warning event `NodeNotReady` "Node is not ready".
 * Throws ApiError with the first failure (404s are skipped: the pod is gone).
 */
export function* markPodsNotReady(
  ctx: NodeUtilContext,
  pods: readonly Pod[],
  nodeName: string,
): Proc<string[]> {
  const marked: string[] = []
  let error: ApiError | undefined
  for (const p of pods) {
    if (p.spec?.nodeName !== nodeName) continue
    const ready = p.status?.conditions?.find((c) => c.type === 'Ready')
    if (!ready || ready.status === 'False') continue
    const pod: Pod = { ...clone(p), apiVersion: 'v1', kind: 'Pod' }
    const conditions = (pod.status?.conditions ?? []).map(
      (c): PodCondition =>
        c.type === 'Ready' ? { ...c, status: 'False', lastTransitionTime: ctx.kernel.wallTime() } : c,
    )
    Object.assign(pod, { status: { ...pod.status, conditions } })
    const res = yield* ctx.client.update<Pod>(PODS, pod, 'reconcile', 'status')
    if (!res.ok) {
      if (res.code === 404) continue
      error ??= new ApiError(res.code, res.status)
    } else marked.push(pod.metadata?.name ?? '')
    // "record NodeNotReady event after updateStatus to make sure pod still exists"
    ctx.recorder.event(pod as KubeObject, 'Warning', 'NodeNotReady', 'Node is not ready')
  }
  if (error) throw error
  return marked
}

/** RecordNodeStatusChange: a Normal event about the node, `Node <name> status is now: <status>`. */
export function recordNodeStatusChange(recorder: EventRecorder, node: Node, status: string): void {
  const name = node.metadata?.name ?? ''
  const ref: KubeObject = { apiVersion: 'v1', kind: 'Node', metadata: { name, uid: node.metadata?.uid } }
  recorder.event(ref, 'Normal', status, `Node ${name} status is now: ${status}`)
}

/** RecordNodeEvent: `Node <name> event: <text>`. */
export function recordNodeEvent(recorder: EventRecorder, node: Node, reason: string, text: string): void {
  const name = node.metadata?.name ?? ''
  const ref: KubeObject = { apiVersion: 'v1', kind: 'Node', metadata: { name, uid: node.metadata?.uid } }
  recorder.event(ref, 'Normal', reason, `Node ${name} event: ${text}`)
}
