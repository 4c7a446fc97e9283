/**
 * Objects as the v1.33 apiserver stores and serves them, through the real handlers: quantities in
 * canonical form on create, update, patch (every place a Pod or a pod template holds one, and
 * ResourceQuota and LimitRange), the scheme defaults a manifest never writes, the SchedulingGated
 * condition, and Events as encoding/json writes them in both APIs.
 */
import { describe, expect, it } from 'vitest'
import {
  DEPLOYMENTS,
  EVENTS,
  EVENTS_V1,
  PODS,
  type ResourceInfo,
  resourceByName,
} from '../../../api/resources'
import type { KubeObject, Pod } from '../../../api/types'
import { Cluster } from '../../cluster/cluster'
import type { KeyValue } from '../../etcd/mvcc'
import { startApiServer, TestClient } from '../../testing/apiserver'
import { decode } from '../codec'
import { canonicalResourceQuantity } from './quantity-canonical'

const LIMIT_RANGES = resourceByName('', 'limitranges') as ResourceInfo
const RESOURCE_QUOTAS = resourceByName('', 'resourcequotas') as ResourceInfo
const SECRETS = resourceByName('', 'secrets') as ResourceInfo

/** A stored object read loosely in assertions. */
// biome-ignore lint/suspicious/noExplicitAny: test assertions walk stored JSON
type Loose = any

/** The value at a dotted path (`spec.containers.0.resources`). */
function field(obj: unknown, path: string): unknown {
  let v: unknown = obj
  for (const k of path.split('.')) v = (v as Record<string, unknown> | undefined)?.[k]
  return v
}

function setup() {
  const t = startApiServer()
  const client = new TestClient(t.kernel).client
  return { t, client }
}

function create(info: ResourceInfo, body: object): KubeObject {
  const { t, client } = setup()
  const r = t.call(client.create(info, 'default', body as KubeObject, 'submit'))
  if (!r.ok) throw new Error(`create failed: ${JSON.stringify(r.status)}`)
  return r.object
}

const pod = (spec: Record<string, unknown>): object => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'p' },
  spec: { containers: [{ name: 'c', image: 'nginx:1.27' }], ...spec },
})

