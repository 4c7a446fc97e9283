/**
 * The kubelet's two heartbeats, as in v1.33:
 *
 * - **The node Lease** (`kube-node-lease/<node>`), renewed every 10 s: nodeLeaseDurationSeconds is
 *   40 and the renew interval is 25 % of it (kubelet.go nodeLeaseRenewIntervalFraction). The
 *   renewal is component-helpers' lease controller (apimachinery/lease/controller.go): PUT the
 *   last Lease it wrote with a new `spec.renewTime` (no GET while that works); on failure up to 5
 *   immediate retries, a conflict re-reads it; when that fails it falls back to "ensure lease"
 *   (GET, or create when missing, retried with a back-off from 200 ms doubling to 7 s).
 * - **Node status**, computed every nodeStatusUpdateFrequency (10 s) and PATCHed to
 *   `nodes/<node>/status` only when something changed, or when nodeStatusReportFrequency (5 min)
 *   has passed since the last report (kubelet_node_status.go tryUpdateNodeStatus, up to
 *   nodeStatusUpdateRetry = 5 tries). The first try reads the Node from the kubelet's own node
 *   informer (LIST/WATCH with fieldSelector metadata.name=<node>, since v1.31: kubernetes#123977),
 *   so a quiet node sends nothing but its Lease renewal; a retry GETs the Node. The conditions are the kubelet's: MemoryPressure, DiskPressure and
 *   PIDPressure False, Ready True (or as the scenario's Node declares them), each with a fresh
 *   lastHeartbeatTime; a condition whose status changes (after the node controller set it
 *   Unknown) gets a new lastTransitionTime and the kubelet's `NodeReady` /
 *   `NodeHasSufficientMemory`… event (nodestatus/setters.go).
 *
 * Both loops sleep on background timers (a cluster where only heartbeats happen is idle) and
 * restart the period after each sync, as wait.JitterUntil with sliding=true does. Their requests
 * go through the heartbeat client, whose timeout is min(nodeStatusUpdateFrequency, lease
 * duration) = 10 s (cmd/kubelet/app/server.go): a request lost on a cut network fails after 10 s
 * and the failure is recorded as a step, as the kubelet logs it.
 *
 * Simplifications: no ±4 % jitter on the periods (it would draw from the scenario's RNG); the
 * first renewal and status sync are 10 s after time 0, as if the kubelets had been running
 * before; the node's capacity, addresses, images and node info are not recomputed (nothing on a
 * simulated node changes them); onRepeatedHeartbeatFailure (closing the connections) is not
 * modelled.
 */
import type { Lease } from 'kubernetes-types/coordination/v1'
import type { NodeCondition } from 'kubernetes-types/core/v1'
import { NODES, type ResourceInfo, resourceByName } from '../../api/resources'
import { clone, type KubeObject, type Node } from '../../api/types'
import type { ApiClient } from '../client/client'
import type { EventRecorder } from '../client/events'
import { Informer } from '../client/informer'
import { type Kernel, type Proc, Signal, sleep, wait } from '../kernel/kernel'
import type { ComponentId, ObjectRef } from '../kernel/trace'
import { twoWayMergePatch } from './status-patch'

const LEASES = resourceByName('coordination.k8s.io', 'leases') as ResourceInfo

/** kubelet defaults (KubeletConfiguration) and the constants of the code cited above. */
export const NODE_LEASE_NAMESPACE = 'kube-node-lease'
export const NODE_LEASE_DURATION_SECONDS = 40
export const NODE_LEASE_RENEW_INTERVAL_FRACTION = 0.25
export const NODE_LEASE_RENEW_INTERVAL_MS =
  NODE_LEASE_DURATION_SECONDS * 1000 * NODE_LEASE_RENEW_INTERVAL_FRACTION
