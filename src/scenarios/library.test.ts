import { describe, expect, it } from 'vitest'
import { parseScenario } from '../worker/scenario-input'
import { checkScenario, compareOutcome, formatView, runScenario } from './check'
import { byId, SCENARIOS } from './library'
import type { LibraryScenario, Text } from './types'

const CJK = /[\u4e00-\u9fff]/

function texts(s: LibraryScenario): Array<[string, Text]> {
  return [
    ['title', s.title],
    ['goal', s.goal],
    ...s.notes.map((n, i): [string, Text] => [`note ${i + 1}`, n]),
  ]
}

describe('scenario library', () => {
  it('has the scenarios in teaching order, each id unique, kebab-case and found by byId', () => {
    expect(SCENARIOS.slice(0, 17).map((s) => s.id)).toEqual([
      'happy-path',
      'deployment-replicas',
      'insufficient-resources',
      'taints-tolerations',
      'node-affinity',
      'anti-affinity-spreading',
      'topology-spread',
      'preemption',
      'image-pull-error',
      'crashloopbackoff',
      'failing-readiness',
      'init-and-sidecar',
      'rbac-forbidden',
      'quota-exceeded',
      'webhook-sidecar',
      'node-failure',
      'hundred-nodes',
    ])
    const ids = SCENARIOS.map((s) => s.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const s of SCENARIOS) {
      expect(s.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      expect(byId(s.id)).toBe(s)
    }
    expect(byId('no-such-scenario')).toBeUndefined()
  })

  it.each(SCENARIOS.map((s) => [s.id, s] as const))('%s: every text in English and Chinese', (_, s) => {
    expect(s.notes.length).toBeGreaterThanOrEqual(2)
    expect(s.notes.length).toBeLessThanOrEqual(5)
    for (const [what, t] of texts(s)) {
      expect(t.en.trim(), `${what} (en)`).not.toBe('')
      expect(t.zh.trim(), `${what} (zh)`).not.toBe('')
      expect(t.zh, `${what} (zh) is Chinese`).toMatch(CJK)
      expect(t.en, `${what} (en) is not Chinese`).not.toMatch(CJK)
    }
  })

  it.each(SCENARIOS.map((s) => [s.id, s] as const))('%s: the cluster and every action parse', (_, s) => {
    const parsed = parseScenario(s.input)
    expect(parsed.ok ? [] : parsed.problems).toEqual([])
  })

  // The 1,000-node scenario takes seconds to compute (a 2-core CI machine runs it in about 10 s).
  it.each(SCENARIOS.map((s) => [s.id, s] as const))(
    '%s: the documented outcome holds',
    (_, s) => {
      const view = runScenario(s.input, s.outcome.untilMs)
      const mismatches = compareOutcome(s.outcome, view)
      expect(mismatches, mismatches.length ? formatView(view) : '').toEqual([])
    },
    120_000,
  )
})

describe('the outcome checker', () => {
  const scenario = byId('happy-path') as LibraryScenario

  it('reports what differs: a status, a node, an event, a code, a surprise Pod', () => {
    const wrong: LibraryScenario = {
      ...scenario,
      outcome: {
        untilMs: 5_000,
        pods: [{ name: 'nginx', status: 'Pending', node: { not: 'worker-3' } }],
        events: [{ reason: 'FailedScheduling' }],
        applyResults: [{ action: 0, code: 403 }],
        nodes: [{ name: 'worker-3', status: 'NotReady' }],
      },
    }
    const mismatches = checkScenario(wrong)
    expect(mismatches).toHaveLength(5)
    expect(mismatches[0]).toMatch(
      /^pods default\/nginx Pending: 0 match, expected 1; found: nginx 1\/1 Running/,
    )
    expect(mismatches[1]).toBe('unexpected pod default/nginx (Running on worker-3)')
    expect(mismatches[2]).toMatch(/^no event FailedScheduling; FailedScheduling events: none$/)
    expect(mismatches[3]).toBe('action 0: code 201, expected 403')
    expect(mismatches[4]).toBe('node worker-3: Ready, expected NotReady')
  })

  it('reads the state at the cursor: before the apply there is no Pod', () => {
    const view = runScenario(
      { ...scenario.input, actions: [{ ...scenario.input.actions[0]!, atMs: 10_000 }] },
      5_000,
    )
    expect(view.pods).toEqual([])
    expect(view.results[0]).toEqual([])
  })

  it('reports a scenario that does not load', () => {
    const view = runScenario({ seed: 1, clusterYaml: 'kind: [', actions: [] }, 1_000)
    expect(compareOutcome({ untilMs: 1_000 }, view)[0]).toMatch(/^run: /)
  })
})
