/** Builders for the app model's tests: Pods, Nodes, revisions and messages, small and explicit. */
import type { ContainerStatus, Node, Pod } from '../../api/types'
import type { MessageView, ObjectRevision } from '../../protocol/messages'

export interface PodShape {
  readonly name: string
  readonly namespace?: string
  readonly nodeName?: string
  readonly phase?: string
  readonly requests?: { cpu?: string; memory?: string }
  readonly containers?: readonly string[]
  readonly statuses?: readonly ContainerStatus[]
  readonly sandboxReady?: boolean
}

export function makePod(p: PodShape): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: p.name, namespace: p.namespace ?? 'default' },
    spec: {
      containers: (p.containers ?? ['app']).map((name) => ({
        name,
        image: 'nginx',
        ...(p.requests ? { resources: { requests: { ...p.requests } } } : {}),
      })),
      ...(p.nodeName ? { nodeName: p.nodeName } : {}),
    },
    status: {
      phase: p.phase ?? 'Pending',
      ...(p.statuses ? { containerStatuses: [...p.statuses] } : {}),
      ...(p.sandboxReady !== undefined
        ? { conditions: [{ type: 'PodReadyToStartContainers', status: p.sandboxReady ? 'True' : 'False' }] }
        : {}),
    },
  }
}

export function makeNode(name: string, allocatable = { cpu: '2', memory: '4Gi', pods: '110' }): Node {
  return { apiVersion: 'v1', kind: 'Node', metadata: { name }, status: { allocatable: { ...allocatable } } }
}

let revision = 100

/** A revision of a Pod (or a deletion, with `object` null) written at `atMs`. */
export function podRevision(
  name: string,
  atMs: number,
  object: Pod | null,
  namespace = 'default',
): ObjectRevision {
  return {
    key: `/registry/pods/${namespace}/${name}`,
    resource: 'pods',
    namespace,
    name,
    revision: ++revision,
    atMs,
    messageId: null,
    object,
  }
}

export function revisionOf(
  resource: string,
  name: string,
  atMs: number,
  object: ObjectRevision['object'],
  prefix = resource,
): ObjectRevision {
  return {
    key: `/registry/${prefix}/${name}`,
    resource,
    name,
    revision: ++revision,
    atMs,
    messageId: null,
    object,
  }
}

/** An index as the store holds it: revisions by key, in order. */
export function indexOf(revisions: readonly ObjectRevision[]): Map<string, ObjectRevision[]> {
  const index = new Map<string, ObjectRevision[]>()
  for (const r of [...revisions].sort((a, b) => a.revision - b.revision)) {
    const list = index.get(r.key)
    if (list) list.push(r)
    else index.set(r.key, [r])
  }
  return index
}

let messageId = 0

export function makeMessage(
  m: Partial<MessageView> & Pick<MessageView, 'from' | 'to' | 'sentAtMs'>,
): MessageView {
  return {
    id: m.id ?? ++messageId,
    kind: 'http-request',
    summary: 'GET /api/v1/pods',
    deliverAtMs: m.sentAtMs + 10,
    causeId: null,
    stage: 'submit',
    ...m,
  }
}