export const NODE_STATUS_UPDATE_FREQUENCY_MS = 10_000
export const NODE_STATUS_REPORT_FREQUENCY_MS = 5 * 60_000
export const NODE_STATUS_UPDATE_RETRY = 5
/** The heartbeat client's timeout: min(nodeStatusUpdateFrequency, nodeLeaseDuration). */
export const HEARTBEAT_TIMEOUT_MS = Math.min(
  NODE_STATUS_UPDATE_FREQUENCY_MS,
  NODE_LEASE_DURATION_SECONDS * 1000,
)
/** lease/controller.go maxUpdateRetries and maxBackoff; backoffEnsureLease starts at 100 ms doubled. */
const LEASE_MAX_UPDATE_RETRIES = 5
const LEASE_MAX_BACKOFF_MS = 7_000
const LEASE_INITIAL_BACKOFF_MS = 100

/** What the heartbeats need from their kubelet. */
export interface HeartbeatHost {
  readonly kernel: Kernel
  readonly id: ComponentId
  readonly nodeName: string
  /** The Node as the kubelet registered it (its last reported heartbeat is read from it). */
  readonly node: Node
  readonly client: ApiClient
  readonly recorder: EventRecorder
}

/** The payload of the kubelet's heartbeat steps (failures, as the kubelet logs them). */
export interface HeartbeatStep {
  readonly type: 'HeartbeatFailed'
  readonly heartbeat: 'lease' | 'node-status'
  /** `timeout` when no answer came within the heartbeat client's timeout, else the HTTP code. */
  readonly error: 'timeout' | number
  readonly attempt?: number
}

interface KubeletCondition {
  readonly type: string
  readonly status: string
  readonly reason?: string
  readonly message?: string
}

/** The conditions the kubelet owns, in the order it writes them, with their healthy values. */
const KUBELET_CONDITIONS: readonly KubeletCondition[] = [
  {
    type: 'MemoryPressure',
    status: 'False',
    reason: 'KubeletHasSufficientMemory',
    message: 'kubelet has sufficient memory available',
  },
  {
    type: 'DiskPressure',
    status: 'False',
    reason: 'KubeletHasNoDiskPressure',
    message: 'kubelet has no disk pressure',
  },
  {
    type: 'PIDPressure',
    status: 'False',
    reason: 'KubeletHasSufficientPID',
    message: 'kubelet has sufficient PID available',
  },
  { type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status' },
]

/** The event the kubelet records when a condition changes to a status (kubelet/events/event.go). */
const CONDITION_EVENTS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  MemoryPressure: { True: 'NodeHasInsufficientMemory', False: 'NodeHasSufficientMemory' },
  DiskPressure: { True: 'NodeHasDiskPressure', False: 'NodeHasNoDiskPressure' },
  PIDPressure: { True: 'NodeHasInsufficientPID', False: 'NodeHasSufficientPID' },
  Ready: { True: 'NodeReady', False: 'NodeNotReady' },
}

type Outcome<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: 'timeout' | number }

export class NodeHeartbeat {
  private readonly processes: { cancel(): void }[] = []
  /** The Lease this kubelet last wrote (latestLease). */
  private latestLease: Lease | undefined
  /** The kubelet's own Node (an informer with fieldSelector metadata.name=<node>: nodeLister). */
  readonly nodeInformer: Informer<Node>
  /** Wall-clock ms of the last node status report (lastStatusReportTime). */
  private lastStatusReportMs: number
  /**
   * What the kubelet reports for each of its conditions: healthy by default, or as the scenario's
   * Node declares it (the simulated node has no eviction manager to find pressure itself).
   */
  private readonly conditions: readonly KubeletCondition[]

