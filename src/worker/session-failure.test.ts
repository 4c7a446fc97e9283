/**
 * A simulation that throws (a bug) while running an action: the action is undone, whoever asked
 * is told why, and the session goes on from the scenario as it was, so later actions still work.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Pod } from '../api/types'
import type { Proc } from '../sim/kernel/kernel'
import { Scheduler } from '../sim/scheduler/scheduler'
import { DEFAULT_SCENARIO, Session } from './session'
import { Mirror } from './testing/mirror'
import { settle } from './testing/settle'

const pod = (name: string) => `apiVersion: v1
kind: Pod
metadata:
  name: ${name}
spec:
  containers:
  - name: app
    image: nginx:1.27
`

const phaseOf = (mirror: Mirror, name: string) =>
  (mirror.history(`/registry/pods/default/${name}`).at(-1)?.object as Pod | null | undefined)?.status?.phase

/** Make the scheduler throw when it takes up a Pod named `boom` (a planted bug). */
function plantBug() {
  type ScheduleOne = (this: Scheduler, pInfo: { pod: Pod }) => Proc
  const proto = Scheduler.prototype as unknown as { scheduleOne: ScheduleOne }
  const original = proto.scheduleOne
  return vi.spyOn(proto, 'scheduleOne').mockImplementation(function* (this: Scheduler, pInfo) {
    if (pInfo.pod.metadata?.name === 'boom') throw new Error('planted bug')
    return yield* original.call(this, pInfo)
  })
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('Session: an action the simulation fails on', () => {
  it('is undone and answered with the failure; the next action runs as if it had never been', () => {
    plantBug()
    const session = new Session()
    const mirror = new Mirror()
    session.cursor(60_000, false, 1)
    mirror.take(session.load(DEFAULT_SCENARIO))
    settle(session, mirror)
    mirror.take(session.apply(1, pod('web'), 0))
    settle(session, mirror)
    expect(phaseOf(mirror, 'web')).toBe('Running')

    mirror.take(session.apply(2, pod('boom'), 5000))
    settle(session, mirror)
    const failed = mirror.of('error')
    expect(failed).toHaveLength(1)
    expect(failed[0]?.requestId).toBe(2)
    expect(failed[0]?.message).toMatch(
      /^the simulation failed at \d+ ms: planted bug; the apply at 5000 ms that led to it was undone/,
    )
    // The scenario is as it was: the failed Pod is gone from the UI's view and from the next reset.
    expect(mirror.of('reset').at(-1)?.scenario.actions).toHaveLength(1)
    expect(mirror.history('/registry/pods/default/boom')).toEqual([])
    expect(mirror.of('applied').map((a) => a.requestId)).toEqual([1])

    // Later actions work, and the session shows what a fresh one would.
    mirror.take(session.apply(3, pod('after'), 6000))
    settle(session, mirror)
    expect(mirror.of('applied').map((a) => a.requestId)).toEqual([1, 3])
    expect(phaseOf(mirror, 'after')).toBe('Running')
    const scenario = mirror.of('reset').at(-1)?.scenario ?? DEFAULT_SCENARIO
    expect(scenario.actions.map((a) => a.atMs)).toEqual([0, 6000])
    const fresh = new Session()
    const freshMirror = new Mirror()
    fresh.cursor(60_000, false, 1)
    freshMirror.take(fresh.load(scenario))
    settle(fresh, freshMirror)
    const brief = (m: Mirror) => m.messages.map((x) => [x.id, x.from, x.to, x.summary, x.sentAtMs])
    expect(brief(mirror)).toEqual(brief(freshMirror))
  })

  it('fails as before, without undoing anything, when what fails had run fine before', () => {
    const session = new Session()
    const mirror = new Mirror()
    session.cursor(60_000, false, 1)
    mirror.take(session.load(DEFAULT_SCENARIO))
    settle(session, mirror)
    mirror.take(session.apply(1, pod('boom'), 0))
    settle(session, mirror)
    expect(phaseOf(mirror, 'boom')).toBe('Running')
    // The bug appears only now; a load of the same scenario fails on it with nothing to undo.
    plantBug()
    mirror.take(session.load(mirror.of('reset').at(-1)?.scenario ?? DEFAULT_SCENARIO))
    settle(session, mirror)
    expect(mirror.of('error').map((e) => [e.requestId, e.message.replace(/\d+ ms/, 'T ms')])).toEqual([
      [undefined, 'the simulation failed at T ms: planted bug'],
    ])
  })
})
