/**
 * Small fluent builders for unit tests: `makePod('web').requests({ cpu: '100m' }).build()`,
 * `makeWorkload('Deployment', 'web').selector({ app: 'web' }).build()`, and a `Probe` component
 * that records what the kernel delivers to it. Test-only: excluded from tsconfig.sim.json.
 */
import type { Container, PodSpec } from 'kubernetes-types/core/v1'
import { clone, type Deployment, type Pod, type ReplicaSet } from '../../api/types'
import type { Component, Kernel, Outgoing } from '../kernel/kernel'
import type { ComponentId, Message } from '../kernel/trace'

type ResourceList = Record<string, string>

export class PodBuilder {
  private readonly pod: Pod

  constructor(name: string) {
    this.pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name, namespace: 'default' },
      spec: { containers: [{ name: 'app', image: 'nginx:1.27' }] },
    }
  }

  private get spec(): PodSpec {
    return this.pod.spec as PodSpec
  }

  /** The container later calls (image, requests, limits, ports) edit: the last one added. */
  private get last(): Container {
    const cs = this.spec.containers
    const c = cs[cs.length - 1]
    if (!c) throw new Error('PodBuilder: the pod has no containers')
    return c
  }

  namespace(ns: string | undefined): this {
    const meta = this.pod.metadata as { namespace?: string }
    if (ns === undefined) delete meta.namespace
    else meta.namespace = ns
    return this
  }

  labels(labels: Record<string, string>): this {
    ;(this.pod.metadata as { labels?: Record<string, string> }).labels = { ...labels }
    return this
  }

  /** Replace the container list. */
  containers(...containers: Container[]): this {
    this.spec.containers = containers.map((c) => clone(c))
    return this
  }

  /** Append a container. */
  container(c: Container): this {
    this.spec.containers.push(clone(c))
    return this
  }

  initContainer(c: Container): this {
    this.spec.initContainers = [...(this.spec.initContainers ?? []), clone(c)]
    return this
  }

  image(image: string | undefined): this {
    if (image === undefined) delete this.last.image
    else this.last.image = image
    return this
  }

  requests(requests: ResourceList): this {
    this.last.resources = { ...this.last.resources, requests: { ...requests } }
    return this
  }

  limits(limits: ResourceList): this {
    this.last.resources = { ...this.last.resources, limits: { ...limits } }
    return this
  }

  port(containerPort: number): this {
    this.last.ports = [...(this.last.ports ?? []), { containerPort }]
    return this
  }

  restartPolicy(policy: string): this {
    this.spec.restartPolicy = policy
    return this
  }

  nodeName(node: string): this {
    this.spec.nodeName = node
    return this
  }

  phase(phase: string): this {
    Object.assign(this.pod, { status: { ...this.pod.status, phase } })
    return this
  }

  /** Edit the spec directly for what has no builder method. */
  withSpec(edit: (spec: PodSpec) => void): this {
    edit(this.spec)
    return this
  }

  build(): Pod {
    return clone(this.pod)
  }
}

export const makePod = (name = 'nginx'): PodBuilder => new PodBuilder(name)

type Workload = Deployment | ReplicaSet

export class WorkloadBuilder {
  private readonly obj: Workload & { spec: NonNullable<Workload['spec']> }

  constructor(kind: 'Deployment' | 'ReplicaSet', name: string) {
    this.obj = {
      apiVersion: 'apps/v1',
      kind,
      metadata: { name, namespace: 'default' },
      spec: {
        replicas: 1,
        selector: { matchLabels: { app: name } },
        template: {
          metadata: { labels: { app: name } },
          spec: { containers: [{ name: 'app', image: 'nginx:1.27' }] },
        },
      },
    }
  }

  /** matchLabels; `undefined` removes the selector. */
  selector(matchLabels: Record<string, string> | undefined): this {
    if (matchLabels === undefined) delete (this.obj.spec as { selector?: unknown }).selector
    else this.obj.spec.selector = { matchLabels: { ...matchLabels } }
    return this
  }

  templateLabels(labels: Record<string, string> | undefined): this {
    const template = this.obj.spec.template as { metadata?: { labels?: Record<string, string> } }
    template.metadata = labels === undefined ? {} : { labels: { ...labels } }
    return this
  }

  replicas(n: number): this {
    this.obj.spec.replicas = n
    return this
  }

  templateSpec(edit: (spec: PodSpec) => void): this {
    const template = this.obj.spec.template as { spec?: PodSpec }
    template.spec ??= { containers: [] }
    edit(template.spec)
    return this
  }

  build(): Workload {
    return clone(this.obj)
  }
}

export const makeWorkload = (kind: 'Deployment' | 'ReplicaSet', name = 'web'): WorkloadBuilder =>
  new WorkloadBuilder(kind, name)

/**
 * A component that records every message delivered to it, and can be told how to react
 * (`onReceive`), e.g. to answer requests.
 */
export class Probe implements Component {
  readonly received: Message[] = []
  onReceive: ((message: Message, probe: Probe) => void) | undefined

  constructor(
    readonly kernel: Kernel,
    readonly id: ComponentId,
  ) {
    kernel.register(this)
  }

  receive(message: Message): void {
    this.received.push(message)
    this.onReceive?.(message, this)
  }

  /** Send a message from this component. */
  send(to: ComponentId, summary: string, extra: Partial<Outgoing> = {}): Message {
    return this.kernel.send({
      from: this.id,
      to,
      kind: 'http-request',
      summary,
      stage: 'submit',
      payload: null,
      ...extra,
    })
  }

  /** Answer `request` (a reply carries `replyTo`, so it resumes the caller's process). */
  reply(request: Message, summary = 'reply', payload: unknown = null): Message {
    return this.kernel.send({
      from: this.id,
      to: request.from,
      kind: 'http-response',
      summary,
      stage: request.stage,
      replyTo: request.id,
      payload,
    })
  }
}

/** An outgoing request from `from` to `to`, for `call(...)`. */
export function request(from: ComponentId, to: ComponentId, summary = 'ping'): Outgoing {
  return { from, to, kind: 'http-request', summary, stage: 'submit', payload: null }
}
