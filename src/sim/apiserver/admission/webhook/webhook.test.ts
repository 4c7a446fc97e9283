import { describe, expect, it } from 'vitest'
import type { KubeObject, Pod } from '../../../../api/types'
import { Cluster } from '../../../cluster/cluster'
import { WEBHOOKS } from '../../../kernel/trace'
import { runResult } from '../../../scenario/result'
import { readWebhookServers } from '../../../scenario/webhook-servers'

const pod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web', labels: { app: 'web' } },
  spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] },
}

const server = (name: string, behavior: Record<string, unknown>): KubeObject =>
  ({
    apiVersion: 'podflow.dev/v1alpha1',
    kind: 'WebhookServer',
    metadata: { name, namespace: 'webhooks' },
    spec: { behavior },
  }) as KubeObject

function configuration(
  kind: 'MutatingWebhookConfiguration' | 'ValidatingWebhookConfiguration',
  name: string,
  service: string,
  extra: Record<string, unknown> = {},
): KubeObject {
  return {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind,
    metadata: { name },
    webhooks: [
      {
        name: `${service}.example.com`,
        clientConfig: { service: { namespace: 'webhooks', name: service, path: '/admit' } },
        rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] }],
        sideEffects: 'None',
        admissionReviewVersions: ['v1'],
        ...extra,
      },
    ],
  } as KubeObject
}

function run(servers: KubeObject[], configurations: KubeObject[], objects: KubeObject[] = [pod]) {
  const read = readWebhookServers(servers)
  if (!read.ok) throw new Error(read.messages.join('\n'))
  const cluster = new Cluster({
    webhookServers: read.servers,
    actions: [
      { type: 'apply', atMs: 0, objects: configurations },
      { type: 'apply', atMs: 1000, objects },
    ],
  })
  cluster.run({ untilMs: 60_000 })
  return runResult(cluster)
}

/** A message's payload, or {} when the message is missing (the assertion then fails). */
const payloadOf = <T>(m: { payload: unknown } | undefined): T => (m?.payload ?? {}) as T

const SIDECAR = {
  op: 'add',
  path: '/spec/containers/-',
  value: { name: 'proxy', image: 'busybox:1.37', command: ['sleep', 'infinity'] },
}

