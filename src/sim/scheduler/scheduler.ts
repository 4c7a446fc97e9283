/**
 * kube-scheduler as a simulated component: list-watches pods and nodes through the apiserver,
 * queues unscheduled pods, runs one scheduling cycle at a time (Filter, Score, pick, assume), and
 * binds in a separate process through `pods/binding`. Records every attempt in the trace.
 *
 * kube-scheduler: pkg/scheduler/scheduler.go, schedule_one.go (ScheduleOne, schedulingCycle,
 * bindingCycle, handleSchedulingFailure), eventhandlers.go.
 *
 * Public API: `new Scheduler(kernel, options)`, `start()`, `view` (read-only, for the UI),
 * `setRecording(mode)`.
 */
import { NAMESPACES, NODES, PODS, REPLICA_SETS, type ResourceInfo, resourceByName } from '../../api/resources'
import { type KubeObject, type Node, objectKey, type Pod, type PodCondition } from '../../api/types'
import type { Credentials } from '../client/client'
import { EventRecorder } from '../client/events'
import { Informer } from '../client/informer'
import { ClientComponent } from '../component'
import { type Kernel, type Proc, Signal, sleep, wait } from '../kernel/kernel'
import { type ObjectRef, SCHEDULER } from '../kernel/trace'
import { ScheduleAlgorithm, type ScheduleOutcome } from './algorithm/schedule-pod'
import { SchedulerCache } from './cache/cache'
import {
  formatConfigProblems,
  type KubeSchedulerConfiguration,
  readSchedulerConfiguration,
} from './config/configuration'
import { nodeHandlers, POD_FIELD_SELECTOR, podHandlers } from './event-handlers'
import { CycleState } from './framework/cycle-state'
import {
  ActionType,
  EVENT_ASSIGNED_POD_DELETE,
  POP_FROM_BACKOFF_Q,
  UNSCHEDULED_POD_ADD,
  UPDATE,
} from './framework/events'
import { type FitError, fitErrorMessage, NO_NODES_AVAILABLE, truncateMessage } from './framework/fit-error'
import { Framework } from './framework/framework'
import type { HandleBase, PostFilterResult } from './framework/interfaces'
import { type Listers, listerOf } from './framework/listers'
import { NodeToStatus } from './framework/node-to-status'
import { type NominatingInfo, PodNominator } from './framework/nominator'
import { asPodObject } from './framework/pod-info'
import { DEFAULT_SCHEDULER_NAME, defaultProfile, type ProfileConfig } from './framework/profile'
import type { Registry } from './framework/registry'
import { isRejected, type Status, statusMessage } from './framework/status'
import { IN_TREE_REGISTRY } from './plugins/registry'
import type { QueuedPodInfo } from './queue/queued-pod-info'
import {
  type QueueMove,
  type QueueOptions,
  type QueueProfile,
  SchedulingQueue,
} from './queue/scheduling-queue'
import type { AttemptRecord, RecordingMode } from './recording/record'
import { AttemptRecorder } from './recording/recorder'
import { SchedulerView } from './view'

/** kube-scheduler's client identity: kubeadm's scheduler.conf certificate. */
export const SCHEDULER_CREDENTIALS: Credentials = { clientCert: { commonName: 'system:kube-scheduler' } }
/** client-go's default user agent for the v1.33.0 binary (git commit 60a317e…). */
export const SCHEDULER_USER_AGENT = 'kube-scheduler/v1.33.0 (linux/amd64) kubernetes/60a317e'
/** The events.k8s.io reporting controller of the default profile (each profile reports as its schedulerName). */
export const SCHEDULER_EVENT_SOURCE = DEFAULT_SCHEDULER_NAME

export interface SchedulerOptions {
  /** Profiles (KubeSchedulerConfiguration.profiles); default: the v1.33 default profile. */
  readonly profiles?: readonly ProfileConfig[]
  readonly registry?: Registry
  /** Global percentageOfNodesToScore (0/absent = adaptive). */
  readonly percentageOfNodesToScore?: number
  readonly queue?: QueueOptions
  /** `full` (default): per-node, per-plugin results; `summary`: counts and outcome only. */
  readonly recording?: RecordingMode
  /** Virtual time one scheduling cycle takes (default 1 ms). */
  readonly cycleMs?: number
  /** The node the scheduler runs on, for events' reportingInstance (`default-scheduler-<host>`). */
  readonly host?: string
}

