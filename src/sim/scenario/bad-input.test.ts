/**
 * The bad-input list (src/testing/bad-inputs.ts) through the editor's path: the worker's Session
 * applying the pasted text, as the Apply button does. Each row must give its exact problems (line,
 * column where there is one) or the apiserver's answer, throw nothing, change nothing when
 * refused, and leave the session working: a good apply afterwards is created.
 */
import { describe, expect, it } from 'vitest'
import type { WorkerEvent } from '../../protocol/messages'
import { BAD_INPUTS, GOOD } from '../../testing/bad-inputs'
import { CLUSTER_FILE } from '../../worker/scenario-input'
import { DEFAULT_SCENARIO, Session } from '../../worker/session'
import { Mirror } from '../../worker/testing/mirror'
import { MAX_INPUT_BYTES } from './parse'

type Applied = Extract<WorkerEvent, { type: 'applied' }>

function settle(session: Session, mirror: Mirror): void {
  for (let i = 0; i < 10_000; i++) {
    const r = session.computeSome(5_000)
    mirror.take(r.events)
    if (!r.more) return
  }
  throw new Error('session did not settle')
}

function applied(mirror: Mirror, requestId: number): Applied {
  const a = mirror.events.find((e): e is Applied => e.type === 'applied' && e.requestId === requestId)
  if (!a) throw new Error(`no applied event for request ${requestId}`)
  return a
}

const kubectlLine = (r: Applied['results'][number]) => `${r.kind.toLowerCase()}/${r.name} ${r.action}`

describe('bad input in the editor (Session.apply)', () => {
  it.each(BAD_INPUTS.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const session = new Session()
    const mirror = new Mirror()
    mirror.take(session.load(DEFAULT_SCENARIO))
    settle(session, mirror)

    const events = session.apply(1, c.text, 0)
    const o = c.outcome
    if ('refused' in o) {
      expect(events).toEqual([{ type: 'parse-error', requestId: 1, problems: o.refused }])
      // Refused: the scenario is as it was, nothing was sent.
      expect(session.scenario?.actions).toEqual([])
    } else {
      mirror.take(events)
      settle(session, mirror)
      const [result, ...more] = applied(mirror, 1).results
      expect(more).toEqual([])
      if ('server' in o) {
        expect(result).toMatchObject({ code: o.server.code, line: o.server.line })
        expect(result?.status?.message).toBe(o.server.message)
      } else {
        expect(result && kubectlLine(result)).toBe(o.created)
      }
    }
    // Still working: a good apply afterwards creates its Pod.
    mirror.take(session.apply(2, GOOD, 1_000))
    settle(session, mirror)
    expect(applied(mirror, 2).results.map(kubectlLine)).toEqual(['pod/after created'])
    expect(mirror.events.filter((e) => e.type === 'error')).toEqual([])
  })
})

describe('bad input in the cluster tab (Session.load)', () => {
  it.each(BAD_INPUTS.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const session = new Session()
    const mirror = new Mirror()
    const events = session.load({ ...DEFAULT_SCENARIO, clusterYaml: c.text }, 1)
    const o = c.clusterTab ?? c.outcome
    // The same parse refuses the same input at the same place, as a cluster problem; an empty tab
    // is the default cluster, and objects are written at bootstrap (not sent through the apiserver).
    if ('refused' in o && c.name !== 'empty documents') {
      expect(events).toMatchObject([{ type: 'parse-error', requestId: 1 }])
      const first = o.refused[0] as (typeof o.refused)[number]
      // kubectl's texts name the tab's file where the editor's name STDIN.
      const message = first.message.replaceAll('STDIN', CLUSTER_FILE)
      expect(events[0]?.type === 'parse-error' && events[0].problems[0]).toEqual({
        ...first,
        message: `cluster: ${message}`,
      })
      expect(session.scenario).toBeUndefined()
    } else {
      expect(events).toMatchObject([{ type: 'reset', requestId: 1 }])
      mirror.take(events)
      settle(session, mirror)
    }
    mirror.take(session.load(DEFAULT_SCENARIO, 2))
    mirror.take(session.apply(3, GOOD, 0))
    settle(session, mirror)
    expect(applied(mirror, 3).results.map(kubectlLine)).toEqual(['pod/after created'])
    expect(mirror.events.filter((e) => e.type === 'error')).toEqual([])
  })
})

it('the 5 MB rows straddle the limit, in UTF-8 bytes', () => {
  const size = (name: string) =>
    new TextEncoder().encode(BAD_INPUTS.find((c) => c.name === name)?.text ?? '').length
  expect(size('5 MB input (at the limit)')).toBe(MAX_INPUT_BYTES)
  expect(size('5 MB input (over the limit)')).toBeGreaterThan(MAX_INPUT_BYTES)
})
