/**
 * Properties of whole-cluster runs over random clusters, workloads and seeds (fast-check): no
 * node over-committed, revisions strictly increasing, every watcher seeing every change once and
 * in order, every Pod ending Running, Succeeded, Failed or Pending with a reason, and the same
 * inputs giving the same trace. `npm test` runs a bounded number of cases from a fixed seed;
 * `PROPERTY_RUNS=500 npx vitest run src/sim/properties` runs more (`PROPERTY_SEED` another seed).
 */
import { createHash } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Cluster } from '../cluster/cluster'
import { runResult } from '../scenario/result'
import { type ClusterCase, clusterCase, scenarioOf } from './arbitraries'
import { overCommitment, podEndStates, revisionOrder, watchDelivery } from './invariants'

const RUNS = Number(process.env.PROPERTY_RUNS ?? 25)
const SEED = Number(process.env.PROPERTY_SEED ?? 20261130)
/** Long enough after the last apply for every Pod to settle (image pulls, back-offs, retries). */
const SETTLE_MS = 120_000

function run(c: ClusterCase): Cluster {
  const cluster = new Cluster(scenarioOf(c))
  const lastApply = Math.max(...c.workloads.map((w) => w.atMs))
  cluster.run({ untilMs: lastApply + SETTLE_MS })
  return cluster
}

const traceHash = (cluster: Cluster) =>
  createHash('sha256').update(JSON.stringify(cluster.kernel.trace)).digest('hex')

describe('cluster properties', () => {
  it(`keeps its invariants on ${RUNS} random clusters and workloads`, () => {
    fc.assert(
      fc.property(clusterCase, (c) => {
        const cluster = run(c)
        const problems = [
          ...overCommitment(cluster),
          ...revisionOrder(cluster),
          ...watchDelivery(cluster),
          ...podEndStates(runResult(cluster).pods),
        ]
        expect(problems).toEqual([])
        // The run did something: Pods exist (unless every apply was refused).
        expect(cluster.actionResults.length).toBe(c.workloads.length)
      }),
      { numRuns: RUNS, seed: SEED },
    )
  }, 300_000)

  it('each check finds a violation planted in a run', () => {
    const [c] = fc.sample(clusterCase, { numRuns: 1, seed: SEED })
    const cluster = run(c as ClusterCase)
    // A Pod written straight into etcd, bound to a worker and asking for more than any node has.
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'planted', namespace: 'default', uid: 'planted' },
      spec: { nodeName: 'worker-1', containers: [{ name: 'c', resources: { requests: { cpu: '100' } } }] },
      status: { phase: 'Pending' },
    }
    cluster.etcd.store.put('/registry/pods/default/planted', pod)
    expect(overCommitment(cluster).join('\n')).toMatch(/worker-1 over-committed/)
    expect(podEndStates(runResult(cluster).pods).join('\n')).toMatch(
      /default\/planted: Pending without a reason/,
    )
    // A watch event lost on the way to a watcher of every Pod.
    const trace = cluster.kernel.trace
    const lost = trace.findIndex(
      (m) =>
        m.kind === 'watch-event' &&
        m.to === 'kube-controller-manager' &&
        m.summary.startsWith('WATCH ADDED pods/'),
    )
    expect(lost).toBeGreaterThan(0)
    trace.splice(lost, 1)
    expect(watchDelivery(cluster).join('\n')).toMatch(/missed revisions/)
  })

  it('gives the same trace for the same inputs', () => {
    fc.assert(
      fc.property(clusterCase, (c) => {
        expect(traceHash(run(c))).toBe(traceHash(run(c)))
      }),
      { numRuns: Math.max(2, Math.floor(RUNS / 4)), seed: SEED + 1 },
    )
  }, 300_000)
})
