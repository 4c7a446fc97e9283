/**
 * Two of kube-scheduler's scheduler_perf workloads (test/integration/scheduler_perf, v1.33),
 * shaped as upstream writes them: node-default (4 CPU, 32Gi, 110 Pods) and pod-default (pause,
 * 100m CPU and 500Mi requested and limited); pod-with-pod-anti-affinity (required anti-affinity on
 * `color: green` per hostname). Each runs twice over the same data: through the whole path
 * (client POST → apiserver → etcd → watch → scheduler → binding POST → etcd) and as our bare
 * filter+score loop, so the cost of everything around the algorithm can be read as a ratio.
 */
import type { Node, Pod } from '../../src/api/types'
import { makeNode } from '../../src/sim/cluster/default-cluster'
import { harness } from '../../src/sim/scheduler/testing/harness'
import { TRACE_KEEP_MESSAGES } from '../../src/worker/session'
import { perfControlPlane } from './control-plane'
import { type Placement, placementOf } from './placement'

export interface PerfCase {
  readonly name: string
  readonly nodes: number
  readonly initPods: number
  readonly measurePods: number
  /** Upstream's CI floor for this workload (Pods/s on real hardware), for the report. */
  readonly upstreamFloor: number
  /** The goal (Pods/s in one Node thread). */
  readonly goal: number
  readonly pod: (index: number, phase: 'init' | 'measure') => Pod
  readonly namespaces?: readonly string[]
}

export interface PerfResult {
  readonly name: string
  readonly scheduled: number
  readonly expected: number
  readonly wallMs: number
  /** CPU time of the process over the same span: less disturbed than wall time on a busy machine. */
  readonly cpuMs: number
  readonly podsPerSecond: number
  readonly bareMs: number
  readonly bareCpuMs: number
  readonly barePodsPerSecond: number
  /** Wall time of the whole path over the bare loop's: 2 means the path around costs as much as the algorithm. */
  readonly ratio: number
  readonly messages: number
  /** Of `messages`, how many the trace still holds in full at the end (the newest). */
  readonly keptMessages: number
  readonly heapMiB: number
  /** Where the whole path put every Pod, read back from etcd. */
  readonly placement: Placement
}

export function perfNode(i: number): Node {
  const node = makeNode({ name: `scheduler-perf-${i}`, cpu: '4', memory: '32Gi' }, i)
  const status = node.status ?? {}
  // node-default.yaml: capacity only (no allocatable: the apiserver's defaulting copies it).
  return { ...node, status: { ...status, allocatable: { ...status.capacity } } }
}

function pausePod(
  name: string,
  namespace: string,
  extra: Partial<NonNullable<Pod['spec']>> = {},
  labels?: Record<string, string>,
): Pod {
  const resources = { limits: { cpu: '100m', memory: '500Mi' }, requests: { cpu: '100m', memory: '500Mi' } }
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace, ...(labels ? { labels } : {}) },
    spec: {
      ...extra,
      containers: [
        { name: 'pause', image: 'registry.k8s.io/pause:3.10.1', ports: [{ containerPort: 80 }], resources },
      ],
    },
  }
}

export function schedulingBasic(scale: { nodes: number; initPods: number; measurePods: number }): PerfCase {
  return {
    name: `SchedulingBasic ${scale.nodes} nodes, ${scale.initPods} + ${scale.measurePods} Pods`,
    ...scale,
    upstreamFloor: 810,
    goal: 2000,
    pod: (i, phase) => pausePod(`${phase}-pod-${i}`, phase === 'init' ? 'sched-0' : 'sched-1'),
    namespaces: ['sched-0', 'sched-1'],
  }
}

export function podAntiAffinity(scale: { nodes: number; initPods: number; measurePods: number }): PerfCase {
  const affinity = {
    podAntiAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: [
        {
          labelSelector: { matchLabels: { color: 'green' } },
          topologyKey: 'kubernetes.io/hostname',
          namespaces: ['sched-1', 'sched-0'],
        },
      ],
    },
  }
  return {
    name: `SchedulingPodAntiAffinity ${scale.nodes} nodes, ${scale.initPods} + ${scale.measurePods} Pods`,
    ...scale,
    upstreamFloor: 60,
    goal: 240,
    pod: (i, phase) =>
      pausePod(
        `anti-affinity-${phase}-${i}`,
        phase === 'init' ? 'sched-0' : 'sched-1',
        { affinity },
        { color: 'green' },
      ),
    namespaces: ['sched-0', 'sched-1'],
  }
}

/**
 * How many turns the whole path and the bare loop take (see runCase). Ten slices of 5,000 Pods
 * each for SchedulingBasic; each slice still runs thousands of scheduling cycles.
 */
const SLICES = 10

/**
 * Runs one case through the whole path and the bare loop over the same nodes and Pods, taking
 * turns: the whole path until a tenth more of the measured Pods are scheduled, then the bare loop
 * over that tenth, and so on. On a shared machine whose speed drifts by tens of percent within a
 * minute, two phases run one after the other measure two machines; taking turns puts both under
 * the same ones, so their ratio is the code's. The whole path does not notice the turns: its
 * creator and scheduler go on from the same event. Only the sums mean something: the creator
 * runs ahead of the scheduler, so the first turns of the whole path also create most of the Pods.
 */
