import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { MessageView } from '../../protocol/messages'
import { activeSteps, STEP_MIN_VISIBLE_MS, stepEndMs } from './activity'
import { longOnes } from './long-flights'
import { inFlight } from './trace-index'

/** A trace: messages in id order, sent at non-decreasing times, some long, some steps, some lost. */
const traceArb = fc
  .array(
    fc.record({
      gap: fc.nat({ max: 40 }),
      flight: fc.oneof(fc.nat({ max: 30 }), fc.nat({ max: 3_000 })),
      step: fc.boolean(),
      lostAfter: fc.option(fc.nat({ max: 2_000 }), { nil: undefined }),
    }),
    { maxLength: 120 },
  )
  .map((specs) => {
    let t = 0
    return specs.map(({ gap, flight, step, lostAfter }, i): MessageView => {
      t += gap
      return {
        id: i + 1,
        from: 'a',
        to: step ? 'a' : 'b',
        kind: step ? 'step' : 'http-request',
        summary: `m${i + 1}`,
        sentAtMs: t,
        deliverAtMs: t + flight,
        causeId: null,
        stage: 'submit',
        ...(lostAfter !== undefined && !step ? { lostAtMs: t + lostAfter } : {}),
      }
    })
  })

const maxFlight = (ms: readonly MessageView[]) =>
  ms.reduce((a, m) => Math.max(a, m.deliverAtMs - m.sentAtMs), 0)

describe('long flights kept apart', () => {
  it('what is in flight and which steps show are what a scan of the whole trace finds, as it grows', () => {
    fc.assert(
      fc.property(traceArb, fc.nat({ max: 5_000 }), (all, at) => {
        // Grown in three appends, as the store does.
        for (const n of [Math.floor(all.length / 3), Math.floor((2 * all.length) / 3), all.length]) {
          const messages = all.slice(0, n)
          const flying = messages.filter(
            (m) =>
              m.kind !== 'step' &&
              m.sentAtMs <= at &&
              m.deliverAtMs > at &&
              (m.lostAtMs === undefined || m.lostAtMs > at),
          )
          expect(inFlight(messages, at, maxFlight(messages))).toEqual(flying)
          const shown = messages.filter((m) => m.kind === 'step' && m.sentAtMs <= at && stepEndMs(m) > at)
          expect(activeSteps(messages, at, maxFlight(messages))).toEqual(shown)
        }
      }),
    )
  })

  it('scans only what was appended, and starts over on a trace that is not an extension', () => {
    const seen: number[] = []
    const isLong = (m: MessageView) => {
      seen.push(m.id)
      return m.deliverAtMs - m.sentAtMs > STEP_MIN_VISIBLE_MS
    }
    const m = (id: number, flight: number): MessageView => ({
      id,
      from: 'a',
      to: 'b',
      kind: 'http-request',
      summary: '',
      sentAtMs: id,
      deliverAtMs: id + flight,
      causeId: null,
      stage: 'submit',
    })
    const first = [m(1, 1), m(2, 1_000)]
    expect(longOnes(first, isLong).map((x) => x.id)).toEqual([2])
    expect(longOnes([...first, m(3, 500)], isLong).map((x) => x.id)).toEqual([2, 3])
    expect(seen).toEqual([1, 2, 3])
    // A reset kept message 1 only, then new messages came.
    expect(longOnes([first[0] as MessageView, m(2, 1)], isLong).map((x) => x.id)).toEqual([])
    expect(seen).toEqual([1, 2, 3, 1, 2])
  })
})
