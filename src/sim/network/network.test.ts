import { describe, expect, it } from 'vitest'
import { Rng } from '../kernel/rng'
import { DEFAULT_NETWORK, type LinkConfig, Network, type NetworkConfig } from './network'

const link = (latencyMs: number, jitterMs?: number): LinkConfig =>
  jitterMs === undefined ? { latencyMs } : { latencyMs, jitterMs }

/** One-way latency of a message sent at a time when the link is idle. */
function latency(config: NetworkConfig, from: string, to: string): number {
  return new Network(config, new Rng(1)).deliveryTime(from, to, 1000) - 1000
}

describe('Network: link lookup', () => {
  const config: NetworkConfig = {
    defaultLink: link(2),
    links: {
      'kubelet/worker-1->kube-apiserver': link(11),
      'kubelet->kube-apiserver': link(22),
      'kube-apiserver->kubelet/worker-2': link(33),
      'runtime->registry': link(44),
      'etcd->kube-apiserver': link(55),
      'kube-apiserver->etcd': link(66),
    },
  }

  it.each([
    ['exact key', 'kubelet/worker-1', 'kube-apiserver', 11],
    ['family key', 'kubelet/worker-3', 'kube-apiserver', 22],
    ['a forward family key wins over a reverse exact key', 'kubelet/worker-2', 'kube-apiserver', 22],
    ['exact key for the other direction', 'kube-apiserver', 'kubelet/worker-2', 33],
    ['reverse of an exact key', 'kube-apiserver', 'kubelet/worker-1', 11],
    ['reverse family key', 'kube-apiserver', 'kubelet/worker-3', 22],
    ['family on one side only', 'runtime/worker-1', 'registry', 44],
    ['reverse of a family key', 'registry', 'runtime/worker-9', 44],
    ['a direction with its own entry', 'etcd', 'kube-apiserver', 55],
    ['the other direction with its own entry', 'kube-apiserver', 'etcd', 66],
    ['default', 'kube-scheduler', 'kube-controller-manager', 2],
  ])('%s: %s → %s takes %i ms', (_name, from, to, want) => {
    expect(latency(config, from, to)).toBe(want)
  })

  it.each([
    ['kubectl', 'kube-apiserver', 15],
    ['kube-apiserver', 'kubectl', 15],
    ['kube-apiserver', 'etcd', 2],
    ['kubelet/worker-1', 'kube-apiserver', 4],
    ['kube-apiserver', 'kubelet/worker-1', 4],
    ['kubelet/worker-1', 'runtime/worker-1', 1],
    ['kube-scheduler', 'kube-apiserver', 2],
  ])('default network: %s → %s takes %i ms', (from, to, want) => {
    expect(latency(DEFAULT_NETWORK, from, to)).toBe(want)
  })

  it('adds transfer time on top of the latency', () => {
    const net = new Network(DEFAULT_NETWORK, new Rng(1))
    expect(net.deliveryTime('kubectl', 'kube-apiserver', 100, 250)).toBe(365)
  })
})

describe('Network: jitter and ordering', () => {
  const jittery: NetworkConfig = { defaultLink: link(40, 20), links: {} }

  it('draws jitter uniformly from [0, jitterMs], both ends included', () => {
    const net = new Network(jittery, new Rng('jitter'))
    // Sends far apart, so FIFO never holds a message back.
    const delays = Array.from(
      { length: 2000 },
      (_, i) => net.deliveryTime('runtime/w', 'registry', i * 1000) - i * 1000,
    )
    expect(Math.min(...delays)).toBe(40)
    expect(Math.max(...delays)).toBe(60)
    expect(new Set(delays).size).toBe(21)
  })

  it('draws nothing from the rng on links without jitter', () => {
    const rng = new Rng(5)
    const net = new Network({ defaultLink: link(3), links: {} }, rng)
    net.deliveryTime('a', 'b', 0)
    expect(rng.nextUint32()).toBe(new Rng(5).nextUint32())
  })

  it('never delivers a message on a link before an earlier one', () => {
    const net = new Network(jittery, new Rng('fifo'))
    const times = Array.from({ length: 500 }, (_, i) => net.deliveryTime('a', 'b', Math.floor(i / 10)))
    expect(times).toEqual([...times].sort((x, y) => x - y))
  })

  it('orders each direction on its own', () => {
    const net = new Network({ defaultLink: link(10), links: {} }, new Rng(1))
    expect(net.deliveryTime('a', 'b', 0, 100)).toBe(110)
    // b → a is another stream: not held behind the slow a → b transfer.
    expect(net.deliveryTime('b', 'a', 1)).toBe(11)
    // a → b is: the small message waits for the big one.
    expect(net.deliveryTime('a', 'b', 1)).toBe(110)
  })
})
