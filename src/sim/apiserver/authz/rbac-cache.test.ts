/**
 * The RBAC authorizer's per-user cache: what applies to a user is derived once and reused while no
 * RBAC object changes, and derived again as soon as one does (the watch caches' versions).
 */
import { describe, expect, it } from 'vitest'
import type { KubeObject } from '../../../api/types'
import type { UserInfo } from '../authn'
import { RBAC_GROUP, RbacAuthorizer } from './rbac'
import { listerOf } from './testing/lister'
import type { Attributes, Lister, PolicyRule, Subject } from './types'

const V1 = `${RBAC_GROUP}/v1`
const role = (name: string, rules: PolicyRule[]): KubeObject =>
  ({ apiVersion: V1, kind: 'Role', metadata: { name, namespace: 'default' }, rules }) as KubeObject
const roleBinding = (name: string, roleName: string, subjects: Subject[]): KubeObject =>
  ({
    apiVersion: V1,
    kind: 'RoleBinding',
    metadata: { name, namespace: 'default' },
    roleRef: { apiGroup: RBAC_GROUP, kind: 'Role', name: roleName },
    subjects,
  }) as KubeObject
const clusterRoleBinding = (name: string, roleName: string, subjects: Subject[]): KubeObject =>
  ({
    apiVersion: V1,
    kind: 'ClusterRoleBinding',
    metadata: { name },
    roleRef: { apiGroup: RBAC_GROUP, kind: 'ClusterRole', name: roleName },
    subjects,
  }) as KubeObject
const clusterRole = (name: string, rules: PolicyRule[]): KubeObject =>
  ({ apiVersion: V1, kind: 'ClusterRole', metadata: { name }, rules }) as KubeObject

const createPods: Attributes = {
  verb: 'create',
  apiGroup: '',
  resource: 'pods',
  subresource: '',
  namespace: 'default',
  name: '',
}
const alice: UserInfo = Object.freeze({ name: 'alice', groups: Object.freeze(['system:authenticated']) })
const aliceSubject: Subject = { kind: 'User', name: 'alice' }
const podWriter = role('pod-writer', [{ verbs: ['create'], apiGroups: [''], resources: ['pods'] }])

/** A lister over objects that change, with a version per resource as the watch caches keep. */
function changingLister(initial: KubeObject[]) {
  let objects = initial
  let version = 0
  let lists = 0
  const lister: Lister = {
    get: (g, r, ns, name) => listerOf(objects).get(g, r, ns, name),
    list: (g, r, ns) => {
      lists++
      return listerOf(objects).list(g, r, ns)
    },
    version: () => version,
  }
  return {
    lister,
    set(next: KubeObject[]) {
      objects = next
      version++
    },
    get lists() {
      return lists
    },
  }
}

describe('RbacAuthorizer cache', () => {
  it('reuses what applies to a user while nothing changes', () => {
    const l = changingLister([podWriter, roleBinding('alice-pods', 'pod-writer', [aliceSubject])])
    const rbac = new RbacAuthorizer(l.lister)
    expect(rbac.authorize(alice, createPods).allowed).toBe(true)
    const after = l.lists
    for (let i = 0; i < 5; i++) expect(rbac.authorize(alice, createPods).allowed).toBe(true)
    expect(l.lists).toBe(after)
  })

  it('sees a binding that loses its subject', () => {
    const l = changingLister([podWriter, roleBinding('alice-pods', 'pod-writer', [aliceSubject])])
    const rbac = new RbacAuthorizer(l.lister)
    expect(rbac.authorize(alice, createPods).allowed).toBe(true)
    l.set([podWriter, roleBinding('alice-pods', 'pod-writer', [{ kind: 'User', name: 'bob' }])])
    expect(rbac.authorize(alice, createPods)).toEqual({ allowed: false, reason: '' })
  })

  it('sees a role whose rules change', () => {
    const binding = roleBinding('alice-pods', 'pod-writer', [aliceSubject])
    const l = changingLister([podWriter, binding])
    const rbac = new RbacAuthorizer(l.lister)
    expect(rbac.authorize(alice, createPods).allowed).toBe(true)
    l.set([role('pod-writer', [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }]), binding])
    expect(rbac.authorize(alice, createPods).allowed).toBe(false)
    l.set([podWriter, binding])
    expect(rbac.authorize(alice, createPods).allowed).toBe(true)
  })

  it('sees a missing role appear, and a new ClusterRoleBinding', () => {
    const binding = roleBinding('alice-pods', 'pod-writer', [aliceSubject])
    const l = changingLister([binding])
    const rbac = new RbacAuthorizer(l.lister)
    expect(rbac.authorize(alice, createPods)).toEqual({
      allowed: false,
      reason: `RBAC: role.${RBAC_GROUP} "pod-writer" not found`,
    })
    l.set([binding, podWriter])
    expect(rbac.authorize(alice, createPods).reason).toContain('RoleBinding "alice-pods/default"')
    const admin = clusterRole('admin', [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }])
    l.set([binding, podWriter, admin, clusterRoleBinding('alice-admin', 'admin', [aliceSubject])])
    // ClusterRoleBindings are visited first.
    expect(rbac.authorize(alice, createPods).reason).toContain('ClusterRoleBinding "alice-admin"')
  })

  it('decides as the uncached walk does, per user and namespace', () => {
    const objects = [
      podWriter,
      roleBinding('alice-pods', 'pod-writer', [aliceSubject]),
      roleBinding('dangling', 'nope', [{ kind: 'Group', name: 'system:authenticated' }]),
      clusterRole('reader', [{ verbs: ['get', 'list'], apiGroups: ['*'], resources: ['*'] }]),
      clusterRoleBinding('everyone-reads', 'reader', [{ kind: 'Group', name: 'system:authenticated' }]),
    ]
    const cached = new RbacAuthorizer(changingLister(objects).lister)
    const uncached = new RbacAuthorizer(listerOf(objects))
    const bob: UserInfo = { name: 'bob', groups: ['system:authenticated'] }
    for (const user of [alice, bob, alice])
      for (const namespace of ['default', 'other', ''])
        for (const verb of ['create', 'get', 'delete']) {
          const attrs = { ...createPods, namespace, verb }
          expect(cached.authorize(user, attrs)).toEqual(uncached.authorize(user, attrs))
        }
  })
})
