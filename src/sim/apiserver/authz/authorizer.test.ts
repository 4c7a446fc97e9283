import { describe, expect, it } from 'vitest'
import type { KubeObject } from '../../../api/types'
import { makePod } from '../../testing/builders'
import type { UserInfo } from '../authn'
import { AuthorizerChain, forbiddenText } from './authorizer'
import { bootstrapPolicy } from './bootstrap-policy'
import { NodeAuthorizer, nodeName } from './node'
import { listerOf } from './testing/lister'
import type { Attributes } from './types'

const req = (over: Partial<Attributes> = {}): Attributes => ({
  verb: 'create',
  apiGroup: '',
  resource: 'pods',
  subresource: '',
  namespace: 'default',
  name: '',
  ...over,
})
const alice: UserInfo = { name: 'alice', groups: ['system:authenticated'] }

describe('forbiddenText (responsewriters/errors.go forbiddenMessage)', () => {
  it.each<[string, Partial<Attributes>, string, string]>([
    [
      'namespaced collection',
      {},
      '',
      'pods is forbidden: User "alice" cannot create resource "pods" in API group "" in the namespace "default"',
    ],
    [
      'cluster scope',
      { verb: 'list', resource: 'nodes', namespace: '' },
      '',
      'nodes is forbidden: User "alice" cannot list resource "nodes" in API group "" at the cluster scope',
    ],
    [
      'named object, subresource, group',
      { verb: 'update', apiGroup: 'apps', resource: 'deployments', subresource: 'status', name: 'web' },
      '',
      'deployments.apps "web" is forbidden: User "alice" cannot update resource "deployments/status" in API group "apps" in the namespace "default"',
    ],
    [
      'named pod subresource, core group',
      { verb: 'create', resource: 'pods', subresource: 'eviction', name: 'nginx' },
      '',
      'pods "nginx" is forbidden: User "alice" cannot create resource "pods/eviction" in API group "" in the namespace "default"',
    ],
    [
      'non-resource URL',
      { verb: 'get', resource: '', path: '/metrics' },
      '',
      'forbidden: User "alice" cannot get path "/metrics"',
    ],
    [
      'with the authorizer reason',
      {},
      'RBAC: role.rbac.authorization.k8s.io "x" not found',
      'pods is forbidden: User "alice" cannot create resource "pods" in API group "" in the namespace "default": RBAC: role.rbac.authorization.k8s.io "x" not found',
    ],
  ])('%s', (_, over, reason, text) => {
    expect(forbiddenText(alice, req(over), reason)).toBe(text)
  })
})

describe('AuthorizerChain (SystemPrivilegedGroup, Node, RBAC)', () => {
  const chain = new AuthorizerChain(listerOf(bootstrapPolicy()))

  it('denies a user without bindings, with no reason', () => {
    expect(chain.authorize(alice, req())).toEqual({ allowed: false, reason: '' })
  })

  it('allows system:masters before RBAC, with no reason', () => {
    expect(chain.authorize({ name: 'root', groups: ['system:masters'] }, req())).toEqual({
      allowed: true,
      reason: '',
      authorizer: 'SystemPrivilegedGroup',
    })
  })

  it('allows a kubelet through the Node authorizer, with no reason', () => {
    const kubelet = { name: 'system:node:worker-1', groups: ['system:nodes', 'system:authenticated'] }
    expect(chain.authorize(kubelet, req({ verb: 'list', namespace: '' }))).toEqual({
      allowed: true,
      reason: '',
      authorizer: 'Node',
    })
  })

  it('lets RBAC decide what the Node authorizer does not allow', () => {
    const kubelet = { name: 'system:node:worker-1', groups: ['system:nodes', 'system:authenticated'] }
    expect(chain.authorize(kubelet, req({ verb: 'get', resource: '', path: '/healthz' }))).toMatchObject({
      allowed: true,
      authorizer: 'RBAC',
    })
    expect(chain.authorize(kubelet, req())).toEqual({ allowed: false, reason: '' })
  })
})