  constructor(private readonly host: HeartbeatHost) {
    const declared = host.node.status?.conditions ?? []
    const ready = declared.find((c) => c.type === 'Ready')
    const last = ready?.lastHeartbeatTime ? Date.parse(ready.lastHeartbeatTime) : Number.NaN
    this.lastStatusReportMs = Number.isNaN(last) ? host.kernel.epochMs : Math.min(last, host.kernel.epochMs)
    this.nodeInformer = new Informer<Node>(
      host.client,
      NODES,
      { fieldSelector: `metadata.name=${host.nodeName}` },
      'kubelet-watch',
    )
    this.conditions = KUBELET_CONDITIONS.map((c) => {
      const d = declared.find((x) => x.type === c.type)
      return d && d.status !== 'Unknown'
        ? { type: c.type, status: d.status, reason: d.reason, message: d.message }
        : c
    })
  }

  private get kernel(): Kernel {
    return this.host.kernel
  }

  private get leaseRef(): ObjectRef {
    return { resource: 'leases', namespace: NODE_LEASE_NAMESPACE, name: this.host.nodeName }
  }

  private get nodeRef(): ObjectRef {
    return { resource: 'nodes', name: this.host.nodeName }
  }

  start(): void {
    const id = this.host.id
    this.processes.push(this.kernel.spawn(this.nodeInformer.run(), `${id} node informer`))
    this.processes.push(this.kernel.spawn(this.leaseLoop(), `${id} node lease`))
    this.processes.push(this.kernel.spawn(this.statusLoop(), `${id} node status`))
  }

  /** The kubelet stopped: no more heartbeats. */
  stop(): void {
    for (const p of this.processes.splice(0)) p.cancel()
  }

  // ---- the Lease ----

  private *leaseLoop(): Proc {
    for (;;) {
      yield* sleep(NODE_LEASE_RENEW_INTERVAL_MS, true)
      this.kernel.cause = null
      yield* this.syncLease()
    }
  }

  /** controller.sync */
  *syncLease(): Proc {
    if (this.latestLease) {
      if (yield* this.retryUpdateLease(this.latestLease)) return
    }
    const { lease, created } = yield* this.backoffEnsureLease()
    this.latestLease = lease
    if (!created) yield* this.retryUpdateLease(lease)
  }

  /** retryUpdateLease: PUT with a fresh renewTime, up to 5 times; a conflict re-reads the Lease. */
  private *retryUpdateLease(base: Lease): Proc<boolean> {
    let current = base
    for (let i = 0; i < LEASE_MAX_UPDATE_RETRIES; i++) {
      const res = yield* this.timed(
        this.host.client.update<Lease>(LEASES, this.newLease(current), 'heartbeat'),
      )
      if (res.ok && res.value.ok) {
        this.latestLease = res.value.object
        return true
      }
      const error = res.ok ? res.value.code : res.error
      this.failed('lease', `failed to update lease, error: ${errorText(error)}`, error, i + 1)
      if (error === 409) current = (yield* this.backoffEnsureLease()).lease
    }
    return false
  }

  /** backoffEnsureLease: ensureLease until it works, sleeping 200 ms, 400 ms … up to 7 s between tries. */
  private *backoffEnsureLease(): Proc<{ lease: Lease; created: boolean }> {
    let sleepMs = LEASE_INITIAL_BACKOFF_MS
    for (;;) {
      const r = yield* this.ensureLease()
      if (r.ok) return r.value
      sleepMs = Math.min(2 * sleepMs, LEASE_MAX_BACKOFF_MS)
      this.failed(
        'lease',
        `failed to ensure lease exists, will retry in ${sleepMs / 1000}s, error: ${errorText(r.error)}`,
        r.error,
      )
      yield* sleep(sleepMs, true)
    }
  }

