import { describe, expect, it } from 'vitest'
import { translator } from '../i18n/i18n'
import {
  containerStatus,
  eventRevision,
  indexOf,
  makeEvent,
  makePodWith,
  podRevision,
} from '../model/testing'
import { podTimelines } from '../model/timeline'
import { laneMarks, laneMarksAt, statusAt } from './marks'

const bound = { nodeName: 'worker-1', uid: 'u1' }
const crashed = (restarts: number) => ({
  ...bound,
  phase: 'Running',
  conditions: { PodScheduled: 'True' },
  statuses: [containerStatus('crashloop', restarts)],
})

function lane() {
  const index = indexOf([
    podRevision('crasher', 0, makePodWith({ name: 'crasher', uid: 'u1' })),
    podRevision(
      'crasher',
      100,
      makePodWith({ name: 'crasher', ...bound, conditions: { PodScheduled: 'True' } }),
    ),
    podRevision('crasher', 5_000, makePodWith({ name: 'crasher', ...crashed(1) })),
    podRevision('crasher', 17_000, makePodWith({ name: 'crasher', ...crashed(2) })),
    podRevision('crasher', 39_000, makePodWith({ name: 'crasher', ...crashed(3) })),
    eventRevision(
      16_000,
      makeEvent({
        type: 'Warning',
        reason: 'BackOff',
        message: 'Back-off restarting failed container',
        pod: 'crasher',
        podUid: 'u1',
      }),
    ),
  ])
  const [l] = podTimelines(index)
  if (!l) throw new Error('no lane')
  return l
}

describe('laneMarks', () => {
  it('draws what happened by the cursor: segments clipped to it, later ticks hidden', () => {
    const marks = laneMarks(lane(), 20_000)
    const segments = marks.filter((m) => m.kind === 'segment')
    expect(
      segments.map((m) => (m.kind === 'segment' ? [m.segment.status, m.fromMs, m.toMs, m.ended] : [])),
    ).toEqual([
      ['Pending', 0, 5_000, true],
      ['CrashLoopBackOff', 5_000, 20_000, false],
    ])
    expect(marks.filter((m) => m.kind === 'restart').map((m) => m.tip)).toEqual([
      'app restarted (restart 1) at 5.000 s; it had exited with 1 (Error)',
      'app restarted (restart 2) at 17.000 s, 12s after the previous restart; it had exited with 1 (Error)',
    ])
    expect(marks.find((m) => m.kind === 'condition')).toMatchObject({
      tip: 'PodScheduled: — → True at 100 ms',
      why: 'PodScheduled=True',
      revision: expect.any(Number),
    })
    const event = marks.find((m) => m.kind === 'event')
    expect(event?.tip).toBe('Warning BackOff at 16.000 s: Back-off restarting failed container')
    expect(event?.key).toBe('/registry/events/default/crasher.backoff')
  })

  it('words the tooltips in Chinese when asked (Kubernetes words as they are)', () => {
    const marks = laneMarks(lane(), 20_000, translator('zh'))
    expect(marks.filter((m) => m.kind === 'restart').map((m) => m.tip)).toEqual([
      'app 于 5.000 s 重启（第 1 次重启）；此前以 1 退出（Error）',
      'app 于 17.000 s 重启（第 2 次重启），距上次重启 12s；此前以 1 退出（Error）',
    ])
    expect(marks.find((m) => m.kind === 'condition')?.tip).toBe('PodScheduled：— → True，于 100 ms')
    expect(marks.find((m) => m.kind === 'event')?.tip).toBe(
      'Warning BackOff，于 16.000 s：Back-off restarting failed container',
    )
    expect(marks.find((m) => m.kind === 'restart')?.why).toBe('app 第 1 次重启')
  })

  it('shows the growing back-off between restarts', () => {
    const gaps = laneMarks(lane(), 60_000).flatMap((m) =>
      m.kind === 'restart' && 'sincePreviousMs' in m.tick ? [m.tick.sincePreviousMs] : [],
    )
    expect(gaps).toEqual([12_000, 22_000])
  })

  it('gives the same marks while the cursor reaches no new mark, and new ones when it does', () => {
    const l = lane()
    const at20 = laneMarksAt(l, 20_000)
    expect(laneMarksAt(l, 20_400)).toBe(at20)
    expect(at20).toEqual(laneMarks(l, 20_000))
    // The restart at 39 s is reached: a new tick.
    const at40 = laneMarksAt(l, 40_000)
    expect(at40).not.toBe(at20)
    expect(at40.filter((m) => m.kind === 'restart')).toHaveLength(3)
    // Back before the 17 s restart: fewer marks again.
    expect(laneMarksAt(l, 16_500).filter((m) => m.kind === 'restart')).toHaveLength(1)
    // Another language words them anew.
    expect(laneMarksAt(l, 16_500, translator('zh'))).not.toBe(laneMarksAt(l, 16_500))
  })

  it('says the STATUS at the cursor, and nothing before the Pod or after its deletion', () => {
    const l = lane()
    expect(statusAt(l, 50)).toBe('Pending')
    expect(statusAt(l, 18_000)).toBe('CrashLoopBackOff')
    expect(statusAt({ ...l, deletedAtMs: 30_000 }, 31_000)).toBeUndefined()
  })
})
