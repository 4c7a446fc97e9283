import { describe, expect, it } from 'vitest'
import type { KubeObject } from '../../api/types'
import { MvccStore } from '../etcd/mvcc'
import { decode, encode, forgetDecoded } from './codec'

const pod = (phase: string): KubeObject =>
  ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web', namespace: 'default', resourceVersion: '99' },
    status: { phase },
  }) as KubeObject

describe('codec', () => {
  it('stores without resourceVersion and serves with the revision, one shared frozen copy per revision', () => {
    const store = new MvccStore()
    const kv = store.put('/registry/pods/default/web', encode(pod('Pending')))
    expect((kv.value as KubeObject).metadata?.resourceVersion).toBeUndefined()
    const obj = decode(kv)
    expect(obj.metadata?.resourceVersion).toBe(String(kv.modRevision))
    expect(Object.isFrozen(obj)).toBe(true)
    expect(decode(kv)).toBe(obj)
  })

  it('decodes a forgotten revision again, to an equal copy', () => {
    const store = new MvccStore()
    const first = store.put('/registry/pods/default/web', encode(pod('Pending')))
    store.put('/registry/pods/default/web', encode(pod('Running')))
    const before = decode(first)
    forgetDecoded(first)
    const again = decode(first)
    expect(again).not.toBe(before)
    expect(again).toEqual(before)
    expect(decode(first)).toBe(again)
  })
})