describe('MutatingAdmissionWebhook', () => {
  it('a sidecar injector adds a container that then runs', () => {
    const r = run(
      [server('sidecar-injector', { patch: [SIDECAR] })],
      [configuration('MutatingWebhookConfiguration', 'sidecar-injector', 'sidecar-injector')],
    )
    expect(r.responses.map((x) => x.code)).toEqual([201, 201])
    const p = r.pods[0] as Pod
    expect(p.spec?.containers.map((c) => c.name)).toEqual(['nginx', 'proxy'])
    // Scheme defaults after the patch, as o.GetObjectDefaulter().Default does.
    expect(p.spec?.containers[1]).toMatchObject({
      imagePullPolicy: 'IfNotPresent',
      terminationMessagePath: '/dev/termination-log',
    })
    expect(p.status?.phase).toBe('Running')
    expect(p.status?.containerStatuses?.map((c) => [c.name, c.ready])).toEqual([
      ['nginx', true],
      ['proxy', true],
    ])

    // The apiserver calls out to the webhook server, and back.
    const request = r.trace.find((m) => m.to === WEBHOOKS && m.kind === 'http-request')
    expect(request?.summary).toBe(
      'POST https://sidecar-injector.webhooks.svc:443/admit?timeout=10s (MutatingAdmissionWebhook sidecar-injector.example.com)',
    )
    expect(request?.stage).toBe('admit')
    const review = payloadOf<{ body: { request: Record<string, unknown> } }>(request).body.request
    expect(review).toMatchObject({
      kind: { group: '', version: 'v1', kind: 'Pod' },
      resource: { group: '', version: 'v1', resource: 'pods' },
      name: 'web',
      namespace: 'default',
      operation: 'CREATE',
      userInfo: { username: 'kubernetes-admin' },
      dryRun: false,
      options: { kind: 'CreateOptions', apiVersion: 'meta.k8s.io/v1' },
    })
    const response = r.trace.find((m) => m.from === WEBHOOKS && m.replyTo === request?.id)
    expect(payloadOf<{ body: { response: { uid: string } } }>(response).body.response.uid).toBe(review.uid)

    // The webhook's step shows its patch; the plugin's step the whole mutation.
    const steps = r.trace.filter((m) => m.kind === 'step' && m.stage === 'admit')
    const call = steps.find(
      (m) => m.summary === 'MutatingAdmissionWebhook: webhook "sidecar-injector.example.com" patched',
    )
    expect(payloadOf<{ patch: unknown }>(call).patch).toEqual([SIDECAR])
    const plugin = steps.find((m) => m.summary === 'MutatingAdmissionWebhook: mutated')
    expect(payloadOf<{ patch: unknown[] }>(plugin).patch).toContainEqual(
      expect.objectContaining({ op: 'add', path: '/spec/containers/1' }),
    )
    expect(payloadOf<{ auditAnnotations: Record<string, string> }>(plugin).auditAnnotations).toMatchObject({
      'mutation.webhook.admission.k8s.io/round_0_index_0':
        '{"configuration":"sidecar-injector","webhook":"sidecar-injector.example.com","mutated":true}',
    })
  })

  it('each webhook sees the previous patches, configurations in name order', () => {
    const label = (v: string) => ({ op: 'add', path: '/metadata/labels/order', value: v })
    const r = run(
      [
        server('b', { patch: [{ op: 'test', path: '/metadata/labels/order', value: 'a' }, label('a-b')] }),
        server('a', { patch: [label('a')] }),
      ],
      [
        configuration('MutatingWebhookConfiguration', '2-second', 'b'),
        configuration('MutatingWebhookConfiguration', '1-first', 'a'),
      ],
    )
    expect(r.responses[2]?.code).toBe(201)
    expect(r.pods[0]?.metadata?.labels?.order).toBe('a-b')
  })

  it('the webhook is not called for a namespace its selector leaves out', () => {
    const r = run(
      [server('sidecar-injector', { patch: [SIDECAR] })],
      [
        configuration('MutatingWebhookConfiguration', 'inj', 'sidecar-injector', {
          namespaceSelector: { matchLabels: { 'sidecar-injection': 'enabled' } },
        }),
      ],
    )
    expect(r.pods[0]?.spec?.containers).toHaveLength(1)
    expect(r.trace.some((m) => m.to === WEBHOOKS)).toBe(false)
  })

  it('a deny from a mutating webhook stops the request', () => {
    const r = run(
      [server('policy', { deny: { message: 'no pods today' } })],
      [configuration('MutatingWebhookConfiguration', 'policy', 'policy')],
    )
    expect(r.responses[1]?.code).toBe(403)
    expect(r.responses[1]?.status?.message).toBe(
      'admission webhook "policy.example.com" denied the request: no pods today',
    )
  })
})

