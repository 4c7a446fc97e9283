/**
 * The whole simulated cluster, assembled: etcd, kube-apiserver, kube-scheduler,
 * kube-controller-manager, and per node a kubelet and a container runtime, plus the image
 * registry and the user's kubectl. Construct it from a scenario, then `run()`.
 */
import type { OutputLine } from '../../api/kubectl/drain-output'
import { resourceForKind } from '../../api/resources'
import type { Node, Pod } from '../../api/types'
import type { AdmissionPlugin } from '../apiserver/admission/types'
import { ApiServer } from '../apiserver/apiserver'
import { Etcd } from '../etcd/etcd'
import { apiserverUrlOf, type FaultContext } from '../faults/context'
import { isFaultAction, scheduleFault } from '../faults/fault'
import { Kernel } from '../kernel/kernel'
import type { TraceRetention } from '../kernel/retention'
import { WEBHOOKS } from '../kernel/trace'
import { type ApplyResult, Kubectl } from '../kubectl/kubectl'
import { Terminal } from '../kubectl/terminal'
import { DEFAULT_SEED, type Scenario, type ScenarioAction, type UserAction } from '../scenario/scenario'
import { optionsFromConfiguration } from '../scheduler/scheduler'
import { WebhookServers } from '../webhook/server'
import { bootstrap, completeNode } from './bootstrap'
import { planBootstrapPods } from './bootstrap-pods'
import { type ControlPlane, type NodeSide, startControlPlane, startNodeSide } from './components'
import { DEFAULT_NODES, makeNode } from './default-cluster'

export interface ActionResult {
  readonly action: ScenarioAction
  /** kubectl's answer per object of an apply or delete; empty for a node action and a fault. */
  readonly results: ApplyResult[]
  /**
   * What kubectl printed, as it printed it (node actions: cordon, uncordon, drain); for a fault,
   * what it did (`fault: message #412 dropped (…)`, stdout) or why it did nothing (stderr).
   */
  readonly output: OutputLine[]
  /** Set when kubectl has finished (a drain may wait long after its first request). */
  done: boolean
}

/** What a scenario does not choose: test hooks. */
export interface ClusterOptions {
  /** The apiserver's admission chain instead of DEFAULT_ADMISSION_CHAIN (--enable-admission-plugins). */
  readonly admission?: readonly AdmissionPlugin[]
  /**
   * Keep only the newest messages in full (kernel traceRetention): a recording choice for large
   * runs, not part of the scenario; what the cluster does is the same either way.
   */
  readonly traceRetention?: TraceRetention
}

export class Cluster {
  readonly kernel: Kernel
  readonly etcd: Etcd
  readonly apiserver: ApiServer
  readonly kubectl: Kubectl
  readonly nodes: readonly Node[]
  /** The scenario's bootstrap Pods as written to etcd before time 0 (bootstrap-pods.ts). */
  readonly bootstrapPods: readonly Pod[]
  readonly controlPlane: ControlPlane
  readonly nodeSide: NodeSide
  /** One entry per user action, filled in as each finishes. */
  readonly actionResults: ActionResult[] = []
  /** One entry per fault, filled in when it has acted (no results; its output says what it did). */
  readonly faultResults: ActionResult[] = []
  /**
   * How many actions and faults have finished so far: a change says an answer is ready, without
   * looking through the results after every event.
   */
  private finished = 0

  /**
   * The sequence numbers of each scenario action's events, first and last (undefined for an action
   * that scheduled none), in the order of `scenario.actions`; where the actions' events began, and
   * where construction ended. addAction reads them to order an added action's event as the
   * constructor would have.
   */
  private readonly actionSeqs: Array<{ readonly first: number; readonly last: number } | undefined> = []
  private readonly actionsFromSeq: number
  private readonly constructedSeq: number
  private current: Scenario

  /** Throws when the scenario's scheduler configuration is invalid (the message lists why). */
  constructor(scenario: Scenario, options: ClusterOptions = {}) {
    this.current = scenario
    // Read first: a configuration kube-scheduler would refuse stops the cluster before it starts.
    const schedulerOptions = scenario.schedulerConfiguration
      ? optionsFromConfiguration(scenario.schedulerConfiguration)
      : {}
    this.kernel = new Kernel({
      seed: scenario.seed ?? DEFAULT_SEED,
      ...(scenario.network ? { network: scenario.network } : {}),
      ...(scenario.startTime ? { startTime: scenario.startTime } : {}),
      ...(options.traceRetention ? { traceRetention: options.traceRetention } : {}),
    })
    this.nodes = scenario.nodes?.length
      ? scenario.nodes.map((n, i) => completeNode(n, i))
      : DEFAULT_NODES.map((shape, i) => makeNode(shape, i))
    this.etcd = new Etcd(this.kernel)
    this.kernel.register(this.etcd)
    const pods = planBootstrapPods(scenario.pods ?? [], this.nodes, this.kernel)
    this.bootstrapPods = pods.pods
    bootstrap(this.etcd.store, this.kernel, this.nodes, scenario.clusterObjects, pods.pods)
    this.apiserver = new ApiServer(this.kernel, {
      ...(scenario.users ? { tokens: scenario.users } : {}),
      ...(options.admission ? { admission: options.admission } : {}),
    })
    this.kernel.register(this.apiserver)
    this.kubectl = new Kubectl(this.kernel, scenario.users)
    this.kernel.register(this.kubectl)
    // The scenario's admission webhook servers, as one component (only when it declares some).
    if (scenario.webhookServers?.length) {
      this.kernel.register(new WebhookServers(this.kernel, scenario.webhookServers))
    }
    this.apiserver.start()
    this.controlPlane = startControlPlane(this.kernel, schedulerOptions, {
      ...(pods.externalOwners.size ? { externalOwners: pods.externalOwners } : {}),
    })
    this.nodeSide = startNodeSide(this.kernel, this.nodes, pods.running)
    // Faults are set up before anything runs (a message fault must be planned before its message
    // is sent); each throws here when it names a node or server the cluster does not have.
    const faults: FaultContext = {
      kernel: this.kernel,
      nodes: this.nodes,
      apiserver: this.apiserver,
      etcd: this.etcd,
      nodeSide: this.nodeSide,
      webhooks: this.kernel.component(WEBHOOKS) as WebhookServers | undefined,
      apiserverUrl: apiserverUrlOf(this.nodes),
    }
    this.actionsFromSeq = this.kernel.nextSeq
    for (const action of scenario.actions) {
      const first = this.kernel.nextSeq
      if (isFaultAction(action))
        scheduleFault(faults, action, (output) => {
          this.faultResults.push({ action, results: [], output, done: true })
          this.finished++
        })
      else this.kernel.at(action.atMs, () => this.start(action))
      const next = this.kernel.nextSeq
      this.actionSeqs.push(next > first ? { first, last: next - 1 } : undefined)
    }
    this.constructedSeq = this.kernel.nextSeq
  }

