/** Reading faults as the UI or a share link writes them: shapes, names in the cluster, messages. */
import { describe, expect, it } from 'vitest'
import type { WebhookServerSpec } from '../webhook/server'
import { faultTargetProblem, messageFaultProblem, readFault } from './read'
import type { WireMessage } from './wire'

const read = (input: Record<string, unknown>, atMs = 1000) =>
  readFault(input as { type: string } & Record<string, unknown>, atMs)

describe('readFault', () => {
  it.each([
    [
      { type: 'node-down', node: 'worker-1', mode: 'unreachable', extra: 1 },
      { type: 'node-down', atMs: 1000, node: 'worker-1', mode: 'unreachable' },
    ],
    [
      { type: 'node-down', node: 'worker-1' },
      { type: 'node-down', atMs: 1000, node: 'worker-1', mode: 'stop' },
    ],
    [
      { type: 'drop-message', messageId: 412 },
      { type: 'drop-message', atMs: 1000, messageId: 412 },
    ],
    [
      { type: 'delay-message', messageId: 412, delayMs: 2500.2 },
      { type: 'delay-message', atMs: 1000, messageId: 412, delayMs: 2501 },
    ],
    [
      { type: 'image-pull-failure', image: 'nginx:1.27', mode: 'unavailable' },
      { type: 'image-pull-failure', atMs: 1000, image: 'nginx:1.27', mode: 'unavailable' },
    ],
    [
      { type: 'crash-container', pod: 'web', container: 'nginx' },
      { type: 'crash-container', atMs: 1000, namespace: 'default', pod: 'web', container: 'nginx' },
    ],
    [
      { type: 'crash-container', namespace: 'prod', pod: 'web', container: 'nginx', exitCode: 137 },
      {
        type: 'crash-container',
        atMs: 1000,
        namespace: 'prod',
        pod: 'web',
        container: 'nginx',
        exitCode: 137,
      },
    ],
    [
      { type: 'webhook-timeout', server: 'webhooks/policy' },
      { type: 'webhook-timeout', atMs: 1000, server: 'webhooks/policy' },
    ],
    [
      { type: 'slow-etcd', factor: 2.5 },
      { type: 'slow-etcd', atMs: 1000, factor: 2.5 },
    ],
  ])('%o', (input, fault) => {
    expect(read(input)).toEqual({ ok: true, fault })
  })

  it.each([
    [{ type: 'node-down', node: 'a/b' }, 'node-down: the name of a Node is required (got "a/b")'],
    [{ type: 'node-down', node: 'w', mode: 'off' }, 'node-down: mode must be one of stop, unreachable'],
    [
      { type: 'drop-message', messageId: 1.5 },
      'drop-message: messageId must be the id of a message (a whole number ≥ 1)',
    ],
    [
      { type: 'image-pull-failure', image: 'Nginx', mode: 'not-found' },
      'image-pull-failure: image "Nginx": invalid reference format: repository name (library/Nginx) must be lowercase',
    ],
    [{ type: 'crash-container', pod: 'web' }, 'crash-container: the name of a container is required'],
    [
      { type: 'crash-container', pod: 'web', container: 'c', exitCode: 256 },
      'crash-container: exitCode must be a whole number from 0 to 255',
    ],
    [
      { type: 'webhook-timeout' },
      'webhook-timeout: server must name a WebhookServer (name, or namespace/name)',
    ],
    [{ type: 'slow-etcd', factor: 0.5 }, 'slow-etcd: factor must be from 1 to 1000'],
    [{ type: 'slow-etcd', latencyMs: -1 }, 'slow-etcd: latencyMs must be from 0 to 600000 ms'],
    [{ type: 'meteor' }, 'unknown fault type "meteor"'],
  ])('%o is refused', (input, message) => {
    expect(read(input)).toEqual({ ok: false, message })
  })
})

describe('faultTargetProblem', () => {
  const server = (namespace: string, name: string): WebhookServerSpec => ({
    name,
    namespace,
    service: { namespace, name },
    behavior: { type: 'allow' },
    delayMs: 0,
  })
  const cluster = {
    nodeNames: new Set(['worker-1']),
    webhookServers: [server('a', 'policy'), server('b', 'policy'), server('a', 'audit')],
  }

  it('finds Nodes and WebhookServers by name, or by namespace/name when names repeat', () => {
    expect(
      faultTargetProblem({ type: 'node-down', atMs: 0, node: 'worker-1', mode: 'stop' }, cluster),
    ).toBeUndefined()
    expect(faultTargetProblem({ type: 'webhook-timeout', atMs: 0, server: 'audit' }, cluster)).toBeUndefined()
    expect(
      faultTargetProblem({ type: 'webhook-timeout', atMs: 0, server: 'b/policy' }, cluster),
    ).toBeUndefined()
    expect(faultTargetProblem({ type: 'webhook-timeout', atMs: 0, server: 'policy' }, cluster)).toBe(
      'webhook-timeout: several WebhookServers are named "policy"; name one as namespace/name (a/policy, b/policy)',
    )
    expect(faultTargetProblem({ type: 'webhook-timeout', atMs: 0, server: 'gone' }, cluster)).toBe(
      'webhook-timeout: no WebhookServer "gone" in the cluster (it has a/policy, b/policy, a/audit)',
    )
    expect(
      faultTargetProblem(
        { type: 'image-pull-failure', atMs: 0, image: 'nginx', node: 'worker-7', mode: 'not-found' },
        cluster,
      ),
    ).toBe('image-pull-failure: no Node "worker-7" in the cluster')
  })
})

describe('messageFaultProblem', () => {
  const m: WireMessage = {
    id: 7,
    from: 'kube-scheduler',
    to: 'kube-apiserver',
    kind: 'http-request',
    summary: 'POST /api/v1/namespaces/default/pods/web/binding',
    sentAtMs: 100,
    deliverAtMs: 102,
  }
  it('accepts a message on the wire at the fault’s time (sentAtMs ≤ atMs < deliverAtMs)', () => {
    expect(messageFaultProblem({ type: 'drop-message', atMs: 100, messageId: 7 }, m)).toBeUndefined()
    expect(
      messageFaultProblem({ type: 'delay-message', atMs: 101, messageId: 7, delayMs: 5 }, m),
    ).toBeUndefined()
    expect(messageFaultProblem({ type: 'drop-message', atMs: 102, messageId: 7 }, m)).toBe(
      'drop-message: message #7 (POST /api/v1/namespaces/default/pods/web/binding) is not in flight at 102ms: it was sent at 100ms and delivered at 102ms',
    )
    expect(
      messageFaultProblem({ type: 'drop-message', atMs: 101, messageId: 7 }, { ...m, lostAtMs: 100 }),
    ).toBe('drop-message: message #7 was already lost at 100ms')
    expect(messageFaultProblem({ type: 'slow-etcd', atMs: 0, factor: 2 }, undefined)).toBeUndefined()
  })
})
