import { describe, expect, it } from 'vitest'
import {
  alreadyExists,
  badRequest,
  conflict,
  duplicate,
  type FieldError,
  forbidden,
  forbiddenField,
  forbiddenMessage,
  formatFieldError,
  gone,
  internalError,
  invalid,
  invalidValue,
  methodNotAllowed,
  notFound,
  notSupported,
  required,
  STALE_OBJECT,
  unauthorized,
} from './status'

describe('Status errors', () => {
  it.each([
    [notFound('pods', 'nginx'), 404, 'NotFound', 'pods "nginx" not found'],
    [notFound('namespaces', 'dev'), 404, 'NotFound', 'namespaces "dev" not found'],
    [notFound('deployments', 'web', 'apps'), 404, 'NotFound', 'deployments.apps "web" not found'],
    [alreadyExists('pods', 'nginx'), 409, 'AlreadyExists', 'pods "nginx" already exists'],
    [
      alreadyExists('replicasets', 'web-1', 'apps'),
      409,
      'AlreadyExists',
      'replicasets.apps "web-1" already exists',
    ],
    [
      conflict('pods', 'nginx', STALE_OBJECT),
      409,
      'Conflict',
      'Operation cannot be fulfilled on pods "nginx": the object has been modified; please apply your changes to the latest version and try again',
    ],
    [
      conflict('deployments', 'web', STALE_OBJECT, 'apps'),
      409,
      'Conflict',
      'Operation cannot be fulfilled on deployments.apps "web": the object has been modified; please apply your changes to the latest version and try again',
    ],
    [
      forbidden('pods', 'x', 'unable to create new content in namespace dev because it is being terminated'),
      403,
      'Forbidden',
      'pods "x" is forbidden: unable to create new content in namespace dev because it is being terminated',
    ],
    [
      forbiddenMessage('pods is forbidden: User "bob" cannot list resource "pods"'),
      403,
      'Forbidden',
      'pods is forbidden: User "bob" cannot list resource "pods"',
    ],
    [unauthorized(), 401, 'Unauthorized', 'Unauthorized'],
    [badRequest('bad'), 400, 'BadRequest', 'bad'],
    [methodNotAllowed('no'), 405, 'MethodNotAllowed', 'no'],
    [gone('too old resource version: 5'), 410, 'Expired', 'too old resource version: 5'],
    [internalError('boom'), 500, 'InternalError', 'Internal error occurred: boom'],
  ])('%#: %s %s', (status, code, reason, message) => {
    expect(status).toMatchObject({
      kind: 'Status',
      apiVersion: 'v1',
      status: 'Failure',
      code,
      reason,
      message,
    })
  })

  it('carries details with name, group and kind', () => {
    expect(notFound('deployments', 'web', 'apps').details).toEqual({
      name: 'web',
      group: 'apps',
      kind: 'deployments',
    })
    expect(unauthorized().details).toBeUndefined()
  })
})

describe('field errors', () => {
  it.each<[FieldError, string]>([
    [required('spec.containers[0].image'), 'spec.containers[0].image: Required value'],
    [
      required('metadata.name', 'name or generateName is required'),
      'metadata.name: Required value: name or generateName is required',
    ],
    [
      invalidValue(
        'spec.containers[0].ports[0].containerPort',
        70000,
        'must be between 1 and 65535, inclusive',
      ),
      'spec.containers[0].ports[0].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive',
    ],
    [
      invalidValue('spec.replicas', -1, 'must be greater than or equal to 0'),
      'spec.replicas: Invalid value: -1: must be greater than or equal to 0',
    ],
    [invalidValue('metadata.name', 'Web', 'bad name'), 'metadata.name: Invalid value: "Web": bad name'],
    [invalidValue('spec.hostNetwork', true, 'no'), 'spec.hostNetwork: Invalid value: true: no'],
    [
      notSupported('spec.restartPolicy', 'X', ['a', 'b']),
      'spec.restartPolicy: Unsupported value: "X": supported values: "a", "b"',
    ],
    [duplicate('spec.containers[1].name', 'web'), 'spec.containers[1].name: Duplicate value: "web"'],
    [
      forbiddenField('spec.nodeName', 'may not be set on create'),
      'spec.nodeName: Forbidden: may not be set on create',
    ],
    [
      {
        type: 'FieldValueInvalid',
        field: 'spec.template.metadata.labels',
        badValue: { app: 'x' },
        badValueText: 'map[string]string{"app":"x"}',
        detail: '`selector` does not match template `labels`',
      },
      'spec.template.metadata.labels: Invalid value: map[string]string{"app":"x"}: `selector` does not match template `labels`',
    ],
  ])('%#: %s', (e, want) => {
    expect(formatFieldError(e)).toBe(want)
  })
})

describe('invalid (422)', () => {
  it('prints one cause bare', () => {
    const s = invalid('Pod', 'x', [required('spec.containers[0].image')])
    expect(s).toMatchObject({
      code: 422,
      reason: 'Invalid',
      message: 'Pod "x" is invalid: spec.containers[0].image: Required value',
      details: {
        name: 'x',
        group: '',
        kind: 'Pod',
        causes: [
          { reason: 'FieldValueRequired', message: 'Required value', field: 'spec.containers[0].image' },
        ],
      },
    })
  })

  it('prints several causes in brackets, comma separated', () => {
    const s = invalid('Pod', 'x', [
      required('spec.containers[0].name'),
      required('spec.containers[0].image'),
      notSupported('spec.restartPolicy', 'Sometimes', ['Always', 'OnFailure', 'Never']),
    ])
    expect(s.message).toBe(
      'Pod "x" is invalid: [spec.containers[0].name: Required value, spec.containers[0].image: Required value, spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"]',
    )
    expect(s.details?.causes?.map((c) => c.message)).toEqual([
      'Required value',
      'Required value',
      'Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"',
    ])
  })

  // errors.go NewInvalid prints qualifiedKind.String(): `Deployment.apps "web" is invalid: …`
  // (what kubectl apply shows after `error when creating "x.yaml":`); details.kind stays the Kind.
  it('qualifies the kind with its group in the message, not in details.kind', () => {
    const s = invalid('Deployment', 'web', [required('spec.selector')], 'apps')
    expect(s.message).toBe('Deployment.apps "web" is invalid: spec.selector: Required value')
    expect(s.details).toMatchObject({ kind: 'Deployment', group: 'apps', name: 'web' })
  })
})
