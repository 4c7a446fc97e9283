/**
 * What a run produced, read from etcd after it: the final Pods, Nodes and Events as stored, and
 * the apiserver's answer to every applied object. Reading etcd here is an observer's view from
 * outside the cluster, not a component's, so it adds nothing to the trace.
 */
import { EVENTS, NODES, PODS, type ResourceInfo } from '../../api/resources'
import type { Event, KubeObject, Node, Pod, Status } from '../../api/types'
import { decode } from '../apiserver/codec'
import type { Cluster } from '../cluster/cluster'
import type { Message } from '../kernel/trace'
import type { ApplyResult, FailedRequest } from '../kubectl/kubectl'

export interface ObjectResponse {
  readonly kind: string
  /** The kind's API group (`apps`); absent for the core group. */
  readonly group?: string
  readonly namespace?: string
  readonly name: string
  /** HTTP code of kubectl's last request for the object; 0 when it sent none. */
  readonly code: number
  /** `created`, `configured`, `unchanged`; absent on errors. */
  readonly action?: string
  /** The apiserver's Status object on errors. */
  readonly status?: Status
  /** kubectl's own error, found before sending anything (printed after `error: `). */
  readonly error?: string
  /** Which of kubectl's requests failed when it was the GET or the PATCH (see ApplyResult). */
  readonly failedRequest?: FailedRequest
  /** The apiserver's warnings, which kubectl prints as `Warning: <text>` lines on stderr. */
  readonly warnings?: readonly string[]
}

export interface RunResult {
  readonly responses: readonly ObjectResponse[]
  readonly pods: readonly Pod[]
  /** core/v1 Events in creation order. */
  readonly events: readonly Event[]
  readonly nodes: readonly Node[]
  readonly trace: readonly Message[]
  readonly endMs: number
}

/** kubectl's answer for one object, without the created object itself (the API's view of it). */
export function objectResponse(r: ApplyResult): ObjectResponse {
  return {
    kind: r.kind,
    ...(r.group ? { group: r.group } : {}),
    ...(r.namespace ? { namespace: r.namespace } : {}),
    name: r.name,
    code: r.code,
    ...(r.action ? { action: r.action } : {}),
    ...(r.status ? { status: r.status } : {}),
    ...(r.error !== undefined ? { error: r.error } : {}),
    ...(r.failedRequest ? { failedRequest: r.failedRequest } : {}),
    ...(r.warnings?.length ? { warnings: r.warnings } : {}),
  }
}

export function runResult(cluster: Cluster): RunResult {
  const responses: ObjectResponse[] = []
  for (const { results } of cluster.actionResults) {
    for (const r of results) {
      responses.push(objectResponse(r))
    }
  }
  return {
    responses,
    pods: stored<Pod>(cluster, PODS),
    events: stored<Event>(cluster, EVENTS).sort(byCreation),
    nodes: stored<Node>(cluster, NODES),
    trace: cluster.kernel.trace,
    endMs: cluster.kernel.nowMs,
  }
}

const creationRevision = new WeakMap<object, number>()

function stored<T extends KubeObject>(cluster: Cluster, info: ResourceInfo): T[] {
  return cluster.etcd.store.range(`${info.etcdPrefix}/`).map((kv) => {
    const obj = decode(kv) as T
    creationRevision.set(obj, kv.createRevision)
    return obj
  })
}

function byCreation(a: KubeObject, b: KubeObject): number {
  return (creationRevision.get(a) ?? 0) - (creationRevision.get(b) ?? 0)
}
