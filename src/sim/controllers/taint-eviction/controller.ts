/**
 * The taint eviction controller (`taint-eviction-controller`, its own controller since v1.29's
 * SeparateTaintEvictionController; it writes with the node-controller service account): a pod on
 * a node with NoExecute taints it does not tolerate is deleted at once; one that tolerates them
 * all is deleted when the shortest tolerationSeconds of the tolerations used runs out (for ever if
 * none has tolerationSeconds). DefaultTolerationSeconds admission gives every pod 300 s for
 * `node.kubernetes.io/not-ready` and `unreachable`, which is why a failed node's pods go five
 * minutes after its NoExecute taint.
 *
 * The deletion (deletePodHandler): the event `TaintManagerEviction` "Marking for deletion Pod
 * <namespace>/<name>", then the DisruptionTarget condition (reason `DeletionByTaintManager`,
 * "Taint manager: deleting due to NoExecute taint") patched onto pods/status, then an ordinary
 * graceful DELETE, up to 5 tries 10 ms apart. When the taints go away first, the planned deletion
 * is cancelled with "Cancelling deletion of Pod <namespace>/<name>".
 *
 * Source: pkg/controller/tainteviction/taint_eviction.go and timed_workers.go (v1.33),
 * cmd/kube-controller-manager/app/core.go (the node-controller client).
 *
 * Simplifications: one queue and 8 workers instead of 8 workers each fed by a node channel and a
 * pod channel hashed by node name (node updates are not served before pod updates); the handlers
 * only plan, so no sync ever waits on another.
 */
import type { Pod, Taint, Toleration } from 'kubernetes-types/core/v1'
import { PODS } from '../../../api/resources'
import type { KubeObject, Node } from '../../../api/types'
import type { Informer } from '../../client/informer'
import { type Proc, sleep, type Timer } from '../../kernel/kernel'
import { CONTROLLER_MANAGER, type ObjectRef } from '../../kernel/trace'
import { podStatusPatch } from '../../kubelet/status-patch'
import { toleratesTaint } from '../../scheduler/plugins/helper/taints'
import { type ControllerDeps, QueueController } from '../base'
import { taintText } from '../node-lifecycle/node-util'
import type { TaintEvictionStep } from '../steps'

/** UpdateWorkerSize */
export const TAINT_EVICTION_WORKERS = 8
/** deletePodHandler's retries, 10 ms apart. */
const RETRIES = 5
const RETRY_SLEEP_MS = 10

/** A planned deletion (TimedWorker); `null` once it ran, so the pod is not planned again. */
interface Planned {
  readonly createdAtMs: number
  readonly fireAtMs: number
  readonly timer: Timer
}

export class TaintEvictionController extends QueueController {
  /** taintedNodes: the NoExecute taints of every node that has some. */
  private readonly taintedNodes = new Map<string, Taint[]>()
  /** taintEvictionQueue, keyed `namespace/name`. */
  private readonly planned = new Map<string, Planned | null>()

  constructor(
    deps: ControllerDeps,
    private readonly podInformer: Informer<Pod>,
    private readonly nodeInformer: Informer<Node>,
  ) {
    super('taint-eviction-controller', deps)
    podInformer.addEventHandler({
      add: (pod) => this.podUpdated(undefined, pod),
      update: (oldPod, pod) => this.podUpdated(oldPod, pod),
      delete: (pod) => this.podUpdated(pod, undefined),
    })
    nodeInformer.addEventHandler({
      add: (node) => this.nodeUpdated(undefined, node),
      update: (oldNode, node) => this.nodeUpdated(oldNode, node),
      delete: (node) => this.nodeUpdated(node, undefined),
    })
  }

  /** PodUpdated: only a change of node or tolerations matters. */
  private podUpdated(oldPod: Pod | undefined, pod: Pod | undefined): void {
    const p = pod ?? oldPod
    if (!p) return
    if (
      oldPod &&
      pod &&
      oldPod.spec?.nodeName === pod.spec?.nodeName &&
      JSON.stringify(oldPod.spec?.tolerations ?? []) === JSON.stringify(pod.spec?.tolerations ?? [])
    )
      return
    this.queue.add(`pod/${p.metadata?.namespace}/${p.metadata?.name}/${p.spec?.nodeName ?? ''}`)
  }

  /** NodeUpdated: only a change of NoExecute taints matters. */
  private nodeUpdated(oldNode: Node | undefined, node: Node | undefined): void {
    const n = node ?? oldNode
    if (!n) return
    if (oldNode && node && JSON.stringify(noExecute(oldNode)) === JSON.stringify(noExecute(node))) return
    this.queue.add(`node/${n.metadata?.name}`)
  }

  protected *sync(key: string): Proc {
    const [kind, a = '', b = '', c = ''] = key.split('/')
    if (kind === 'node') this.handleNodeUpdate(a)
    else this.handlePodUpdate(a, b, c)
  }

