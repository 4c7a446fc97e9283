/**
 * A kernel, the fake apiserver and a kube-controller-manager running only the node controllers
 * (node lifecycle, taint eviction), with helpers that play the kubelets: write Nodes, renew their
 * Leases, put Pods on them. Test-only.
 */
import type { Lease } from 'kubernetes-types/coordination/v1'
import type { Taint, Toleration } from 'kubernetes-types/core/v1'
import { clone, type Event, type KubeObject, type Node, type Pod } from '../../../api/types'
import type { HttpRequest } from '../../apiserver/http'
import { nodeConditions } from '../../cluster/default-cluster'
import { Kernel } from '../../kernel/kernel'
import { type ControllerKind, ControllerManager } from '../controller-manager'
import type { NodeLifecycleOptions } from '../node-lifecycle/controller'
import { FakeApiServer } from './fake-apiserver'

export interface NodeSpec {
  readonly name: string
  readonly labels?: Record<string, string>
  readonly taints?: Taint[]
  /** Ready condition status; the pressure conditions are False. */
  readonly ready?: 'True' | 'False' | 'Unknown'
}

export class NodeControllersHarness {
  readonly kernel = new Kernel({ seed: 1 })
  readonly api = new FakeApiServer(this.kernel)
  readonly cm: ControllerManager
  private uid = 0

  constructor(
    nodes: readonly NodeSpec[],
    options: { controllers?: readonly ControllerKind[]; nodeLifecycle?: NodeLifecycleOptions } = {},
  ) {
    for (const n of nodes) {
      this.writeNode(n)
      this.writeLease(n.name)
    }
    this.cm = new ControllerManager(this.kernel, {
      controllers: options.controllers ?? ['nodelifecycle', 'taint-eviction-controller'],
      ...(options.nodeLifecycle ? { nodeLifecycle: options.nodeLifecycle } : {}),
    })
    this.kernel.register(this.cm)
    this.cm.start()
  }

  /** Run until virtual time `ms` (background timers included). */
  runUntil(ms: number): void {
    this.kernel.run({ untilMs: ms, maxEvents: 1_000_000 })
  }

  writeNode(n: NodeSpec): Node {
    const conditions = nodeConditions().map((c) =>
      c.type === 'Ready' && n.ready && n.ready !== 'True'
        ? { ...c, status: n.ready, reason: 'KubeletNotReady', message: 'container runtime is down' }
        : c,
    )
    const node: Node = {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: {
        name: n.name,
        uid: `node-${n.name}`,
        labels: { 'kubernetes.io/hostname': n.name, ...n.labels },
      },
      spec: n.taints ? { taints: n.taints } : {},
      status: { conditions },
    }
    return this.api.write('nodes', `/${n.name}`, node, this.node(n.name) ? 'MODIFIED' : 'ADDED') as Node
  }

  node(name: string): Node | undefined {
    return this.api.get('nodes', '', name) as Node | undefined
  }

  /** The kubelet renews its Lease now. */
  writeLease(name: string): void {
    const existing = this.api.get('leases', 'kube-node-lease', name)
    const lease: Lease = {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: { name, namespace: 'kube-node-lease', uid: `lease-${name}` },
      spec: { holderIdentity: name, leaseDurationSeconds: 40, renewTime: this.kernel.microTime() },
    }
    this.api.write('leases', `kube-node-lease/${name}`, lease as KubeObject, existing ? 'MODIFIED' : 'ADDED')
  }

  /** The kubelet of `name` renews its Lease every 10 s from `fromMs` until before `toMs`. */
  renewLeases(name: string, fromMs: number, toMs: number): void {
    for (let t = fromMs; t < toMs; t += 10_000) this.kernel.at(t, () => this.writeLease(name), true)
  }

  /** The kubelet reports its node Ready again (status and Lease). */
  reportReady(name: string): void {
    const node = clone(this.node(name) as Node)
    const now = this.kernel.wallTime()
    const conditions = (node.status?.conditions ?? []).map((c) => ({
      ...c,
      status: c.type === 'Ready' ? 'True' : 'False',
      reason: c.type === 'Ready' ? 'KubeletReady' : c.reason,
      lastHeartbeatTime: now,
      lastTransitionTime: now,
    }))
    Object.assign(node, { status: { ...node.status, conditions } })
    this.api.write('nodes', `/${name}`, node, 'MODIFIED')
    this.writeLease(name)
  }

  /** A running, Ready pod bound to `node`, with the tolerations admission would have added. */
  writePod(name: string, node: string, tolerations: Toleration[] = defaultTolerations()): Pod {
    const pod: Pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name, namespace: 'default', uid: `pod-${++this.uid}` },
      spec: { nodeName: node, containers: [{ name: 'app', image: 'nginx:1.27' }], tolerations },
      status: {
        phase: 'Running',
        conditions: [
          { type: 'Ready', status: 'True', lastTransitionTime: this.kernel.wallTime() },
          { type: 'PodScheduled', status: 'True', lastTransitionTime: this.kernel.wallTime() },
        ],
      },
    }
    return this.api.write('pods', `default/${name}`, pod, this.pod(name) ? 'MODIFIED' : 'ADDED') as Pod
  }

  pod(name: string): Pod | undefined {
    return this.api.get('pods', 'default', name) as Pod | undefined
  }

  /** Events as `reason object: message`, in creation order. */
  events(): string[] {
    return (this.api.list('events') as Event[])
      .slice()
      .sort((a, b) => Number(a.metadata?.resourceVersion) - Number(b.metadata?.resourceVersion))
      .map(
        (e) =>
          `${e.source?.component} ${e.reason} ${e.involvedObject?.kind}/${e.involvedObject?.name}: ${e.message}`,
      )
  }

  /** Requests the controllers sent, as `METHOD path`. */
  requests(filter: (r: HttpRequest) => boolean = () => true): string[] {
    return this.api.requests
      .filter((r) => r.method !== 'GET' || r.query?.watch !== 'true')
      .filter(filter)
      .map((r) => `${r.method} ${r.path}`)
  }

  /** Writes (not reads) the controllers sent. */
  writes(): string[] {
    return this.requests((r) => r.method !== 'GET' && !r.path.includes('/events'))
  }

  /** When the request matching `summary` was first received (virtual ms), from the trace. */
  sentAt(summary: string): number | undefined {
    return this.kernel.trace.find((m) => m.kind === 'http-request' && m.summary === summary)?.sentAtMs
  }
}

/** What DefaultTolerationSeconds adds to every pod. */
export function defaultTolerations(seconds = 300): Toleration[] {
  return [
    {
      key: 'node.kubernetes.io/not-ready',
      operator: 'Exists',
      effect: 'NoExecute',
      tolerationSeconds: seconds,
    },
    {
      key: 'node.kubernetes.io/unreachable',
      operator: 'Exists',
      effect: 'NoExecute',
      tolerationSeconds: seconds,
    },
  ]
}