describe('quantities are stored in canonical form (Quantity.String after SetDefaults_ResourceList)', () => {
  it.each<[unknown, string]>([
    [0.5, '500m'],
    ['0.5', '500m'],
    ['1.0', '1'],
    [1, '1'],
    ['2000m', '2'],
    ['1024Mi', '1Gi'],
    ['1536Mi', '1536Mi'],
    // YAML reads 1e9 as a number; kubectl sends it as JSON 1000000000, a DecimalSI quantity.
    [1e9, '1G'],
    ['1e9', '1e9'],
    ['0.0001', '1m'],
    ['100.5m', '101m'],
  ])('cpu/memory %j → %s', (q, want) => {
    expect(canonicalResourceQuantity(q)).toBe(want)
  })

  it('in a Pod: containers, init containers, pod-level resources, overhead, emptyDir sizeLimit', () => {
    const stored = create(
      PODS,
      pod({
        initContainers: [{ name: 'i', image: 'busybox:1.37', resources: { requests: { cpu: 0.25 } } }],
        containers: [
          {
            name: 'c',
            image: 'nginx:1.27',
            resources: { requests: { cpu: 0.5, memory: '1024Mi' }, limits: { cpu: '1.0', memory: '2048Mi' } },
          },
        ],
        resources: { limits: { cpu: '2.0' } },
        overhead: { cpu: 0.1 },
        volumes: [{ name: 'scratch', emptyDir: { sizeLimit: '1024Mi' } }],
      }),
    ) as Pod
    const spec = stored.spec as NonNullable<Pod['spec']> & Record<string, unknown>
    expect(spec.containers[0]?.resources).toEqual({
      requests: { cpu: '500m', memory: '1Gi' },
      limits: { cpu: '1', memory: '2Gi' },
    })
    expect(spec.initContainers?.[0]?.resources).toEqual({ requests: { cpu: '250m' } })
    expect(spec.resources).toEqual({ limits: { cpu: '2' } })
    expect(spec.overhead).toEqual({ cpu: '100m' })
    expect(spec.volumes?.[0]).toEqual({ name: 'scratch', emptyDir: { sizeLimit: '1Gi' } })
  })

  it('requests copied from limits are the canonical ones', () => {
    const stored = create(
      PODS,
      pod({ containers: [{ name: 'c', image: 'nginx:1.27', resources: { limits: { cpu: 0.5 } } }] }),
    ) as Pod
    expect(stored.spec?.containers[0]?.resources).toEqual({
      limits: { cpu: '500m' },
      requests: { cpu: '500m' },
    })
  })

  it('in a Deployment’s pod template, and again after a strategic merge patch', () => {
    const { t, client } = setup()
    const deployment = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web' },
      spec: {
        selector: { matchLabels: { app: 'web' } },
        template: {
          metadata: { labels: { app: 'web' } },
          spec: { containers: [{ name: 'c', image: 'nginx:1.27', resources: { requests: { cpu: 0.5 } } }] },
        },
      },
    }
    const created = t.call(client.create(DEPLOYMENTS, 'default', deployment as KubeObject, 'submit'))
    expect(created.ok && field(created.object, 'spec.template.spec.containers.0.resources')).toEqual({
      requests: { cpu: '500m' },
    })
    const patched = t.call(
      client.patch(
        DEPLOYMENTS,
        'default',
        'web',
        {
          spec: {
            template: {
              spec: { containers: [{ name: 'c', resources: { requests: { memory: '1024Mi' } } }] },
            },
          },
        },
        'application/strategic-merge-patch+json',
        'submit',
      ),
    )
    expect(patched.ok && field(patched.object, 'spec.template.spec.containers.0.resources')).toEqual({
      requests: { cpu: '500m', memory: '1Gi' },
    })
  })

  it('on a PUT (a ResourceQuota’s spec.hard)', () => {
    const { t, client } = setup()
    const quota = {
      apiVersion: 'v1',
      kind: 'ResourceQuota',
      metadata: { name: 'q' },
      spec: { hard: { cpu: '1' } },
    }
    const created = t.call(client.create(RESOURCE_QUOTAS, 'default', quota as KubeObject, 'submit'))
    if (!created.ok) throw new Error('create failed')
    const next = { ...created.object, spec: { hard: { cpu: 0.5, memory: '2048Mi' } } } as KubeObject
    const updated = t.call(client.update(RESOURCE_QUOTAS, next, 'submit'))
    expect(updated.ok && field(updated.object, 'spec.hard')).toEqual({ cpu: '500m', memory: '2Gi' })
  })

  it('in a ResourceQuota and a LimitRange (with SetDefaults_LimitRangeItem)', () => {
    const quota = create(RESOURCE_QUOTAS, {
      apiVersion: 'v1',
      kind: 'ResourceQuota',
      metadata: { name: 'q' },
      spec: { hard: { 'requests.cpu': 0.5, 'requests.memory': '1024Mi', pods: 10 } },
    }) as Loose
    expect(quota.spec.hard).toEqual({ 'requests.cpu': '500m', 'requests.memory': '1Gi', pods: '10' })
    const limits = create(LIMIT_RANGES, {
      apiVersion: 'v1',
      kind: 'LimitRange',
      metadata: { name: 'l' },
      spec: { limits: [{ type: 'Container', max: { cpu: '2.0' }, min: { memory: '1024Mi' } }] },
    }) as Loose
    expect(limits.spec.limits).toEqual([
      {
        type: 'Container',
        max: { cpu: '2' },
        min: { memory: '1Gi' },
        default: { cpu: '2' },
        defaultRequest: { cpu: '2', memory: '1Gi' },
      },
    ])
  })
})

