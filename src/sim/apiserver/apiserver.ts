/**
 * kube-apiserver as a component. Each HTTP request runs through the real order
 * (apiserver/pkg/server/config.go DefaultBuildHandlerChain, then the REST handler):
 * authentication → authorization → [create/update: decode + defaults → mutating admission →
 * validation → validating admission] → etcd. Every stage is a step in the trace, every etcd call
 * a message. Only the apiserver touches etcd; everyone else reads through it.
 */
import {
  DEPLOYMENTS,
  NAMESPACES,
  NODES,
  PODS,
  REPLICA_SETS,
  type ResourceInfo,
  resourceByName,
} from '../../api/resources'
import { forbiddenMessage, methodNotAllowed, notFound, unauthorized } from '../../api/status'
import type { KubeObject } from '../../api/types'
import type { EtcdWatchEvents } from '../etcd/protocol'
import { type Component, type Kernel, type Proc, Signal, wait } from '../kernel/kernel'
import { APISERVER, type ComponentId, ETCD, type Message, type ObjectRef, type Stage } from '../kernel/trace'
import { DEFAULT_ADMISSION_CHAIN } from './admission/chain'
import type { AdmissionLister, AdmissionPlugin } from './admission/types'
import { Authenticator, type TokenUser } from './authn'
import { AuthorizerChain, forbiddenText } from './authz/authorizer'
import { RBAC_GROUP } from './authz/rbac'
import { Cacher } from './cacher'
import { decode } from './codec'
import { compactor } from './compactor'
import { bind } from './handlers/binding'
import type { ApiRequest, Handler, HandlerContext } from './handlers/context'
import { create } from './handlers/create'
import { remove } from './handlers/delete'
import { evict } from './handlers/eviction'
import { get, list, watch } from './handlers/read'
import { patch, update } from './handlers/update'
import type { HttpRequest, HttpResponse, WatchEvent, WatchEventType } from './http'
import { authenticationStep, authorizationStep, pipelineStages } from './pipeline-steps'
import { parseRequest } from './request-info'
import { Storage } from './storage'

export interface ApiServerConfig {
  /** Users known by bearer token (the scenario's kubeconfig-like list). */
  readonly tokens?: readonly TokenUser[]
  readonly admission?: readonly AdmissionPlugin[]
}

/** What the RBAC authorizer reads from the watch caches (rbac informers). */
const RBAC_RESOURCES: readonly ResourceInfo[] = [
  'roles',
  'rolebindings',
  'clusterroles',
  'clusterrolebindings',
].map((r) => resourceByName(RBAC_GROUP, r) as ResourceInfo)

/** Resources whose watch cache is built at startup (the ones components and admission watch). */
const CACHED: readonly ResourceInfo[] = [
  PODS,
  NODES,
  NAMESPACES,
  DEPLOYMENTS,
  REPLICA_SETS,
  // The Service REST's allocators read what the Services hold (service-allocators.ts).
  resourceByName('', 'services') as ResourceInfo,
  // The ServiceAccount admission plugin's informer.
  resourceByName('', 'serviceaccounts') as ResourceInfo,
  resourceByName('scheduling.k8s.io', 'priorityclasses') as ResourceInfo,
  // The LimitRanger and ResourceQuota admission plugins' informers.
  resourceByName('', 'limitranges') as ResourceInfo,
  resourceByName('', 'resourcequotas') as ResourceInfo,
  // The admission webhook plugins' configuration informers.
  resourceByName('admissionregistration.k8s.io', 'mutatingwebhookconfigurations') as ResourceInfo,
  resourceByName('admissionregistration.k8s.io', 'validatingwebhookconfigurations') as ResourceInfo,
  ...RBAC_RESOURCES,
]

/** What kube-apiserver reads itself: its admission plugins', authorizer's and allocators' caches. */
const APISERVER_READS: ReadonlySet<string> = new Set(
  CACHED.filter((i) => ![PODS, NODES, DEPLOYMENTS, REPLICA_SETS].includes(i)).map(
    (i) => `${i.group}/${i.resource}`,
  ),
)

