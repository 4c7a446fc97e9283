/** Helpers for the fault tests: a Pod, a cluster run with faults, and ways to find messages. */
import type { ContainerStateWaiting } from 'kubernetes-types/core/v1'
import type { Event, KubeObject, Pod } from '../../../api/types'
import { decode } from '../../apiserver/codec'
import type { ClusterOptions } from '../../cluster/cluster'
import { Cluster } from '../../cluster/cluster'
import type { KeyValue } from '../../etcd/mvcc'
import type { Message } from '../../kernel/trace'
import { type RunResult, runResult } from '../../scenario/result'
import type { Scenario, ScenarioAction } from '../../scenario/scenario'

export const POD: KubeObject = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web', namespace: 'default' },
  spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] },
} as KubeObject

export const apply = (atMs: number, ...objects: KubeObject[]): ScenarioAction => ({
  type: 'apply',
  atMs,
  objects,
})

export interface Run extends RunResult {
  readonly cluster: Cluster
}

/** Build the cluster with these actions (and scenario fields), run it until `untilMs`. */
export function runScenario(
  actions: readonly ScenarioAction[],
  untilMs: number,
  scenario: Omit<Scenario, 'actions'> = {},
  options: ClusterOptions = {},
): Run {
  const cluster = new Cluster({ ...scenario, actions }, options)
  cluster.run({ untilMs })
  return { ...runResult(cluster), cluster }
}

export function find(trace: readonly Message[], match: (m: Message) => boolean, what: string): Message {
  const m = trace.find(match)
  if (!m) throw new Error(`no ${what} in the trace`)
  return m
}

/** Messages as the UI compares them (everything but the payload). */
export const shape = (m: Message) => ({
  id: m.id,
  from: m.from,
  to: m.to,
  kind: m.kind,
  summary: m.summary,
  sentAtMs: m.sentAtMs,
  deliverAtMs: m.deliverAtMs,
  causeId: m.causeId,
  stage: m.stage,
})

export const podNamed = (r: RunResult, name: string): Pod => {
  const p = r.pods.find((x) => x.metadata?.name === name)
  if (!p) throw new Error(`no pod ${name}`)
  return p
}

/** Virtual time of an Event's last occurrence (Events carry wall-clock times from 2025-05-01T10:00:00Z). */
export const eventMs = (e: Event): number =>
  Date.parse((e.lastTimestamp ?? e.eventTime ?? '') as string) - Date.parse('2025-05-01T10:00:00Z')

export const eventsOf = (r: RunResult, reason: string): Event[] => r.events.filter((e) => e.reason === reason)

/** The first message the kubelet sends about starting the pod's sandbox. */
export const sandboxStart = (trace: readonly Message[]): Message =>
  find(trace, (m) => m.kind === 'cri-request' && m.summary === 'RunPodSandbox', 'RunPodSandbox')

/**
 * The Pod's first container's state through the run, from etcd's history: one entry per change of
 * (waiting reason and message | running | terminated reason, exit code), with the restart count.
 */
export function containerHistory(
  cluster: Cluster,
  name: string,
  namespace = 'default',
): { atMs: number; state: string; restarts: number }[] {
  const key = `/registry/pods/${namespace}/${name}`
  const out: { atMs: number; state: string; restarts: number }[] = []
  for (const change of cluster.etcd.changesSince(0)) {
    for (const e of change.events) {
      if (e.kv.key !== key || e.type !== 'PUT') continue
      const pod = decode(e.kv as KeyValue) as Pod
      const status = pod.status?.containerStatuses?.[0]
      if (!status) continue
      const s = status.state ?? {}
      const state = s.waiting
        ? waitingText(s.waiting)
        : s.running
          ? 'running'
          : s.terminated
            ? `terminated ${s.terminated.reason} ${s.terminated.exitCode}`
            : 'unknown'
      if (out.at(-1)?.state === state && out.at(-1)?.restarts === status.restartCount) continue
      out.push({ atMs: change.atMs, state, restarts: status.restartCount })
    }
  }
  return out
}

const waitingText = (w: ContainerStateWaiting): string => `${w.reason}${w.message ? `: ${w.message}` : ''}`