export function runCase(c: PerfCase): PerfResult {
  const nodes = Array.from({ length: c.nodes }, (_, i) => perfNode(i))
  const init = Array.from({ length: c.initPods }, (_, i) => c.pod(i, 'init'))
  const measure = Array.from({ length: c.measurePods }, (_, i) => c.pod(i, 'measure'))
  // Without --expose-gc the heap figure counts the previous case's garbage too (npm run bench passes it).
  const gc = (globalThis as { gc?: () => void }).gc
  gc?.()
  const heapBefore = process.memoryUsage().heapUsed
  const whole = wholePath(c, nodes, init)
  let bare: BareLoop | undefined = bareLoop(nodes, init)
  whole.start(measure)
  const slices: SliceTimes[] = []
  for (let s = 1; s <= SLICES; s++) {
    const from = Math.floor(((s - 1) * measure.length) / SLICES)
    const to = Math.floor((s * measure.length) / SLICES)
    const w = whole.runUntil(c.initPods + to)
    const b = bare.run(measure, from, to)
    slices.push({ wallMs: w.wallMs, cpuMs: w.cpuMs, bareMs: b.wallMs, bareCpuMs: b.cpuMs })
  }
  // Pods the whole path could not schedule by the last turn (anti-affinity beyond one per node)
  // leave it idle; anything still in flight finishes inside the last slice's time.
  const rest = whole.runUntil(Number.POSITIVE_INFINITY)
  const last = slices[slices.length - 1] as SliceTimes
  slices[slices.length - 1] = { ...last, wallMs: last.wallMs + rest.wallMs, cpuMs: last.cpuMs + rest.cpuMs }
  bare = undefined
  const sum = (f: (t: SliceTimes) => number) => slices.reduce((a, t) => a + f(t), 0)
  const wallMs = sum((t) => t.wallMs)
  const bareMs = sum((t) => t.bareMs)
  const scheduled = whole.cp.bound() - c.initPods
  const placement = placementOf(whole.cp.etcd.store)
  const messages = whole.cp.kernel.messageCount
  const keptMessages = whole.cp.kernel.trace.length
  gc?.()
  // The bare loop's cache is garbage by now; what is left is the whole path's cluster.
  const heapMiB = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20
  return {
    name: c.name,
    scheduled,
    expected: c.measurePods,
    wallMs,
    cpuMs: sum((t) => t.cpuMs),
    podsPerSecond: (scheduled / wallMs) * 1000,
    bareMs,
    bareCpuMs: sum((t) => t.bareCpuMs),
    barePodsPerSecond: (c.measurePods / bareMs) * 1000,
    ratio: wallMs / bareMs,
    messages,
    keptMessages,
    heapMiB,
    placement,
  }
}

interface SliceTimes {
  readonly wallMs: number
  readonly cpuMs: number
  readonly bareMs: number
  readonly bareCpuMs: number
}

/** The whole path's cluster with the init Pods scheduled; the measured Pods go in with `start`. */
export function wholePath(c: PerfCase, nodes: readonly Node[], init: readonly Pod[]) {
  // The trace is kept as the app's worker keeps a large run's (the newest TRACE_KEEP_MESSAGES in
  // full, the rest counted by stage), as bench/deployment.ts does: keeping all 2 million messages
  // of the full size would measure the young-generation GC of a trace no run keeps.
  const cp = perfControlPlane(nodes, c.namespaces, { keepMessages: TRACE_KEEP_MESSAGES })
  cp.kernel.run()
  cp.creator.createAll(init, 16, () => {})
  cp.kernel.run()
  const cache = cp.scheduler.cache
  return {
    cp,
    start: (measure: readonly Pod[]) => cp.creator.createAll(measure, 16, () => {}),
    /**
     * Run until the scheduler's cache holds `pods` Pods (assumed or bound) or nothing is left to
     * do. The count is read every 1,024 events: reading it costs nothing next to them.
     */
    runUntil(pods: number) {
      const t0 = performance.now()
      const c0 = process.cpuUsage()
      const kernel = cp.kernel
      outer: while (cache.numPods < pods) {
        for (let i = 0; i < 1024; i++) {
          if (kernel.idle) break outer
          kernel.stepEvent()
        }
      }
      return { wallMs: performance.now() - t0, cpuMs: cpuSince(c0) }
    },
  }
}

export type BareLoop = ReturnType<typeof bareLoop>

/**
 * The bare loop: our filter+score over a cache holding the same nodes and the init Pods (one per
 * node in turn), one attempt per measured Pod, each assumed on the node it chose.
 */
export function bareLoop(nodes: readonly Node[], init: readonly Pod[]) {
  const bare = harness(nodes, [], { recording: 'summary' })
  const byName = new Map(nodes.map((n) => [n.metadata?.name ?? '', n]))
  let k = 0
  for (const pod of init) bare.cache.addPod(boundTo(pod, nodes[k++ % nodes.length] as Node))
  return {
    /** Schedules measure[from, to). */
    run(measure: readonly Pod[], from: number, to: number) {
      const t0 = performance.now()
      const c0 = process.cpuUsage()
      for (let i = from; i < to; i++) {
        const pod = measure[i] as Pod
        const outcome = bare.schedule(pod)
        if (outcome.kind === 'scheduled')
          bare.cache.assumePod(boundTo(pod, byName.get(outcome.suggestedHost) as Node))
      }
      return { wallMs: performance.now() - t0, cpuMs: cpuSince(c0) }
    },
  }
}

function boundTo(pod: Pod, node: Node): Pod {
  return {
    ...pod,
    metadata: { ...pod.metadata, uid: `${pod.metadata?.namespace}/${pod.metadata?.name}` },
    spec: { ...pod.spec, nodeName: node.metadata?.name ?? '' },
  } as Pod
}

function cpuSince(start: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(start)
  return (d.user + d.system) / 1000
}
