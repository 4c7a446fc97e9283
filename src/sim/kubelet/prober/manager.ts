/**
 * The kubelet's probe manager (pkg/kubelet/prober/prober_manager.go): a worker per container and
 * probe kind (startup, readiness, liveness) of every regular and sidecar container that has one;
 * results cached per container id (the liveness, readiness and startup results managers); the
 * readiness and `started` answers the status generation asks for.
 *
 * The kubelet tells the manager about containers (`containerStarted`, `containerStopped`) where
 * upstream's workers read them from the status manager, and hears back through two callbacks,
 * where upstream's kubelet reads the results managers' update channels:
 * - `onLivenessOrStartupFailure`: a liveness or startup probe reached its failureThreshold; the
 *   kubelet kills the container (Normal `Killing`, with the message given) and restarts it as its
 *   restart policy says;
 * - `onReadinessChange`: a readiness result changed, or the startup probe succeeded (the
 *   container's `started`); the kubelet regenerates the pod status.
 */
import type { Container, Pod } from '../../../api/types'
import type { Kernel } from '../../kernel/kernel'
import type { ComponentId, Stage } from '../../kernel/trace'
import {
  ANNOTATION_PREFIX,
  type ContainerBehavior,
  type ProbeKind,
  parseBehaviorAnnotation,
  resolveBehavior,
} from '../../runtime/behavior'
import { probeKillMessage } from './messages'
import type { ExecSyncFn, ProbeEventRecorder, ProbeResult, ProberEnv } from './prober'
import { type ProbedContainer, ProbeWorker, type WorkerHost } from './worker'

/** What the kubelet needs to stop a container whose liveness or startup probe failed. */
export interface ProbeKillInfo {
  readonly probe: 'liveness' | 'startup'
  /**
   * The grace period for StopContainer: the probe's `terminationGracePeriodSeconds`, else the
   * pod's (default 30), as kuberuntime's setTerminationGracePeriod chooses for probe kills.
   */
  readonly gracePeriodSeconds: number
}

export interface ProberManagerOptions {
  readonly kernel: Kernel
  /** The kubelet's component id: probe steps are recorded there. */
  readonly id: ComponentId
  /** The kubelet's event recorder (Warning `Unhealthy`). */
  readonly recorder: ProbeEventRecorder
  /** CRI ExecSync, for exec probes. */
  readonly exec: ExecSyncFn
  /** The pod's IP (status.podIP, the sandbox's IP). */
  readonly podIP: (pod: Pod) => string | undefined
  /**
   * A liveness or startup probe failed (at its threshold) for this container. `message` is the
   * Killing event's text: `Container app failed liveness probe, will be restarted`.
   */
  readonly onLivenessOrStartupFailure: (
    pod: Pod,
    containerName: string,
    containerId: string,
    message: string,
    info: ProbeKillInfo,
  ) => void
  /** A container's readiness (or started) changed: re-sync the pod's status. */
  readonly onReadinessChange: (pod: Pod) => void
  /**
   * When the kubelet started. Workers created within one period of it wait a random part of the
   * period first, as upstream's do after a kubelet restart. Default: long ago (the story starts
   * with a running cluster), so no jitter; pass the kubelet's start time to model a restart.
   */
  readonly kubeletStartedAtMs?: number
  /**
   * What a container's process does. Default: the `behavior.podflow.dev/<name>` annotation (the
   * only place probe clauses come from), as the runtime reads it.
   */
  readonly behavior?: (pod: Pod, containerName: string) => ContainerBehavior
  /** Trace stage of probe steps (default `containers`). */
  readonly stage?: Stage
}

/** The status generation's view of probe results (`probes` in generate-status). */
export interface ProbeResults {
  /**
   * Is the container ready as far as probes go? undefined: it has no readiness probe (ready
   * when running and started). false until its readiness probe succeeds (successThreshold
   * times), after failureThreshold failures, before it has started, and once it stopped.
   */
  readiness(containerId: string): boolean | undefined
  /**
   * Has the container started? undefined: it has no startup probe (started when running). false
   * until its startup probe succeeds.
   */
  startup(containerId: string): boolean | undefined
}

interface Entry extends ProbedContainer {
  readonly pod: Pod
  readonly name: string
  readonly podUid: string
}

const KINDS_IN_ORDER: readonly ProbeKind[] = ['startup', 'readiness', 'liveness']

const workerKey = (podUid: string, name: string, kind: ProbeKind): string =>
  `${podUid}\u0000${name}\u0000${kind}`
