import { describe, expect, it } from 'vitest'
import type { KubeObject, Pod } from '../../../api/types'
import { Cluster } from '../../cluster/cluster'
import { runResult } from '../../scenario/result'
import { LIMIT_RANGER_ANNOTATION, limitRanger } from './limit-ranger'
import { podCreate, runPhase } from './testing/run-plugin'
import type { AdmissionLister, AdmissionOutcome } from './types'

const limitRange = (limits: unknown[], name = 'limits'): KubeObject =>
  ({
    apiVersion: 'v1',
    kind: 'LimitRange',
    metadata: { name, namespace: 'default' },
    spec: { limits },
  }) as KubeObject

const listerOf = (objects: readonly KubeObject[]): AdmissionLister => ({
  get: () => undefined,
  list: (_g, resource, ns) =>
    resource === 'limitranges' ? objects.filter((o) => !ns || o.metadata?.namespace === ns) : [],
})

const pod = (containers: unknown[], initContainers?: unknown[]): Pod =>
  ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'x', namespace: 'default' },
    spec: { containers, ...(initContainers ? { initContainers } : {}) },
  }) as Pod

/** Run a plugin phase that never yields. */
const run = (phase: 'admit' | 'validate', object: KubeObject, ranges: KubeObject[]): AdmissionOutcome =>
  runPhase(limitRanger, phase, podCreate(object), listerOf(ranges))

const nginx = (resources?: unknown) => ({
  name: 'nginx',
  image: 'nginx',
  ...(resources ? { resources } : {}),
})

describe('LimitRanger: mayMutate (the chain skips the diff when it says false)', () => {
  it('says false without LimitRanges, and then admit changes nothing', () => {
    const p = pod([nginx()])
    const before = JSON.stringify(p)
    expect(limitRanger.mayMutate?.(podCreate(p), listerOf([]))).toBe(false)
    run('admit', p, [])
    expect(JSON.stringify(p)).toBe(before)
  })

  it('says true when the namespace has a LimitRange', () => {
    const ranges = [limitRange([{ type: 'Container', default: { cpu: '1' } }])]
    expect(limitRanger.mayMutate?.(podCreate(pod([nginx()])), listerOf(ranges))).toBe(true)
  })
})

describe('LimitRanger: defaults', () => {
  it.each([
    [
      'defaultRequest and default fill in what is missing',
      [{ type: 'Container', defaultRequest: { cpu: '100m', memory: '128Mi' }, default: { memory: '256Mi' } }],
      nginx(),
      { requests: { cpu: '100m', memory: '128Mi' }, limits: { memory: '256Mi' } },
      'LimitRanger plugin set: cpu, memory request for container nginx; memory limit for container nginx',
    ],
    [
      'defaultRequest from default (LimitRange defaulting), sorted names',
      [{ type: 'Container', default: { memory: '512Mi', cpu: '1' } }],
      nginx(),
      { requests: { cpu: '1', memory: '512Mi' }, limits: { cpu: '1', memory: '512Mi' } },
      'LimitRanger plugin set: cpu, memory request for container nginx; cpu, memory limit for container nginx',
    ],
    [
      'default from max, defaultRequest from min',
      [{ type: 'Container', max: { cpu: '2' }, min: { memory: '64Mi' } }],
      nginx(),
      { requests: { cpu: '2', memory: '64Mi' }, limits: { cpu: '2' } },
      'LimitRanger plugin set: cpu, memory request for container nginx; cpu limit for container nginx',
    ],
    [
      'what the container states is kept',
      [{ type: 'Container', defaultRequest: { cpu: '100m' }, default: { cpu: '200m' } }],
      nginx({ requests: { cpu: '50m' } }),
      { requests: { cpu: '50m' }, limits: { cpu: '200m' } },
      'LimitRanger plugin set: cpu limit for container nginx',
    ],
    [
      'nothing to set: no annotation',
      [{ type: 'Container', defaultRequest: { cpu: '100m' } }],
      nginx({ requests: { cpu: '50m' } }),
      { requests: { cpu: '50m' } },
      undefined,
    ],
  ])('%s', (_name, limits, container, resources, annotation) => {
    const p = pod([container])
    expect(run('admit', p, [limitRange(limits)])).toEqual({ allowed: true })
    expect(p.spec?.containers[0]?.resources).toEqual(resources)
    expect(p.metadata?.annotations?.[LIMIT_RANGER_ANNOTATION]).toBe(annotation)
  })

  it('names init containers as such, after the containers', () => {
    const p = pod([nginx()], [{ name: 'setup', image: 'busybox' }])
    run('admit', p, [limitRange([{ type: 'Container', defaultRequest: { cpu: '100m' } }])])
    expect(p.metadata?.annotations?.[LIMIT_RANGER_ANNOTATION]).toBe(
      'LimitRanger plugin set: cpu request for container nginx; cpu request for init container setup',
    )
  })
})

