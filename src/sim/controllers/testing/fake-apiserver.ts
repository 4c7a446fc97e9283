/**
 * A small in-memory stand-in for kube-apiserver, for testing controllers before (and apart from)
 * the real one: create (with generateName), get, list, watch, update (with resourceVersion
 * conflicts and the status subresource), merge patch and immediate delete. No admission, no
 * authorization, no validation.
 */
import { resourceByName } from '../../../api/resources'
import { alreadyExists, conflict, notFound, STALE_OBJECT } from '../../../api/status'
import { clone, deepFreeze, fields, type KubeObject, writableMeta } from '../../../api/types'
import type { HttpRequest, HttpResponse, WatchEvent, WatchEventType } from '../../apiserver/http'
import { strategicMergePatch } from '../../apiserver/patch'
import type { Component, Kernel } from '../../kernel/kernel'
import { APISERVER, type ComponentId, type Message } from '../../kernel/trace'
import { SAFE_ALPHABET } from '../hash'

interface Watch {
  readonly id: number
  readonly to: ComponentId
  readonly resource: string
}

interface Parsed {
  readonly group: string
  readonly resource: string
  readonly namespace?: string
  readonly name?: string
  readonly subresource?: string
}

function parsePath(path: string): Parsed {
  const parts = path.split('/').filter(Boolean)
  let i: number
  let group = ''
  if (parts[0] === 'api') i = 2
  else {
    group = parts[1] ?? ''
    i = 3
  }
  let namespace: string | undefined
  if (parts[i] === 'namespaces' && parts.length > i + 2) {
    namespace = parts[i + 1]
    i += 2
  }
  return { group, resource: parts[i] ?? '', namespace, name: parts[i + 1], subresource: parts[i + 2] }
}

export class FakeApiServer implements Component {
  readonly id = APISERVER
  /** resource → `ns/name` → object */
  readonly objects = new Map<string, Map<string, KubeObject>>()
  /** Every request received, for assertions. */
  readonly requests: HttpRequest[] = []
  private readonly watches: Watch[] = []
  private rv = 100
  private uid = 0
  /** Return this response (once) for the next request matching the predicate. */
  private readonly failures: { match: (r: HttpRequest) => boolean; response: HttpResponse }[] = []

  constructor(private readonly kernel: Kernel) {
    kernel.register(this)
  }

  failNext(match: (r: HttpRequest) => boolean, response: HttpResponse): void {
    this.failures.push({ match, response })
  }

  list(resource: string): KubeObject[] {
    return [...(this.objects.get(resource)?.values() ?? [])]
  }

  get(resource: string, namespace: string, name: string): KubeObject | undefined {
    return this.objects.get(resource)?.get(`${namespace}/${name}`)
  }

  receive(message: Message): void {
    const req = message.payload as HttpRequest
    this.requests.push(req)
    const response = this.handle(req, message)
    this.kernel.send({
      from: APISERVER,
      to: message.from,
      kind: 'http-response',
      summary: String(response.code),
      stage: message.stage,
      replyTo: message.id,
      payload: response,
    })
  }

  private handle(req: HttpRequest, message: Message): HttpResponse {
    const i = this.failures.findIndex((f) => f.match(req))
    if (i >= 0) return (this.failures.splice(i, 1)[0] as { response: HttpResponse }).response
    const p = parsePath(req.path)
    const store = this.store(p.resource)
    const key = `${p.namespace ?? ''}/${p.name ?? ''}`
    switch (req.method) {
      case 'GET': {
        if (req.query?.watch === 'true') {
          this.watches.push({ id: message.id, to: message.from, resource: p.resource })
          return { code: 200 }
        }
        if (p.name) {
          const obj = store.get(key)
          return obj ? { code: 200, body: obj } : { code: 404, body: notFound(p.resource, p.name, p.group) }
        }
        const items = [...store.values()].filter((o) => !p.namespace || o.metadata?.namespace === p.namespace)
        return {
          code: 200,
          body: { metadata: { resourceVersion: String(this.rv) }, items } as unknown as KubeObject,
        }
      }
      case 'POST':
        return this.create(p, req.body as KubeObject)
      case 'PUT': {
        const cur = store.get(key)
        if (!cur) return { code: 404, body: notFound(p.resource, p.name ?? '', p.group) }
        const body = req.body as KubeObject
        const want = body.metadata?.resourceVersion
        if (want && want !== cur.metadata?.resourceVersion) {
          return { code: 409, body: conflict(p.resource, p.name ?? '', STALE_OBJECT, p.group) }
        }
        let next: KubeObject
        if (p.subresource === 'status') {
          next = clone(cur)
          fields(next).status = clone(fields(body).status)
          // deployments/status keeps annotation changes (the revision annotation travels this way).
          if (p.resource === 'deployments') writableMeta(next).annotations = clone(body.metadata?.annotations)
        } else {
          next = clone(body)
          fields(next).status = clone(fields(cur).status)
          next.metadata = { ...clone(cur.metadata), ...clone(body.metadata) }
          const specChanged = JSON.stringify(fields(cur).spec) !== JSON.stringify(fields(body).spec)
          if (specChanged) writableMeta(next).generation = (cur.metadata?.generation ?? 1) + 1
        }
        return { code: 200, body: this.write(p.resource, key, next, 'MODIFIED') }
      }
      case 'PATCH': {
        const cur = store.get(key)
        if (!cur) return { code: 404, body: notFound(p.resource, p.name ?? '', p.group) }
        const next = strategicMergePatch(clone(cur), req.body)
        return { code: 200, body: this.write(p.resource, key, next, 'MODIFIED') }
      }
      case 'DELETE': {
        const cur = store.get(key)
        if (!cur) return { code: 404, body: notFound(p.resource, p.name ?? '', p.group) }
        store.delete(key)
        this.rv++
        this.notify(p.resource, 'DELETED', cur)
        return { code: 200, body: cur }
      }
    }
  }

