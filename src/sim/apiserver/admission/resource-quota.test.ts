import { describe, expect, it } from 'vitest'
import type { KubeObject, Pod } from '../../../api/types'
import { Cluster } from '../../cluster/cluster'
import { formatList } from '../../quota/quantity'
import { runResult } from '../../scenario/result'
import { checkPod } from './resource-quota'

type Quota = Parameters<typeof checkPod>[0][number]

const quota = (
  name: string,
  hard: Record<string, string>,
  used?: Record<string, string>,
  scopes?: string[],
) =>
  ({
    apiVersion: 'v1',
    kind: 'ResourceQuota',
    metadata: { name, namespace: 'default', resourceVersion: '7' },
    spec: { hard, ...(scopes ? { scopes } : {}) },
    ...(used ? { status: { hard, used } } : {}),
  }) as Quota

const pod = (name: string, resources?: unknown, init?: unknown): Pod =>
  ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default' },
    spec: {
      containers: [{ name: 'nginx', image: 'nginx', ...(resources ? { resources } : {}) }],
      ...(init ? { initContainers: [init] } : {}),
    },
  }) as Pod

describe('ResourceQuota: CheckRequest for a Pod', () => {
  it.each([
    ['under the limit', [quota('q', { pods: '3' }, { pods: '2' })], pod('p'), undefined, { pods: '3' }],
    [
      'at the limit',
      [quota('q', { pods: '3' }, { pods: '3' })],
      pod('p'),
      'exceeded quota: q, requested: pods=1, used: pods=3, limited: pods=3',
      undefined,
    ],
    [
      'several resources exceeded, sorted',
      [
        quota(
          'compute',
          { 'requests.cpu': '1', 'requests.memory': '1Gi', pods: '10' },
          { 'requests.cpu': '800m', 'requests.memory': '900Mi', pods: '1' },
        ),
      ],
      pod('p', { requests: { cpu: '500m', memory: '200Mi' } }),
      'exceeded quota: compute, requested: requests.cpu=500m,requests.memory=200Mi, used: requests.cpu=800m,requests.memory=900Mi, limited: requests.cpu=1,requests.memory=1Gi',
      undefined,
    ],
    [
      'a cpu quota needs limits on every container',
      [
        quota(
          'compute',
          { 'limits.cpu': '2', 'limits.memory': '2Gi' },
          { 'limits.cpu': '0', 'limits.memory': '0' },
        ),
      ],
      pod('p', { requests: { cpu: '100m' } }, { name: 'init', image: 'busybox' }),
      'failed quota: compute: must specify limits.cpu for: init,nginx; limits.memory for: init,nginx',
      undefined,
    ],
    [
      'a quota without usage yet',
      [quota('q', { pods: '3', 'requests.cpu': '1' }, { pods: '0' })],
      pod('p', { requests: { cpu: '1' } }),
      'status unknown for quota: q, resources: pods,requests.cpu',
      undefined,
    ],
    [
      'a quota the controller has not seen (no status.hard) admits',
      [quota('q', { pods: '0' })],
      pod('p'),
      undefined,
      undefined,
    ],
    [
      'zero used takes the request format',
      [quota('mem', { 'requests.memory': '1Gi' }, { 'requests.memory': '0' })],
      pod('p', { requests: { memory: '128Mi' } }),
      undefined,
      { 'requests.memory': '128Mi' },
    ],
    [
      'a BestEffort-scoped quota ignores a Burstable pod',
      [quota('be', { pods: '0' }, { pods: '0' }, ['BestEffort'])],
      pod('p', { requests: { cpu: '100m' } }),
      undefined,
      undefined,
    ],
    [
      'a NotBestEffort-scoped quota ignores a BestEffort pod',
      [quota('nbe', { pods: '0' }, { pods: '0' }, ['NotBestEffort'])],
      pod('p'),
      undefined,
      undefined,
    ],
    [
      'count/pods',
      [quota('q', { 'count/pods': '1' }, { 'count/pods': '1' })],
      pod('p'),
      'exceeded quota: q, requested: count/pods=1, used: count/pods=1, limited: count/pods=1',
      undefined,
    ],
  ])('%s', (_name, quotas, p, message, newUsed) => {
    const r = checkPod(quotas, p)
    expect(r.ok ? undefined : r.message).toBe(message)
    if (r.ok && newUsed) {
      expect(formatList(r.updated[0]?.used ?? {})).toEqual(newUsed)
    }
    if (r.ok && !newUsed) expect(r.updated).toEqual([])
  })
})