describe('NodeAuthorizer (simplified node_authorizer.go)', () => {
  const kubelet: UserInfo = { name: 'system:node:worker-1', groups: ['system:nodes', 'system:authenticated'] }
  const mine = makePod('mine').nodeName('worker-1').build() as KubeObject
  const theirs = makePod('theirs').nodeName('worker-2').build() as KubeObject
  const node = new NodeAuthorizer(listerOf([mine, theirs]))

  it.each<[string, UserInfo, Partial<Attributes>, boolean]>([
    ['watches pods', kubelet, { verb: 'watch', namespace: '' }, true],
    ['gets its own pod', kubelet, { verb: 'get', name: 'mine' }, true],
    ['gets a pod that is gone (the handler answers 404)', kubelet, { verb: 'get', name: 'gone' }, true],
    ['not a pod of another node', kubelet, { verb: 'get', name: 'theirs' }, false],
    ['patches its pod status', kubelet, { verb: 'patch', name: 'mine', subresource: 'status' }, true],
    [
      'not the status of another node’s pod',
      kubelet,
      { verb: 'patch', name: 'theirs', subresource: 'status' },
      false,
    ],
    ['deletes its pod', kubelet, { verb: 'delete', name: 'mine' }, true],
    ['does not create pods', kubelet, {}, false],
    ['does not update pod specs', kubelet, { verb: 'update', name: 'mine' }, false],
    ['creates events', kubelet, { resource: 'events' }, true],
    [
      'patches events.k8s.io events',
      kubelet,
      { verb: 'patch', apiGroup: 'events.k8s.io', resource: 'events', name: 'e' },
      true,
    ],
    ['lists nodes', kubelet, { verb: 'list', resource: 'nodes', namespace: '' }, true],
    [
      'patches its node status',
      kubelet,
      { verb: 'patch', resource: 'nodes', subresource: 'status', namespace: '', name: 'worker-1' },
      true,
    ],
    [
      'not another node status',
      kubelet,
      { verb: 'patch', resource: 'nodes', subresource: 'status', namespace: '', name: 'worker-2' },
      false,
    ],
    [
      'updates its own lease',
      kubelet,
      {
        verb: 'update',
        apiGroup: 'coordination.k8s.io',
        resource: 'leases',
        namespace: 'kube-node-lease',
        name: 'worker-1',
      },
      true,
    ],
    [
      'not another node’s lease',
      kubelet,
      {
        verb: 'update',
        apiGroup: 'coordination.k8s.io',
        resource: 'leases',
        namespace: 'kube-node-lease',
        name: 'worker-2',
      },
      false,
    ],
    [
      'not a lease elsewhere',
      kubelet,
      {
        verb: 'get',
        apiGroup: 'coordination.k8s.io',
        resource: 'leases',
        namespace: 'default',
        name: 'worker-1',
      },
      false,
    ],
    ['gets a secret', kubelet, { verb: 'get', resource: 'secrets', name: 's' }, true],
    ['does not list secrets', kubelet, { verb: 'list', resource: 'secrets' }, false],
    [
      'does not touch deployments',
      kubelet,
      { verb: 'get', apiGroup: 'apps', resource: 'deployments', name: 'd' },
      false,
    ],
    [
      'a node name without the group is not a node',
      { name: 'system:node:worker-1', groups: [] },
      { verb: 'list' },
      false,
    ],
    ['nor is the group alone', { name: 'alice', groups: ['system:nodes'] }, { verb: 'list' }, false],
  ])('%s', (_, user, over, allowed) => {
    const d = node.authorize(user, req(over))
    expect(d).toEqual(
      allowed ? { allowed: true, reason: '', authorizer: 'Node' } : { allowed: false, reason: '' },
    )
  })

  it('identifies nodes as nodeidentifier does', () => {
    expect(nodeName(kubelet)).toBe('worker-1')
    expect(nodeName({ name: 'system:node:', groups: ['system:nodes'] })).toBeUndefined()
  })
})