/** What a kubelet reads for its Pods' containers and volumes. */
const KUBELET_READS: ReadonlySet<string> = new Set(['/configmaps', '/secrets'])

/** Subresources served only by POST (BindingREST and EvictionREST are only NamedCreaters). */
const CREATE_ONLY_SUBRESOURCES: ReadonlySet<string> = new Set(['binding', 'eviction'])

const HANDLERS: Record<string, Handler> = {
  get,
  list,
  watch,
  create,
  update,
  patch,
  delete: remove,
}

export class ApiServer implements Component, HandlerContext {
  readonly id = APISERVER
  readonly storage = new Storage()
  readonly authn: Authenticator
  readonly admission: readonly AdmissionPlugin[]
  private readonly cachers = new Map<string, Cacher>()
  /** The same caches by group, then resource: what the listers look up without a key string. */
  private readonly cachersByGroup = new Map<string, Map<string, Cacher>>()
  private readonly cacherByEtcdWatch = new Map<number, Cacher>()
  private readonly cachersReady = new Signal()
  readonly lister: AdmissionLister
  readonly authorizer: AuthorizerChain

  constructor(
    readonly kernel: Kernel,
    config: ApiServerConfig = {},
  ) {
    this.authn = new Authenticator(config.tokens)
    this.admission = config.admission ?? DEFAULT_ADMISSION_CHAIN
    this.lister = {
      get: (group, resource, namespace, name) => {
        const c = this.cacherOf(group, resource)
        if (!c) return undefined
        const info = c.info
        const key = info.namespaced ? `${info.etcdPrefix}/${namespace}/${name}` : `${info.etcdPrefix}/${name}`
        return c.objects.get(key)
      },
      list: (group, resource, namespace) => this.cacherOf(group, resource)?.list(namespace ?? '') ?? [],
      version: (group, resource) => this.cacherOf(group, resource)?.version ?? -1,
    }
    this.authorizer = new AuthorizerChain(this.lister)
  }

  /** Build the watch caches (for each cached resource, LIST then WATCH etcd); start compacting etcd. */
  start(): void {
    for (const info of CACHED) this.kernel.spawn(this.startCacher(info), `cacher ${info.resource}`)
    this.kernel.spawn(compactor(this.storage), 'etcd compactor')
  }

  private *startCacher(info: ResourceInfo): Proc {
    const prefix = `${info.etcdPrefix}/`
    const r = yield* this.storage.etcd({ op: 'Range', key: prefix, prefix: true }, 'boot')
    if (r.op !== 'Range') throw new Error('etcd: unexpected response to Range')
    const initial = r.kvs.map((kv) => ({ key: kv.key, object: decode(kv) }))
    const cacher = new Cacher(info, r.header.revision, initial, (w, type, obj) =>
      this.sendWatchEvent(w, type, obj),
    )
    const watchReply = yield* this.etcdWatch(prefix, r.header.revision + 1)
    this.cacherByEtcdWatch.set(watchReply, cacher)
    this.cachers.set(`${info.group}/${info.resource}`, cacher)
    let byResource = this.cachersByGroup.get(info.group)
    if (!byResource) {
      byResource = new Map()
      this.cachersByGroup.set(info.group, byResource)
    }
    byResource.set(info.resource, cacher)
    this.resourceByKind.clear()
    this.kernel.notify(this.cachersReady)
  }

  /** Open an etcd watch; returns the watch request's id (the id etcd's events carry). */
  private *etcdWatch(prefix: string, startRevision: number): Proc<number> {
    const request = { op: 'Watch' as const, key: prefix, prefix: true as const, startRevision }
    const reply = yield* this.storage.etcdMessage(request, 'boot')
    return reply.replyTo as number
  }

