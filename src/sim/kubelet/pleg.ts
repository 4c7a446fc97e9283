/**
 * The Pod Lifecycle Event Generator. Upstream's generic PLEG relists the runtime every second and
 * diffs what it sees into events (ContainerStarted, ContainerDied, …) that make the pod workers
 * sync. Here the runtime pushes its changes (the CRI GetContainerEvents stream) and the PLEG holds
 * them until its next relist tick, on a 1 s grid of its own: the kubelet notices a change up to a
 * second late, as it does for real, but nothing ticks while nothing changes.
 *
 * The PLEG also keeps the pod cache (the runtime's view of each pod) with its timestamp, so a pod
 * worker can wait for a view newer than its last sync, as podCache.GetNewerThan does.
 */
import { type Kernel, Signal, type Timer } from '../kernel/kernel'
import type { ComponentId, ObjectRef } from '../kernel/trace'
import type { ContainerEvent, ContainerState, PodSandboxStatus } from '../runtime/cri'
import { EMPTY_VIEW, type RuntimeView } from './runtime-view'

export const RELIST_PERIOD_MS = 1000

export type PlegEventType = 'ContainerStarted' | 'ContainerDied' | 'ContainerChanged' | 'ContainerRemoved'

export interface PlegEvent {
  readonly podUid: string
  readonly type: PlegEventType
  readonly containerId: string
  /** Container name, or `POD` for the sandbox. */
  readonly containerName: string
}

type PlegState = 'running' | 'exited' | 'unknown' | 'non-existent'

const fromCri = (s: ContainerState): PlegState =>
  s === 'CONTAINER_RUNNING' ? 'running' : s === 'CONTAINER_EXITED' ? 'exited' : 'unknown'
const fromSandbox = (s: PodSandboxStatus): PlegState => (s.state === 'SANDBOX_READY' ? 'running' : 'exited')

function states(view: RuntimeView): Map<string, { state: PlegState; name: string }> {
  const out = new Map<string, { state: PlegState; name: string }>()
  if (view.sandbox) out.set(view.sandbox.id, { state: fromSandbox(view.sandbox), name: 'POD' })
  for (const c of view.containers) out.set(c.id, { state: fromCri(c.state), name: c.metadata.name })
  return out
}

/** generic.go generateEvents: what a container's state change means to the pod workers. */
export function diffViews(podUid: string, before: RuntimeView, after: RuntimeView): PlegEvent[] {
  const old = states(before)
  const now = states(after)
  const events: PlegEvent[] = []
  const ids = [...new Set([...old.keys(), ...now.keys()])]
  for (const id of ids) {
    const o = old.get(id)
    const n = now.get(id)
    const oldState = o?.state ?? 'non-existent'
    const newState = n?.state ?? 'non-existent'
    if (oldState === newState) continue
    const name = (n ?? o)?.name ?? ''
    const ev = (type: PlegEventType): PlegEvent => ({ podUid, type, containerId: id, containerName: name })
    switch (newState) {
      case 'running':
        events.push(ev('ContainerStarted'))
        break
      case 'exited':
        events.push(ev('ContainerDied'))
        break
      case 'unknown':
        events.push(ev('ContainerChanged'))
        break
      case 'non-existent':
        if (oldState !== 'exited') events.push(ev('ContainerDied'))
        events.push(ev('ContainerRemoved'))
        break
    }
  }
  return events
}

export class Pleg {
  private readonly views = new Map<string, RuntimeView>()
  private readonly pending = new Map<string, RuntimeView>()
  private readonly refs = new Map<string, ObjectRef>()
  private tickTimer: Timer | undefined
  private lastTickMs = Number.NEGATIVE_INFINITY
  /** Time of the last relist: the pod cache is this fresh. */
  timestampMs = Number.NEGATIVE_INFINITY
  /** Notified after every relist. */
  readonly relisted = new Signal()

  constructor(
    private readonly kernel: Kernel,
    private readonly owner: ComponentId,
    /** Phase of the relist grid: ticks happen at gridOffsetMs + k·1000. */
    private readonly gridOffsetMs: number,
    private readonly onEvents: (podUid: string, events: readonly PlegEvent[]) => void,
  ) {}

  /** The runtime's view of a pod as of the last relist. */
  view(podUid: string): RuntimeView {
    return this.views.get(podUid) ?? EMPTY_VIEW
  }

  /**
   * The pod cache as the kubelet had it before virtual time 0, for a Pod that was already running
   * (a bootstrap Pod): its view is in place, with no events (nothing changed).
   */
  restore(podUid: string, view: RuntimeView, ref: ObjectRef): void {
    this.views.set(podUid, view)
    this.refs.set(podUid, ref)
  }

  /** A ContainerEvent from the runtime: held until the next relist. */
  receive(event: ContainerEvent): void {
    const m = event.podSandboxStatus.metadata
    const gone =
      event.containerEventType === 'CONTAINER_DELETED_EVENT' &&
      event.containerId === event.podSandboxStatus.id
    this.pending.set(
      m.uid,
      gone ? EMPTY_VIEW : { sandbox: event.podSandboxStatus, containers: event.containersStatuses },
    )
    this.refs.set(m.uid, { resource: 'pods', namespace: m.namespace, name: m.name, uid: m.uid })
    this.requestRelist()
  }

  /** Make sure a relist happens at the next grid tick (a pod worker needs a fresher cache). */
  requestRelist(): void {
    if (this.tickTimer) return
    this.tickTimer = this.kernel.at(this.nextTickMs(), () => this.relist())
  }

  /** The next grid time at or after now that has not had its relist yet. */
  nextTickMs(): number {
    const now = this.kernel.nowMs
    let t = this.gridOffsetMs + Math.ceil((now - this.gridOffsetMs) / RELIST_PERIOD_MS) * RELIST_PERIOD_MS
    while (t <= this.lastTickMs) t += RELIST_PERIOD_MS
    return t
  }

  private relist(): void {
    this.tickTimer = undefined
    this.lastTickMs = this.kernel.nowMs
    this.timestampMs = this.kernel.nowMs
    const changed = [...this.pending]
    this.pending.clear()
    const byPod: Array<[string, PlegEvent[]]> = []
    for (const [uid, view] of changed) {
      const events = diffViews(uid, this.view(uid), view)
      if (view === EMPTY_VIEW) this.views.delete(uid)
      else this.views.set(uid, view)
      const ref = this.refs.get(uid)
      for (const e of events) {
        const what = e.containerName === 'POD' ? 'sandbox' : e.containerName
        this.kernel.step(this.owner, 'containers', `PLEG ${e.type} ${what}`, e, ref)
      }
      if (events.length > 0) byPod.push([uid, events])
    }
    this.kernel.notify(this.relisted)
    for (const [uid, events] of byPod) this.onEvents(uid, events)
  }
}
