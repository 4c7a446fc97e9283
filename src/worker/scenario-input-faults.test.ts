/** Faults in a scenario as the UI and share links hold it (ScenarioInput.actions). */
import { describe, expect, it } from 'vitest'
import type { ScenarioActionInput, ScenarioInput } from '../protocol/messages'
import { parseScenario } from './scenario-input'

const SERVER = `apiVersion: podflow.dev/v1alpha1
kind: WebhookServer
metadata: {name: policy, namespace: webhooks}
spec:
  behavior: {allow: {}}
`
const NODES = `apiVersion: v1
kind: Node
metadata: {name: alpha}
`

const scenario = (actions: readonly unknown[], clusterYaml = ''): ScenarioInput => ({
  seed: 1,
  clusterYaml,
  actions: actions as ScenarioActionInput[],
})

describe('parseScenario with faults', () => {
  it('keeps each fault as read, in its place among the actions', () => {
    const parsed = parseScenario(
      scenario(
        [
          { type: 'apply', atMs: 0, yaml: 'apiVersion: v1\nkind: Namespace\nmetadata: {name: x}\n' },
          { type: 'webhook-timeout', atMs: 10.2, server: 'policy', note: 'dropped' },
          { type: 'slow-etcd', atMs: 0, latencyMs: 5 },
        ],
        SERVER,
      ),
    )
    expect(parsed.ok).toBe(true)
    if (!parsed.ok) return
    expect(parsed.actions.map((a) => a.action)).toEqual([
      expect.objectContaining({ type: 'apply' }),
      { type: 'webhook-timeout', atMs: 11, server: 'policy' },
      { type: 'slow-etcd', atMs: 0, latencyMs: 5 },
    ])
    expect(parsed.scenario.actions).toHaveLength(3)
  })

  it('refuses, at their place, faults naming what the cluster lacks and malformed ones', () => {
    const parsed = parseScenario(
      scenario(
        [
          { type: 'node-down', atMs: 0, node: 'worker-1', mode: 'stop' },
          { type: 'webhook-timeout', atMs: 0, server: 'policy' },
          { type: 'drop-message', atMs: 0, messageId: '12' },
          { type: 'node-down', atMs: 0, node: 'alpha', mode: 'stop' },
        ],
        NODES,
      ),
    )
    expect(parsed).toEqual({
      ok: false,
      problems: [
        { line: 1, message: 'action 1: node-down: no Node "worker-1" in the cluster' },
        { line: 1, message: 'action 2: webhook-timeout: no WebhookServer "policy" in the cluster' },
        {
          line: 1,
          message: 'action 3: drop-message: messageId must be the id of a message (a whole number ≥ 1)',
        },
      ],
    })
  })
})
