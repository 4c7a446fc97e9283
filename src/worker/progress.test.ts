import { describe, expect, it } from 'vitest'
import { PROGRESS_INTERVAL_MS, type WorkerEvent, type WorkerProgress } from '../protocol/messages'
import { type HostEnvironment, WorkerHost } from './host'

/** A fake event loop whose clock advances `costMs` per read, so computing "takes" wall time. */
class Loop implements HostEnvironment {
  nowMs = 0
  readonly posts: Array<{ atMs: number; event: WorkerEvent }> = []
  private readonly tasks: Array<() => void> = []
  private readonly timers: Array<{ atMs: number; fn: () => void }> = []
  constructor(private readonly costMs: number) {}
  post(event: WorkerEvent): void {
    this.posts.push({ atMs: this.nowMs, event })
  }
  now(): number {
    this.nowMs += this.costMs
    return this.nowMs
  }
  defer(fn: () => void): void {
    this.tasks.push(fn)
  }
  later(fn: () => void, ms: number): void {
    this.timers.push({ atMs: this.nowMs + ms, fn })
  }
  drain(): void {
    for (let i = 0; i < 100_000; i++) {
      const task = this.tasks.shift()
      if (task) {
        task()
        continue
      }
      this.timers.sort((a, b) => a.atMs - b.atMs)
      const timer = this.timers.shift()
      if (!timer) return
      this.nowMs = Math.max(this.nowMs, timer.atMs)
      timer.fn()
    }
  }
  progress(): Array<{ atMs: number; event: WorkerProgress }> {
    return this.posts.filter((p): p is { atMs: number; event: WorkerProgress } => p.event.type === 'progress')
  }
}

const DEPLOYMENT = (replicas: number) =>
  `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: ${replicas}\n  selector:\n    matchLabels: {app: web}\n  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      containers:\n      - name: nginx\n        image: nginx:1.27\n`

describe('progress reports', () => {
  it('a long computation reports progress every interval, then once more when caught up', () => {
    // Every clock read costs 1 ms of "wall time", so this run takes far longer than the interval.
    const loop = new Loop(1)
    const host = new WorkerHost(loop, { budget: 50 })
    host.handle({
      type: 'load',
      scenario: { seed: 1, clusterYaml: '', actions: [{ type: 'apply', atMs: 0, yaml: DEPLOYMENT(6) }] },
    })
    loop.drain()
    const reports = loop.progress()
    expect(reports.length).toBeGreaterThanOrEqual(2)
    const computing = reports.filter((r) => r.event.computing)
    for (let i = 1; i < computing.length; i++)
      expect((computing[i]?.atMs ?? 0) - (computing[i - 1]?.atMs ?? 0)).toBeGreaterThanOrEqual(
        PROGRESS_INTERVAL_MS,
      )
    // Simulated time and messages only grow.
    for (let i = 1; i < reports.length; i++) {
      expect(reports[i]?.event.simulatedMs).toBeGreaterThanOrEqual(reports[i - 1]?.event.simulatedMs ?? 0)
      expect(reports[i]?.event.messages).toBeGreaterThanOrEqual(reports[i - 1]?.event.messages ?? 0)
    }
    const last = reports[reports.length - 1]?.event
    expect(last).toMatchObject({ type: 'progress', computing: false, podsWanted: 6, pods: 6, podsRunning: 6 })
    expect(last?.generation).toBe(host.session.generation)
  })

  it('a quick computation sends none', () => {
    const loop = new Loop(0.001)
    const host = new WorkerHost(loop)
    host.handle({ type: 'load', scenario: { seed: 1, clusterYaml: '', actions: [] } })
    loop.drain()
    expect(loop.progress()).toEqual([])
  })
})
