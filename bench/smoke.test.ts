/**
 * The benchmarks at smoke size, for correctness only: every case runs and its result is what
 * Kubernetes would produce. No timing is asserted (a slow machine must not fail CI); the figures
 * come from `npm run bench` (docs/performance.md).
 */
import { describe, expect, it } from 'vitest'
import { deployment } from './deployment'
import { kernelEvents } from './kernel'
import { memory } from './memory'
import { reapply } from './reapply'
import { podAntiAffinity, runCase, schedulingBasic } from './scheduler-perf/cases'
import { SIZES } from './sizes'

const smoke = SIZES.smoke

describe('benchmarks at smoke size', () => {
  it('kernel: runs every timer event (64 chains stop once the count is reached)', () => {
    const r = kernelEvents(smoke.kernelEvents)
    expect(r.events).toBe(smoke.kernelEvents + 63)
    expect(Number.isFinite(r.eventsPerSecond)).toBe(true)
  })

  it('SchedulingBasic: every Pod is bound through the apiserver, no node over-committed', () => {
    const c = schedulingBasic(smoke.basic)
    const r = runCase(c)
    expect(r.scheduled).toBe(c.measurePods)
    expect(r.placement.unbound).toBe(0)
    expect(r.placement.overCommitted).toEqual([])
    const total = [...r.placement.podsPerNode.values()].reduce((a, b) => a + b, 0)
    expect(total).toBe(c.initPods + c.measurePods)
    // Least-allocated scoring spreads 250 Pods over 150 nodes: nobody gets more than a few.
    expect(Math.max(...r.placement.podsPerNode.values())).toBeLessThanOrEqual(3)
    expect(r.messages).toBeGreaterThan(0)
  })

  it('SchedulingPodAntiAffinity: every Pod is bound, never two green Pods on one node', () => {
    const c = podAntiAffinity(smoke.anti)
    const r = runCase(c)
    expect(r.scheduled).toBe(c.measurePods)
    expect(r.placement.unbound).toBe(0)
    expect(Math.max(...r.placement.podsPerNode.values())).toBe(1)
    expect(r.placement.podsPerNode.size).toBe(c.initPods + c.measurePods)
  })

  it('SchedulingPodAntiAffinity: Pods beyond one per node stay Pending', () => {
    const c = podAntiAffinity({ nodes: 10, initPods: 4, measurePods: 10 })
    const r = runCase(c)
    expect(r.scheduled).toBe(6)
    expect(r.placement.unbound).toBe(4)
    expect(Math.max(...r.placement.podsPerNode.values())).toBe(1)
  })

  it('deployment: the whole cluster runs every replica', () => {
    const [replicas, nodes] = smoke.deployments[0] as readonly [number, number]
    expect(deployment(replicas, nodes).running).toBe(replicas)
  })

  it('memory: the run binds every Pod and splits the heap into state and trace', () => {
    const r = memory(smoke.memory.nodes, smoke.memory.pods)
    expect(r.bound).toBe(smoke.memory.pods)
    expect(r.messages).toBeGreaterThan(smoke.memory.pods)
    expect(Number.isFinite(r.totalMiB)).toBe(true)
  })

  it('re-apply: kubectl answers every re-apply, with spares and without', () => {
    const { replicas, workers, applies, pausesMs, warmupMs } = smoke.reapply
    const r = reapply({ replicas, workers, applies, pauseMs: pausesMs[0] as number, warmupMs })
    expect(r.spares).toHaveLength(applies)
    expect(r.rebuild).toHaveLength(applies)
    // One down, then back up: configured each time (75 virtual ms apart, each one finished).
    expect(r.answers).toEqual(Array.from({ length: applies }, () => 'web configured'))
    expect(r.rebuildAnswers).toEqual(r.answers)
    expect(r.messages).toBeGreaterThan(0)
  })
})