/**
 * The options a KubeSchedulerConfiguration document gives (profiles, percentageOfNodesToScore, the
 * queue's backoff). Throws an Error listing every problem, one per line, when it is invalid;
 * callers that can point at lines read it with readSchedulerConfiguration first.
 */
export function optionsFromConfiguration(
  doc: KubeSchedulerConfiguration,
  registry: Registry = IN_TREE_REGISTRY,
): SchedulerOptions {
  const read = readSchedulerConfiguration(doc, registry)
  if (!read.ok) throw new Error(`invalid KubeSchedulerConfiguration:\n${formatConfigProblems(read.problems)}`)
  const c = read.config
  return {
    profiles: c.profiles,
    registry,
    percentageOfNodesToScore: c.percentageOfNodesToScore,
    queue: { podInitialBackoffMs: c.podInitialBackoffMs, podMaxBackoffMs: c.podMaxBackoffMs },
  }
}

function podRef(pod: Pod): ObjectRef {
  const m = pod.metadata ?? {}
  return {
    resource: 'pods',
    namespace: m.namespace ?? '',
    name: m.name ?? '',
    ...(m.uid ? { uid: m.uid } : {}),
  }
}

export class Scheduler extends ClientComponent {
  readonly cache = new SchedulerCache()
  readonly queue: SchedulingQueue
  readonly view: SchedulerView
  private readonly frameworks = new Map<string, Framework>()
  private readonly algorithm: ScheduleAlgorithm
  private readonly recorder: AttemptRecorder
  /** One events.k8s.io recorder per profile, reporting as the profile's schedulerName. */
  private readonly events = new Map<string, EventRecorder>()
  private readonly host: string | undefined
  private readonly podInformer: Informer<Pod>
  private readonly nodeInformer: Informer<Node>
  /** Namespaces, PVCs, PVs, Services, ReplicaSets: what plugins look up (framework/listers.ts). */
  private readonly otherInformers: Informer<KubeObject>[]
  private readonly attempts = new Map<string, AttemptRecord>()
  private readonly cycleMs: number
  /** Pods preemption promised a node to (status.nominatedNodeName), not yet bound. */
  readonly nominator: PodNominator