describe('ValidatingAdmissionWebhook', () => {
  it('a policy webhook rejects with the real text', () => {
    const r = run(
      [
        server('policy', {
          deny: { message: 'images must come from registry.example.com', reason: 'Forbidden' },
        }),
      ],
      [configuration('ValidatingWebhookConfiguration', 'policy', 'policy')],
    )
    expect(r.responses[1]).toMatchObject({
      code: 403,
      status: {
        kind: 'Status',
        status: 'Failure',
        reason: 'Forbidden',
        code: 403,
        message:
          'admission webhook "policy.example.com" denied the request: images must come from registry.example.com',
      },
    })
    expect(r.pods).toHaveLength(0)
    // The call happens after validation, in the validating phase.
    const validate = r.trace.findIndex(
      (m) => m.kind === 'step' && m.stage === 'validate' && m.summary.startsWith('Pod'),
    )
    const call = r.trace.findIndex((m) => m.to === WEBHOOKS)
    expect(validate).toBeGreaterThan(0)
    expect(call).toBeGreaterThan(validate)
  })

  it('calls all webhooks at once; the first error back wins', () => {
    const r = run(
      [
        server('slow', { deny: { message: 'slow says no' }, delay: '2s' }),
        server('fast', { deny: { message: 'fast says no' } }),
      ],
      [
        configuration('ValidatingWebhookConfiguration', 'a-slow', 'slow'),
        configuration('ValidatingWebhookConfiguration', 'b-fast', 'fast'),
      ],
    )
    expect(r.responses[2]?.status?.message).toBe(
      'admission webhook "fast.example.com" denied the request: fast says no',
    )
    const sent = r.trace.filter((m) => m.to === WEBHOOKS).map((m) => m.sentAtMs)
    expect(sent).toHaveLength(2)
    expect(sent[0]).toBe(sent[1])
  })

  it('allows when the webhook allows', () => {
    const r = run(
      [server('ok', { allow: {}, warnings: ['deprecated label'] })],
      [configuration('ValidatingWebhookConfiguration', 'ok', 'ok')],
    )
    expect(r.responses[1]?.code).toBe(201)
    expect(r.pods[0]?.status?.phase).toBe('Running')
  })
})

describe('failurePolicy', () => {
  const slow = server('slow', { allow: {}, delay: '15s' })

  it('Fail: a webhook slower than timeoutSeconds fails the request', () => {
    const r = run([slow], [configuration('MutatingWebhookConfiguration', 'slow', 'slow')])
    expect(r.responses[1]).toMatchObject({
      code: 500,
      status: {
        reason: 'InternalError',
        message:
          'Internal error occurred: failed calling webhook "slow.example.com": failed to call webhook: Post "https://slow.webhooks.svc:443/admit?timeout=10s": context deadline exceeded',
      },
    })
    expect(r.pods).toHaveLength(0)
    // The apiserver gave up after 10 s; the late answer is still on the wire.
    const req = r.trace.find((m) => m.to === WEBHOOKS)
    const res = r.trace.find((m) => m.from === WEBHOOKS)
    expect((res?.deliverAtMs ?? 0) - (req?.sentAtMs ?? 0)).toBeGreaterThan(15_000)
  })

  it('Fail: timeoutSeconds sets the timeout and the query', () => {
    const r = run(
      [server('slow', { allow: {}, delay: '3s' })],
      [configuration('ValidatingWebhookConfiguration', 'slow', 'slow', { timeoutSeconds: 2 })],
    )
    expect(r.responses[1]?.status?.message).toBe(
      'Internal error occurred: failed calling webhook "slow.example.com": failed to call webhook: Post "https://slow.webhooks.svc:443/admit?timeout=2s": context deadline exceeded',
    )
  })

  it('Ignore: the Pod is created without the webhook', () => {
    const r = run(
      [slow],
      [configuration('MutatingWebhookConfiguration', 'slow', 'slow', { failurePolicy: 'Ignore' })],
    )
    expect(r.responses[1]?.code).toBe(201)
    expect(r.pods[0]?.status?.phase).toBe('Running')
    const step = r.trace.find(
      (m) =>
        m.summary ===
        'MutatingAdmissionWebhook: webhook "slow.example.com" failed open (failurePolicy Ignore)',
    )
    expect(step).toBeDefined()
  })

  it('a Service no server stands behind', () => {
    const r = run([], [configuration('ValidatingWebhookConfiguration', 'gone', 'gone')])
    expect(r.responses[1]?.status?.message).toBe(
      'Internal error occurred: failed calling webhook "gone.example.com": failed to call webhook: Post "https://gone.webhooks.svc:443/admit?timeout=10s": service "gone" not found',
    )
  })

  it('Ignore never covers a denial', () => {
    const r = run(
      [server('policy', { deny: { message: 'no' } })],
      [configuration('ValidatingWebhookConfiguration', 'policy', 'policy', { failurePolicy: 'Ignore' })],
    )
    expect(r.responses[1]?.code).toBe(403)
  })
})