const containerKey = (podUid: string, name: string): string => `${podUid}\u0000${name}`

/** The containers of `pod` that can have probes: regular ones and sidecars (restartable init). */
export function probedContainers(pod: Pod): Container[] {
  return [
    ...(pod.spec?.containers ?? []),
    ...(pod.spec?.initContainers ?? []).filter((c) => c.restartPolicy === 'Always'),
  ]
}

/**
 * What probes see of a container's process, read from the Pod as the runtime reads its config:
 * the annotation when it parses, else what the command does (files its script creates and
 * removes, agnhost's `liveness` server). The image's default entrypoint is the runtime's
 * business; nothing a probe sees depends on it.
 */
function specBehavior(pod: Pod, name: string): ContainerBehavior {
  const text = pod.metadata?.annotations?.[ANNOTATION_PREFIX + name]
  if (text !== undefined) {
    const parsed = parseBehaviorAnnotation(text)
    if (parsed.ok) return parsed.behavior
  }
  const container = probedContainers(pod).find((c) => c.name === name)
  if (!container) return {}
  const { behavior } = resolveBehavior({
    ...(container.command ? { command: container.command } : {}),
    ...(container.args ? { args: container.args } : {}),
    ...(container.image ? { image: container.image } : {}),
    stdin: container.stdin === true,
  })
  // Only what a probe can see: when the process is up, healthy, ready, and which files exist.
  const { exit: _exit, ignoresSigterm: _sigterm, memoryBytesPerSec: _memory, ...seen } = behavior
  return seen
}

export class ProberManager implements ProbeResults, WorkerHost {
  readonly env: ProberEnv
  readonly kubeletStartedAtMs: number
  private readonly workers = new Map<string, ProbeWorker>()
  private readonly byId = new Map<string, Entry>()
  private readonly currentIds = new Map<string, string>()
  private readonly results: Record<ProbeKind, Map<string, ProbeResult>> = {
    startup: new Map(),
    readiness: new Map(),
    liveness: new Map(),
  }
  private readonly behaviorOf: (pod: Pod, containerName: string) => ContainerBehavior

  constructor(private readonly options: ProberManagerOptions) {
    this.env = {
      kernel: options.kernel,
      id: options.id,
      recorder: options.recorder,
      exec: options.exec,
      podIP: options.podIP,
      stage: options.stage ?? 'containers',
    }
    this.kubeletStartedAtMs = options.kubeletStartedAtMs ?? Number.NEGATIVE_INFINITY
    this.behaviorOf = options.behavior ?? specBehavior
  }

  // ---- the kubelet's calls ----

  /** AddPod: start a worker for every probe of the pod's containers (once per pod). */
  addPod(pod: Pod): void {
    const uid = pod.metadata?.uid ?? ''
    for (const c of probedContainers(pod)) {
      for (const kind of KINDS_IN_ORDER) {
        const spec =
          kind === 'startup' ? c.startupProbe : kind === 'readiness' ? c.readinessProbe : c.livenessProbe
        const key = workerKey(uid, c.name, kind)
        if (!spec || this.workers.has(key)) continue
        const worker = new ProbeWorker(this, kind, pod, c)
        this.workers.set(key, worker)
        this.env.kernel.spawn(worker.run(), `${this.env.id} ${kind} probe ${c.name}`)
      }
    }
  }

  /** RemovePod: stop the pod's workers; their results go when they end. */
  removePod(pod: Pod): void {
    const uid = pod.metadata?.uid ?? ''
    for (const c of probedContainers(pod))
      for (const kind of KINDS_IN_ORDER) this.workers.get(workerKey(uid, c.name, kind))?.stop()
    for (const [id, e] of this.byId) if (e.podUid === uid) this.byId.delete(id)
    for (const key of [...this.currentIds.keys()])
      if (key.startsWith(`${uid}\u0000`)) this.currentIds.delete(key)
  }

  /** StopLivenessAndStartup: the pod is terminating; only readiness goes on. */
  stopLivenessAndStartup(pod: Pod): void {
    const uid = pod.metadata?.uid ?? ''
    for (const c of pod.spec?.containers ?? [])
      for (const kind of ['liveness', 'startup'] as const)
        this.workers.get(workerKey(uid, c.name, kind))?.stop()
  }