  constructor(kernel: Kernel, options: SchedulerOptions = {}) {
    super(kernel, SCHEDULER, SCHEDULER_CREDENTIALS, SCHEDULER_USER_AGENT)
    const registry = options.registry ?? IN_TREE_REGISTRY
    this.cycleMs = options.cycleMs ?? 1
    this.recorder = new AttemptRecorder(options.recording ?? 'full')
    const informer = (info: ResourceInfo) => new Informer<KubeObject>(this.client, info, {}, 'schedule-watch')
    const namespaces = informer(NAMESPACES)
    const pvcs = informer(resourceByName('', 'persistentvolumeclaims') as ResourceInfo)
    const pvs = informer(resourceByName('', 'persistentvolumes') as ResourceInfo)
    const services = informer(resourceByName('', 'services') as ResourceInfo)
    const replicaSets = informer(REPLICA_SETS)
    this.otherInformers = [namespaces, pvcs, pvs, services, replicaSets]
    // Volume plugins wait for claims and volumes to appear or change (eventhandlers.go).
    for (const [inf, resource] of [
      [pvcs, 'PersistentVolumeClaim'],
      [pvs, 'PersistentVolume'],
    ] as const) {
      inf.addEventHandler({
        add: (obj) =>
          this.queue.moveAllToActiveOrBackoffQueue({ resource, actionType: ActionType.Add }, undefined, obj),
        update: (oldObj, newObj) =>
          this.queue.moveAllToActiveOrBackoffQueue({ resource, actionType: UPDATE }, oldObj, newObj),
      })
    }
    // Lookups by name go through the informer's keyed store; lists copy it (rare: per attempt).
    const lister = <T>(inf: Informer<KubeObject>): T => {
      const all = listerOf(() => inf.list())
      return { get: (ns: string, name: string) => inf.get(ns ? `${ns}/${name}` : name), list: all.list } as T
    }
    const listers: Listers = {
      namespaces: lister(namespaces),
      persistentVolumeClaims: lister(pvcs),
      persistentVolumes: lister(pvs),
      services: lister(services),
      replicaSets: lister(replicaSets),
    }
    // Upstream asks the pod lister: a pod already bound, or gone, is not nominated.
    this.nominator = new PodNominator((pod) => {
      const current = this.podInformer.get(`${pod.metadata?.namespace}/${pod.metadata?.name}`)
      return current === undefined || Boolean(current.spec?.nodeName)
    })
    this.host = options.host
    for (const profile of options.profiles ?? [defaultProfile(registry)]) {
      const handle: HandleBase = {
        client: this.client,
        snapshot: this.cache,
        profileName: profile.schedulerName,
        listers,
        rng: kernel.rng,
        nominator: this.nominator,
        eventRecorder: this.eventsForName(profile.schedulerName),
      }
      this.frameworks.set(
        profile.schedulerName,
        new Framework(profile, registry, handle, this.recorder.decorator),
      )
    }
    const first = [...this.frameworks.values()][0]
    if (!first) throw new Error('at least one profile is required')
    const queueProfiles = new Map<string, QueueProfile>()
    for (const [name, fwk] of this.frameworks) {
      queueProfiles.set(name, { preEnqueuePlugins: fwk.preEnqueuePlugins, hints: fwk.eventsToRegister() })
    }
    const none: QueueProfile = { preEnqueuePlugins: [], hints: [] }
    this.queue = new SchedulingQueue(
      kernel,
      (a, b) => first.queueSortPlugin.less(a, b),
      (pod) => queueProfiles.get(this.schedulerNameOf(pod)) ?? none,
      [...queueProfiles.values()].flatMap((p) => p.hints),
      options.queue,
      (move) => this.recordMove(move),
      (ns) => namespaces.get(ns)?.metadata?.labels,
    )
    this.algorithm = new ScheduleAlgorithm(this.cache, kernel.rng, options.percentageOfNodesToScore)
    this.podInformer = new Informer<Pod>(
      this.client,
      PODS,
      { fieldSelector: POD_FIELD_SELECTOR },
      'schedule-watch',
    )
    this.nodeInformer = new Informer<Node>(this.client, NODES, {}, 'schedule-watch')
    const target = {
      cache: this.cache,
      queue: this.queue,
      nominator: this.nominator,
      responsibleForPod: (pod: Pod) => this.frameworks.has(this.schedulerNameOf(pod)),
    }
    for (const h of podHandlers(target)) this.podInformer.addEventHandler(h)
    this.podInformer.addEventHandler({ delete: (pod) => this.attempts.delete(objectKey(pod)) })
    this.nodeInformer.addEventHandler(nodeHandlers(target))
    this.view = new SchedulerView(this.queue, this.cache, this.attempts)
  }

  /** The apiserver defaults spec.schedulerName; a pod built without it belongs to the default. */
  private schedulerNameOf(pod: Pod): string {
    return pod.spec?.schedulerName || DEFAULT_SCHEDULER_NAME
  }

  /** The event recorder of the pod's profile (profile.Recorder: reportingController = schedulerName). */
  private eventsFor(pod: Pod): EventRecorder {
    return this.eventsForName(this.schedulerNameOf(pod))
  }

  private eventsForName(name: string): EventRecorder {
    let recorder = this.events.get(name)
    if (!recorder) {
      recorder = new EventRecorder(
        this.client,
        { component: name, ...(this.host ? { host: this.host } : {}) },
        'events.k8s.io/v1',
      )
      this.events.set(name, recorder)
    }
    return recorder
  }

  /** Switch between full and summary recording (rewraps the plugins). */
  setRecording(mode: RecordingMode): void {
    this.recorder.mode = mode
    for (const fwk of this.frameworks.values()) fwk.decorate(this.recorder.decorator)
  }

  start(): void {
    this.kernel.spawn(this.run(), 'kube-scheduler')
  }

  private *run(): Proc {
    // Start both informers and wait for their caches (WaitForCacheSync), then schedule.
    const synced = new Signal()
    const informers = [this.nodeInformer, this.podInformer, ...this.otherInformers] as Informer<KubeObject>[]
    let pending = informers.length
    for (const informer of informers) {
      this.kernel.spawn(informer.run(), `kube-scheduler informer ${informer.info.resource}`).whenDone(() => {
        pending--
        if (pending === 0) this.kernel.notify(synced)
      })
    }
    while (pending > 0) yield* wait(synced)
    this.queue.run()
    for (;;) {
      const pInfo = yield* this.queue.pop()
      yield* this.scheduleOne(pInfo)
    }
  }

