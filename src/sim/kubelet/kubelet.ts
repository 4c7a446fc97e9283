/**
 * The kubelet of one node. It watches the Pods bound to its node (field selector
 * `spec.nodeName=<node>`), admits each against the node's allocatable, and runs one pod worker per
 * Pod that drives the container runtime through the CRI and reports status back through
 * `pods/{name}/status`. It hears about container changes from the runtime's event stream, through
 * its PLEG.
 *
 * Usage (the cluster assembly does this per node):
 *
 *     const runtime = new ContainerRuntime(kernel, node)
 *     const kubelet = new Kubelet(kernel, node)
 *     kernel.register(runtime); kernel.register(kubelet)
 *     kubelet.start()
 */
import { PODS } from '../../api/resources'
import { type Node, objectKey, type Pod } from '../../api/types'
import { EventRecorder } from '../client/events'
import { Informer } from '../client/informer'
import { ClientComponent } from '../component'
import type { Kernel, Proc } from '../kernel/kernel'
import { kubeletId, type Message, type ObjectRef, runtimeId } from '../kernel/trace'
import { type ContainerEvent, grpcErrorText } from '../runtime/cri'
import { admitPod, rejectionMessage } from './admission'
import { BACKOFF_INITIAL_MS, Backoff, MAX_CONTAINER_BACKOFF_MS } from './backoff'
import type { KubeletContext } from './context'
import { generatePodStatus } from './generate-status'
import { ImageManager, podRef } from './image-manager'
import { NodeHeartbeat } from './node-status'
import { Pleg, type PlegEvent } from './pleg'
import { PodWorker } from './pod-worker'
import { ProberManager } from './prober/manager'
import type { ExecSyncResult } from './prober/prober'
import { RuntimeClient } from './runtime-client'
import type { RuntimeView } from './runtime-view'
import { StatusManager } from './status-manager'
import { runningContainers } from './sync-pod'

/**
 * `kubelet/v1.33.0 (linux/amd64) kubernetes/<commit>`. The short commit is v1.33.0's as remembered
 * from release notes, not checked against the tag [M].
 */
export const KUBELET_USER_AGENT = 'kubelet/v1.33.0 (linux/amd64) kubernetes/60a317e'

export class Kubelet extends ClientComponent implements KubeletContext {
  readonly nodeName: string
  readonly hostIPs: readonly string[]
  readonly recorder: EventRecorder
  readonly runtime: RuntimeClient
  readonly images: ImageManager
  readonly statuses: StatusManager
  readonly crashBackoff = new Backoff(BACKOFF_INITIAL_MS, MAX_CONTAINER_BACKOFF_MS)
  /** Startup, liveness and readiness probes; their results feed status generation (`probes`). */
  readonly probes: ProberManager
  readonly informer: Informer<Pod>
  /** The node Lease and node status heartbeats (node-status.ts). */
  readonly heartbeat: NodeHeartbeat
  /** Set by stop(): the node is down, nothing of the kubelet runs any more. */
  private stopped = false
  private plegInstance: Pleg | undefined
  private readonly workers = new Map<string, PodWorker>()
  /** Pods refused at admission: terminal from the start, no worker. */
  private readonly rejected = new Set<string>()

  constructor(
    kernel: Kernel,
    /** This kubelet's Node: its name, allocatable (admission) and InternalIP (hostIP). */
    readonly node: Node,
  ) {
    const name = node.metadata?.name ?? ''
    super(
      kernel,
      kubeletId(name),
      { clientCert: { commonName: `system:node:${name}`, organizations: ['system:nodes'] } },
      KUBELET_USER_AGENT,
    )
    this.nodeName = name
    this.hostIPs = (node.status?.addresses ?? []).filter((a) => a.type === 'InternalIP').map((a) => a.address)
    this.recorder = new EventRecorder(this.client, { component: 'kubelet', host: name }, 'core/v1')
    this.runtime = new RuntimeClient(kernel, this.id, runtimeId(name))
    this.images = new ImageManager(kernel, this.runtime, this.recorder)
    this.statuses = new StatusManager(kernel, this.client)
    this.probes = new ProberManager({
      kernel,
      id: this.id,
      recorder: this.recorder,
      exec: (containerId, cmd, timeoutMs, object) => this.execSync(containerId, cmd, timeoutMs, object),
      podIP: (pod) => this.plegInstance?.view(pod.metadata?.uid ?? '').sandbox?.network?.ip,
      // The kill runs in the pod's worker, so it never races a sync; the next sync restarts it.
      onLivenessOrStartupFailure: (pod, containerName, containerId, message, { probe }) =>
        this.workers
          .get(pod.metadata?.uid ?? '')
          ?.killForProbe({ containerName, containerId, message, probe }),
      // A readiness change is a status change: sync the pod so its status is regenerated.
      onReadinessChange: (pod) => this.workers.get(pod.metadata?.uid ?? '')?.update(),
    })
    this.informer = new Informer<Pod>(
      this.client,
      PODS,
      { fieldSelector: `spec.nodeName=${name}` },
      'kubelet-watch',
    )
    this.heartbeat = new NodeHeartbeat(this)
    this.informer.addEventHandler({
      add: (pod) => this.podAdded(pod),
      update: (oldPod, newPod) => this.podUpdated(oldPod, newPod),
      delete: (pod) => this.podDeleted(pod),
    })
  }