describe('LimitRanger: validation', () => {
  it.each([
    [
      [{ type: 'Container', min: { cpu: '100m' } }],
      nginx({ requests: { cpu: '50m' } }),
      'pods "x" is forbidden: minimum cpu usage per Container is 100m, but request is 50m',
    ],
    [
      [{ type: 'Container', min: { cpu: '100m' }, max: { memory: '1Gi' } }],
      nginx({ requests: { cpu: '50m', memory: '1Gi' }, limits: { memory: '2Gi' } }),
      'pods "x" is forbidden: [minimum cpu usage per Container is 100m, but request is 50m, maximum memory usage per Container is 1Gi, but limit is 2Gi]',
    ],
    [
      [{ type: 'Container', min: { memory: '1Gi' } }],
      nginx({ requests: { memory: '2Gi' }, limits: { memory: '512Mi' } }),
      'pods "x" is forbidden: minimum memory usage per Container is 1Gi, but limit is 512Mi',
    ],
    [
      [{ type: 'Container', max: { cpu: '1' } }],
      nginx({ requests: { cpu: '1500m' }, limits: { cpu: '1' } }),
      'pods "x" is forbidden: maximum cpu usage per Container is 1, but request is 1500m',
    ],
    [
      [{ type: 'Container', maxLimitRequestRatio: { cpu: '2' } }],
      nginx({ requests: { cpu: '100m' }, limits: { cpu: '500m' } }),
      'pods "x" is forbidden: cpu max limit to request ratio per Container is 2, but provided ratio is 5.000000',
    ],
    [
      [{ type: 'Container', maxLimitRequestRatio: { cpu: '2' } }],
      nginx({ limits: { memory: '1Gi' } }),
      'pods "x" is forbidden: cpu max limit to request ratio per Container is 2, but no request is specified or request is 0',
    ],
    [
      [{ type: 'Pod', max: { cpu: '1' } }],
      nginx({ requests: { cpu: '500m' } }),
      'pods "x" is forbidden: maximum cpu usage per Pod is 1.  No limit is specified',
    ],
    [
      [{ type: 'Pod', min: { memory: '1Gi' } }],
      nginx({ limits: { cpu: '1' } }),
      'pods "x" is forbidden: minimum memory usage per Pod is 1Gi.  No request is specified',
    ],
    [
      [{ type: 'Container', min: { cpu: '100m' }, max: { cpu: '1' } }],
      nginx({ requests: { cpu: '200m' }, limits: { cpu: '1' } }),
      undefined,
    ],
  ])('%j %j → %s', (limits, container, message) => {
    const out = run('validate', pod([container]), [limitRange(limits)])
    expect(out.allowed ? undefined : out.status.message).toBe(message)
    if (!out.allowed) expect(out.status.code).toBe(403)
  })

  it('sums the containers for a Pod item', () => {
    const p = pod([
      nginx({ requests: { cpu: '600m' }, limits: { cpu: '600m' } }),
      { name: 'b', image: 'b', resources: { requests: { cpu: '600m' }, limits: { cpu: '600m' } } },
    ])
    const out = run('validate', p, [limitRange([{ type: 'Pod', max: { cpu: '1' } }])])
    expect(out.allowed ? undefined : out.status.message).toBe(
      'pods "x" is forbidden: maximum cpu usage per Pod is 1, but limit is 1200m',
    )
  })
})

describe('LimitRanger in a cluster', () => {
  it('fills in the defaults and annotates the stored Pod', () => {
    const lr = {
      apiVersion: 'v1',
      kind: 'LimitRange',
      metadata: { name: 'defaults', namespace: 'default' },
      spec: {
        limits: [{ type: 'Container', defaultRequest: { cpu: '100m' }, default: { memory: '256Mi' } }],
      },
    } as KubeObject
    const p = pod([nginx()])
    const cluster = new Cluster({
      actions: [
        { type: 'apply', atMs: 0, objects: [lr] },
        { type: 'apply', atMs: 1000, objects: [p] },
      ],
    })
    cluster.run({ untilMs: 5000 })
    const r = runResult(cluster)
    expect(r.responses.map((x) => x.code)).toEqual([201, 201])
    const stored = r.pods.find((x) => x.metadata?.name === 'x')
    // The LimitRange's defaulting gives defaultRequest.memory = default.memory.
    expect(stored?.metadata?.annotations?.[LIMIT_RANGER_ANNOTATION]).toBe(
      'LimitRanger plugin set: cpu, memory request for container nginx; memory limit for container nginx',
    )
    expect(stored?.spec?.containers[0]?.resources).toEqual({
      requests: { cpu: '100m', memory: '256Mi' },
      limits: { memory: '256Mi' },
    })
    expect(stored?.status?.qosClass).toBe('Burstable')
    const steps = r.trace.filter((m) => m.kind === 'step' && m.stage === 'admit').map((m) => m.summary)
    expect(steps).toContain('LimitRanger: mutated')
  })

  it('rejects a Pod below the minimum with the upstream text', () => {
    const lr = limitRange([{ type: 'Container', min: { cpu: '100m' } }])
    const cluster = new Cluster({
      actions: [
        { type: 'apply', atMs: 0, objects: [lr] },
        { type: 'apply', atMs: 1000, objects: [pod([nginx({ requests: { cpu: '50m' } })])] },
      ],
    })
    cluster.run({ untilMs: 5000 })
    const r = runResult(cluster)
    expect(r.responses[1]?.code).toBe(403)
    expect(r.responses[1]?.status?.message).toBe(
      'pods "x" is forbidden: minimum cpu usage per Container is 100m, but request is 50m',
    )
  })
})