  /** ensureLease: GET it; create it (owned by the Node) when it is missing. */
  private *ensureLease(): Proc<Outcome<{ lease: Lease; created: boolean }>> {
    const client = this.host.client
    const got = yield* this.timed(
      client.get<Lease>(LEASES, NODE_LEASE_NAMESPACE, this.host.nodeName, 'heartbeat'),
    )
    if (!got.ok) return got
    if (got.value.ok) return { ok: true, value: { lease: got.value.object, created: false } }
    if (got.value.code !== 404) return { ok: false, error: got.value.code }
    // setNodeOwnerFunc: the Lease is owned by the Node, whose uid a GET tells.
    const node = yield* this.timed(client.get<Node>(NODES, undefined, this.host.nodeName, 'heartbeat'))
    if (!node.ok) return node
    if (!node.value.ok) return { ok: false, error: node.value.code }
    const lease = this.newLease(undefined, node.value.object)
    const created = yield* this.timed(client.create<Lease>(LEASES, NODE_LEASE_NAMESPACE, lease, 'heartbeat'))
    if (!created.ok) return created
    if (!created.value.ok) return { ok: false, error: created.value.code }
    return { ok: true, value: { lease: created.value.object, created: true } }
  }

  /** newLease: a copy of `base` (or a new Lease) with renewTime now. */
  private newLease(base: Lease | undefined, node?: Node): Lease {
    const name = this.host.nodeName
    const lease: Lease = base
      ? clone(base)
      : {
          apiVersion: 'coordination.k8s.io/v1',
          kind: 'Lease',
          metadata: {
            name,
            namespace: NODE_LEASE_NAMESPACE,
            ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name, uid: node?.metadata?.uid ?? '' }],
          },
          spec: { holderIdentity: name, leaseDurationSeconds: NODE_LEASE_DURATION_SECONDS },
        }
    return {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      ...lease,
      spec: { ...lease.spec, renewTime: this.kernel.microTime() },
    }
  }

  // ---- node status ----

  private *statusLoop(): Proc {
    for (;;) {
      yield* sleep(NODE_STATUS_UPDATE_FREQUENCY_MS, true)
      this.kernel.cause = null
      yield* this.updateNodeStatus()
    }
  }

  /** updateNodeStatus: up to nodeStatusUpdateRetry tries. */
  *updateNodeStatus(): Proc {
    for (let i = 0; i < NODE_STATUS_UPDATE_RETRY; i++) {
      const error = yield* this.tryUpdateNodeStatus(i)
      if (error === undefined) return
      this.failed('node-status', `Error updating node status, will retry: ${errorText(error)}`, error, i + 1)
    }
    this.failed(
      'node-status',
      'Unable to update node status: update node status exceeds retry count',
      'timeout',
    )
  }

  /**
   * tryUpdateNodeStatus: read the Node (the first try from the kubelet's own node informer, a
   * retry with a GET), set the conditions, PATCH when changed or due.
   */
  private *tryUpdateNodeStatus(tryNumber: number): Proc<'timeout' | number | undefined> {
    const client = this.host.client
    const name = this.host.nodeName
    let original = tryNumber === 0 ? this.nodeInformer.get(name) : undefined
    if (!original) {
      const got = yield* this.timed(client.get<Node>(NODES, undefined, name, 'heartbeat'))
      if (!got.ok) return got.error
      if (!got.value.ok) return got.value.code
      original = got.value.object
    }
    const { node, changed, events } = this.setConditions(original)
    const nowMs = this.kernel.epochMs + this.kernel.nowMs
    if (!changed && nowMs - this.lastStatusReportMs < NODE_STATUS_REPORT_FREQUENCY_MS) return undefined
    // nodeutil.PatchNodeStatus: a two-way strategic merge patch of the status (spec left out).
    const patch = twoWayMergePatch(original, { ...node, spec: original.spec })
    const patched = yield* this.timed(
      client.patch<Node>(
        NODES,
        undefined,
        name,
        patch,
        'application/strategic-merge-patch+json',
        // A report that only refreshes heartbeats is routine; a changed condition is news.
        changed ? 'status' : 'heartbeat',
        'status',
      ),
    )
    if (!patched.ok) return patched.error
    if (!patched.value.ok) return patched.value.code
    this.lastStatusReportMs = nowMs
    for (const e of events) this.recordNodeStatusEvent(e)
    return undefined
  }

  /**
   * The condition setters (nodestatus/setters.go): every condition gets lastHeartbeatTime now; a
   * status change also a new lastTransitionTime, reason, message and an event. `changed` ignores
   * heartbeat times, as nodeStatusHasChanged does.
   */
  private setConditions(original: Node): { node: Node; changed: boolean; events: string[] } {
    const now = this.kernel.wallTime()
    const node = clone(original)
    const conditions: NodeCondition[] = [...(node.status?.conditions ?? [])]
    const events: string[] = []
    let changed = false
    for (const want of this.conditions) {
      const i = conditions.findIndex((c) => c.type === want.type)
      const cur = i >= 0 ? conditions[i] : undefined
      const transition = cur?.status !== want.status
      const next: NodeCondition = {
        type: want.type,
        status: want.status,
        lastHeartbeatTime: now,
        lastTransitionTime: transition ? now : (cur?.lastTransitionTime ?? now),
        ...(want.reason !== undefined ? { reason: want.reason } : {}),
        ...(want.message !== undefined ? { message: want.message } : {}),
      }
      if (transition || cur?.reason !== want.reason || cur?.message !== want.message) changed = true
      const event = CONDITION_EVENTS[want.type]?.[want.status]
      if (transition && cur && event) events.push(event)
      if (i >= 0) conditions[i] = next
      else conditions.push(next)
    }
    Object.assign(node, { status: { ...node.status, conditions } })
    return { node, changed, events }
  }

  /** recordNodeStatusEvent: about the kubelet's nodeRef (uid = the node name). */
  private recordNodeStatusEvent(reason: string): void {
    const name = this.host.nodeName
    const ref: KubeObject = { kind: 'Node', metadata: { name, uid: name } }
    this.host.recorder.event(ref, 'Normal', reason, `Node ${name} status is now: ${reason}`)
  }

  // ---- plumbing ----

  /** A failed heartbeat, as the kubelet logs it: a step in the trace. */
  private failed(
    heartbeat: HeartbeatStep['heartbeat'],
    summary: string,
    error: HeartbeatStep['error'],
    attempt?: number,
  ): void {
    const payload: HeartbeatStep = {
      type: 'HeartbeatFailed',
      heartbeat,
      error,
      ...(attempt !== undefined ? { attempt } : {}),
    }
    this.kernel.step(
      this.host.id,
      'heartbeat',
      summary,
      payload,
      heartbeat === 'lease' ? this.leaseRef : this.nodeRef,
    )
  }

  /** Run a request with the heartbeat client's timeout. */
  private *timed<T>(request: Proc<T>): Proc<Outcome<T>> {
    const result = yield* withTimeout(
      this.kernel,
      request,
      HEARTBEAT_TIMEOUT_MS,
      `${this.host.id} heartbeat request`,
    )
    return result.done ? { ok: true, value: result.value } : { ok: false, error: 'timeout' }
  }
}

function errorText(error: 'timeout' | number): string {
  if (error === 'timeout') return `context deadline exceeded (Client.Timeout ${HEARTBEAT_TIMEOUT_MS / 1000}s)`
  return `HTTP ${error}`
}

/**
 * Run `proc` as its own process and wait for it at most `timeoutMs` (a client with a timeout): on
 * timeout the request is abandoned (a late reply is dropped). The timer is background work.
 */
export function* withTimeout<T>(
  kernel: Kernel,
  proc: Proc<T>,
  timeoutMs: number,
  name: string,
): Proc<{ done: true; value: T } | { done: false }> {
  const child = kernel.spawn(proc, name)
  const woken = new Signal()
  let timedOut = false
  child.whenDone(() => kernel.notify(woken))
  const timer = kernel.after(
    timeoutMs,
    () => {
      timedOut = true
      kernel.notify(woken)
    },
    true,
  )
  try {
    while (!child.done && !timedOut) yield* wait(woken)
  } finally {
    timer.cancel()
    if (!child.done) child.cancel()
  }
  if (child.done && !child.cancelled) return { done: true, value: child.result as T }
  return { done: false }
}