function runWith(objects0: KubeObject[], later: { atMs: number; objects: KubeObject[] }[], untilMs = 10_000) {
  const cluster = new Cluster({
    actions: [
      { type: 'apply', atMs: 0, objects: objects0 },
      ...later.map((l) => ({ type: 'apply' as const, ...l })),
    ],
  })
  cluster.run({ untilMs })
  return { cluster, result: runResult(cluster) }
}

const quotaObject = (name: string, hard: Record<string, string | number>): KubeObject =>
  ({
    apiVersion: 'v1',
    kind: 'ResourceQuota',
    metadata: { name, namespace: 'default' },
    spec: { hard },
  }) as KubeObject

function storedQuota(cluster: Cluster, name: string) {
  return cluster.etcd.store.get(`/registry/resourcequotas/default/${name}`)?.value as
    | { status?: { hard?: Record<string, string>; used?: Record<string, string> } }
    | undefined
}

describe('ResourceQuota in a cluster', () => {
  it('the controller fills in status; a quota of pods: 3 rejects the fourth Pod', () => {
    const { cluster, result } = runWith(
      [quotaObject('pod-count', { pods: 3 })],
      [{ atMs: 2000, objects: [pod('p1'), pod('p2'), pod('p3'), pod('p4')] }],
    )
    expect(result.responses.map((r) => r.code)).toEqual([201, 201, 201, 201, 403])
    expect(result.responses[4]?.status?.message).toBe(
      'pods "p4" is forbidden: exceeded quota: pod-count, requested: pods=1, used: pods=3, limited: pods=3',
    )
    expect(storedQuota(cluster, 'pod-count')?.status).toEqual({ hard: { pods: '3' }, used: { pods: '3' } })
    // The controller's first sync (status.hard, used 0), then one reservation per admitted Pod.
    const writes = result.trace.filter(
      (m) => m.kind === 'etcd-request' && m.summary.includes('/registry/resourcequotas/default/pod-count'),
    )
    expect(writes.length).toBeGreaterThanOrEqual(4)
    const reserve = result.trace.filter(
      (m) => m.kind === 'step' && m.summary.startsWith('ResourceQuota: reserve'),
    )
    expect(reserve.map((m) => m.summary)).toEqual([
      'ResourceQuota: reserve pods=1 in quota pod-count',
      'ResourceQuota: reserve pods=2 in quota pod-count',
      'ResourceQuota: reserve pods=3 in quota pod-count',
    ])
    const sync = result.trace.find(
      (m) => m.kind === 'step' && m.summary.startsWith('"Updating quota status"'),
    )
    expect(sync?.from).toBe('kube-controller-manager')
  })

  it('a cpu quota rejects a Pod without limits', () => {
    const { result } = runWith(
      [quotaObject('compute', { 'limits.cpu': '2', 'requests.cpu': '1' })],
      [{ atMs: 2000, objects: [pod('x', { requests: { cpu: '100m' } })] }],
    )
    expect(result.responses[1]?.code).toBe(403)
    expect(result.responses[1]?.status?.message).toBe(
      'pods "x" is forbidden: failed quota: compute: must specify limits.cpu for: nginx',
    )
  })

  it('the controller gives the usage back when a Pod is deleted', () => {
    const cluster = new Cluster({
      actions: [
        { type: 'apply', atMs: 0, objects: [quotaObject('pod-count', { pods: 1 })] },
        { type: 'apply', atMs: 2000, objects: [pod('p1')] },
        { type: 'delete', atMs: 4000, apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: 'p1' },
        { type: 'apply', atMs: 60_000, objects: [pod('p2')] },
      ],
    })
    cluster.run({ untilMs: 70_000 })
    const result = runResult(cluster)
    const p2 = result.responses.find((r) => r.name === 'p2')
    expect(p2?.code).toBe(201)
    expect(storedQuota(cluster, 'pod-count')?.status?.used).toEqual({ pods: '1' })
  })
})
