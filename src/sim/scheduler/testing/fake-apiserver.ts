/**
 * A stand-in kube-apiserver for scheduler component tests: serves LIST/WATCH of pods and nodes,
 * pods/binding, pods/status PATCH (conditions merged by type) and event creation, and keeps every
 * request so tests can assert on bodies. Not a model of the real apiserver.
 */

import type { KubeObject, Node, Pod } from '../../../api/types'
import type { HttpRequest, HttpResponse, WatchEvent } from '../../apiserver/http'
import type { Component, Kernel } from '../../kernel/kernel'
import { APISERVER, type Message } from '../../kernel/trace'

interface Watch {
  readonly resource: 'pods' | 'nodes'
  readonly watcher: string
  readonly id: number
}

export class FakeApiserver implements Component {
  readonly id = APISERVER
  readonly requests: HttpRequest[] = []
  readonly pods = new Map<string, Pod>()
  readonly nodes = new Map<string, Node>()
  private readonly watches: Watch[] = []
  private rv = 1
  /** Make the next bindings fail with this status code (409 by default). */
  failBindings = 0
  failBindingCode = 409

  constructor(private readonly kernel: Kernel) {
    kernel.register(this)
  }

  private stamp<T extends KubeObject>(obj: T): T {
    return { ...obj, metadata: { ...obj.metadata, resourceVersion: String(++this.rv) } }
  }

  private notify(resource: 'pods' | 'nodes', type: WatchEvent['type'], object: KubeObject): void {
    for (const w of this.watches) {
      if (w.resource !== resource) continue
      this.kernel.send<WatchEvent>({
        from: APISERVER,
        to: w.watcher,
        kind: 'watch-event',
        summary: `WATCH ${type} ${resource}/${object.metadata?.name}`,
        stage: 'schedule-watch',
        payload: { watchId: w.id, type, object },
      })
    }
  }

  addNode(node: Node): Node {
    const stored = this.stamp(node)
    const existed = this.nodes.has(stored.metadata?.name ?? '')
    this.nodes.set(stored.metadata?.name ?? '', stored)
    this.notify('nodes', existed ? 'MODIFIED' : 'ADDED', stored)
    return stored
  }

  addPod(pod: Pod): Pod {
    const stored = this.stamp(pod)
    const key = `${stored.metadata?.namespace}/${stored.metadata?.name}`
    const existed = this.pods.has(key)
    this.pods.set(key, stored)
    this.notify('pods', existed ? 'MODIFIED' : 'ADDED', stored)
    return stored
  }

  deletePod(namespace: string, name: string): void {
    const key = `${namespace}/${name}`
    const pod = this.pods.get(key)
    if (!pod) return
    this.pods.delete(key)
    this.notify('pods', 'DELETED', this.stamp(pod))
  }

  private reply(to: Message, response: HttpResponse): void {
    this.kernel.send<HttpResponse>({
      from: APISERVER,
      to: to.from,
      kind: 'http-response',
      summary: String(response.code),
      stage: to.stage,
      replyTo: to.id,
      payload: response,
    })
  }

  receive(message: Message): void {
    const req = message.payload as HttpRequest
    this.requests.push(req)
    const path = req.path
    if (req.method === 'GET') {
      const resource = path.endsWith('/nodes') ? 'nodes' : 'pods'
      if (req.query?.watch === 'true') {
        this.watches.push({ resource, watcher: message.from, id: message.id })
        this.reply(message, { code: 200 })
        return
      }
      const items = [...(resource === 'nodes' ? this.nodes : this.pods).values()]
      this.reply(message, {
        code: 200,
        body: { metadata: { resourceVersion: String(this.rv) }, items } as KubeObject,
      })
      return
    }
    const m = /^\/api\/v1\/namespaces\/([^/]+)\/pods\/([^/]+)\/(binding|status)$/.exec(path)
    if (m) {
      const key = `${m[1]}/${m[2]}`
      const pod = this.pods.get(key)
      if (!pod) {
        this.reply(message, {
          code: 404,
          body: { kind: 'Status', message: `pods "${m[2]}" not found` } as KubeObject,
        })
        return
      }
      if (m[3] === 'binding') {
        if (this.failBindings > 0) {
          this.failBindings--
          const body = {
            kind: 'Status',
            code: this.failBindingCode,
            message: `Operation cannot be fulfilled on pods/binding "${m[2]}": pod ${m[2]} is being deleted, cannot be assigned to a host`,
          }
          this.reply(message, { code: this.failBindingCode, body: body as KubeObject })
          return
        }
        const node = (req.body as { target: { name: string } }).target.name
        const conditions = [
          ...(pod.status?.conditions ?? []).filter((c) => c.type !== 'PodScheduled'),
          { type: 'PodScheduled', status: 'True' },
        ]
        this.addPod({
          ...pod,
          spec: { ...pod.spec, containers: pod.spec?.containers ?? [], nodeName: node },
          status: { ...pod.status, conditions },
        })
        this.reply(message, { code: 201, body: { kind: 'Status', status: 'Success' } as KubeObject })
        return
      }
      const patch = req.body as { status: { conditions: { type: string }[] } }
      const merged = [...(pod.status?.conditions ?? [])]
      for (const c of patch.status.conditions) {
        const i = merged.findIndex((x) => x.type === c.type)
        if (i >= 0) merged[i] = { ...merged[i], ...c } as (typeof merged)[number]
        else merged.push(c as (typeof merged)[number])
      }
      const updated = this.addPod({ ...pod, status: { ...pod.status, conditions: merged } })
      this.reply(message, { code: 200, body: updated })
      return
    }
    // events.k8s.io events and anything else: accept.
    this.reply(message, { code: 201, body: req.body as KubeObject })
  }

  /** Request bodies sent to a path suffix, e.g. `/binding`. */
  bodies(method: string, suffix: string): unknown[] {
    return this.requests.filter((r) => r.method === method && r.path.endsWith(suffix)).map((r) => r.body)
  }
}
