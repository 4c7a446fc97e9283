/** Builders for the app model's tests: Pods, Nodes, revisions and messages, small and explicit. */
import type { ContainerStatus, Event, Node, Pod } from '../../api/types'
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

/** A Pod with metadata (uid, owner, deletion) and conditions set, on top of makePod. */
export interface PodDetails extends PodShape {
  readonly uid?: string
  /** The controller, e.g. `{ kind: 'ReplicaSet', name: 'web-7c5b' }`. */
  readonly owner?: { readonly kind: string; readonly name: string }
  readonly deleting?: boolean
  /** Condition statuses by type: `{ PodScheduled: 'True', Ready: 'False' }`. */
  readonly conditions?: Readonly<Record<string, string>>
}

export function makePodWith(p: PodDetails): Pod {
  const pod = makePod(p)
  return {
    ...pod,
    metadata: {
      ...pod.metadata,
      ...(p.uid ? { uid: p.uid } : {}),
      ...(p.owner
        ? {
            ownerReferences: [
              {
                apiVersion: 'apps/v1',
                kind: p.owner.kind,
                name: p.owner.name,
                uid: `${p.owner.name}-uid`,
                controller: true,
              },
            ],
          }
        : {}),
      ...(p.deleting ? { deletionTimestamp: '2025-05-01T10:01:00Z', deletionGracePeriodSeconds: 30 } : {}),
    },
    status: {
      ...pod.status,
      ...(p.conditions
        ? { conditions: Object.entries(p.conditions).map(([type, status]) => ({ type, status })) }
        : {}),
    },
  }
}

/** A container status: `running`, `creating` (waiting ContainerCreating), `crashloop`, or `error` (terminated, exit 1). */
export function containerStatus(
  state: 'running' | 'creating' | 'crashloop' | 'error',
  restartCount = 0,
  name = 'app',
): ContainerStatus {
  const states = {
    running: { running: { startedAt: '2025-05-01T10:00:03Z' } },
    creating: { waiting: { reason: 'ContainerCreating' } },
    crashloop: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off restarting failed container' } },
    error: { terminated: { exitCode: 1, reason: 'Error' } },
  }
  return {
    name,
    image: 'nginx',
    imageID: '',
    ready: state === 'running',
    restartCount,
    state: states[state],
    ...(restartCount > 0 ? { lastState: { terminated: { exitCode: 1, reason: 'Error' } } } : {}),
  }
}

export interface EventShape {
  /** The Pod it is about. */
  readonly pod: string
  readonly podUid?: string
  readonly reason: string
  readonly type?: 'Normal' | 'Warning'
  readonly message?: string
  readonly count?: number
  /** events.k8s.io/v1 (regarding, note, series) instead of core/v1. */
  readonly eventsApi?: boolean
  readonly namespace?: string
}

export function makeEvent(e: EventShape): Event {
  const namespace = e.namespace ?? 'default'
  const ref = { kind: 'Pod', namespace, name: e.pod, ...(e.podUid ? { uid: e.podUid } : {}) }
  const meta = { name: `${e.pod}.${e.reason.toLowerCase()}`, namespace }
  if (e.eventsApi) {
    return {
      apiVersion: 'events.k8s.io/v1',
      kind: 'Event',
      metadata: meta,
      regarding: ref,
      note: e.message ?? '',
      reason: e.reason,
      type: e.type ?? 'Normal',
      ...(e.count && e.count > 1
        ? { series: { count: e.count, lastObservedTime: '2025-05-01T10:00:05Z' } }
        : {}),
    } as unknown as Event
  }
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: meta,
    involvedObject: ref,
    reason: e.reason,
    message: e.message ?? '',
    type: e.type ?? 'Normal',
    count: e.count ?? 1,
  }
}

/** A revision of an Event (key `/registry/events/<ns>/<name>`). */
export function eventRevision(atMs: number, event: Event, messageId: number | null = null): ObjectRevision {
  const namespace = event.metadata?.namespace ?? 'default'
  const name = event.metadata?.name ?? ''
  return {
    key: `/registry/events/${namespace}/${name}`,
    resource: 'events',
    namespace,
    name,
    revision: ++revision,
    atMs,
    messageId,
    object: event,
  }
}

/** The same revision written by etcd request `messageId`. */
export function writtenBy(r: ObjectRevision, messageId: number): ObjectRevision {
  return { ...r, messageId }
}
