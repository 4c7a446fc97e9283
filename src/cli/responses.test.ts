import { describe, expect, it } from 'vitest'
import {
  forbidden,
  forbiddenMessage,
  internalError,
  invalid,
  invalidValue,
  notFound,
  required,
} from '../api/status'
import type { ObjectResponse } from '../sim/scenario/result'
import { formatResponse } from './responses'

describe('formatResponse: what kubectl apply prints per object', () => {
  it.each<[ObjectResponse, string]>([
    [{ kind: 'Pod', namespace: 'default', name: 'nginx', code: 201, action: 'created' }, 'pod/nginx created'],
    [
      { kind: 'Pod', namespace: 'default', name: 'nginx', code: 200, action: 'configured' },
      'pod/nginx configured',
    ],
    [
      { kind: 'Pod', namespace: 'default', name: 'nginx', code: 200, action: 'unchanged' },
      'pod/nginx unchanged',
    ],
    [{ kind: 'Namespace', name: 'dev', code: 201, action: 'created' }, 'namespace/dev created'],
    [
      { kind: 'ConfigMap', namespace: 'default', name: 'cfg', code: 201, action: 'created' },
      'configmap/cfg created',
    ],
    // Without an action, a success is a create.
    [{ kind: 'Pod', namespace: 'default', name: 'nginx', code: 201 }, 'pod/nginx created'],
  ])('%j → %s', (response, text) => {
    expect(formatResponse(response)).toBe(text)
  })

  it.each<[ObjectResponse, string]>([
    [
      { kind: 'Deployment', group: 'apps', namespace: 'default', name: 'web', code: 201, action: 'created' },
      'deployment.apps/web created',
    ],
    [
      { kind: 'PriorityClass', group: 'scheduling.k8s.io', name: 'high', code: 201, action: 'created' },
      'priorityclass.scheduling.k8s.io/high created',
    ],
    [
      { kind: 'ReplicaSet', group: 'apps', namespace: 'default', name: 'x', code: 200, action: 'unchanged' },
      'replicaset.apps/x unchanged',
    ],
    // The core group is empty: the kind prints bare.
    [{ kind: 'Pod', group: '', namespace: 'default', name: 'nginx', code: 201 }, 'pod/nginx created'],
  ])('qualifies kinds of named API groups: %j → %s', (response, text) => {
    expect(formatResponse(response)).toBe(text)
  })

  it('prints a 422 with one cause on one line', () => {
    const status = invalid('Pod', 'bad', [required('spec.containers[0].image')])
    expect(formatResponse({ kind: 'Pod', namespace: 'default', name: 'bad', code: 422, status })).toBe(
      'The Pod "bad" is invalid: spec.containers[0].image: Required value',
    )
  })

  it('prints a 422 with several causes as one `* field: message` bullet per line', () => {
    const status = invalid('Pod', 'bad', [
      required('spec.containers[0].name'),
      required('spec.containers[0].image'),
      invalidValue('spec.restartPolicy', 'Sometimes', 'must be Always, OnFailure or Never'),
    ])
    expect(formatResponse({ kind: 'Pod', namespace: 'default', name: 'bad', code: 422, status })).toBe(
      [
        'The Pod "bad" is invalid: ',
        '* spec.containers[0].name: Required value',
        '* spec.containers[0].image: Required value',
        '* spec.restartPolicy: Invalid value: "Sometimes": must be Always, OnFailure or Never',
      ].join('\n'),
    )
  })

  it.each([
    [[required('spec.selector')], 'The Deployment "web" is invalid: spec.selector: Required value'],
    [
      [required('spec.selector'), required('spec.template.metadata.labels')],
      'The Deployment "web" is invalid: \n* spec.selector: Required value\n* spec.template.metadata.labels: Required value',
    ],
  ])('names a 422 by the bare kind of its details, as kubectl does: %j', (causes, text) => {
    const status = invalid('Deployment', 'web', causes, 'apps')
    expect(status.message).toMatch(/^Deployment\.apps "web" is invalid: /)
    expect(formatResponse({ kind: 'Deployment', namespace: 'default', name: 'web', code: 422, status })).toBe(
      text,
    )
  })

  it.each([
    [
      'a 403 from admission',
      forbidden('pods', 'x', 'exceeded quota: compute-resources'),
      'Error from server (Forbidden): error when creating "STDIN": pods "x" is forbidden: exceeded quota: compute-resources',
    ],
    [
      'a 403 from RBAC',
      forbiddenMessage(
        'pods is forbidden: User "jane" cannot create resource "pods" in API group "" in the namespace "default"',
      ),
      'Error from server (Forbidden): error when creating "STDIN": pods is forbidden: User "jane" cannot create resource "pods" in API group "" in the namespace "default"',
    ],
    [
      'a 404 for a missing namespace',
      notFound('namespaces', 'dev'),
      'Error from server (NotFound): error when creating "STDIN": namespaces "dev" not found',
    ],
  ])('prints %s as `Error from server (Reason): error when creating "STDIN": …`', (_, status, text) => {
    expect(
      formatResponse({ kind: 'Pod', namespace: 'default', name: 'x', code: status.code ?? 0, status }),
    ).toBe(text)
  })

  it('names the file the object came from', () => {
    const status = notFound('namespaces', 'dev')
    expect(formatResponse({ kind: 'Pod', name: 'x', code: 404, status }, 'manifests/web.yaml')).toBe(
      'Error from server (NotFound): error when creating "manifests/web.yaml": namespaces "dev" not found',
    )
  })

  it('prints an error without a reason as `Error from server: …`', () => {
    const { reason: _, ...status } = internalError('boom')
    expect(formatResponse({ kind: 'Pod', name: 'x', code: 500, status })).toBe(
      'Error from server: error when creating "STDIN": Internal error occurred: boom',
    )
  })

  it('prints a 422 without causes as the kind and name alone, and one without details as the request', () => {
    const status = invalid('Pod', 'bad', [])
    expect(formatResponse({ kind: 'Pod', name: 'bad', code: 422, status })).toBe('The Pod "bad" is invalid')
    const { details: _, ...bare } = status
    expect(formatResponse({ kind: 'Pod', name: 'bad', code: 422, status: bare })).toBe(
      'The request is invalid',
    )
  })

  it('prints a 422 cause once when the apiserver repeats it', () => {
    const status = invalid('Pod', 'bad', [required('spec.containers'), required('spec.containers')])
    expect(formatResponse({ kind: 'Pod', name: 'bad', code: 422, status })).toBe(
      'The Pod "bad" is invalid: spec.containers: Required value',
    )
  })

  it('prints kubectl’s own error as `error: …`', () => {
    expect(
      formatResponse({
        kind: 'Pod',
        namespace: 'default',
        name: '',
        code: 0,
        error: 'from web-: cannot use generate name with apply',
      }),
    ).toBe('error: from web-: cannot use generate name with apply')
  })
})