  get pleg(): Pleg {
    if (!this.plegInstance) throw new Error(`${this.id}: not started`)
    return this.plegInstance
  }

  start(): void {
    // The relist grid starts when the kubelet does.
    this.plegInstance = new Pleg(this.kernel, this.id, this.kernel.nowMs % 1000, (uid, events) =>
      this.plegEvents(uid, events),
    )
    this.statuses.start()
    this.images.start()
    this.runtime.subscribe()
    this.kernel.spawn(this.informer.run(), `${this.id} pod informer`)
    this.heartbeat.start()
  }

  /**
   * The node went down (a scenario fault): heartbeats and pod workers stop, and whatever still
   * arrives is ignored. The cluster also cuts the node off the network, so nothing it had in
   * flight gets out.
   */
  stop(): void {
    this.stopped = true
    this.heartbeat.stop()
    for (const worker of this.workers.values()) worker.stop()
    for (const pod of this.informer.list()) this.probes.removePod(pod)
  }

  override receive(message: Message): void {
    if (this.stopped) return
    super.receive(message)
  }

  /**
   * A Pod that was already running on this node when the scenario began (a bootstrap Pod), with
   * what the runtime has of it (`ContainerRuntime.restorePod`): the pod cache, the probe results
   * and the status last written are as this kubelet had them before virtual time 0, so when its
   * informer lists the Pod, admission and the first sync find nothing to do (no pulls, no
   * sandbox, no container starts, no status write). Call after start().
   */
  restorePod(pod: Pod, view: RuntimeView): void {
    const uid = pod.metadata?.uid ?? ''
    this.pleg.restore(uid, view, podRef(pod))
    const shown = new Map(
      [...(pod.status?.initContainerStatuses ?? []), ...(pod.status?.containerStatuses ?? [])].map((s) => [
        s.name,
        s,
      ]),
    )
    for (const c of runningContainers(view)) {
      const s = shown.get(c.name)
      const startedAtMs = view.containers.find((x) => x.id === c.id)?.startedAtMs ?? 0
      this.probes.restoreContainer(pod, c.name, c.id, startedAtMs, {
        started: s?.started ?? true,
        ready: s?.ready ?? true,
      })
    }
    const status = generatePodStatus({
      pod,
      runtime: view,
      reasons: new Map(),
      hostIPs: this.hostIPs,
      podIsTerminal: false,
      epochMs: this.kernel.epochMs,
      probes: this.probes,
    })
    this.statuses.restore(pod, status)
  }

  currentPod(key: string): Pod | undefined {
    return this.informer.get(key)
  }

  protected override receiveOther(message: Message): void {
    if (message.kind === 'cri-response' && message.from === this.runtime.runtime) {
      this.pleg.receive(message.payload as ContainerEvent)
      return
    }
    super.receiveOther(message)
  }