  /** The scenario the cluster runs: the one it was built from, with any added actions. */
  get scenario(): Scenario {
    return this.current
  }

  private start(action: UserAction): void {
    this.kernel.cause = null
    this.kernel.spawn(this.perform(action), `user ${action.type}`)
  }

  /**
   * Whether `action` can still be added at scenario index `index` (see addAction): a user action
   * whose time nothing has run at yet.
   */
  canAddAction(action: ScenarioAction, index: number): boolean {
    return this.placeFor(action, index) !== undefined
  }

  /**
   * Add a user action at `index` of the scenario's actions, after the cluster has run for a while
   * but before its time: the run goes on exactly as a cluster built with the action in its scenario
   * would have run (its event is ordered among the same millisecond's events where the constructor
   * would have scheduled it). A fault cannot be added (it is planned before the run starts).
   * Throws when canAddAction is false.
   */
  addAction(action: UserAction, index: number): void {
    const seq = this.placeFor(action, index)
    if (seq === undefined)
      throw new Error(
        `cannot add ${action.type === 'apply' ? 'an' : 'a'} ${action.type} at ${action.atMs} ms (action ${index})`,
      )
    this.kernel.atSeq(action.atMs, seq, () => this.start(action))
    const actions = [...this.current.actions]
    actions.splice(index, 0, action)
    this.actionSeqs.splice(index, 0, { first: seq, last: seq })
    this.current = { ...this.current, actions }
  }

  /** The sequence number `action` would get at `index`, or undefined when it cannot be added there. */
  private placeFor(action: ScenarioAction, index: number): number | undefined {
    const addable =
      !isFaultAction(action) &&
      Number.isInteger(index) &&
      index >= 0 &&
      index <= this.current.actions.length &&
      this.kernel.canScheduleAt(action.atMs)
    return addable ? this.seqAt(index) : undefined
  }

  /**
   * A sequence number between the events of the actions before `index` and those from `index` on
   * (undefined when repeated insertions at one place have run out of precision).
   */
  private seqAt(index: number): number | undefined {
    let low = this.actionsFromSeq - 1
    for (let i = index - 1; i >= 0; i--) {
      const events = this.actionSeqs[i]
      if (events) {
        low = events.last
        break
      }
    }
    let high = this.constructedSeq
    for (let i = index; i < this.actionSeqs.length; i++) {
      const events = this.actionSeqs[i]
      if (events) {
        high = events.first
        break
      }
    }
    const seq = (low + high) / 2
    return low < seq && seq < high ? seq : undefined
  }

  private *perform(action: UserAction) {
    const results: ApplyResult[] = []
    const entry: ActionResult = { action, results, output: [], done: false }
    this.actionResults.push(entry)
    if (action.type === 'cordon' || action.type === 'uncordon' || action.type === 'drain') {
      const term = new Terminal(entry.output)
      const { node, as } = action
      if (action.type === 'drain') yield* this.kubectl.drain(node, action, term, as)
      else yield* this.kubectl.cordon(node, action.type === 'cordon', term, as)
      term.close()
    } else if (action.type === 'apply') {
      for (const obj of action.objects) {
        const info = resourceForKind(obj.apiVersion, obj.kind)
        if (!info) {
          results.push({ kind: obj.kind ?? '', name: obj.metadata?.name ?? '', code: 0 })
          continue
        }
        results.push(yield* this.kubectl.apply(obj, info, action.as))
      }
    } else if (action.type === 'delete') {
      const info = resourceForKind(action.apiVersion, action.kind)
      if (info) results.push(yield* this.kubectl.delete(info, action.namespace, action.name, action.as))
    }
    entry.done = true
    this.finished++
  }

  /** How many actions and faults have finished (it only grows). */
  get finishedCount(): number {
    return this.finished
  }

  /** Run until idle (no foreground work), or until virtual time `untilMs`. */
  run(options: { untilMs?: number; maxEvents?: number } = {}): void {
    this.kernel.run({ maxEvents: 5_000_000, ...options })
  }
}