  /** A container of the pod is running (from the runtime's status: its id and startedAt). */
  containerStarted(pod: Pod, containerName: string, containerId: string, startedAtMs: number): void {
    const podUid = pod.metadata?.uid ?? ''
    const existing = this.byId.get(containerId)
    if (existing) {
      existing.running = true
      return
    }
    const previous = this.currentIds.get(containerKey(podUid, containerName))
    if (previous !== undefined) this.byId.delete(previous)
    this.byId.set(containerId, {
      id: containerId,
      startedAtMs,
      behavior: this.behaviorOf(pod, containerName),
      running: true,
      pod,
      name: containerName,
      podUid,
    })
    this.currentIds.set(containerKey(podUid, containerName), containerId)
  }

  /**
   * A container that was already running, and probed, before virtual time 0 (a bootstrap Pod's):
   * its workers carry on from the results the Pod's status shows (`started`, `ready`) instead of
   * starting over from the initial values, and first probe at a random point of their period.
   */
  restoreContainer(
    pod: Pod,
    containerName: string,
    containerId: string,
    startedAtMs: number,
    shown: { readonly started: boolean; readonly ready: boolean },
  ): void {
    this.containerStarted(pod, containerName, containerId, startedAtMs)
    const entry = this.byId.get(containerId) as Entry
    entry.restored = true
    const spec = probedContainers(pod).find((c) => c.name === containerName)
    if (spec?.startupProbe && shown.started) this.results.startup.set(containerId, 'success')
    if (spec?.readinessProbe) this.results.readiness.set(containerId, shown.ready ? 'success' : 'failure')
    if (spec?.livenessProbe) this.results.liveness.set(containerId, 'success')
  }

  /** A container exited (or was stopped). */
  containerStopped(containerId: string): void {
    const e = this.byId.get(containerId)
    if (e) e.running = false
  }

  // ---- results (the status generation's `probes`) ----

  readiness(containerId: string): boolean | undefined {
    const e = this.byId.get(containerId)
    if (!e) return undefined
    const started = this.startup(containerId) !== false
    const worker = this.workers.get(workerKey(e.podUid, e.name, 'readiness'))
    if (this.results.readiness.get(containerId) === 'success') return started && e.running
    if (!worker || worker.stopped) return undefined
    // UpdatePodStatus: a started container whose readiness probe has not succeeded yet gets an
    // immediate run, so that it does not wait a whole period to become ready.
    if (started && e.running) worker.trigger()
    return false
  }

  startup(containerId: string): boolean | undefined {
    const e = this.byId.get(containerId)
    if (!e) return undefined
    const result = this.results.startup.get(containerId)
    if (result !== undefined) return result === 'success'
    const worker = this.workers.get(workerKey(e.podUid, e.name, 'startup'))
    return worker && !worker.stopped ? false : undefined
  }

  /** The cached liveness result (undefined: no liveness probe, or not probed yet). */
  liveness(containerId: string): boolean | undefined {
    const result = this.results.liveness.get(containerId)
    return result === undefined ? undefined : result === 'success'
  }

  /** How many workers run (for tests). */
  get workerCount(): number {
    return this.workers.size
  }

  // ---- WorkerHost ----

  current(podUid: string, containerName: string): ProbedContainer | undefined {
    const id = this.currentIds.get(containerKey(podUid, containerName))
    return id === undefined ? undefined : this.byId.get(id)
  }

  isStarted(podUid: string, containerName: string, containerId: string): boolean {
    const result = this.results.startup.get(containerId)
    if (result !== undefined) return result === 'success'
    const worker = this.workers.get(workerKey(podUid, containerName, 'startup'))
    return !worker || worker.stopped
  }

  setResult(worker: ProbeWorker, containerId: string, result: ProbeResult | undefined, quiet: boolean): void {
    const cache = this.results[worker.kind]
    if (result === undefined) {
      cache.delete(containerId)
      return
    }
    if (cache.get(containerId) === result) return // results_manager.Set: updates only on change
    cache.set(containerId, result)
    if (quiet || worker.stopped) return
    const pod = worker.pod
    const name = worker.container.name
    if (worker.kind === 'readiness' || (worker.kind === 'startup' && result === 'success')) {
      this.options.onReadinessChange(pod)
    } else if (result === 'failure') {
      const kind = worker.kind as 'liveness' | 'startup'
      this.options.onLivenessOrStartupFailure(pod, name, containerId, probeKillMessage(pod, name, kind), {
        probe: kind,
        gracePeriodSeconds:
          worker.spec.terminationGracePeriodSeconds ?? pod.spec?.terminationGracePeriodSeconds ?? 30,
      })
    }
  }

  removeWorker(worker: ProbeWorker): void {
    const key = workerKey(worker.podUid, worker.container.name, worker.kind)
    if (this.workers.get(key) === worker) this.workers.delete(key)
  }
}