  *cacher(group: string, resource: string): Proc<Cacher> {
    for (;;) {
      const c = this.cacherOf(group, resource)
      if (c) return c
      const info = resourceByName(group, resource)
      if (info && !CACHED.includes(info) && !this.starting.has(`${group}/${resource}`)) {
        this.starting.add(`${group}/${resource}`)
        this.kernel.spawn(this.startCacher(info), `cacher ${resource}`)
      }
      yield* wait(this.cachersReady)
    }
  }

  /**
   * Who reads a resource to act on it: the components watching it now (the informers of the
   * controllers, the scheduler and the kubelets), kube-apiserver itself when its admission
   * plugins, authorizer or allocators read it, and the kubelets for what they read for their
   * Pods (ConfigMaps and Secrets, fetched when a container needs them). None: it is stored and
   * served, and nothing in the simulated cluster acts on it.
   */
  readersOf(group: string, resource: string): ComponentId[] {
    const readers = this.cacherOf(group, resource)?.watchers() ?? []
    if (APISERVER_READS.has(`${group}/${resource}`)) readers.push(APISERVER)
    if (KUBELET_READS.has(`${group}/${resource}`)) {
      const kubelets = (this.cacherOf('', 'pods')?.watchers() ?? []).filter((c) => c.startsWith('kubelet/'))
      readers.push(...kubelets.filter((k) => !readers.includes(k)))
    }
    return readers
  }

  private cacherOf(group: string, resource: string): Cacher | undefined {
    return this.cachersByGroup.get(group)?.get(resource)
  }

  private readonly starting = new Set<string>()
  /** Whether every RBAC watch cache has been built (see handle). */
  private rbacSynced = false

  /**
   * The connection under client watch `watchId` is gone (a drop-message fault): stop sending on
   * it, as the apiserver does once writing to the dead stream fails. False when no such watch is
   * open.
   */
  closeWatch(watchId: number): boolean {
    for (const c of this.cachers.values()) {
      if (c.has(watchId)) {
        c.stop(watchId)
        return true
      }
    }
    return false
  }

  receive(message: Message): void {
    if (message.kind === 'watch-event' && message.from === ETCD) {
      const payload = message.payload as EtcdWatchEvents
      this.cacherByEtcdWatch.get(payload.watchId)?.apply(payload.events)
      return
    }
    if (message.kind === 'http-request') {
      this.kernel.spawn(this.serve(message as Message<HttpRequest>), 'request')
      return
    }
    throw new Error(`kube-apiserver: unexpected message ${message.id} (${message.kind})`)
  }

  private sendWatchEvent(
    w: { id: number; client: string; stage: Stage },
    type: WatchEventType,
    object: KubeObject,
  ): void {
    const texts = this.watchTextsOf(object)
    const payload: WatchEvent = { watchId: w.id, type, object }
    this.kernel.send({
      from: APISERVER,
      to: w.client,
      kind: 'watch-event',
      summary: (texts.summaries[type] ??= `WATCH ${type} ${texts.resource}/${object.metadata?.name}`),
      // A change a heartbeat wrote (a Lease renewal, a node status report) is routine for every
      // watcher, whatever story stage its watch belongs to.
      stage: this.kernel.causeStage() === 'heartbeat' ? 'heartbeat' : w.stage,
      object: texts.ref,
      payload,
    })
  }

  /**
   * The object reference and summaries of the watch events carrying `object`, made once per
   * object (a frozen revision) and shared by every watcher it goes to.
   */
  private watchTextsOf(object: KubeObject): WatchTexts {
    const resource = this.resourceOf(object)
    let texts = this.watchTexts.get(object)
    if (texts === undefined || texts.resource !== resource) {
      const m = object.metadata ?? {}
      texts = {
        resource,
        ref: Object.freeze({
          resource,
          ...(m.namespace ? { namespace: m.namespace } : {}),
          name: m.name ?? '',
          ...(m.uid ? { uid: m.uid } : {}),
        }),
        summaries: {},
      }
      this.watchTexts.set(object, texts)
    }
    return texts
  }

