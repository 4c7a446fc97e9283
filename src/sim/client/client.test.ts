/**
 * ApiClient against a scripted apiserver (a Probe answering each request), so that the exact
 * request shapes and the mapping of every response are visible.
 */
import { describe, expect, it } from 'vitest'
import { DEPLOYMENTS, NODES, PODS } from '../../api/resources'
import { forbiddenMessage, gone, notFound } from '../../api/status'
import type { KubeObject } from '../../api/types'
import type { HttpRequest, HttpResponse, PatchType, WatchEvent } from '../apiserver/http'
import { Kernel, type Proc } from '../kernel/kernel'
import { APISERVER, type Message } from '../kernel/trace'
import { TestClient } from '../testing/apiserver'
import { makePod, Probe } from '../testing/builders'
import type { ApiResult, Credentials } from './client'

const pod = makePod('nginx').build()
const node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'worker-1' } } as KubeObject

/** A kernel, a client component, and an apiserver that answers every request with `respond`. */
function setup(
  credentials: Credentials = { token: 'abc' },
  respond: (req: HttpRequest) => HttpResponse = () => ({ code: 200, body: pod }),
) {
  const kernel = new Kernel({ seed: 1 })
  const api = new Probe(kernel, APISERVER)
  api.onReceive = (m, probe) => {
    if (m.kind === 'http-request') probe.reply(m, 'reply', respond(m.payload as HttpRequest))
  }
  const component = new TestClient(kernel, 'test-client', credentials)
  const client = component.client
  const call = <T>(proc: Proc<T>): T => {
    const p = kernel.spawn(proc)
    kernel.run()
    if (!p.done) throw new Error('call did not finish')
    return p.result as T
  }
  const requests = () => api.received.filter((m) => m.kind === 'http-request') as Message<HttpRequest>[]
  return { kernel, api, component, client, call, requests }
}