  private recordMove(move: QueueMove): void {
    if (move.event === UNSCHEDULED_POD_ADD) return
    this.kernel.step(
      SCHEDULER,
      'schedule-watch',
      move.event === POP_FROM_BACKOFF_Q
        ? `${move.podKey} popped from backoffQ (activeQ empty)`
        : `${move.podKey} → ${move.queue} (${move.event})`,
      {
        pod: move.podKey,
        event: move.event,
        queue: move.queue,
        attempts: move.attempts,
        ...(move.backoffUntilMs !== undefined ? { backoffUntilMs: move.backoffUntilMs } : {}),
      },
      podRef(move.pod),
    )
  }

  // ---- scheduling cycle ------------------------------------------------------------------------

  /** ScheduleOne: one pod through the scheduling cycle; binding continues in its own process. */
  private *scheduleOne(pInfo: QueuedPodInfo): Proc {
    const pod = pInfo.pod
    const fwk = this.frameworks.get(this.schedulerNameOf(pod))
    if (!fwk || this.skipPodSchedule(pod)) {
      this.queue.done(pInfo.uid)
      return
    }
    const state = new CycleState()
    this.recorder.begin()
    const outcome = this.algorithm.schedulePod(fwk, state, pod)
    const failure = this.failureOf(fwk, state, pod, outcome)
    const record = this.recorder.finish(
      {
        pod,
        podKey: pInfo.key,
        podUid: pInfo.uid,
        attempt: pInfo.attempts,
        cycle: this.queue.schedulingCycle,
        atMs: this.kernel.nowMs,
      },
      outcome,
      failure
        ? {
            result: failure.status.code === 'Error' ? 'Error' : 'Unschedulable',
            message: failure.message,
            ...(failure.fitError
              ? { unschedulablePlugins: [...failure.fitError.diagnosis.unschedulablePlugins].sort() }
              : {}),
            ...(failure.postFilter ? { postFilter: failure.postFilter } : {}),
            ...(failure.preemption ? { preemption: failure.preemption } : {}),
          }
        : { result: 'Scheduled' },
    )
    // A Pod's last attempt is kept while it waits (why it is Pending); once it is scheduled the
    // record lives on in the trace only, so a cluster of 150,000 Pods does not keep 150,000 records.
    if (failure) this.attempts.set(pInfo.key, record)
    else this.attempts.delete(pInfo.key)
    const ref = podRef(pod)
    const search = record.filter.search
    this.kernel.step(
      SCHEDULER,
      'filter',
      search
        ? `Filter ${pInfo.key}: ${search.feasibleNodes} of ${search.evaluatedNodes} nodes feasible`
        : `Filter ${pInfo.key}: ${failure?.message ?? ''}`,
      record.filter,
      ref,
      this.cycleMs,
    )
    if (record.score) {
      this.kernel.step(
        SCHEDULER,
        'score',
        `Score ${pInfo.key}: ${record.score.selectedNode}`,
        record.score,
        ref,
        this.cycleMs,
      )
    }
    if (this.cycleMs > 0) yield* sleep(this.cycleMs)

    if (failure) {
      if (failure.fitError)
        pInfo.unschedulablePlugins = new Set(failure.fitError.diagnosis.unschedulablePlugins)
      yield* this.handleSchedulingFailure(pInfo, failure.status, failure.message, failure.nominating)
      return
    }
    if (outcome.kind !== 'scheduled') return
    const host = outcome.suggestedHost
    // assume: count the pod on the node now, so the next cycle sees it, while binding goes on.
    const assumed: Pod = {
      ...pod,
      spec: { ...pod.spec, containers: pod.spec?.containers ?? [], nodeName: host },
    }
    this.cache.assumePod(assumed)
    // The pod has its node: it no longer holds a nomination elsewhere.
    this.nominator.delete(pod)
    const reserved = fwk.runReservePluginsReserve(state, assumed, host)
    const permitted = reserved === null ? fwk.runPermitPlugins(state, assumed, host) : reserved
    if (permitted !== null && permitted.code !== 'Success') {
      fwk.runReservePluginsUnreserve(state, assumed, host)
      this.cache.forgetPod(assumed)
      const rejectedOnHost = isRejected(permitted)
      const fitError: FitError | null = rejectedOnHost ? singleNodeFitError(host, permitted) : null
      if (fitError) pInfo.unschedulablePlugins = new Set(fitError.diagnosis.unschedulablePlugins)
      yield* this.handleSchedulingFailure(
        pInfo,
        permitted,
        fitError ? fitErrorMessage(fitError) : statusMessage(permitted),
      )
      return
    }
    this.kernel.spawn(this.bindingCycle(fwk, state, pInfo, assumed, host), `bind ${pInfo.key}`)
  }

