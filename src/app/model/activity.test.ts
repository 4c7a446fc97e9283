import { describe, expect, it } from 'vitest'
import { activeSteps, latestStepByComponent, STEP_MIN_VISIBLE_MS, stepEndMs } from './activity'
import { makeMessage } from './testing'

const step = (id: number, from: string, sentAtMs: number, deliverAtMs = sentAtMs) =>
  makeMessage({ id, from, to: from, kind: 'step', summary: `step ${id}`, sentAtMs, deliverAtMs })

const messages = [
  step(1, 'kube-apiserver', 0),
  makeMessage({ id: 2, from: 'kubectl', to: 'kube-apiserver', sentAtMs: 0, deliverAtMs: 5 }),
  step(3, 'kube-apiserver', 100),
  step(4, 'kube-scheduler', 200, 900),
  step(6, 'kube-apiserver', 1000),
]
const maxFlightMs = 700

describe('activeSteps', () => {
  it.each([
    [0, [1]],
    [150, [1, 3]],
    [299, [1, 3, 4]],
    [300, [3, 4]],
    [450, [4]],
    [899, [4]],
    [900, []],
    [1000, [6]],
  ])('at %d ms: %j', (atMs, ids) => {
    expect(activeSteps(messages, atMs, maxFlightMs).map((m) => m.id)).toEqual(ids)
  })

  it('keeps a step visible at least STEP_MIN_VISIBLE_MS, or as long as it lasts', () => {
    expect(stepEndMs(step(9, 'x', 10))).toBe(10 + STEP_MIN_VISIBLE_MS)
    expect(stepEndMs(step(9, 'x', 10, 1000))).toBe(1000)
  })
})

describe('latestStepByComponent', () => {
  it('keeps the newest step of each component', () => {
    const latest = latestStepByComponent(activeSteps(messages, 250, maxFlightMs))
    expect([...latest].map(([c, m]) => [c, m.id])).toEqual([
      ['kube-apiserver', 3],
      ['kube-scheduler', 4],
    ])
  })
})
