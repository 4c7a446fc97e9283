/**
 * node-down as a fault module (the whole story of a failed worker is in
 * src/sim/cluster/node-failure.test.ts): what it reports, and what it refuses.
 */
import { describe, expect, it } from 'vitest'
import { Cluster } from '../cluster/cluster'
import { apply, POD, runScenario } from './testing/run'

describe('node-down', () => {
  it.each([
    ['stop', 'fault: node worker-2 stopped: its kubelet and containers are gone'],
    ['unreachable', 'fault: node worker-2 unreachable: its kubelet is cut off from kube-apiserver'],
  ] as const)('%s: a root fault step on the kubelet, and the output line', (mode, text) => {
    const r = runScenario(
      [apply(0, POD), { type: 'node-down', atMs: 20_000, node: 'worker-2', mode }],
      30_000,
    )
    expect(r.trace.find((m) => m.stage === 'fault')).toMatchObject({
      from: 'kubelet/worker-2',
      sentAtMs: 20_000,
      causeId: null,
      payload: { type: 'NodeDown', node: 'worker-2', mode },
    })
    expect(r.cluster.faultResults.map((f) => f.output)).toEqual([[{ stream: 'stdout', text }]])
  })

  it('a node the cluster does not have stops the cluster before it starts', () => {
    expect(
      () => new Cluster({ actions: [{ type: 'node-down', atMs: 0, node: 'worker-9', mode: 'stop' }] }),
    ).toThrow('node-down at 0 ms: the cluster has no node "worker-9"')
  })
})
