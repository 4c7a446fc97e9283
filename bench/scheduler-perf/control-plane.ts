/**
 * scheduler_perf's cluster: only what scheduling needs (etcd, kube-apiserver, kube-scheduler), no
 * kubelets and no controllers, as upstream's test/integration/scheduler_perf sets up. Nodes are
 * written to etcd before time 0 (upstream creates them through the API before measuring); Pods
 * are created through the apiserver by a client of their own, like scheduler_perf's createPods.
 */
import { PODS } from '../../src/api/resources'
import type { Node, Pod } from '../../src/api/types'
import { ApiServer } from '../../src/sim/apiserver/apiserver'
import { bootstrap } from '../../src/sim/cluster/bootstrap'
import { ClientComponent } from '../../src/sim/component'
import { DEFAULT_ETCD, Etcd } from '../../src/sim/etcd/etcd'
import { Kernel, type Proc } from '../../src/sim/kernel/kernel'
import type { TraceRetention } from '../../src/sim/kernel/retention'
import { ADMIN_CREDENTIALS } from '../../src/sim/kubectl/kubectl'
import { Scheduler } from '../../src/sim/scheduler/scheduler'

/** The client that creates the workload's Pods (scheduler_perf's createPods op). */
class PodCreator extends ClientComponent {
  created = 0
  failed = 0

  constructor(kernel: Kernel) {
    super(kernel, 'scheduler-perf', ADMIN_CREDENTIALS, 'scheduler_perf')
  }

  start(): void {}

  /** Creates `pods` with `parallelism` requests in flight (upstream creates them in parallel too). */
  createAll(pods: readonly Pod[], parallelism: number, done: () => void): void {
    let next = 0
    let running = parallelism
    const self = this
    function* worker(): Proc {
      while (next < pods.length) {
        const pod = pods[next++] as Pod
        const result = yield* self.client.create(PODS, pod.metadata?.namespace ?? 'default', pod, 'submit')
        if (result.ok) self.created++
        else self.failed++
      }
      if (--running === 0) done()
    }
    for (let i = 0; i < parallelism; i++) this.kernel.spawn(worker(), 'createPods')
  }
}

export interface PerfControlPlane {
  readonly kernel: Kernel
  readonly etcd: Etcd
  readonly scheduler: Scheduler
  readonly creator: PodCreator
  /** Pods bound so far (the scheduler's cache counts assumed-then-confirmed Pods). */
  bound(): number
}

export function perfControlPlane(
  nodes: readonly Node[],
  namespaces: readonly string[] = [],
  traceRetention?: TraceRetention,
): PerfControlPlane {
  const kernel = new Kernel({ seed: 1, ...(traceRetention ? { traceRetention } : {}) })
  // No UI reads the record of changes here: etcd keeps only what compaction leaves, as a real one.
  const etcd = new Etcd(kernel, { ...DEFAULT_ETCD, recordChanges: false })
  kernel.register(etcd)
  bootstrap(
    etcd.store,
    kernel,
    nodes,
    namespaces.map((name) => ({
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name, labels: { 'kubernetes.io/metadata.name': name } },
      spec: { finalizers: ['kubernetes'] },
      status: { phase: 'Active' },
    })),
  )
  const apiserver = new ApiServer(kernel)
  kernel.register(apiserver)
  apiserver.start()
  // Summary recording: per-plugin, per-node results for 50,000 attempts are the UI's detail, not
  // what a throughput run keeps (the Cluster switches to summary for large runs as well).
  const scheduler = new Scheduler(kernel, { recording: 'summary' })
  kernel.register(scheduler)
  scheduler.start()
  const creator = new PodCreator(kernel)
  kernel.register(creator)
  return {
    kernel,
    etcd,
    scheduler,
    creator,
    bound: () => {
      let bound = 0
      for (const info of scheduler.cache.list()) bound += info.pods.length
      return bound
    },
  }
}