  /** HandlePodAdditions: admit, then start a pod worker. */
  private podAdded(pod: Pod): void {
    const uid = pod.metadata?.uid ?? ''
    if (this.workers.has(uid) || this.rejected.has(uid)) return
    const phase = pod.status?.phase
    if (phase === 'Succeeded' || phase === 'Failed') return
    // Pods that finished no longer count against the node's allocatable.
    const active = [...this.workers.values()]
      .filter((w) => w.state !== 'terminated')
      .map((w) => this.informer.get(w.key))
      .filter((p): p is Pod => p !== undefined)
    const rejection = admitPod(pod, active, this.node)
    this.kernel.step(
      this.id,
      'kubelet-watch',
      `admit ${objectKey(pod)}: ${rejection ? rejection.reason : 'ok'}`,
      { admitted: !rejection, ...(rejection ? rejection : {}) },
      podRef(pod),
    )
    if (rejection) {
      // kubelet.go rejectPod: an event, and the pod fails for good.
      this.recorder.event(pod, 'Warning', rejection.reason, rejection.message)
      this.statuses.setPodStatus(pod, {
        phase: 'Failed',
        reason: rejection.reason,
        message: rejectionMessage(rejection),
      })
      this.statuses.markTerminated(uid)
      this.rejected.add(uid)
      return
    }
    const worker = new PodWorker(this, uid, objectKey(pod))
    this.workers.set(uid, worker)
    this.probes.addPod(pod)
    worker.start()
    worker.update()
  }

  private podUpdated(oldPod: Pod, newPod: Pod): void {
    const uid = newPod.metadata?.uid ?? ''
    const deleted = newPod.metadata?.deletionTimestamp && !oldPod.metadata?.deletionTimestamp
    if (this.rejected.has(uid)) {
      // Nothing runs: the status manager may remove it at once.
      if (deleted) this.statuses.requestSync(uid)
      return
    }
    const worker = this.workers.get(uid)
    if (!worker) {
      this.podAdded(newPod)
      return
    }
    if (deleted) {
      // SyncTerminatingPod: liveness and startup stop; readiness goes on until the end.
      this.probes.stopLivenessAndStartup(newPod)
      if (worker.state === 'terminated') this.statuses.requestSync(uid)
      else worker.update()
    }
  }

  /** The Pod is gone from the apiserver: stop its worker and remove its sandbox. */
  private podDeleted(pod: Pod): void {
    const uid = pod.metadata?.uid ?? ''
    const worker = this.workers.get(uid)
    worker?.stop()
    this.workers.delete(uid)
    this.probes.removePod(pod)
    this.rejected.delete(uid)
    this.statuses.forget(uid)
    const sandbox = this.plegInstance?.view(uid).sandbox
    if (sandbox) this.kernel.spawn(this.removeSandbox(pod, sandbox.id), `${this.id} remove sandbox`)
  }

  /** CRI ExecSync for exec probes, as the prober expects it. */
  private *execSync(
    containerId: string,
    cmd: readonly string[],
    timeoutMs: number,
    object: ObjectRef,
  ): Proc<ExecSyncResult> {
    const r = yield* this.runtime.call<'ExecSync'>(
      { method: 'ExecSync', containerId, cmd, timeout: timeoutMs / 1000 },
      'containers',
      object,
    )
    return r.ok
      ? { ok: true, exitCode: r.exitCode, stdout: r.stdout, stderr: r.stderr }
      : { ok: false, timedOut: r.error.code === 'DeadlineExceeded', error: grpcErrorText(r.error) }
  }

  private *removeSandbox(pod: Pod, podSandboxId: string): Proc {
    const object = podRef(pod)
    yield* this.runtime.call<'StopPodSandbox'>({ method: 'StopPodSandbox', podSandboxId }, 'delete', object)
    yield* this.runtime.call<'RemovePodSandbox'>(
      { method: 'RemovePodSandbox', podSandboxId },
      'delete',
      object,
    )
  }

  private plegEvents(uid: string, events: readonly PlegEvent[]): void {
    const worker = this.workers.get(uid)
    if (!worker) return
    const pod = this.informer.get(worker.key)
    for (const e of events) {
      if (e.type === 'ContainerStarted' && e.containerName !== 'POD' && pod) {
        const c = this.pleg.view(uid).containers.find((x) => x.id === e.containerId)
        this.probes.containerStarted(pod, e.containerName, e.containerId, c?.startedAtMs ?? this.kernel.nowMs)
      } else if (e.type === 'ContainerDied' && e.containerName !== 'POD') {
        this.probes.containerStopped(e.containerId)
      }
    }
    // isSyncPodWorthy: every event but ContainerRemoved makes the pod sync.
    if (events.some((e) => e.type !== 'ContainerRemoved')) worker.update()
  }
}