  /** What went wrong in the algorithm, with PostFilter run for unschedulable pods. */
  private failureOf(
    fwk: Framework,
    state: CycleState,
    pod: Pod,
    outcome: ScheduleOutcome,
  ): {
    status: Status
    message: string
    fitError?: FitError
    postFilter?: { plugin: string; message: string }
    /** From PostFilter: set or clear status.nominatedNodeName. */
    nominating?: NominatingInfo
    preemption?: { nominatedNode: string; victims: readonly string[] }
  } | null {
    switch (outcome.kind) {
      case 'scheduled':
        return null
      case 'no-nodes':
        return {
          status: { code: 'UnschedulableAndUnresolvable', reasons: [NO_NODES_AVAILABLE], plugin: '' },
          message: NO_NODES_AVAILABLE,
        }
      case 'error':
        return { status: outcome.status, message: statusMessage(outcome.status) }
      case 'unschedulable': {
        const fitError = outcome.fitError
        let postFilter: { plugin: string; message: string } | undefined
        let result: PostFilterResult | null = null
        if (fwk.hasPostFilterPlugins) {
          this.recorder.postFilterStarted()
          const post = fwk.runPostFilterPlugins(state, pod, fitError.diagnosis.nodeToStatus)
          result = post.result
          fitError.diagnosis.postFilterMsg = statusMessage(post.status)
          if (post.status !== null && fitError.diagnosis.postFilterMsg !== '') {
            postFilter = { plugin: post.status.plugin, message: fitError.diagnosis.postFilterMsg }
          }
        }
        const message = fitErrorMessage(fitError)
        const nominated = result?.nominatedNodeName
        return {
          status: { code: 'Unschedulable', reasons: [message], plugin: '' },
          message,
          fitError,
          ...(postFilter ? { postFilter } : {}),
          ...(nominated !== undefined ? { nominating: { mode: 'Override', nodeName: nominated } } : {}),
          ...(nominated ? { preemption: { nominatedNode: nominated, victims: result?.victims ?? [] } } : {}),
        }
      }
    }
  }

  /** skipPodSchedule: pods being deleted, and pods already assumed, are not scheduled again. */
  private skipPodSchedule(pod: Pod): boolean {
    if (pod.metadata?.deletionTimestamp) {
      const m = pod.metadata
      this.eventsFor(pod).event(
        asPodObject(pod) as KubeObject,
        'Warning',
        'FailedScheduling',
        `skip schedule deleting pod: ${m.namespace}/${m.name}`,
        { action: 'Scheduling' },
      )
      return true
    }
    return this.cache.isAssumedPod(pod)
  }

  /**
   * handleSchedulingFailure: requeue the pod (unless it is gone or got bound meanwhile), emit
   * FailedScheduling, and set PodScheduled=False with the same message (reason Unschedulable, or
   * SchedulerError for errors). The PATCH is skipped when the condition would not change.
   */
  private *handleSchedulingFailure(
    pInfo: QueuedPodInfo,
    status: Status,
    message: string,
    nominating?: NominatingInfo,
  ): Proc {
    const pod = pInfo.pod
    const reason = isRejected(status) ? 'Unschedulable' : 'SchedulerError'
    const cached = this.podInformer.get(pInfo.key)
    if (cached && !cached.spec?.nodeName) {
      pInfo.pod = cached
      this.queue.addUnschedulableIfNotPresent(pInfo)
      // Keep (or make, or clear) the pod's nomination so that others leave its room free.
      this.nominator.add(cached, nominating)
    } else {
      this.queue.done(pInfo.uid)
    }
    this.eventsFor(pod).event(
      asPodObject(pod) as KubeObject,
      'Warning',
      'FailedScheduling',
      truncateMessage(message),
      {
        action: 'Scheduling',
      },
    )
    yield* this.updatePodScheduledCondition(pod, reason, message, nominating)
  }

