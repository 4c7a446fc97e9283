/**
 * webhook-timeout: the webhook server stops answering; kube-apiserver's call times out after the
 * webhook's timeoutSeconds and its failurePolicy decides.
 */
import { describe, expect, it } from 'vitest'
import type { KubeObject } from '../../api/types'
import { readWebhookServers } from '../scenario/webhook-servers'
import { apply, POD, runScenario } from './testing/run'

const SERVER = {
  apiVersion: 'podflow.dev/v1alpha1',
  kind: 'WebhookServer',
  metadata: { name: 'policy', namespace: 'webhooks' },
  spec: { behavior: { allow: {} } },
} as KubeObject

function configuration(failurePolicy: 'Fail' | 'Ignore', timeoutSeconds = 10): KubeObject {
  return {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: 'ValidatingWebhookConfiguration',
    metadata: { name: 'policy' },
    webhooks: [
      {
        name: 'policy.example.com',
        clientConfig: { service: { namespace: 'webhooks', name: 'policy', path: '/validate' } },
        rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] }],
        failurePolicy,
        timeoutSeconds,
        sideEffects: 'None',
        admissionReviewVersions: ['v1'],
      },
    ],
  } as KubeObject
}

const read = readWebhookServers([SERVER])
if (!read.ok) throw new Error(read.messages.join('\n'))
const servers = { webhookServers: read.servers }

const POD_AT = 5_000

function run(failurePolicy: 'Fail' | 'Ignore', faultAtMs: number | undefined, timeoutSeconds = 10) {
  return runScenario(
    [
      apply(0, configuration(failurePolicy, timeoutSeconds)),
      apply(POD_AT, POD),
      ...(faultAtMs !== undefined
        ? [{ type: 'webhook-timeout' as const, atMs: faultAtMs, server: 'policy' }]
        : []),
    ],
    60_000,
    servers,
  )
}

const podResponse = (r: ReturnType<typeof run>) => r.responses.find((x) => x.kind === 'Pod')

describe('webhook-timeout', () => {
  it('without it, the webhook allows the Pod', () => {
    expect(podResponse(run('Fail', undefined))?.code).toBe(201)
  })

  it('failurePolicy Fail: the Pod is refused with upstream’s text after timeoutSeconds', () => {
    const r = run('Fail', 1_000, 3)
    const response = podResponse(r)
    expect(response?.code).toBe(500)
    expect(response?.status?.message).toBe(
      'Internal error occurred: failed calling webhook "policy.example.com": failed to call webhook: Post "https://policy.webhooks.svc:443/validate?timeout=3s": context deadline exceeded',
    )
    expect(r.pods).toEqual([])
    // The call went out and got no answer; the apiserver gave up timeoutSeconds later.
    const call = r.trace.find((m) => m.to === 'webhooks' && m.kind === 'http-request')
    expect(call).toBeDefined()
    expect(r.trace.some((m) => m.from === 'webhooks' && m.kind === 'http-response')).toBe(false)
    const answer = r.trace.find(
      (m) => m.kind === 'http-response' && m.to === 'kubectl' && m.summary.startsWith('500'),
    )
    expect((answer?.sentAtMs ?? 0) - (call?.sentAtMs ?? 0)).toBeGreaterThanOrEqual(3_000)
  })

  it('failurePolicy Ignore: the Pod is admitted', () => {
    const r = run('Ignore', 1_000)
    expect(podResponse(r)?.code).toBe(201)
    expect(r.pods.map((p) => p.metadata?.name)).toEqual(['web'])
  })

  it('acts from its time on: a request answered before it is not affected', () => {
    expect(podResponse(run('Fail', POD_AT + 5_000))?.code).toBe(201)
  })

  it('records a root fault step on the webhook servers and says what it did', () => {
    const r = run('Fail', 1_000)
    expect(r.trace.find((m) => m.stage === 'fault')).toMatchObject({
      from: 'webhooks',
      sentAtMs: 1_000,
      causeId: null,
      summary: 'webhook server webhooks/policy stops answering',
    })
    expect(r.cluster.faultResults[0]?.output).toEqual([
      {
        stream: 'stdout',
        text: "fault: webhook server webhooks/policy stops answering: calls to it time out after the webhook's timeoutSeconds",
      },
    ])
  })
})

describe('drop-message on a webhook call', () => {
  it('a lost AdmissionReview is the same timeout: failurePolicy decides', () => {
    const baseline = run('Fail', undefined, 3)
    const call = baseline.trace.find((m) => m.to === 'webhooks' && m.kind === 'http-request')
    if (!call) throw new Error('no webhook call')
    const r = runScenario(
      [
        apply(0, configuration('Fail', 3)),
        apply(POD_AT, POD),
        { type: 'drop-message', atMs: call.sentAtMs, messageId: call.id },
      ],
      60_000,
      servers,
    )
    expect(podResponse(r)?.status?.message).toBe(
      'Internal error occurred: failed calling webhook "policy.example.com": failed to call webhook: Post "https://policy.webhooks.svc:443/validate?timeout=3s": context deadline exceeded',
    )
    expect(r.trace.find((m) => m.stage === 'fault')).toMatchObject({
      from: 'kube-apiserver',
      sentAtMs: call.sentAtMs,
    })
  })
})
