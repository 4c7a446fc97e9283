import { describe, expect, it } from 'vitest'
import type { Status } from '../types'
import { formatApplyResult } from './apply-output'

describe('formatApplyResult', () => {
  it('prints a request that got no answer (a lost connection) as a client error, with its source', () => {
    const status = {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message:
        'Post "https://172.18.0.2:6443/api/v1/namespaces/default/pods?fieldManager=kubectl-client-side-apply&fieldValidation=Strict": http2: client connection lost',
      code: 0,
    } as Status
    expect(formatApplyResult({ kind: 'Pod', name: 'web', namespace: 'default', status })).toBe(
      'error: error when creating "STDIN": Post "https://172.18.0.2:6443/api/v1/namespaces/default/pods?fieldManager=kubectl-client-side-apply&fieldValidation=Strict": http2: client connection lost',
    )
  })
})
