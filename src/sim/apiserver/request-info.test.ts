import { describe, expect, it } from 'vitest'
import type { HttpMethod, HttpRequest } from './http'
import { parseRequest } from './request-info'

const req = (method: HttpMethod, path: string, query?: Record<string, string>): HttpRequest => ({
  method,
  path,
  headers: {},
  ...(query ? { query } : {}),
})

describe('parseRequest', () => {
  it.each([
    ['GET', '/api/v1/namespaces/default/pods', undefined, ['list', '', 'v1', 'pods', '', 'default', '']],
    [
      'GET',
      '/api/v1/namespaces/default/pods/nginx',
      undefined,
      ['get', '', 'v1', 'pods', '', 'default', 'nginx'],
    ],
    ['GET', '/api/v1/pods', { watch: 'true' }, ['watch', '', 'v1', 'pods', '', '', '']],
    [
      'GET',
      '/api/v1/namespaces/default/pods',
      { watch: '1' },
      ['watch', '', 'v1', 'pods', '', 'default', ''],
    ],
    ['GET', '/api/v1/pods', { watch: 'false' }, ['list', '', 'v1', 'pods', '', '', '']],
    [
      'GET',
      '/api/v1/pods',
      { fieldSelector: 'spec.nodeName=worker-1', watch: 'true', resourceVersion: '15' },
      ['watch', '', 'v1', 'pods', '', '', ''],
    ],
    ['POST', '/api/v1/namespaces/default/pods', undefined, ['create', '', 'v1', 'pods', '', 'default', '']],
    [
      'POST',
      '/api/v1/namespaces/default/pods/nginx/binding',
      undefined,
      ['create', '', 'v1', 'pods', 'binding', 'default', 'nginx'],
    ],
    [
      'PUT',
      '/api/v1/namespaces/default/pods/nginx/status',
      undefined,
      ['update', '', 'v1', 'pods', 'status', 'default', 'nginx'],
    ],
    [
      'PATCH',
      '/apis/apps/v1/namespaces/default/deployments/web',
      undefined,
      ['patch', 'apps', 'v1', 'deployments', '', 'default', 'web'],
    ],
    [
      'PUT',
      '/apis/apps/v1/namespaces/default/deployments/web/scale',
      undefined,
      ['update', 'apps', 'v1', 'deployments', 'scale', 'default', 'web'],
    ],
    [
      'DELETE',
      '/api/v1/namespaces/default/pods/nginx',
      undefined,
      ['delete', '', 'v1', 'pods', '', 'default', 'nginx'],
    ],
    [
      'DELETE',
      '/api/v1/namespaces/default/pods',
      undefined,
      ['deletecollection', '', 'v1', 'pods', '', 'default', ''],
    ],
    ['GET', '/api/v1/nodes/worker-1', undefined, ['get', '', 'v1', 'nodes', '', '', 'worker-1']],
    [
      'PATCH',
      '/api/v1/nodes/worker-1/status',
      undefined,
      ['patch', '', 'v1', 'nodes', 'status', '', 'worker-1'],
    ],
    ['GET', '/api/v1/namespaces', undefined, ['list', '', 'v1', 'namespaces', '', '', '']],
    ['POST', '/api/v1/namespaces', undefined, ['create', '', 'v1', 'namespaces', '', '', '']],
    [
      'POST',
      '/apis/events.k8s.io/v1/namespaces/default/events',
      undefined,
      ['create', 'events.k8s.io', 'v1', 'events', '', 'default', ''],
    ],
  ] as const)('%s %s %j', (method, path, query, want) => {
    const r = parseRequest(req(method, path, query))
    if (!r.ok) throw new Error(`not parsed: ${r.code} ${r.message}`)
    const { verb, apiGroup, apiVersion, resource, subresource, namespace, name } = r.info
    expect([verb, apiGroup, apiVersion, resource, subresource, namespace, name]).toEqual(want)
    expect(r.info.info.resource).toBe(resource)
  })

  it('GET /api/v1/namespaces/dev reads the namespace object', () => {
    const r = parseRequest(req('GET', '/api/v1/namespaces/dev'))
    expect(r.ok && [r.info.verb, r.info.resource, r.info.name]).toEqual(['get', 'namespaces', 'dev'])
  })

  it.each([
    ['GET', '/api/v1/namespaces/default/foos'],
    ['GET', '/apis/apps/v1beta1/namespaces/default/deployments'],
    ['GET', '/api/v2/pods'],
    ['GET', '/apis/apps/v1/namespaces/default/pods'],
    ['GET', '/healthz'],
    ['GET', '/'],
    ['GET', '/api/v1/namespaces/default/pods/nginx/exec'],
    ['GET', '/api/v1/namespaces/default/pods/nginx/status/extra'],
    ['POST', '/api/v1/namespaces/default/deployments'],
  ] as const)('%s %s is 404', (method, path) => {
    expect(parseRequest(req(method, path))).toEqual({
      ok: false,
      code: 404,
      message: 'the server could not find the requested resource',
    })
  })

  it.each([
    ['PUT', '/api/v1/namespaces/default/pods'],
    ['PATCH', '/apis/apps/v1/namespaces/default/deployments'],
  ] as const)('%s %s (a collection) is 405', (method, path) => {
    expect(parseRequest(req(method, path))).toEqual({
      ok: false,
      code: 405,
      message: 'the server does not allow this method on the requested resource',
    })
  })

  // requestinfo.go keeps `/namespaces/{name}/status` (and `/finalize`) as a subresource of the
  // namespace (namespaceSubresources), and for the namespace object Namespace = name.
  it('PUT /api/v1/namespaces/dev/status is the namespace status', () => {
    const r = parseRequest(req('PUT', '/api/v1/namespaces/dev/status'))
    expect(r.ok && [r.info.verb, r.info.resource, r.info.subresource, r.info.namespace, r.info.name]).toEqual(
      ['update', 'namespaces', 'status', 'dev', 'dev'],
    )
  })

  it('GET /api/v1/namespaces/dev has the namespace dev, as requestinfo.go gives it', () => {
    const r = parseRequest(req('GET', '/api/v1/namespaces/dev'))
    expect(r.ok && [r.info.namespace, r.info.name]).toEqual(['dev', 'dev'])
  })

  it('any other segment after /namespaces/{name} is a resource in that namespace', () => {
    const r = parseRequest(req('GET', '/api/v1/namespaces/dev/pods'))
    expect(r.ok && [r.info.resource, r.info.namespace, r.info.name]).toEqual(['pods', 'dev', ''])
  })
})