  private readonly watchTexts = new WeakMap<KubeObject, WatchTexts>()

  /** The resource of a kind, as the first watch cache of that kind names it (every watch event asks). */
  private resourceOf(object: KubeObject): string {
    const kind = object.kind ?? ''
    let resource = this.resourceByKind.get(kind)
    if (resource === undefined) {
      resource = kind.toLowerCase()
      for (const c of this.cachers.values()) {
        if (c.info.kind === object.kind) {
          resource = c.info.resource
          break
        }
      }
      this.resourceByKind.set(kind, resource)
    }
    return resource
  }

  /** resourceOf's answers; forgotten when a watch cache is added (it may name a kind first). */
  private readonly resourceByKind = new Map<string, string>()

  private *serve(message: Message<HttpRequest>): Proc {
    const response = yield* this.handle(message)
    this.kernel.send({
      from: APISERVER,
      to: message.from,
      kind: 'http-response',
      summary: responseSummary(response),
      stage: message.stage,
      ...(message.object ? { object: message.object } : {}),
      replyTo: message.id,
      payload: response,
    })
  }

  private *handle(message: Message<HttpRequest>): Proc<HttpResponse> {
    const kernel = this.kernel
    const parsed = parseRequest(message.payload)
    if (!parsed.ok) {
      const status = parsed.code === 404 ? notFound('', '') : methodNotAllowed(parsed.message)
      return { code: parsed.code, body: { ...status, message: parsed.message } }
    }
    const info = parsed.info
    const object: ObjectRef | undefined = message.object
    const stage = pipelineStages(message.stage)

    const authn = this.authn.authenticate(message.payload.headers)
    const authnStep = authenticationStep(authn)
    kernel.step(APISERVER, stage('authenticate'), authnStep.summary, authnStep.payload, object)
    if (!authn.ok) return { code: 401, body: unauthorized() }

    // The RBAC authorizer answers from its informers; the apiserver serves once they synced (and
    // they stay synced: the check is made until they are).
    if (!this.rbacSynced) {
      for (const r of RBAC_RESOURCES) yield* this.cacher(r.group, r.resource)
      this.rbacSynced = true
    }
    const decision = this.authorizer.authorize(authn.user, info)
    const authzStep = authorizationStep(authn.user, info, decision)
    kernel.step(APISERVER, stage('authorize'), authzStep.summary, authzStep.payload, object)
    if (!decision.allowed) {
      return { code: 403, body: forbiddenMessage(forbiddenText(authn.user, info, decision.reason)) }
    }

    const req: ApiRequest = { message, info, user: authn.user, ...(object ? { object } : {}), stage }
    if (info.verb === 'create' && info.subresource === 'binding') return yield* bind(this, req)
    if (info.verb === 'create' && info.subresource === 'eviction') return yield* evict(this, req)
    const handler = HANDLERS[info.verb]
    const createOnly = CREATE_ONLY_SUBRESOURCES.has(info.subresource)
    if (!handler || (info.verb === 'create' && info.subresource !== '') || createOnly) {
      return {
        code: 405,
        body: methodNotAllowed(`the server does not allow this method on the requested resource`),
      }
    }
    return yield* handler(this, req)
  }
}

/** What the watch events carrying one object say about it (see watchTextsOf). */
interface WatchTexts {
  readonly resource: string
  readonly ref: ObjectRef
  readonly summaries: { [type in WatchEventType]?: string }
}

const REASON: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  422: 'Unprocessable Entity',
  500: 'Internal Server Error',
}

function responseSummary(r: HttpResponse): string {
  let summary = RESPONSE_SUMMARIES.get(r.code)
  if (summary === undefined) {
    summary = `${r.code} ${REASON[r.code] ?? ''}`.trim()
    RESPONSE_SUMMARIES.set(r.code, summary)
  }
  return summary
}

const RESPONSE_SUMMARIES = new Map<number, string>()