  private handlePodUpdate(namespace: string, name: string, nodeName: string): void {
    const key = `${namespace}/${name}`
    const pod = this.podInformer.get(key)
    if (!pod) {
      this.cancelWorkWithEvent(namespace, name)
      return
    }
    // Keyed by node: a pod that moved since is someone else's update.
    if ((pod.spec?.nodeName ?? '') !== nodeName || !nodeName) return
    const taints = this.taintedNodes.get(nodeName)
    if (!taints) return
    this.processPodOnNode(pod, nodeName, taints, this.kernel.nowMs)
  }

  private handleNodeUpdate(nodeName: string): void {
    const node = this.nodeInformer.get(nodeName)
    if (!node) {
      this.taintedNodes.delete(nodeName)
      return
    }
    const taints = noExecute(node)
    if (taints.length === 0) this.taintedNodes.delete(nodeName)
    else this.taintedNodes.set(nodeName, taints)
    const pods = this.podInformer.list().filter((p) => p.spec?.nodeName === nodeName)
    if (pods.length === 0) return
    if (taints.length === 0) {
      // All taints were removed from the node: cancel every planned eviction.
      for (const p of pods) this.cancelWorkWithEvent(p.metadata?.namespace ?? '', p.metadata?.name ?? '')
      return
    }
    const now = this.kernel.nowMs
    for (const p of pods) this.processPodOnNode(p, nodeName, taints, now)
  }

  /** processPodOnNode */
  private processPodOnNode(pod: Pod, nodeName: string, taints: readonly Taint[], nowMs: number): void {
    const namespace = pod.metadata?.namespace ?? ''
    const name = pod.metadata?.name ?? ''
    const key = `${namespace}/${name}`
    if (taints.length === 0) this.cancelWorkWithEvent(namespace, name)
    const used = matchingTolerations(taints, pod.spec?.tolerations)
    const base = { pod: podRef(pod), node: nodeName, taints: taints.map(taintText) }
    if (!used) {
      // Not all taints are tolerated: delete the pod right away.
      this.cancelWorkWithEvent(namespace, name)
      this.decision(
        `"Not all taints are tolerated after update for pod on node" pod="${key}" node="${nodeName}"`,
        {
          ...base,
          decision: 'evict-now',
          fireAtMs: nowMs,
        },
      )
      this.addWork(namespace, name, nowMs, nowMs)
      return
    }
    const minToleration = minTolerationMs(used)
    if (minToleration < 0) {
      // Tolerated for ever.
      this.cancelWorkWithEvent(namespace, name)
      return
    }
    let startMs = nowMs
    const triggerMs = startMs + minToleration
    const existing = this.planned.get(key)
    if (existing !== undefined) {
      if (existing === null) return
      startMs = existing.createdAtMs
      if (startMs + minToleration < triggerMs) return
      this.cancelWorkWithEvent(namespace, name)
    }
    this.decision(
      `pod ${key} tolerates the NoExecute taints of node ${nodeName} for ${minToleration / 1000}s: deletion at ${seconds(triggerMs)}`,
      { ...base, decision: 'evict-later', tolerationSeconds: minToleration / 1000, fireAtMs: triggerMs },
    )
    this.addWork(namespace, name, startMs, triggerMs)
  }

  /** TimedWorkerQueue.AddWork: the delay fireAt − createdAt runs from now; a known key is kept. */
  private addWork(namespace: string, name: string, createdAtMs: number, fireAtMs: number): void {
    const key = `${namespace}/${name}`
    if (this.planned.has(key)) return
    const delay = Math.max(0, fireAtMs - createdAtMs)
    const timer = this.kernel.after(delay, () => {
      this.kernel.spawn(this.deletePod(namespace, name, fireAtMs), `taint-eviction-controller delete ${key}`)
    })
    this.planned.set(key, { createdAtMs, fireAtMs, timer })
  }

  /** cancelWorkWithEvent */
  private cancelWorkWithEvent(namespace: string, name: string): void {
    const key = `${namespace}/${name}`
    const p = this.planned.get(key)
    if (p === undefined) return
    this.planned.delete(key)
    if (p === null) return
    p.timer.cancel()
    const pod = this.podInformer.get(key)
    this.decision(`"Cancelling deletion of pod" pod="${key}"`, {
      pod: pod ? podRef(pod) : { resource: 'pods', namespace, name },
      node: pod?.spec?.nodeName ?? '',
      taints: (this.taintedNodes.get(pod?.spec?.nodeName ?? '') ?? []).map(taintText),
      decision: 'cancel',
    })
    this.recorder.event(
      podObject(namespace, name),
      'Normal',
      'TaintManagerEviction',
      `Cancelling deletion of Pod ${key}`,
    )
  }

