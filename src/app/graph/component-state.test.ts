import { describe, expect, it } from 'vitest'
import { translator } from '../i18n/i18n'
import { indexOf, makePod, podRevision, revisionOf } from '../model/testing'
import { componentState, isControlComponent } from './component-state'

const index = indexOf([
  // In write order, as etcd numbers them.
  revisionOf('nodes', 'worker-1', -1, { kind: 'Node' }, 'minions'),
  revisionOf('deployments', 'web', 5, { kind: 'Deployment' }, 'deployments/default'),
  revisionOf('replicasets', 'web-5fff6c8fd', 8, { kind: 'ReplicaSet' }, 'replicasets/default'),
  podRevision('web-1', 10, makePod({ name: 'web-1' })),
  podRevision('web-2', 11, makePod({ name: 'web-2' })),
  podRevision('web-1', 20, makePod({ name: 'web-1', nodeName: 'worker-1' })),
])

describe('componentState', () => {
  it.each([
    ['kube-scheduler', 0, 'no Pods to place'],
    ['kube-scheduler', 11, '2 unscheduled Pods'],
    ['kube-scheduler', 20, '1 unscheduled Pod'],
    ['kube-apiserver', -2, 'no writes yet'],
    ['kube-apiserver', 11, 'create pods/web-2'],
    ['kube-apiserver', 20, 'update pods/web-1'],
    ['kube-controller-manager', 0, '0 Deployments · 0 ReplicaSets'],
    ['kube-controller-manager', 9, '1 Deployment · 1 ReplicaSet'],
    ['kubectl', 0, 'you, at the terminal'],
    ['registry', 0, 'image registry'],
  ] as const)('%s at %d ms: %s', (id, atMs, text) => {
    expect(componentState(id, index, atMs)).toBe(text)
  })

  it('shows etcd’s revision and live keys', () => {
    const first = index.get('/registry/minions/worker-1')?.[0]?.revision
    expect(componentState('etcd', index, -1)).toBe(`revision ${first} · 1 key`)
    expect(componentState('etcd', index, 20)).toMatch(/^revision \d+ · 5 keys$/)
  })

  it('shortens a long name in the apiserver’s last write to fit its box', () => {
    const long = indexOf([podRevision('web-5fff6c8fd-trlsj-extra-long', 1, makePod({ name: 'x' }))])
    const text = componentState('kube-apiserver', long, 1)
    expect(text).toBe('create pods/web-5f…ra-long')
    expect(text.length).toBeLessThanOrEqual(26)
  })

  it('says the state lines in Chinese when asked', () => {
    const zh = translator('zh')
    expect(componentState('kubectl', index, 0, zh)).toBe('你，在终端前')
    expect(componentState('kube-scheduler', index, 0, zh)).toBe('没有待调度的 Pod')
    expect(componentState('kube-scheduler', index, 11, zh)).toBe('2 个未调度的 Pod')
    expect(componentState('kube-controller-manager', index, 9, zh)).toBe('Deployment 1 · ReplicaSet 1')
    expect(componentState('etcd', index, 20, zh)).toMatch(/^rev \d+ · 5 个 key$/)
  })

  it('knows the control components', () => {
    expect(isControlComponent('etcd')).toBe(true)
    expect(isControlComponent('kubelet/worker-1')).toBe(false)
  })
})
