/**
 * Fluent builders for scheduler tests: `makePod('web').requests({ cpu: '100m' }).obj()`,
 * `makeNode('worker-1').capacity({ cpu: '2', memory: '4Gi' }).taint('k', 'v', 'NoSchedule').obj()`.
 * Builders produce plain API objects, as the informers deliver them.
 */
import type {
  Container,
  NodeSelectorRequirement,
  NodeSelectorTerm,
  NodeSpec,
  NodeStatus,
  PodSpec,
  PodStatus,
  Taint,
  Toleration,
} from 'kubernetes-types/core/v1'
import type { Node, ObjectMeta, Pod } from '../../../api/types'
import { CycleState } from '../framework/cycle-state'
import { NodeInfo } from '../framework/node-info'
import { newPodInfo } from '../framework/pod-info'

type Quantities = Record<string, string>

type Mutable<T> = { -readonly [K in keyof T]: T[K] }

export class PodBuilder {
  private readonly pod: {
    apiVersion: string
    kind: string
    metadata: Mutable<ObjectMeta>
    spec: PodSpec
    status: Mutable<PodStatus>
  }

  constructor(name: string) {
    this.pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name, namespace: 'default', uid: `uid-${name}`, resourceVersion: '1' },
      spec: { containers: [], schedulerName: 'default-scheduler' },
      status: { phase: 'Pending' },
    }
  }

  namespace(ns: string): this {
    this.pod.metadata.namespace = ns
    return this
  }

  uid(uid: string): this {
    this.pod.metadata.uid = uid
    return this
  }

  resourceVersion(rv: string): this {
    this.pod.metadata.resourceVersion = rv
    return this
  }

  labels(labels: Record<string, string>): this {
    this.pod.metadata.labels = { ...this.pod.metadata.labels, ...labels }
    return this
  }

  /** Add a container with these requests (none when omitted). */
  container(requests?: Quantities, extra: Partial<Container> = {}): this {
    const c: Container = {
      name: `c${this.pod.spec.containers.length}`,
      image: 'nginx',
      ...(requests ? { resources: { requests } } : {}),
      ...extra,
    }
    this.pod.spec.containers.push(c)
    return this
  }

  /** Shorthand: one container with these requests. */
  requests(requests: Quantities): this {
    return this.container(requests)
  }

  initContainer(requests?: Quantities): this {
    this.pod.spec.initContainers ??= []
    this.pod.spec.initContainers.push({
      name: `init${this.pod.spec.initContainers.length}`,
      image: 'busybox',
      ...(requests ? { resources: { requests } } : {}),
    })
    return this
  }

  /** An init container with restartPolicy Always (a sidecar). */
  sidecar(requests?: Quantities): this {
    this.pod.spec.initContainers ??= []
    this.pod.spec.initContainers.push({
      name: `sidecar${this.pod.spec.initContainers.length}`,
      image: 'envoy',
      restartPolicy: 'Always',
      ...(requests ? { resources: { requests } } : {}),
    })
    return this
  }

  overhead(overhead: Quantities): this {
    this.pod.spec.overhead = overhead
    return this
  }

  hostPort(port: number, protocol = 'TCP'): this {
    return this.container(undefined, { ports: [{ containerPort: port, hostPort: port, protocol }] })
  }

  nodeSelector(sel: Record<string, string>): this {
    this.pod.spec.nodeSelector = sel
    return this
  }

  toleration(t: Toleration): this {
    this.pod.spec.tolerations = [...(this.pod.spec.tolerations ?? []), t]
    return this
  }

  /** Required node affinity: terms are ORed. */
  requiredTerms(...terms: NodeSelectorTerm[]): this {
    this.pod.spec.affinity = {
      ...this.pod.spec.affinity,
      nodeAffinity: {
        ...this.pod.spec.affinity?.nodeAffinity,
        requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: terms },
      },
    }
    return this
  }

  preferred(weight: number, ...matchExpressions: NodeSelectorRequirement[]): this {
    const na = this.pod.spec.affinity?.nodeAffinity
    this.pod.spec.affinity = {
      ...this.pod.spec.affinity,
      nodeAffinity: {
        ...na,
        preferredDuringSchedulingIgnoredDuringExecution: [
          ...(na?.preferredDuringSchedulingIgnoredDuringExecution ?? []),
          { weight, preference: { matchExpressions } },
        ],
      },
    }
    return this
  }

  priority(p: number): this {
    this.pod.spec.priority = p
    return this
  }

  preemptionPolicy(policy: 'Never' | 'PreemptLowerPriority'): this {
    this.pod.spec.preemptionPolicy = policy
    return this
  }

  schedulerName(name: string): this {
    this.pod.spec.schedulerName = name
    return this
  }

  nodeName(name: string): this {
    this.pod.spec.nodeName = name
    return this
  }

  schedulingGates(...names: string[]): this {
    this.pod.spec.schedulingGates = names.map((name) => ({ name }))
    return this
  }

  deleting(): this {
    this.pod.metadata.deletionTimestamp = '2025-05-01T10:00:00Z'
    return this
  }

  phase(phase: string): this {
    this.pod.status = { ...this.pod.status, phase }
    return this
  }

  startTime(t: string): this {
    this.pod.status = { ...this.pod.status, startTime: t }
    return this
  }

  nominatedNodeName(node: string): this {
    this.pod.status = { ...this.pod.status, nominatedNodeName: node }
    return this
  }

  obj(): Pod {
    return structuredClone(this.pod) as Pod
  }
}

