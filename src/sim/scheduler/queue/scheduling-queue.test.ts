import { describe, expect, it } from 'vitest'
import type { Pod } from '../../../api/types'
import { Kernel } from '../../kernel/kernel'
import { ActionType, EVENT_NODE_ADD } from '../framework/events'
import { makeNode, makePod } from '../testing/builders'
import { harness } from '../testing/harness'
import type { QueuedPodInfo } from './queued-pod-info'
import { type QueueMove, SchedulingQueue } from './scheduling-queue'

function setup() {
  const kernel = new Kernel({ seed: 1 })
  const { fwk } = harness([])
  const moves: QueueMove[] = []
  const profile = { preEnqueuePlugins: fwk.preEnqueuePlugins, hints: fwk.eventsToRegister() }
  const q = new SchedulingQueue(
    kernel,
    (a, b) => fwk.queueSortPlugin.less(a, b),
    () => profile,
    profile.hints,
    {},
    (m) => moves.push(m),
  )
  /** Pop one pod (runs the kernel until the pop completes or nothing is left to do). */
  const pop = (): QueuedPodInfo | undefined => {
    let got: QueuedPodInfo | undefined
    const proc = kernel.spawn(
      (function* () {
        got = yield* q.pop()
      })(),
    )
    kernel.run()
    if (!got) proc.cancel()
    return got
  }
  /** Pop, then report a failure by these plugins (as the scheduler does). */
  const fail = (plugins: string[]): QueuedPodInfo => {
    const p = pop() as QueuedPodInfo
    p.unschedulablePlugins = new Set(plugins)
    q.addUnschedulableIfNotPresent(p)
    return p
  }
  return { kernel, q, moves, pop, fail }
}

const bigPod = (): Pod => makePod('big').requests({ cpu: '6' }).obj()