describe('cluster setup objects, written before time 0 as the apiserver would have stored them', () => {
  it('a ResourceQuota and a LimitRange from the cluster tab: canonical quantities, defaults, status', () => {
    const cluster = new Cluster({
      actions: [],
      clusterObjects: [
        {
          apiVersion: 'v1',
          kind: 'ResourceQuota',
          metadata: { name: 'q' },
          spec: { hard: { 'requests.cpu': 0.5, 'limits.memory': '2048Mi' } },
        } as KubeObject,
        {
          apiVersion: 'v1',
          kind: 'LimitRange',
          metadata: { name: 'l' },
          spec: { limits: [{ type: 'Container', default: { cpu: '1.0' } }] },
        } as KubeObject,
      ],
    })
    const read = (key: string) => decode(cluster.etcd.store.range(key)[0] as KeyValue) as Loose
    const quota = read('/registry/resourcequotas/default/q')
    expect(quota.spec.hard).toEqual({ 'requests.cpu': '500m', 'limits.memory': '2Gi' })
    expect(quota.status.hard).toEqual({ 'limits.memory': '2Gi', 'requests.cpu': '500m' })
    const limits = read('/registry/limitranges/default/l')
    expect(limits.spec.limits).toEqual([
      { type: 'Container', default: { cpu: '1' }, defaultRequest: { cpu: '1' } },
    ])
  })
})