  /**
   * updatePod + podutil.UpdatePodCondition: PATCH only when the condition's status, reason or
   * message changes, or PostFilter changed the nominated node.
   */
  private *updatePodScheduledCondition(
    pod: Pod,
    reason: string,
    message: string,
    nominating?: NominatingInfo,
  ): Proc {
    const old = pod.status?.conditions?.find((c: PodCondition) => c.type === 'PodScheduled')
    const nnnChanged =
      nominating?.mode === 'Override' && (pod.status?.nominatedNodeName ?? '') !== nominating.nodeName
    const conditionSame = old && old.status === 'False' && old.reason === reason && old.message === message
    if (conditionSame && !nnnChanged) return
    const lastTransitionTime =
      old && old.status === 'False' && old.lastTransitionTime
        ? old.lastTransitionTime
        : this.kernel.wallTime()
    const m = pod.metadata ?? {}
    yield* this.client.patch(
      PODS,
      m.namespace,
      m.name ?? '',
      {
        // Only what changed, as the two-way merge patch upstream builds; '' clears the nomination.
        status: {
          ...(conditionSame
            ? {}
            : {
                conditions: [
                  {
                    type: 'PodScheduled',
                    status: 'False',
                    reason,
                    message,
                    lastProbeTime: null,
                    lastTransitionTime,
                  },
                ],
              }),
          ...(nnnChanged ? { nominatedNodeName: nominating?.nodeName || null } : {}),
        },
      },
      'application/strategic-merge-patch+json',
      'filter',
      'status',
    )
  }

  // ---- binding cycle -----------------------------------------------------------------------------

  /** bindingCycle: PreBind, Bind (DefaultBinder → pods/binding), the Scheduled event, PostBind. */
  private *bindingCycle(
    fwk: Framework,
    state: CycleState,
    pInfo: QueuedPodInfo,
    assumed: Pod,
    host: string,
  ): Proc {
    let status = yield* fwk.runPreBindPlugins(state, assumed, host)
    if (status === null || status.code === 'Success') status = yield* fwk.runBindPlugins(state, assumed, host)
    this.cache.finishBinding(assumed)
    if (status !== null && status.code !== 'Success') {
      yield* this.handleBindingCycleError(fwk, state, pInfo, assumed, host, status)
      return
    }
    const m = assumed.metadata ?? {}
    this.eventsFor(assumed).event(
      asPodObject(assumed) as KubeObject,
      'Normal',
      'Scheduled',
      `Successfully assigned ${m.namespace}/${m.name} to ${host}`,
      { action: 'Binding' },
    )
    fwk.runPostBindPlugins(state, assumed, host)
    this.queue.done(pInfo.uid)
  }

  /**
   * A failed binding (e.g. 409: the pod was deleted or bound meanwhile): unreserve, forget the
   * assumed pod — its resources are free again, so waiting pods get a chance as on a pod
   * deletion — and go through the failure handler (FailedScheduling, requeue with backoff).
   */
  private *handleBindingCycleError(
    fwk: Framework,
    state: CycleState,
    pInfo: QueuedPodInfo,
    assumed: Pod,
    host: string,
    status: Status,
  ): Proc {
    fwk.runReservePluginsUnreserve(state, assumed, host)
    const wasAssumed = this.cache.isAssumedPod(assumed)
    if (wasAssumed) this.cache.forgetPod(assumed)
    pInfo.unschedulablePlugins = new Set()
    yield* this.handleSchedulingFailure(pInfo, status, statusMessage(status))
    // Deferred in upstream until the failure handler returns; the pod itself is not moved.
    const uid = assumed.metadata?.uid
    if (wasAssumed) {
      this.queue.moveAllToActiveOrBackoffQueue(
        EVENT_ASSIGNED_POD_DELETE,
        assumed,
        undefined,
        (p) => p.metadata?.uid !== uid,
      )
    }
  }
}

/** A Reserve/Permit rejection on the chosen node reads like a one-node FitError. */
function singleNodeFitError(host: string, status: Status): FitError {
  const nodeToStatus = new NodeToStatus()
  nodeToStatus.set(host, status)
  return {
    numAllNodes: 1,
    diagnosis: {
      nodeToStatus,
      unschedulablePlugins: new Set(status.plugin ? [status.plugin] : []),
      preFilterMsg: '',
      postFilterMsg: '',
    },
  }
}
