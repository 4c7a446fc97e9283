import { describe, expect, it } from 'vitest'
import type { KubeObject } from '../../../api/types'
import type { UserInfo } from '../authn'
import { bootstrapPolicy } from './bootstrap-policy'
import { RBAC_GROUP, RbacAuthorizer, ruleAllows } from './rbac'
import { listerOf } from './testing/lister'
import type { Attributes, PolicyRule, Subject } from './types'

const V1 = `${RBAC_GROUP}/v1`
const role = (name: string, namespace: string, rules: PolicyRule[]): KubeObject =>
  ({ apiVersion: V1, kind: 'Role', metadata: { name, namespace }, rules }) as KubeObject
const clusterRole = (name: string, rules: PolicyRule[]): KubeObject =>
  ({ apiVersion: V1, kind: 'ClusterRole', metadata: { name }, rules }) as KubeObject
const roleBinding = (
  name: string,
  namespace: string,
  roleRef: { kind: 'Role' | 'ClusterRole'; name: string },
  subjects: Subject[],
): KubeObject =>
  ({
    apiVersion: V1,
    kind: 'RoleBinding',
    metadata: { name, namespace },
    roleRef: { apiGroup: RBAC_GROUP, ...roleRef },
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

const req = (over: Partial<Attributes> = {}): Attributes => ({
  verb: 'create',
  apiGroup: '',
  resource: 'pods',
  subresource: '',
  namespace: 'default',
  name: '',
  ...over,
})
const alice: UserInfo = { name: 'alice', groups: ['dev', 'system:authenticated'] }

describe('ruleAllows (rbac.go RuleAllows)', () => {
  const rule = (r: Partial<PolicyRule>): PolicyRule => ({
    verbs: ['get'],
    apiGroups: [''],
    resources: ['pods'],
    ...r,
  })
  it.each<[string, PolicyRule, Partial<Attributes>, boolean]>([
    ['exact verb, group, resource', rule({}), { verb: 'get' }, true],
    ['another verb', rule({}), { verb: 'delete' }, false],
    ['verb *', rule({ verbs: ['*'] }), { verb: 'delete' }, true],
    ['another group', rule({}), { verb: 'get', apiGroup: 'apps' }, false],
    ['group *', rule({ apiGroups: ['*'] }), { verb: 'get', apiGroup: 'apps' }, true],
    ['no apiGroups at all', rule({ apiGroups: [] }), { verb: 'get' }, false],
    ['another resource', rule({}), { verb: 'get', resource: 'nodes' }, false],
    ['resource *', rule({ resources: ['*'] }), { verb: 'get', resource: 'nodes' }, true],
    [
      'resource * covers subresources',
      rule({ resources: ['*'] }),
      { verb: 'get', subresource: 'status' },
      true,
    ],
    ['pods does not cover pods/status', rule({}), { verb: 'get', subresource: 'status' }, false],
    ['pods/status', rule({ resources: ['pods/status'] }), { verb: 'get', subresource: 'status' }, true],
    ['pods/status is not pods', rule({ resources: ['pods/status'] }), { verb: 'get' }, false],
    [
      '*/status',
      rule({ resources: ['*/status'] }),
      { verb: 'get', resource: 'nodes', subresource: 'status' },
      true,
    ],
    [
      '*/status is not */binding',
      rule({ resources: ['*/status'] }),
      { verb: 'get', subresource: 'binding' },
      false,
    ],
    ['*/status is not a whole resource', rule({ resources: ['*/status'] }), { verb: 'get' }, false],
    ['resourceNames: the named one', rule({ resourceNames: ['web'] }), { verb: 'get', name: 'web' }, true],
    ['resourceNames: another', rule({ resourceNames: ['web'] }), { verb: 'get', name: 'db' }, false],
    ['resourceNames: a collection', rule({ resourceNames: ['web'] }), { verb: 'list', name: '' }, false],
    ['empty resourceNames: any', rule({ resourceNames: [] }), { verb: 'get', name: 'db' }, true],
    [
      'nonResourceURLs exact',
      { verbs: ['get'], nonResourceURLs: ['/healthz'] },
      { verb: 'get', resource: '', path: '/healthz' },
      true,
    ],
    [
      'nonResourceURLs prefix*',
      { verbs: ['get'], nonResourceURLs: ['/apis/*'] },
      { verb: 'get', resource: '', path: '/apis/apps/v1' },
      true,
    ],
    [
      'nonResourceURLs do not grant resources',
      { verbs: ['get'], nonResourceURLs: ['*'] },
      { verb: 'get' },
      false,
    ],
    [
      'resource rules do not grant paths',
      { verbs: ['get'], apiGroups: ['*'], resources: ['*'] },
      { verb: 'get', resource: '', path: '/healthz' },
      false,
    ],
  ])('%s', (_, r, over, allowed) => {
    expect(ruleAllows(req(over), r)).toBe(allowed)
  })
})

describe('RbacAuthorizer', () => {
  const podReader = clusterRole('pod-reader', [
    { verbs: ['get', 'list'], apiGroups: [''], resources: ['pods'] },
  ])
  const podCreator = role('pod-creator', 'dev', [{ verbs: ['create'], apiGroups: [''], resources: ['pods'] }])

  it.each<[string, KubeObject[], UserInfo, Partial<Attributes>, string | false]>([
    [
      'ClusterRoleBinding to a User',
      [podReader, clusterRoleBinding('read-pods', 'pod-reader', [{ kind: 'User', name: 'alice' }])],
      alice,
      { verb: 'list' },
      'RBAC: allowed by ClusterRoleBinding "read-pods" of ClusterRole "pod-reader" to User "alice"',
    ],
    [
      'ClusterRoleBinding to a Group',
      [podReader, clusterRoleBinding('read-pods', 'pod-reader', [{ kind: 'Group', name: 'dev' }])],
      alice,
      { verb: 'get', name: 'x', namespace: 'other' },
      'RBAC: allowed by ClusterRoleBinding "read-pods" of ClusterRole "pod-reader" to Group "dev"',
    ],
    [
      'ClusterRoleBinding to a ServiceAccount',
      [
        podReader,
        clusterRoleBinding('read-pods', 'pod-reader', [
          { kind: 'ServiceAccount', name: 'robot', namespace: 'ci' },
        ]),
      ],
      { name: 'system:serviceaccount:ci:robot', groups: [] },
      { verb: 'list' },
      'RBAC: allowed by ClusterRoleBinding "read-pods" of ClusterRole "pod-reader" to ServiceAccount "robot/ci"',
    ],
    [
      'a ServiceAccount of another namespace',
      [
        podReader,
        clusterRoleBinding('read-pods', 'pod-reader', [
          { kind: 'ServiceAccount', name: 'robot', namespace: 'ci' },
        ]),
      ],
      { name: 'system:serviceaccount:dev:robot', groups: [] },
      { verb: 'list' },
      false,
    ],
    [
      'the group system:serviceaccounts:<ns>',
      [
        podReader,
        clusterRoleBinding('ci-sas', 'pod-reader', [{ kind: 'Group', name: 'system:serviceaccounts:ci' }]),
      ],
      {
        name: 'system:serviceaccount:ci:robot',
        groups: ['system:serviceaccounts', 'system:serviceaccounts:ci'],
      },
      { verb: 'list' },
      'RBAC: allowed by ClusterRoleBinding "ci-sas" of ClusterRole "pod-reader" to Group "system:serviceaccounts:ci"',
    ],
    [
      'RoleBinding of a Role, in its namespace',
      [
        podCreator,
        roleBinding('alice-creates', 'dev', { kind: 'Role', name: 'pod-creator' }, [
          { kind: 'User', name: 'alice' },
        ]),
      ],
      alice,
      { namespace: 'dev' },
      'RBAC: allowed by RoleBinding "alice-creates/dev" of Role "pod-creator" to User "alice"',
    ],
    [
      'RoleBinding of a Role, in another namespace',
      [
        podCreator,
        roleBinding('alice-creates', 'dev', { kind: 'Role', name: 'pod-creator' }, [
          { kind: 'User', name: 'alice' },
        ]),
      ],
      alice,
      { namespace: 'default' },
      false,
    ],
    [
      'RoleBinding, for a cluster-scoped request',
      [
        clusterRole('node-reader', [{ verbs: ['get'], apiGroups: [''], resources: ['nodes'] }]),
        roleBinding('nodes', 'dev', { kind: 'ClusterRole', name: 'node-reader' }, [
          { kind: 'User', name: 'alice' },
        ]),
      ],
      alice,
      { verb: 'get', resource: 'nodes', namespace: '', name: 'worker-1' },
      false,
    ],
    [
      'RoleBinding of a ClusterRole grants it in the binding namespace only',
      [
        podReader,
        roleBinding('read', 'dev', { kind: 'ClusterRole', name: 'pod-reader' }, [
          { kind: 'Group', name: 'dev' },
        ]),
      ],
      alice,
      { verb: 'get', namespace: 'dev', name: 'web' },
      'RBAC: allowed by RoleBinding "read/dev" of ClusterRole "pod-reader" to Group "dev"',
    ],
    [
      'RoleBinding of a ClusterRole, another namespace',
      [
        podReader,
        roleBinding('read', 'dev', { kind: 'ClusterRole', name: 'pod-reader' }, [
          { kind: 'Group', name: 'dev' },
        ]),
      ],
      alice,
      { verb: 'get', namespace: 'prod', name: 'web' },
      false,
    ],
    [
      'RoleBinding ServiceAccount subject without namespace: the binding namespace',
      [
        podCreator,
        roleBinding('robot', 'dev', { kind: 'Role', name: 'pod-creator' }, [
          { kind: 'ServiceAccount', name: 'robot' },
        ]),
      ],
      { name: 'system:serviceaccount:dev:robot', groups: [] },
      { namespace: 'dev' },
      'RBAC: allowed by RoleBinding "robot/dev" of Role "pod-creator" to ServiceAccount "robot/dev"',
    ],
    [
      'ClusterRoleBinding ServiceAccount subject without namespace: matches nothing',
      [podReader, clusterRoleBinding('robot', 'pod-reader', [{ kind: 'ServiceAccount', name: 'robot' }])],
      { name: 'system:serviceaccount:default:robot', groups: [] },
      { verb: 'list' },
      false,
    ],
    [
      'resourceNames',
      [
        clusterRole('one-pod', [
          { verbs: ['get'], apiGroups: [''], resources: ['pods'], resourceNames: ['web'] },
        ]),
        clusterRoleBinding('one-pod', 'one-pod', [{ kind: 'User', name: 'alice' }]),
      ],
      alice,
      { verb: 'get', name: 'db' },
      false,
    ],
    [
      'a subresource needs its own rule',
      [podReader, clusterRoleBinding('read-pods', 'pod-reader', [{ kind: 'User', name: 'alice' }])],
      alice,
      { verb: 'get', name: 'web', subresource: 'status' },
      false,
    ],
    [
      'the first binding that allows is reported (ClusterRoleBindings before RoleBindings)',
      [
        podReader,
        roleBinding('read', 'default', { kind: 'ClusterRole', name: 'pod-reader' }, [
          { kind: 'User', name: 'alice' },
        ]),
        clusterRoleBinding('read-pods', 'pod-reader', [{ kind: 'Group', name: 'system:authenticated' }]),
      ],
      alice,
      { verb: 'get', name: 'web' },
      'RBAC: allowed by ClusterRoleBinding "read-pods" of ClusterRole "pod-reader" to Group "system:authenticated"',
    ],
    ['no bindings at all', [podReader], alice, {}, false],
  ])('%s', (_, objects, user, over, expected) => {
    const d = new RbacAuthorizer(listerOf(objects)).authorize(user, req(over))
    if (expected === false) expect(d).toEqual({ allowed: false, reason: '' })
    else expect(d).toMatchObject({ allowed: true, authorizer: 'RBAC', reason: expected })
  })

  it('reports the binding, role, subject and rule that allowed', () => {
    const rule: PolicyRule = { verbs: ['create'], apiGroups: [''], resources: ['pods'] }
    const d = new RbacAuthorizer(
      listerOf([
        role('pod-creator', 'dev', [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }, rule]),
        roleBinding('alice-creates', 'dev', { kind: 'Role', name: 'pod-creator' }, [
          { kind: 'User', name: 'bob' },
          { kind: 'User', name: 'alice' },
        ]),
      ]),
    ).authorize(alice, req({ namespace: 'dev' }))
    expect(d.grant).toEqual({
      binding: { kind: 'RoleBinding', name: 'alice-creates', namespace: 'dev' },
      role: { kind: 'Role', name: 'pod-creator' },
      subject: { kind: 'User', name: 'alice' },
      rule,
    })
  })

  it.each<[string, KubeObject[], string]>([
    [
      'a Role',
      [roleBinding('b', 'default', { kind: 'Role', name: 'x' }, [{ kind: 'User', name: 'alice' }])],
      'RBAC: role.rbac.authorization.k8s.io "x" not found',
    ],
    [
      'a ClusterRole',
      [clusterRoleBinding('b', 'y', [{ kind: 'User', name: 'alice' }])],
      'RBAC: clusterrole.rbac.authorization.k8s.io "y" not found',
    ],
    [
      'two roles',
      [
        clusterRoleBinding('b', 'y', [{ kind: 'User', name: 'alice' }]),
        roleBinding('b', 'default', { kind: 'Role', name: 'x' }, [{ kind: 'User', name: 'alice' }]),
      ],
      'RBAC: [clusterrole.rbac.authorization.k8s.io "y" not found, role.rbac.authorization.k8s.io "x" not found]',
    ],
  ])('a binding to a missing role (%s) denies with the lookup error as reason', (_, objects, reason) => {
    expect(new RbacAuthorizer(listerOf(objects)).authorize(alice, req())).toEqual({ allowed: false, reason })
  })

  it('a binding to a missing role of another subject adds nothing', () => {
    const objects = [clusterRoleBinding('b', 'y', [{ kind: 'User', name: 'bob' }])]
    expect(new RbacAuthorizer(listerOf(objects)).authorize(alice, req())).toEqual({
      allowed: false,
      reason: '',
    })
  })

  describe('the bootstrap policy', () => {
    const rbac = new RbacAuthorizer(listerOf(bootstrapPolicy()))
    const sa = (name: string): UserInfo => ({
      name: `system:serviceaccount:kube-system:${name}`,
      groups: ['system:serviceaccounts', 'system:serviceaccounts:kube-system', 'system:authenticated'],
    })
    const admin: UserInfo = {
      name: 'kubernetes-admin',
      groups: ['kubeadm:cluster-admins', 'system:authenticated'],
    }
    const scheduler: UserInfo = { name: 'system:kube-scheduler', groups: ['system:authenticated'] }
    const kcm: UserInfo = { name: 'system:kube-controller-manager', groups: ['system:authenticated'] }

    it.each<[string, UserInfo, Partial<Attributes>, string | false]>([
      [
        'the kubeadm admin: anything',
        admin,
        { verb: 'delete', resource: 'nodes', namespace: '', name: 'worker-1' },
        'RBAC: allowed by ClusterRoleBinding "kubeadm:cluster-admins" of ClusterRole "cluster-admin" to Group "kubeadm:cluster-admins"',
      ],
      [
        'the scheduler binds',
        scheduler,
        { subresource: 'binding', name: 'web' },
        'RBAC: allowed by ClusterRoleBinding "system:kube-scheduler" of ClusterRole "system:kube-scheduler" to User "system:kube-scheduler"',
      ],
      [
        'the scheduler patches pods/status',
        scheduler,
        { verb: 'patch', subresource: 'status', name: 'web' },
        'RBAC: allowed by ClusterRoleBinding "system:kube-scheduler" of ClusterRole "system:kube-scheduler" to User "system:kube-scheduler"',
      ],
      [
        'the scheduler records events.k8s.io Events',
        scheduler,
        { apiGroup: 'events.k8s.io', resource: 'events' },
        'RBAC: allowed by ClusterRoleBinding "system:kube-scheduler" of ClusterRole "system:kube-scheduler" to User "system:kube-scheduler"',
      ],
      ['the scheduler does not create pods', scheduler, {}, false],
      [
        'the scheduler does not update nodes',
        scheduler,
        { verb: 'update', resource: 'nodes', namespace: '', name: 'worker-1' },
        false,
      ],
      [
        'the controller-manager lists anything',
        kcm,
        { verb: 'list', apiGroup: 'apps', resource: 'deployments', namespace: '' },
        'RBAC: allowed by ClusterRoleBinding "system:kube-controller-manager" of ClusterRole "system:kube-controller-manager" to User "system:kube-controller-manager"',
      ],
      ['the controller-manager itself creates no pods', kcm, {}, false],
      [
        'the deployment controller creates ReplicaSets',
        sa('deployment-controller'),
        { apiGroup: 'apps', resource: 'replicasets' },
        'RBAC: allowed by ClusterRoleBinding "system:controller:deployment-controller" of ClusterRole "system:controller:deployment-controller" to ServiceAccount "deployment-controller/kube-system"',
      ],
      [
        'the deployment controller updates deployments/status',
        sa('deployment-controller'),
        { verb: 'update', apiGroup: 'apps', resource: 'deployments', subresource: 'status', name: 'web' },
        'RBAC: allowed by ClusterRoleBinding "system:controller:deployment-controller" of ClusterRole "system:controller:deployment-controller" to ServiceAccount "deployment-controller/kube-system"',
      ],
      ['the deployment controller creates no pods', sa('deployment-controller'), {}, false],
      [
        'the replicaset controller creates pods',
        sa('replicaset-controller'),
        {},
        'RBAC: allowed by ClusterRoleBinding "system:controller:replicaset-controller" of ClusterRole "system:controller:replicaset-controller" to ServiceAccount "replicaset-controller/kube-system"',
      ],
      [
        'the garbage collector deletes anything',
        sa('generic-garbage-collector'),
        { verb: 'delete', apiGroup: 'apps', resource: 'replicasets', name: 'web-1' },
        'RBAC: allowed by ClusterRoleBinding "system:controller:generic-garbage-collector" of ClusterRole "system:controller:generic-garbage-collector" to ServiceAccount "generic-garbage-collector/kube-system"',
      ],
      [
        'the garbage collector creates nothing',
        sa('generic-garbage-collector'),
        { apiGroup: 'apps', resource: 'replicasets' },
        false,
      ],
      [
        'any authenticated user: discovery',
        alice,
        { verb: 'get', resource: '', path: '/apis/apps/v1' },
        'RBAC: allowed by ClusterRoleBinding "system:discovery" of ClusterRole "system:discovery" to Group "system:authenticated"',
      ],
      [
        'anyone: /version',
        { name: 'system:anonymous', groups: ['system:unauthenticated'] },
        { verb: 'get', resource: '', path: '/version' },
        'RBAC: allowed by ClusterRoleBinding "system:public-info-viewer" of ClusterRole "system:public-info-viewer" to Group "system:unauthenticated"',
      ],
      [
        'anonymous: no pods',
        { name: 'system:anonymous', groups: ['system:unauthenticated'] },
        { verb: 'list' },
        false,
      ],
      ['alice: no pods', alice, {}, false],
    ])('%s', (_, user, over, expected) => {
      const d = rbac.authorize(user, req(over))
      if (expected === false) expect(d).toEqual({ allowed: false, reason: '' })
      else expect(d).toMatchObject({ allowed: true, reason: expected })
    })
  })
})