export class NodeBuilder {
  private readonly node: {
    apiVersion: string
    kind: string
    metadata: Mutable<ObjectMeta>
    spec: NodeSpec
    status: Mutable<NodeStatus>
  }

  constructor(name: string) {
    this.node = {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: {
        name,
        uid: `uid-node-${name}`,
        resourceVersion: '1',
        labels: { 'kubernetes.io/hostname': name },
      },
      spec: {},
      status: {
        capacity: { cpu: '4', memory: '8Gi', pods: '110', 'ephemeral-storage': '100Gi' },
        allocatable: { cpu: '4', memory: '8Gi', pods: '110', 'ephemeral-storage': '100Gi' },
        conditions: [{ type: 'Ready', status: 'True' }],
      },
    }
  }

  /** Sets both capacity and allocatable (other keys keep their defaults). */
  capacity(q: Quantities): this {
    this.node.status.capacity = { ...this.node.status.capacity, ...q }
    this.node.status.allocatable = { ...this.node.status.allocatable, ...q }
    return this
  }

  labels(labels: Record<string, string>): this {
    this.node.metadata.labels = { ...this.node.metadata.labels, ...labels }
    return this
  }

  zone(zone: string, region = 'region-1'): this {
    return this.labels({ 'topology.kubernetes.io/zone': zone, 'topology.kubernetes.io/region': region })
  }

  taint(
    key: string,
    value: string | undefined,
    effect: 'NoSchedule' | 'NoExecute' | 'PreferNoSchedule',
  ): this {
    const t: Taint = { key, effect, ...(value !== undefined ? { value } : {}) }
    this.node.spec.taints = [...(this.node.spec.taints ?? []), t]
    return this
  }

  unschedulable(): this {
    this.node.spec.unschedulable = true
    return this
  }

  images(...images: { names: string[]; sizeBytes: number }[]): this {
    this.node.status.images = images
    return this
  }

  resourceVersion(rv: string): this {
    this.node.metadata.resourceVersion = rv
    return this
  }

  obj(): Node {
    return structuredClone(this.node) as Node
  }
}

export const makePod = (name = 'pod'): PodBuilder => new PodBuilder(name)
export const makeNode = (name = 'node'): NodeBuilder => new NodeBuilder(name)

/** A NodeInfo for a node with these pods on it. */
export function nodeInfo(node: Node, ...pods: Pod[]): NodeInfo {
  const ni = new NodeInfo(node.metadata?.name ?? '')
  ni.setNode(node)
  for (const p of pods)
    ni.addPod(
      newPodInfo({ ...p, spec: { ...p.spec, containers: p.spec?.containers ?? [], nodeName: ni.name } }),
    )
  return ni
}

export const newState = (): CycleState => new CycleState()
