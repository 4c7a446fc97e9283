/**
 * Cluster.addAction: a user action added to a cluster that has already run (up to just before the
 * action's time) must give the run a cluster built with the action in its scenario gives, byte for
 * byte — the worker's fast forks (src/worker/session.ts) rely on it. The times tried are times at
 * which the cluster is busy, so the added action's event meets other events of its millisecond.
 */
import { describe, expect, it } from 'vitest'
import type { KubeObject } from '../../api/types'
import type { Scenario, ScenarioAction, UserAction } from '../scenario/scenario'
import { makeWorkload } from '../testing/builders'
import { Cluster } from './cluster'

function deployment(replicas: number, image = 'nginx:1.27'): KubeObject {
  return makeWorkload('Deployment')
    .replicas(replicas)
    .templateSpec((spec) => {
      spec.containers = [{ name: 'nginx', image }]
    })
    .build() as KubeObject
}

const apply = (atMs: number, object: KubeObject): UserAction => ({ type: 'apply', atMs, objects: [object] })

/**
 * Everything a run produced, message by message with its payload, then every etcd change, the
 * clock and kubectl's results, as JSON lines (a difference shows where the runs part).
 */
function fingerprint(cluster: Cluster): string[] {
  return [
    ...cluster.kernel.trace.map((m) => JSON.stringify(m)),
    ...cluster.etcd.changesSince(0).map((c) => JSON.stringify(c)),
    JSON.stringify({ nowMs: cluster.kernel.nowMs, results: cluster.actionResults }),
  ]
}

/** The first line where two runs differ, or undefined when they are the same. */
function firstDifference(a: readonly string[], b: readonly string[]): string | undefined {
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    if (a[i] !== b[i]) return `line ${i}:\n${a[i]?.slice(0, 300)}\n${b[i]?.slice(0, 300)}`
  return undefined
}

/** Run the events before `atMs` (an action at atMs can still be added). */
function runBefore(cluster: Cluster, atMs: number): void {
  for (;;) {
    const next = cluster.kernel.nextEventAtMs
    if (next === undefined || next >= atMs) return
    cluster.kernel.stepEvent()
  }
}

/** The scenario built whole, and built without `added` then given it at `index` when it is due. */
function both(base: Scenario, added: UserAction, index: number, untilMs: number): string | undefined {
  const actions: ScenarioAction[] = [...base.actions]
  actions.splice(index, 0, added)
  const whole = new Cluster({ ...base, actions })
  whole.run({ untilMs })
  const late = new Cluster(base)
  runBefore(late, added.atMs)
  expect(late.canAddAction(added, index)).toBe(true)
  late.addAction(added, index)
  expect(late.scenario.actions).toEqual(actions)
  late.run({ untilMs })
  return firstDifference(fingerprint(whole), fingerprint(late))
}

/** Times at which the base run sends messages: busy milliseconds, spread over its first seconds. */
function busyTimes(base: Scenario, count: number): number[] {
  const cluster = new Cluster(base)
  cluster.run({ untilMs: 6_000 })
  const times = [...new Set(cluster.kernel.trace.map((m) => m.sentAtMs))]
  return Array.from({ length: count }, (_, i) => times[Math.floor((i * times.length) / count)] as number)
}

describe('Cluster.addAction', () => {
  const base: Scenario = { actions: [apply(0, deployment(3))] }

  it('at time 0, before anything ran, gives the run of a cluster built with the action', () => {
    expect(both({ actions: [] }, apply(0, deployment(2)), 0, 20_000)).toBeUndefined()
  })

  it('at busy milliseconds of a rollout, a scale, a new image and a delete give the same run as a rebuild', () => {
    const times = busyTimes(base, 6)
    expect(new Set(times).size).toBe(6)
    for (const atMs of times) {
      for (const added of [
        apply(atMs, deployment(5)),
        apply(atMs, deployment(3, 'nginx:1.28')),
        {
          type: 'delete',
          atMs,
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          namespace: 'default',
          name: 'web',
        },
      ] as UserAction[]) {
        expect(both(base, added, 1, atMs + 20_000), `${added.type} at ${atMs} ms`).toBeUndefined()
      }
    }
  })

  it('goes after the actions before it and before those after it (faults too), in its millisecond', () => {
    const [atMs] = busyTimes(base, 3).slice(2)
    const at = atMs as number
    const later: Scenario = {
      actions: [
        apply(0, deployment(3)),
        apply(at, deployment(4)),
        { type: 'node-down', atMs: at, node: 'worker-3', mode: 'stop' },
      ],
    }
    // Between the two applies: kubectl's first request goes out before the second apply's.
    expect(both(later, { type: 'cordon', atMs: at, node: 'worker-2' }, 1, at + 30_000)).toBeUndefined()
    // Between the second apply and the fault.
    expect(both(later, { type: 'cordon', atMs: at, node: 'worker-2' }, 2, at + 30_000)).toBeUndefined()
  })

  it('takes two actions one after the other at the same millisecond, each where a rebuild puts it', () => {
    const [atMs] = busyTimes(base, 2).slice(1)
    const at = atMs as number
    const first = apply(at, deployment(5))
    const second: UserAction = { type: 'cordon', atMs: at, node: 'worker-1' }
    const whole = new Cluster({ actions: [...base.actions, first, second] })
    whole.run({ untilMs: at + 20_000 })
    const late = new Cluster(base)
    runBefore(late, at)
    late.addAction(first, 1)
    late.addAction(second, 2)
    late.run({ untilMs: at + 20_000 })
    expect(firstDifference(fingerprint(whole), fingerprint(late))).toBeUndefined()
  })

  it('refuses a fault, a place outside the scenario, and a time something already ran at', () => {
    const cluster = new Cluster(base)
    runBefore(cluster, 500)
    expect(cluster.canAddAction({ type: 'node-down', atMs: 600, node: 'worker-1', mode: 'stop' }, 1)).toBe(
      false,
    )
    expect(cluster.canAddAction(apply(600, deployment(1)), 2)).toBe(false)
    expect(cluster.canAddAction(apply(600, deployment(1)), 1)).toBe(true)
    const ranAt = cluster.kernel.nowMs
    expect(cluster.canAddAction(apply(ranAt, deployment(1)), 1)).toBe(false)
    expect(() => cluster.addAction(apply(ranAt, deployment(1)), 1)).toThrow(/cannot add an? apply/)
    // Nothing was added by the refusals.
    expect(cluster.scenario.actions).toHaveLength(1)
  })
})
