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
