import { describe, expect, it } from 'vitest'
import { version } from '../../../package.json'
import type { MessageView } from '../../protocol/messages'
import { type TraceFile, toTraceJson } from './trace-json'

const MESSAGES: MessageView[] = [
  {
    id: 1,
    from: 'kubectl',
    to: 'kube-apiserver',
    kind: 'http-request',
    summary: 'POST /api/v1/namespaces/default/pods',
    sentAtMs: 34,
    deliverAtMs: 49,
    causeId: null,
    stage: 'submit',
    object: { resource: 'pods', namespace: 'default', name: 'nginx' },
  },
  {
    id: 2,
    from: 'kube-apiserver',
    to: 'kubectl',
    kind: 'http-response',
    summary: '201 Created',
    sentAtMs: 54,
    deliverAtMs: 69,
    causeId: 1,
    stage: 'submit',
    replyTo: 1,
    code: 201,
  },
]
const SCENARIO = {
  seed: 1,
  clusterYaml: '',
  actions: [{ type: 'apply' as const, atMs: 34, yaml: 'kind: Pod\n' }],
}

describe('the trace as JSON', () => {
  it('has a header and every message the UI holds, one per line', () => {
    const text = toTraceJson(MESSAGES, SCENARIO, 5000)
    const file = JSON.parse(text) as TraceFile
    expect(file).toEqual({
      format: 'podflow.dev/trace',
      formatVersion: 1,
      podflow: version,
      kubernetes: 'v1.33',
      scenario: SCENARIO,
      computedUntilMs: 5000,
      messageCount: 2,
      messages: MESSAGES,
    })
    const lines = text.split('\n')
    expect(lines[0]).toBe('{')
    expect(lines).toContain(`    ${JSON.stringify(MESSAGES[0])},`)
    expect(lines).toContain(`    ${JSON.stringify(MESSAGES[1])}`)
    expect(text.endsWith('  ]\n}\n')).toBe(true)
    // Deterministic: the same trace, the same bytes.
    expect(toTraceJson(MESSAGES, SCENARIO, 5000)).toBe(text)
  })

  it('is valid JSON with no messages and no scenario yet', () => {
    const file = JSON.parse(toTraceJson([], undefined, 0)) as TraceFile
    expect(file.messageCount).toBe(0)
    expect(file.messages).toEqual([])
    expect(file.scenario).toBeNull()
  })
})