describe('ApiClient request shapes', () => {
  it.each<[string, Credentials, Record<string, string>]>([
    ['a bearer token', { token: 'abc' }, { 'user-agent': 'test-client/v0.0.0', authorization: 'Bearer abc' }],
    [
      'a client certificate (CN, then one O per group)',
      { clientCert: { commonName: 'kubernetes-admin', organizations: ['kubeadm:cluster-admins'] } },
      {
        'user-agent': 'test-client/v0.0.0',
        'x-client-certificate': 'CN=kubernetes-admin,O=kubeadm:cluster-admins',
      },
    ],
    [
      'a client certificate with two groups',
      { clientCert: { commonName: 'system:node:worker-1', organizations: ['system:nodes', 'extra'] } },
      {
        'user-agent': 'test-client/v0.0.0',
        'x-client-certificate': 'CN=system:node:worker-1,O=system:nodes,O=extra',
      },
    ],
    [
      'a client certificate without groups',
      { clientCert: { commonName: 'system:kube-scheduler' } },
      { 'user-agent': 'test-client/v0.0.0', 'x-client-certificate': 'CN=system:kube-scheduler' },
    ],
    ['no credentials (anonymous)', {}, { 'user-agent': 'test-client/v0.0.0' }],
  ])('sends %s', (_, credentials, headers) => {
    const { client, call, requests } = setup(credentials)
    call(client.get(PODS, 'default', 'nginx', 'submit'))
    expect(requests()[0]?.payload.headers).toEqual(headers)
  })

  it.each<[string, (c: TestClient['client']) => Proc<unknown>, HttpRequest, string]>([
    [
      'get (namespaced)',
      (c) => c.get(PODS, 'default', 'nginx', 'submit'),
      { method: 'GET', path: '/api/v1/namespaces/default/pods/nginx', headers: {} },
      'GET /api/v1/namespaces/default/pods/nginx',
    ],
    [
      'get (cluster-scoped: the namespace is ignored)',
      (c) => c.get(NODES, 'default', 'worker-1', 'submit'),
      { method: 'GET', path: '/api/v1/nodes/worker-1', headers: {} },
      'GET /api/v1/nodes/worker-1',
    ],
    [
      'list with selectors',
      (c) =>
        c.list(
          PODS,
          undefined,
          { labelSelector: 'app=web', fieldSelector: 'spec.nodeName=worker-1' },
          'boot',
        ),
      {
        method: 'GET',
        path: '/api/v1/pods',
        query: { labelSelector: 'app=web', fieldSelector: 'spec.nodeName=worker-1' },
        headers: {},
      },
      'GET /api/v1/pods?labelSelector=app=web&fieldSelector=spec.nodeName=worker-1',
    ],
    [
      'list without selectors (an empty query)',
      (c) => c.list(DEPLOYMENTS, 'default', {}, 'boot'),
      { method: 'GET', path: '/apis/apps/v1/namespaces/default/deployments', query: {}, headers: {} },
      'GET /apis/apps/v1/namespaces/default/deployments',
    ],
    [
      'create (JSON body)',
      (c) => c.create(PODS, 'default', pod, 'submit'),
      {
        method: 'POST',
        path: '/api/v1/namespaces/default/pods',
        headers: { 'content-type': 'application/json' },
        body: pod,
      },
      'POST /api/v1/namespaces/default/pods',
    ],
    [
      'create of a cluster-scoped object',
      (c) => c.create(NODES, undefined, node, 'submit'),
      { method: 'POST', path: '/api/v1/nodes', headers: { 'content-type': 'application/json' }, body: node },
      'POST /api/v1/nodes',
    ],
    [
      'createSubresource (pods/binding)',
      (c) =>
        c.createSubresource(
          PODS,
          'default',
          'nginx',
          'binding',
          { apiVersion: 'v1', kind: 'Binding', target: { kind: 'Node', name: 'worker-1' } } as KubeObject,
          'bind',
        ),
      {
        method: 'POST',
        path: '/api/v1/namespaces/default/pods/nginx/binding',
        headers: { 'content-type': 'application/json' },
        body: { apiVersion: 'v1', kind: 'Binding', target: { kind: 'Node', name: 'worker-1' } },
      },
      'POST /api/v1/namespaces/default/pods/nginx/binding',
    ],
    [
      'update (PUT to the object’s own namespace and name)',
      (c) => c.update(PODS, pod, 'submit'),
      {
        method: 'PUT',
        path: '/api/v1/namespaces/default/pods/nginx',
        headers: { 'content-type': 'application/json' },
        body: pod,
      },
      'PUT /api/v1/namespaces/default/pods/nginx',
    ],
    [
      'update of the status subresource',
      (c) => c.update(PODS, pod, 'status', 'status'),
      {
        method: 'PUT',
        path: '/api/v1/namespaces/default/pods/nginx/status',
        headers: { 'content-type': 'application/json' },
        body: pod,
      },
      'PUT /api/v1/namespaces/default/pods/nginx/status',
    ],
    [
      'delete without options (no body)',
      (c) => c.delete(PODS, 'default', 'nginx', 'delete'),
      { method: 'DELETE', path: '/api/v1/namespaces/default/pods/nginx', headers: {} },
      'DELETE /api/v1/namespaces/default/pods/nginx',
    ],
    [
      'delete with a grace period and a UID precondition (DeleteOptions)',
      (c) => c.delete(PODS, 'default', 'nginx', 'delete', { gracePeriodSeconds: 0, uid: 'u-1' }),
      {
        method: 'DELETE',
        path: '/api/v1/namespaces/default/pods/nginx',
        headers: { 'content-type': 'application/json' },
        body: {
          kind: 'DeleteOptions',
          apiVersion: 'v1',
          gracePeriodSeconds: 0,
          preconditions: { uid: 'u-1' },
        },
      },
      'DELETE /api/v1/namespaces/default/pods/nginx',
    ],
    [
      'delete with only a grace period',
      (c) => c.delete(PODS, 'default', 'nginx', 'delete', { gracePeriodSeconds: 30 }),
      {
        method: 'DELETE',
        path: '/api/v1/namespaces/default/pods/nginx',
        headers: { 'content-type': 'application/json' },
        body: { kind: 'DeleteOptions', apiVersion: 'v1', gracePeriodSeconds: 30 },
      },
      'DELETE /api/v1/namespaces/default/pods/nginx',
    ],
  ])('%s', (_, op, expected, summary) => {
    const { client, call, requests } = setup({})
    call(op(client))
    const [m] = requests()
    if (!m) throw new Error('no request')
    const { 'user-agent': ua, ...headers } = m.payload.headers
    expect(ua).toBe('test-client/v0.0.0')
    expect({ ...m.payload, headers }).toEqual(expected)
    expect(m.summary).toBe(summary)
    expect(m.from).toBe('test-client')
    expect(m.to).toBe(APISERVER)
  })

  it.each<PatchType>([
    'application/strategic-merge-patch+json',
    'application/merge-patch+json',
    'application/json-patch+json',
  ])('patch sends content-type %s', (patchType) => {
    const { client, call, requests } = setup({ token: 't' })
    const body = patchType === 'application/json-patch+json' ? [{ op: 'remove', path: '/x' }] : { x: null }
    call(client.patch(PODS, 'default', 'nginx', body, patchType, 'status', 'status'))
    expect(requests()[0]?.payload).toEqual({
      method: 'PATCH',
      path: '/api/v1/namespaces/default/pods/nginx/status',
      headers: { 'user-agent': 'test-client/v0.0.0', authorization: 'Bearer t', 'content-type': patchType },
      body,
    })
  })

  it('names the object and the stage on the request message', () => {
    const { client, call, requests } = setup()
    call(client.create(PODS, 'default', pod, 'submit'))
    call(client.get(NODES, undefined, 'worker-1', 'schedule-watch'))
    call(client.list(PODS, undefined, {}, 'boot'))
    const generated = { ...pod, metadata: { generateName: 'web-', namespace: 'default' } } as KubeObject
    call(client.create(PODS, 'default', generated, 'reconcile'))
    expect(requests().map((m) => [m.stage, m.object])).toEqual([
      ['submit', { resource: 'pods', namespace: 'default', name: 'nginx' }],
      ['schedule-watch', { resource: 'nodes', name: 'worker-1' }],
      ['boot', undefined],
      ['reconcile', { resource: 'pods', namespace: 'default', name: 'web-' }],
    ])
  })
})

