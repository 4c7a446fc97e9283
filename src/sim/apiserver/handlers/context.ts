/** What every REST handler gets: the kernel, etcd storage, caches, and the parsed request. */
import type { KubeObject } from '../../../api/types'
import type { Kernel, Proc } from '../../kernel/kernel'
import type { Message, ObjectRef, Stage } from '../../kernel/trace'
import type { AdmissionLister, AdmissionPlugin } from '../admission/types'
import type { UserInfo } from '../authn'
import type { Cacher } from '../cacher'
import type { HttpRequest, HttpResponse } from '../http'
import type { RequestInfo } from '../request-info'
import type { Storage } from '../storage'

export interface HandlerContext {
  readonly kernel: Kernel
  readonly storage: Storage
  readonly lister: AdmissionLister
  readonly admission: readonly AdmissionPlugin[]
  /** The watch cache of a resource, waiting for it to finish its initial LIST + WATCH. */
  cacher(group: string, resource: string): Proc<Cacher>
}

export interface ApiRequest {
  readonly message: Message<HttpRequest>
  readonly info: RequestInfo
  readonly user: UserInfo
  readonly object?: ObjectRef
  /** The story stage of a pipeline step: the step's own stage for a user's request, else the request's. */
  stage(pipelineStage: Stage): Stage
}

export type Handler = (ctx: HandlerContext, req: ApiRequest) => Proc<HttpResponse>

export const ok = (code: number, body: KubeObject): HttpResponse => ({ code, body })
