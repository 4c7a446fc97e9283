import { describe, expect, it } from 'vitest'
import {
  apiVersionOf,
  DEPLOYMENTS,
  EVENTS,
  EVENTS_V1,
  etcdKey,
  NAMESPACES,
  NODES,
  PODS,
  parseApiVersion,
  REPLICA_SETS,
  RESOURCES,
  type ResourceInfo,
  resourceByName,
  resourceForKind,
  resourcePath,
} from './resources'

const info = (group: string, resource: string): ResourceInfo => {
  const r = resourceByName(group, resource)
  if (!r) throw new Error(`no resource ${group}/${resource}`)
  return r
}

describe('resourceForKind', () => {
  it.each([
    ['v1', 'Pod', 'pods', ''],
    ['v1', 'Node', 'nodes', ''],
    ['apps/v1', 'Deployment', 'deployments', 'apps'],
    ['apps/v1', 'ReplicaSet', 'replicasets', 'apps'],
    ['batch/v1', 'Job', 'jobs', 'batch'],
    ['networking.k8s.io/v1', 'Ingress', 'ingresses', 'networking.k8s.io'],
    ['events.k8s.io/v1', 'Event', 'events', 'events.k8s.io'],
    ['autoscaling/v2', 'HorizontalPodAutoscaler', 'horizontalpodautoscalers', 'autoscaling'],
  ])('%s %s → %s', (apiVersion, kind, resource, group) => {
    expect(resourceForKind(apiVersion, kind)).toMatchObject({ resource, group })
  })

  it.each([
    ['v1', 'Deployment'],
    ['apps/v1beta1', 'Deployment'],
    ['extensions/v1beta1', 'Ingress'],
    ['v1', 'Foo'],
    ['v1', 'pod'],
    ['', 'Pod'],
    ['v1', ''],
    [undefined, 'Pod'],
    ['v1', undefined],
  ])('%j %j has no resource', (apiVersion, kind) => {
    expect(resourceForKind(apiVersion, kind)).toBeUndefined()
  })
})

describe('resourceByName', () => {
  it('finds by group and plural resource', () => {
    expect(resourceByName('', 'pods')).toBe(PODS)
    expect(resourceByName('apps', 'deployments')).toBe(DEPLOYMENTS)
    expect(resourceByName('', 'deployments')).toBeUndefined()
    expect(resourceByName('apps', 'pods')).toBeUndefined()
  })

  it('has one entry per group/resource and a Kind for each', () => {
    const names = RESOURCES.map((r) => `${r.group}/${r.resource}`)
    expect(new Set(names).size).toBe(names.length)
    expect(PODS.shortNames).toEqual(['po'])
    expect(PODS.subresources).toEqual(['status', 'binding', 'eviction'])
    expect([NODES.namespaced, NAMESPACES.namespaced, PODS.namespaced]).toEqual([false, false, true])
  })
})

describe('API versions', () => {
  it.each([
    ['v1', { group: '', version: 'v1' }],
    ['apps/v1', { group: 'apps', version: 'v1' }],
    ['networking.k8s.io/v1', { group: 'networking.k8s.io', version: 'v1' }],
  ])('parseApiVersion(%j)', (text, want) => {
    expect(parseApiVersion(text)).toEqual(want)
  })

  it.each([
    [PODS, 'v1'],
    [DEPLOYMENTS, 'apps/v1'],
    [EVENTS_V1, 'events.k8s.io/v1'],
  ])('apiVersionOf(%s)', (r, want) => {
    expect(apiVersionOf(r)).toBe(want)
  })
})

describe('resourcePath', () => {
  it.each([
    [DEPLOYMENTS, 'default', 'web', undefined, '/apis/apps/v1/namespaces/default/deployments/web'],
    [DEPLOYMENTS, 'default', undefined, undefined, '/apis/apps/v1/namespaces/default/deployments'],
    [DEPLOYMENTS, undefined, undefined, undefined, '/apis/apps/v1/deployments'],
    [PODS, 'default', 'nginx', undefined, '/api/v1/namespaces/default/pods/nginx'],
    [PODS, 'default', 'nginx', 'binding', '/api/v1/namespaces/default/pods/nginx/binding'],
    [PODS, 'kube-system', 'dns', 'status', '/api/v1/namespaces/kube-system/pods/dns/status'],
    [PODS, undefined, undefined, undefined, '/api/v1/pods'],
    [NODES, undefined, 'worker-1', undefined, '/api/v1/nodes/worker-1'],
    // A namespace given for a cluster-scoped resource is ignored.
    [NODES, 'default', 'worker-1', 'status', '/api/v1/nodes/worker-1/status'],
    [NAMESPACES, undefined, 'dev', undefined, '/api/v1/namespaces/dev'],
    [REPLICA_SETS, 'default', 'web-1', 'scale', '/apis/apps/v1/namespaces/default/replicasets/web-1/scale'],
  ])('%#: %s', (r, ns, name, sub, want) => {
    expect(resourcePath(r, ns, name, sub)).toBe(want)
  })
})

describe('etcdKey', () => {
  it.each([
    [PODS, 'default', 'nginx', '/registry/pods/default/nginx'],
    [NODES, undefined, 'worker-1', '/registry/minions/worker-1'],
    [NAMESPACES, undefined, 'dev', '/registry/namespaces/dev'],
    [DEPLOYMENTS, 'default', 'web', '/registry/deployments/default/web'],
    [info('', 'services'), 'default', 'web', '/registry/services/specs/default/web'],
    [info('networking.k8s.io', 'ingresses'), 'default', 'web', '/registry/ingress/default/web'],
    [EVENTS, 'default', 'e1', '/registry/events/default/e1'],
    // events.k8s.io/v1 Events share core/v1's storage.
    [EVENTS_V1, 'default', 'e1', '/registry/events/default/e1'],
    [info('scheduling.k8s.io', 'priorityclasses'), undefined, 'high', '/registry/priorityclasses/high'],
  ])('%#: %s', (r, ns, name, want) => {
    expect(etcdKey(r, ns, name)).toBe(want)
  })
})