  /** deletePodHandler: the event, then DisruptionTarget and DELETE, retried up to 5 times. */
  private *deletePod(namespace: string, name: string, fireAtMs: number): Proc {
    const key = `${namespace}/${name}`
    const pod = this.podInformer.get(key)
    this.decision(`"Deleting pod" controller="taint-eviction-controller" pod="${key}"`, {
      pod: pod ? podRef(pod) : { resource: 'pods', namespace, name },
      node: pod?.spec?.nodeName ?? '',
      taints: (this.taintedNodes.get(pod?.spec?.nodeName ?? '') ?? []).map(taintText),
      decision: 'deleting',
      fireAtMs,
    })
    this.recorder.event(
      podObject(namespace, name),
      'Normal',
      'TaintManagerEviction',
      `Marking for deletion Pod ${key}`,
    )
    let ok = false
    for (let i = 0; i < RETRIES && !ok; i++) {
      if (i > 0) yield* sleep(RETRY_SLEEP_MS)
      ok = yield* this.addConditionAndDeletePod(namespace, name)
    }
    // A deletion that ran stays known (null) so the pod is not planned again; a failed one is
    // forgotten, so a later update may plan it again.
    if (this.planned.has(key)) {
      if (ok) this.planned.set(key, null)
      else this.planned.delete(key)
    }
  }

  /** addConditionAndDeletePod */
  private *addConditionAndDeletePod(namespace: string, name: string): Proc<boolean> {
    const client = this.client
    const got = yield* client.get<Pod>(PODS, namespace, name, 'delete')
    if (!got.ok) return false
    const pod = got.object
    const conditions = [...(pod.status?.conditions ?? [])]
    const i = conditions.findIndex((c) => c.type === 'DisruptionTarget')
    const prev = i >= 0 ? conditions[i] : undefined
    const wanted = {
      type: 'DisruptionTarget',
      status: 'True',
      reason: 'DeletionByTaintManager',
      message: 'Taint manager: deleting due to NoExecute taint',
    }
    const same =
      prev?.status === wanted.status && prev.reason === wanted.reason && prev.message === wanted.message
    if (!same) {
      const condition = {
        ...wanted,
        lastTransitionTime: prev?.status === wanted.status ? prev.lastTransitionTime : this.kernel.wallTime(),
      }
      if (i >= 0) conditions[i] = condition
      else conditions.push(condition)
      const patch = podStatusPatch(pod.metadata?.uid ?? '', pod.status ?? {}, { ...pod.status, conditions })
      if (patch) {
        const patched = yield* client.patch<Pod>(
          PODS,
          namespace,
          name,
          patch,
          'application/strategic-merge-patch+json',
          'delete',
          'status',
        )
        if (!patched.ok) return false
      }
    }
    const deleted = yield* client.delete(PODS, namespace, name, 'delete')
    return deleted.ok
  }

  private decision(summary: string, step: Omit<TaintEvictionStep, 'type' | 'controller'>): void {
    this.kernel.step(
      CONTROLLER_MANAGER,
      'reconcile',
      summary,
      { type: 'TaintEviction', controller: 'taint-eviction-controller', ...step },
      step.pod,
    )
  }
}

function noExecute(node: Node): Taint[] {
  return (node.spec?.taints ?? []).filter((t) => t.effect === 'NoExecute')
}

/**
 * v1helper.GetMatchingTolerations: for each taint the first toleration that tolerates it; undefined
 * when some taint is not tolerated.
 */
export function matchingTolerations(
  taints: readonly Taint[],
  tolerations: readonly Toleration[] | undefined,
): Toleration[] | undefined {
  const used: Toleration[] = []
  for (const taint of taints) {
    const t = (tolerations ?? []).find((x) => toleratesTaint(x, taint))
    if (!t) return undefined
    used.push(t)
  }
  return used
}

/** getMinTolerationTime: the smallest tolerationSeconds (≤ 0 counts as 0), −1 for never. */
export function minTolerationMs(tolerations: readonly Toleration[]): number {
  if (tolerations.length === 0) return 0
  let min = Number.POSITIVE_INFINITY
  for (const t of tolerations) {
    if (t.tolerationSeconds === undefined || t.tolerationSeconds === null) continue
    if (t.tolerationSeconds <= 0) return 0
    min = Math.min(min, t.tolerationSeconds)
  }
  return min === Number.POSITIVE_INFINITY ? -1 : min * 1000
}

function podRef(pod: Pod): ObjectRef {
  return {
    resource: 'pods',
    namespace: pod.metadata?.namespace,
    name: pod.metadata?.name ?? '',
    uid: pod.metadata?.uid,
  }
}

/** The event's object reference: apiVersion, kind, namespace and name only (no uid), as upstream's. */
function podObject(namespace: string, name: string): KubeObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace } }
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(3).replace(/\.?0+$/, '')}s`
}