describe('scheme defaults a manifest leaves out (pkg/apis/core/v1 defaults)', () => {
  it('volumes, downward API selectors, divisor, gRPC service, lifecycle httpGet', () => {
    const stored = create(
      PODS,
      pod({
        containers: [
          {
            name: 'c',
            image: 'nginx:1.27',
            env: [
              { name: 'NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
              { name: 'CPU', valueFrom: { resourceFieldRef: { resource: 'limits.cpu' } } },
            ],
            livenessProbe: { grpc: { port: 9000 } },
            lifecycle: { preStop: { httpGet: { port: 80 } } },
          },
        ],
        volumes: [
          { name: 'scratch' },
          { name: 'host', hostPath: { path: '/tmp' } },
          { name: 'cfg', configMap: { name: 'cfg' } },
          { name: 'sec', secret: { secretName: 'sec' } },
          {
            name: 'info',
            downwardAPI: {
              items: [
                { path: 'labels', fieldRef: { fieldPath: 'metadata.labels' } },
                { path: 'cpu', resourceFieldRef: { containerName: 'c', resource: 'requests.cpu' } },
              ],
            },
          },
          { name: 'token', projected: { sources: [{ serviceAccountToken: { path: 'token' } }] } },
        ],
      }),
    ) as Pod
    const c = stored.spec?.containers[0] as Loose
    expect(c.env).toEqual([
      { name: 'NAME', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } } },
      { name: 'CPU', valueFrom: { resourceFieldRef: { resource: 'limits.cpu', divisor: '0' } } },
    ])
    expect(c.livenessProbe.grpc).toEqual({ port: 9000, service: '' })
    expect(c.lifecycle.preStop.httpGet).toEqual({ port: 80, path: '/', scheme: 'HTTP' })
    const volumes = (stored.spec?.volumes ?? []).filter((v) => !v.name.startsWith('kube-api-access-'))
    expect(volumes).toEqual([
      { name: 'scratch', emptyDir: {} },
      { name: 'host', hostPath: { path: '/tmp', type: '' } },
      { name: 'cfg', configMap: { name: 'cfg', defaultMode: 420 } },
      { name: 'sec', secret: { secretName: 'sec', defaultMode: 420 } },
      {
        name: 'info',
        downwardAPI: {
          items: [
            { path: 'labels', fieldRef: { fieldPath: 'metadata.labels', apiVersion: 'v1' } },
            { path: 'cpu', resourceFieldRef: { containerName: 'c', resource: 'requests.cpu', divisor: '0' } },
          ],
          defaultMode: 420,
        },
      },
      {
        name: 'token',
        projected: {
          sources: [{ serviceAccountToken: { path: 'token', expirationSeconds: 3600 } }],
          defaultMode: 420,
        },
      },
    ])
  })

  it('a Secret without a type is Opaque', () => {
    const secret = create(SECRETS, { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' } }) as Loose
    expect(secret.type).toBe('Opaque')
  })
})

describe('PodScheduled=False/SchedulingGated, written by PrepareForCreate', () => {
  it('a Pod with scheduling gates is stored with the condition, stamped at creation', () => {
    const stored = create(PODS, pod({ schedulingGates: [{ name: 'example.com/gate' }] })) as Pod
    expect(stored.status).toEqual({
      phase: 'Pending',
      qosClass: 'BestEffort',
      conditions: [
        {
          type: 'PodScheduled',
          status: 'False',
          lastProbeTime: null,
          lastTransitionTime: stored.metadata?.creationTimestamp,
          reason: 'SchedulingGated',
          message: 'Scheduling is blocked due to non-empty scheduling gates',
        },
      ],
    })
    expect(
      JSON.stringify(stored.status?.conditions?.[0] ? Object.keys(stored.status.conditions[0]) : []),
    ).toBe('["type","status","lastProbeTime","lastTransitionTime","reason","message"]')
  })

  it('a Pod without gates has no condition', () => {
    expect((create(PODS, pod({})) as Pod).status).toEqual({ phase: 'Pending', qosClass: 'BestEffort' })
  })
})

describe('Events as encoding/json writes the Go structs', () => {
  const ref = { kind: 'Pod', namespace: 'default', name: 'p', uid: 'u', apiVersion: 'v1' }

  it('a core/v1 Event: eventTime null, reportingComponent/Instance present even when empty', () => {
    const stored = create(EVENTS, {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: 'p.1' },
      involvedObject: ref,
      reason: 'Created',
      message: 'Created container: c',
      source: { component: 'kubelet', host: 'worker-1' },
      firstTimestamp: '2025-05-01T10:00:00Z',
      lastTimestamp: '2025-05-01T10:00:00Z',
      count: 1,
      type: 'Normal',
    }) as Loose
    expect(stored.eventTime).toBeNull()
    expect(stored.reportingComponent).toBe('')
    expect(stored.reportingInstance).toBe('')
    expect(stored.count).toBe(1)
  })

  it('an events.k8s.io/v1 Event read as core/v1: no count, null first/last timestamps, source {}', () => {
    const { t, client } = setup()
    const body = {
      apiVersion: 'events.k8s.io/v1',
      kind: 'Event',
      metadata: { name: 'p.2', namespace: 'default' },
      eventTime: '2025-05-01T10:00:00.070000Z',
      reportingController: 'default-scheduler',
      reportingInstance: 'default-scheduler-control-plane',
      action: 'Binding',
      reason: 'Scheduled',
      regarding: ref,
      note: 'Successfully assigned default/p to worker-1',
      type: 'Normal',
    }
    const v1 = t.call(client.create(EVENTS_V1, 'default', body as KubeObject, 'event'))
    expect(v1.ok && v1.object).toMatchObject({
      eventTime: '2025-05-01T10:00:00.070000Z',
      reportingController: 'default-scheduler',
      deprecatedSource: {},
      deprecatedFirstTimestamp: null,
      deprecatedLastTimestamp: null,
    })
    expect(v1.ok && 'deprecatedCount' in v1.object).toBe(false)
    const core = t.stored('events/default')[0] as Loose
    expect(Object.keys(core)).toEqual([
      'apiVersion',
      'kind',
      'metadata',
      'involvedObject',
      'reason',
      'message',
      'source',
      'firstTimestamp',
      'lastTimestamp',
      'type',
      'eventTime',
      'action',
      'reportingComponent',
      'reportingInstance',
    ])
    expect(core).toMatchObject({
      source: {},
      firstTimestamp: null,
      lastTimestamp: null,
      eventTime: '2025-05-01T10:00:00.070000Z',
      reportingComponent: 'default-scheduler',
      reportingInstance: 'default-scheduler-control-plane',
    })
    expect('count' in core).toBe(false)
  })
})