describe('ApiClient result mapping', () => {
  it.each<[string, HttpResponse, ApiResult<KubeObject>]>([
    ['200', { code: 200, body: pod }, { ok: true, code: 200, object: pod }],
    ['201', { code: 201, body: pod }, { ok: true, code: 201, object: pod }],
    [
      '201 with warnings',
      { code: 201, body: pod, warnings: ['would violate PodSecurity "restricted:latest"'] },
      { ok: true, code: 201, object: pod, warnings: ['would violate PodSecurity "restricted:latest"'] },
    ],
    [
      '404',
      { code: 404, body: notFound('pods', 'nginx') },
      { ok: false, code: 404, status: notFound('pods', 'nginx') },
    ],
    [
      '403',
      { code: 403, body: forbiddenMessage('nope') },
      { ok: false, code: 403, status: forbiddenMessage('nope') },
    ],
    ['410', { code: 410, body: gone('too old') }, { ok: false, code: 410, status: gone('too old') }],
    [
      '300 is not a success',
      { code: 300, body: forbiddenMessage('x') },
      { ok: false, code: 300, status: forbiddenMessage('x') },
    ],
  ])('%s', (_, response, expected) => {
    const { client, call } = setup({}, () => response)
    expect(call(client.get(PODS, 'default', 'nginx', 'submit'))).toEqual(expected)
  })
})

