/**
 * Scenario helpers for the node side: run a whole cluster (scheduler included) on one Pod and
 * sample it on a time grid, as `kubectl get pod -w` would show it. Test-only.
 */
import { podSummary } from '../../../api/kubectl/pods'
import type { ContainerStatus, Event, KubeObject, Pod } from '../../../api/types'
import { Cluster } from '../../cluster/cluster'
import type { Message } from '../../kernel/trace'
import { runResult } from '../../scenario/result'
import type { UserAction } from '../../scenario/scenario'

export interface Sample {
  readonly atMs: number
  /** undefined once the Pod is gone from etcd. */
  readonly pod: Pod | undefined
}

export interface Timeline {
  readonly cluster: Cluster
  readonly samples: readonly Sample[]
  /** The Pod at the end. */
  readonly pod: Pod | undefined
  /** core/v1 Events about the Pod, in creation order: [reason, message, fieldPath]. */
  readonly events: ReadonlyArray<readonly [string, string, string]>
  readonly trace: readonly Message[]
  /** Each distinct value of `f` over the samples, in order (consecutive repeats dropped). */
  changes<T>(f: (pod: Pod, atMs: number) => T): T[]
  /** The first sample time at which `f` holds. */
  firstAt(f: (pod: Pod) => boolean): number | undefined
}

export function podObject(
  name: string,
  spec: Record<string, unknown>,
  annotations?: Record<string, string>,
): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, ...(annotations ? { annotations } : {}) },
    spec,
  } as KubeObject
}

/** Apply `pod` at 0 (and delete it at `deleteAtMs`), sampling every `stepMs` until `untilMs`. */
export function timeline(
  pod: KubeObject,
  untilMs: number,
  options: { deleteAtMs?: number; stepMs?: number } = {},
): Timeline {
  const name = pod.metadata?.name ?? ''
  const actions: UserAction[] = [{ type: 'apply', atMs: 0, objects: [pod] }]
  if (options.deleteAtMs !== undefined)
    actions.push({
      type: 'delete',
      atMs: options.deleteAtMs,
      apiVersion: 'v1',
      kind: 'Pod',
      namespace: 'default',
      name,
    })
  const cluster = new Cluster({ actions })
  const step = options.stepMs ?? 50
  const samples: Sample[] = []
  const find = () => runResult(cluster).pods.find((p) => p.metadata?.name === name)
  for (let t = 0; t <= untilMs; t += step) {
    cluster.run({ untilMs: t })
    samples.push({ atMs: t, pod: find() })
  }
  const result = runResult(cluster)
  const events = result.events
    .filter((e: Event) => e.involvedObject?.name === name)
    .map((e) => [e.reason ?? '', e.message ?? '', e.involvedObject?.fieldPath ?? ''] as const)
  return {
    cluster,
    samples,
    pod: find(),
    events,
    trace: result.trace,
    changes<T>(f: (pod: Pod, atMs: number) => T): T[] {
      const out: T[] = []
      for (const s of samples) {
        if (!s.pod) continue
        const v = f(s.pod, s.atMs)
        if (out.length === 0 || JSON.stringify(out[out.length - 1]) !== JSON.stringify(v)) out.push(v)
      }
      return out
    },
    firstAt(f: (pod: Pod) => boolean): number | undefined {
      return samples.find((s) => s.pod && f(s.pod))?.atMs
    },
  }
}

/** The STATUS column of `kubectl get pods`. */
export const printed = (pod: Pod): string => podSummary(pod, 0).status
/** READY and STATUS. */
export const readyStatus = (pod: Pod): string => {
  const s = podSummary(pod, 0)
  return `${s.ready} ${s.status}`
}

/** A container status in short: `running`, `waiting:PodInitializing`, `terminated:Completed`. */
export function stateOf(s: ContainerStatus | undefined): string {
  if (!s?.state) return 'none'
  if (s.state.running) return 'running'
  if (s.state.terminated) return `terminated:${s.state.terminated.reason ?? s.state.terminated.exitCode}`
  return `waiting:${s.state.waiting?.reason ?? ''}`
}

export const initStatus = (pod: Pod, name: string): ContainerStatus | undefined =>
  pod.status?.initContainerStatuses?.find((c) => c.name === name)
export const containerStatus = (pod: Pod, name: string): ContainerStatus | undefined =>
  pod.status?.containerStatuses?.find((c) => c.name === name)
export const condition = (pod: Pod, type: string) => pod.status?.conditions?.find((c) => c.type === type)