  private create(p: Parsed, input: KubeObject): HttpResponse {
    const obj = clone(input)
    const meta = writableMeta(obj)
    meta.namespace = p.namespace ?? meta.namespace
    if (!meta.name && meta.generateName) {
      let suffix = ''
      for (let i = 0; i < 5; i++) suffix += SAFE_ALPHABET[this.kernel.rng.intn(SAFE_ALPHABET.length)]
      meta.name = `${meta.generateName}${suffix}`
    }
    const key = `${meta.namespace ?? ''}/${meta.name}`
    if (this.store(p.resource).has(key)) {
      return { code: 409, body: alreadyExists(p.resource, meta.name ?? '', p.group) }
    }
    meta.uid = `uid-${++this.uid}`
    meta.creationTimestamp = this.kernel.wallTime()
    meta.generation = 1
    const info = resourceByName(p.group, p.resource)
    if (info) {
      obj.apiVersion = info.group ? `${info.group}/${info.version}` : info.version
      obj.kind = info.kind
    }
    if (p.resource === 'deployments') defaultDeployment(obj)
    if (p.resource === 'pods') fields(obj).status = { phase: 'Pending' }
    return { code: 201, body: this.write(p.resource, key, obj, 'ADDED') }
  }

  /** Store a new revision and tell the watchers. Tests use it to play the kubelet. */
  write(resource: string, key: string, obj: KubeObject, type: WatchEventType): KubeObject {
    this.rv++
    const stored = deepFreeze({ ...obj, metadata: { ...obj.metadata, resourceVersion: String(this.rv) } })
    this.store(resource).set(key, stored)
    this.notify(resource, type, stored)
    return stored
  }

  private notify(resource: string, type: WatchEventType, object: KubeObject): void {
    for (const w of this.watches) {
      if (w.resource !== resource) continue
      const payload: WatchEvent = { watchId: w.id, type, object }
      this.kernel.send({
        from: APISERVER,
        to: w.to,
        kind: 'watch-event',
        summary: `WATCH ${type} ${resource}/${object.metadata?.name}`,
        stage: 'reconcile',
        payload,
      })
    }
  }

  private store(resource: string): Map<string, KubeObject> {
    let s = this.objects.get(resource)
    if (!s) {
      s = new Map()
      this.objects.set(resource, s)
    }
    return s
  }
}

function defaultDeployment(obj: KubeObject): void {
  const f = fields(obj)
  f.spec ??= {}
  const spec = f.spec as Record<string, unknown>
  spec.replicas ??= 1
  spec.strategy ??= { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' } }
  spec.revisionHistoryLimit ??= 10
  spec.progressDeadlineSeconds ??= 600
}

/** Mark a pod scheduled, running and Ready, as a kubelet would report it. */
export function makePodReady(api: FakeApiServer, namespace: string, name: string, node = 'worker-1'): void {
  const pod = api.get('pods', namespace, name)
  if (!pod) throw new Error(`no pod ${namespace}/${name}`)
  const now = (api as unknown as { kernel: Kernel }).kernel.wallTime()
  const next = fields(clone(pod))
  next.spec = { ...(next.spec as object), nodeName: node }
  next.status = {
    phase: 'Running',
    conditions: [
      { type: 'Ready', status: 'True', lastTransitionTime: now },
      { type: 'PodScheduled', status: 'True', lastTransitionTime: now },
    ],
  }
  api.write('pods', `${namespace}/${name}`, next, 'MODIFIED')
}