describe('ApiClient watches', () => {
  /** Open a watch and return its id and the events its handler saw, as `type name`. */
  function openWatch(t: ReturnType<typeof setup>, namespace?: string) {
    const seen: string[] = []
    const messages: Message<WatchEvent>[] = []
    const r = t.call(
      t.client.watch(PODS, namespace, { fieldSelector: 'spec.nodeName=worker-1' }, '42', 'kubelet-watch', {
        event: (e, m) => {
          seen.push(`${e.type} ${e.object.metadata?.name}`)
          messages.push(m)
        },
      }),
    )
    return { r, seen, messages }
  }

  const event = (t: ReturnType<typeof setup>, watchId: number, type: WatchEvent['type'], name: string) =>
    t.api.send('test-client', `WATCH ${type} pods/${name}`, {
      kind: 'watch-event',
      stage: 'kubelet-watch',
      payload: { watchId, type, object: makePod(name).build() } satisfies WatchEvent,
    })

  it('sends GET …?<selectors>&resourceVersion=<rv>&watch=true and returns the request’s id', () => {
    const t = setup({ token: 'abc' })
    const { r } = openWatch(t, 'default')
    const [m] = t.requests()
    expect(m?.payload).toEqual({
      method: 'GET',
      path: '/api/v1/namespaces/default/pods',
      query: { fieldSelector: 'spec.nodeName=worker-1', resourceVersion: '42', watch: 'true' },
      headers: { 'user-agent': 'test-client/v0.0.0', authorization: 'Bearer abc' },
    })
    expect(m?.summary).toBe(
      'GET /api/v1/namespaces/default/pods?fieldSelector=spec.nodeName=worker-1&resourceVersion=42&watch=true',
    )
    expect(m?.stage).toBe('kubelet-watch')
    expect(r).toEqual({ ok: true, code: 200, object: pod, watchId: m?.id })
  })

  it('routes watch events to their watch by watchId', () => {
    const t = setup()
    const a = openWatch(t)
    const b = openWatch(t)
    expect(a.r.watchId).not.toBe(b.r.watchId)
    event(t, a.r.watchId, 'ADDED', 'p1')
    event(t, b.r.watchId, 'ADDED', 'p2')
    event(t, a.r.watchId, 'MODIFIED', 'p1')
    event(t, a.r.watchId, 'DELETED', 'p1')
    t.kernel.run()
    expect(a.seen).toEqual(['ADDED p1', 'MODIFIED p1', 'DELETED p1'])
    expect(b.seen).toEqual(['ADDED p2'])
    // The handler gets the delivered message itself (the cause of what it does next).
    expect(a.messages.map((m) => m.summary)).toEqual([
      'WATCH ADDED pods/p1',
      'WATCH MODIFIED pods/p1',
      'WATCH DELETED pods/p1',
    ])
    expect(t.component.other).toEqual([])
  })

  it('receive() declines what is not a watch event of one of its watches', () => {
    const t = setup()
    const { r, seen } = openWatch(t)
    const unknown = event(t, r.watchId + 1000, 'ADDED', 'x')
    const notAnEvent = t.api.send('test-client', 'hello', { kind: 'http-request' })
    t.kernel.run()
    expect(seen).toEqual([])
    expect(t.client.receive(unknown)).toBe(false)
    expect(t.client.receive(notAnEvent)).toBe(false)
    // The component passes what its client declines to receiveOther.
    expect(t.component.other.map((m) => m.summary)).toEqual(['WATCH ADDED pods/x', 'hello'])
  })

  it('stopWatch: later events of that watch are dropped, as on a closed stream; other watches go on', () => {
    const t = setup()
    const a = openWatch(t)
    const b = openWatch(t)
    event(t, a.r.watchId, 'ADDED', 'p1')
    t.kernel.run()
    t.client.stopWatch(a.r.watchId)
    const late = event(t, a.r.watchId, 'MODIFIED', 'p1')
    event(t, b.r.watchId, 'ADDED', 'p2')
    t.kernel.run()
    expect(a.seen).toEqual(['ADDED p1'])
    expect(b.seen).toEqual(['ADDED p2'])
    // Taken (so the component does not treat it as unexpected) but handed to no handler.
    expect(t.client.receive(late)).toBe(true)
    expect(a.seen).toEqual(['ADDED p1'])
    expect(t.component.other).toEqual([])
  })

  it('hands the events replayed before the watch’s response to its handler, in order, once answered', () => {
    const t = setup()
    // The apiserver replays the events after the requested resourceVersion, then answers: the
    // events come first on the stream.
    t.api.onReceive = (m, probe) => {
      if (m.kind !== 'http-request') return
      for (const [type, name] of [
        ['ADDED', 'p1'],
        ['MODIFIED', 'p1'],
      ] as const)
        probe.send('test-client', `WATCH ${type} pods/${name}`, {
          kind: 'watch-event',
          stage: 'kubelet-watch',
          payload: { watchId: m.id, type, object: makePod(name).build() } satisfies WatchEvent,
        })
      probe.reply(m, 'reply', { code: 200 })
    }
    const { r, seen } = openWatch(t)
    expect(r.ok).toBe(true)
    expect(seen).toEqual(['ADDED p1', 'MODIFIED p1'])
    event(t, r.watchId, 'DELETED', 'p1')
    t.kernel.run()
    expect(seen).toEqual(['ADDED p1', 'MODIFIED p1', 'DELETED p1'])
    expect(t.component.other).toEqual([])
  })

  it('registers no handler for a refused watch', () => {
    const t = setup({}, () => ({ code: 410, body: gone('too old resource version: 42') }))
    const { r, seen } = openWatch(t)
    const late = event(t, r.watchId, 'ADDED', 'p1')
    t.kernel.run()
    expect(seen).toEqual([])
    expect(t.client.receive(late)).toBe(false)
  })

  it('maps a refused watch (410 Gone) to an error result, with its id', () => {
    const t = setup({}, () => ({ code: 410, body: gone('too old resource version: 42') }))
    const { r } = openWatch(t)
    expect(r).toEqual({
      ok: false,
      code: 410,
      status: gone('too old resource version: 42'),
      watchId: t.requests()[0]?.id,
    })
  })
})