describe('formatResponse: the errors as kubectl v1.33 words them (helpers.go checkErr, apply.go AddSourceToErr)', () => {
  const pod = { kind: 'Pod', namespace: 'default', name: 'web' }
  const status422 = invalid('Pod', 'web', [required('spec.containers[0].image', '')])

  it('prints a 422 as "The Pod … is invalid" only when it is the apply’s only error', () => {
    expect(formatResponse({ ...pod, code: 422, status: status422 }, 'web.yaml', true)).toBe(
      'The Pod "web" is invalid: spec.containers[0].image: Required value',
    )
    // Several failed objects: kubectl prints the aggregate, each by StandardErrorMessage.
    expect(formatResponse({ ...pod, code: 422, status: status422 }, 'web.yaml', false)).toBe(
      'Error from server (Invalid): error when creating "web.yaml": Pod "web" is invalid: spec.containers[0].image: Required value',
    )
  })

  it('names the GET when it was refused: "error when retrieving current configuration of"', () => {
    const refused = forbiddenMessage(
      'pods "web" is forbidden: User "alice" cannot get resource "pods" in API group "" in the namespace "default"',
    )
    const r: ObjectResponse = {
      ...pod,
      code: 403,
      status: refused,
      failedRequest: { verb: 'get', resource: 'pods', version: 'v1' },
    }
    expect(formatResponse(r, 'web.yaml')).toBe(
      [
        'Error from server (Forbidden): error when retrieving current configuration of:',
        'Resource: "/v1, Resource=pods", GroupVersionKind: "/v1, Kind=Pod"',
        'Name: "web", Namespace: "default"',
        'from server for: "web.yaml": pods "web" is forbidden: User "alice" cannot get resource "pods" in API group "" in the namespace "default"',
      ].join('\n'),
    )
  })

  it('names the PATCH with the patch it sent: "error when applying patch"', () => {
    const r: ObjectResponse = {
      kind: 'Deployment',
      group: 'apps',
      namespace: 'default',
      name: 'web',
      code: 403,
      status: forbidden('deployments.apps', 'web', 'exceeded quota'),
      failedRequest: {
        verb: 'patch',
        resource: 'deployments',
        version: 'v1',
        patch: '{"spec":{"replicas":9}}',
      },
    }
    expect(formatResponse(r, 'web.yaml')).toBe(
      [
        'Error from server (Forbidden): error when applying patch:',
        '{"spec":{"replicas":9}}',
        'to:',
        'Resource: "apps/v1, Resource=deployments", GroupVersionKind: "apps/v1, Kind=Deployment"',
        'Name: "web", Namespace: "default"',
        'for: "web.yaml": deployments.apps "web" is forbidden: exceeded quota',
      ].join('\n'),
    )
  })

  it('prints a patch’s strict decoding error as "The request is invalid"', () => {
    const status = invalid('', '', [
      invalidValue('patch', 'map[spec:map[x:1]]', 'strict decoding error: unknown field "spec.x"'),
    ])
    expect(formatResponse({ ...pod, code: 422, status }, 'web.yaml')).toBe(
      'The request is invalid: patch: Invalid value: "map[spec:map[x:1]]": strict decoding error: unknown field "spec.x"',
    )
  })

  it('prints a 401 as "You must be logged in to the server"', () => {
    const status = {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'Unauthorized',
      reason: 'Unauthorized',
      code: 401,
    }
    expect(formatResponse({ ...pod, code: 401, status }, 'web.yaml')).toBe(
      'error: You must be logged in to the server (error when creating "web.yaml": Unauthorized)',
    )
  })
})