describe('SchedulingQueue', () => {
  it('pops by priority, then by arrival', () => {
    const { kernel, q, pop } = setup()
    q.add(makePod('low-1').obj())
    kernel.nowMs = 5
    q.add(makePod('high').priority(1000).obj())
    q.add(makePod('low-2').obj())
    expect([pop()?.key, pop()?.key, pop()?.key]).toEqual(['default/high', 'default/low-1', 'default/low-2'])
    expect(pop()).toBeUndefined()
  })

  it('backs off 1 s, doubling per attempt, up to 10 s', () => {
    const { q } = setup()
    expect([1, 2, 3, 4, 5, 6].map((n) => q.backoffDuration(n))).toEqual([
      1000, 2000, 4000, 8000, 10_000, 10_000,
    ])
  })

  it('keeps a rejected pod in unschedulablePods until a helpful event', () => {
    const { kernel, q, moves, pop, fail } = setup()
    q.add(bigPod())
    fail(['NodeResourcesFit'])
    expect(q.lengths).toMatchObject({ active: 0, backoff: 0, unschedulable: 1 })
    expect(moves.at(-1)).toMatchObject({ event: 'ScheduleAttemptFailure', queue: 'unschedulablePods' })

    // A node too small for the pod: NodeResourcesFit's hint says QueueSkip.
    q.moveAllToActiveOrBackoffQueue(EVENT_NODE_ADD, undefined, makeNode('small').capacity({ cpu: '2' }).obj())
    expect(q.lengths.unschedulable).toBe(1)
    // A label change: no plugin that rejected the pod cares.
    const n = makeNode('n').obj()
    q.moveAllToActiveOrBackoffQueue({ resource: 'Node', actionType: ActionType.UpdateNodeLabel }, n, n)
    expect(q.lengths.unschedulable).toBe(1)

    // A big enough node: requeued (still backing off → backoffQ), and popped at once since activeQ is empty.
    kernel.nowMs = 300
    q.moveAllToActiveOrBackoffQueue(EVENT_NODE_ADD, undefined, makeNode('big').capacity({ cpu: '8' }).obj())
    expect(moves.at(-1)).toMatchObject({ event: 'NodeAdd', queue: 'backoffQ', backoffUntilMs: 1000 })
    expect(pop()?.key).toBe('default/big')
    expect(kernel.nowMs).toBe(300)
  })

  it('moves a pod to activeQ directly when its backoff is already over', () => {
    const { kernel, q, moves, fail } = setup()
    q.add(bigPod())
    fail(['NodeResourcesFit'])
    kernel.nowMs = 5000
    q.moveAllToActiveOrBackoffQueue(EVENT_NODE_ADD, undefined, makeNode('big').capacity({ cpu: '8' }).obj())
    expect(moves.at(-1)).toMatchObject({ event: 'NodeAdd', queue: 'activeQ' })
  })

  it('retries after an assigned pod is deleted', () => {
    const { q, moves, fail } = setup()
    q.add(bigPod())
    fail(['NodeResourcesFit'])
    const bound = makePod('other').nodeName('n').obj()
    q.moveAllToActiveOrBackoffQueue(
      { resource: 'AssignedPod', actionType: ActionType.Delete },
      bound,
      undefined,
    )
    expect(moves.at(-1)).toMatchObject({ event: 'AssignedPodDelete', queue: 'backoffQ' })
  })

  it('remembers events that happen while the pod is being scheduled', () => {
    const { q, moves, pop } = setup()
    q.add(bigPod())
    const p = pop() as QueuedPodInfo
    q.moveAllToActiveOrBackoffQueue(EVENT_NODE_ADD, undefined, makeNode('big').capacity({ cpu: '8' }).obj())
    p.unschedulablePlugins = new Set(['NodeResourcesFit'])
    q.addUnschedulableIfNotPresent(p)
    expect(moves.at(-1)).toMatchObject({ event: 'ScheduleAttemptFailure', queue: 'backoffQ' })
  })

  it('flushes pods unschedulable for more than 5 minutes (background timers)', () => {
    const { kernel, q, moves, fail } = setup()
    q.run()
    q.add(bigPod())
    fail(['NodeResourcesFit'])
    kernel.run()
    expect(kernel.idle).toBe(true) // only background timers are pending
    kernel.run({ untilMs: 5 * 60 * 1000 })
    expect(q.lengths.unschedulable).toBe(1)
    kernel.run({ untilMs: 5 * 60 * 1000 + 30_000 })
    expect(moves.find((m) => m.event === 'UnschedulableTimeout')).toMatchObject({ queue: 'activeQ' })
    expect(moves.find((m) => m.event === 'UnschedulableTimeout')).toBeDefined()
  })

  it('holds error backoffs for their whole duration, then flushes them', () => {
    const { kernel, q, moves, fail } = setup()
    q.run()
    q.add(makePod('p').obj())
    fail([]) // an error: no plugin rejected it
    expect(moves.at(-1)).toMatchObject({ queue: 'backoffQ', backoffUntilMs: 1000 })
    let got: string | undefined
    kernel.spawn(
      (function* () {
        got = (yield* q.pop()).key
      })(),
    )
    kernel.run({ untilMs: 999 })
    expect(got).toBeUndefined() // not popped early
    kernel.run({ untilMs: 1000 })
    expect(got).toBe('default/p')
    expect(moves.at(-1)).toMatchObject({ event: 'BackoffComplete', queue: 'activeQ' })
  })

  it('keeps gated pods out of activeQ until their gates are removed', () => {
    const { q, moves, pop } = setup()
    const gated = makePod('g').schedulingGates('example.com/wait').obj()
    q.add(gated)
    expect(q.lengths).toMatchObject({ active: 0, unschedulable: 1 })
    expect(pop()).toBeUndefined()
    q.update(gated, makePod('g').resourceVersion('2').obj())
    expect(moves.at(-1)).toMatchObject({ queue: 'activeQ' })
    expect(pop()?.key).toBe('default/g')
  })

  it('forgets deleted pods', () => {
    const { q, pop } = setup()
    const p = makePod('x').obj()
    q.add(p)
    q.delete(p)
    expect(pop()).toBeUndefined()
  })
})
