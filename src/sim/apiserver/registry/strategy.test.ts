import { describe, expect, it } from 'vitest'
import { fields, type KubeObject } from '../../../api/types'
import { makePod, makeWorkload } from '../../testing/builders'
import { strategyFor } from './strategy'

describe('strategyFor', () => {
  it('Pods: PrepareForCreate sets phase Pending and the QoS class', () => {
    const pod = makePod().limits({ cpu: '1', memory: '1Gi' }).phase('Running').build()
    strategyFor('', 'pods').prepareForCreate?.(pod, '2025-05-01T10:00:00Z')
    expect(pod.status).toEqual({ phase: 'Pending', qosClass: 'Guaranteed' })
  })

  it('Pods default requests from limits; Deployment and ReplicaSet templates do not', () => {
    const pod = makePod().limits({ cpu: '1' }).build()
    strategyFor('', 'pods').defaults?.(pod)
    expect(pod.spec?.containers[0]?.resources).toEqual({ limits: { cpu: '1' }, requests: { cpu: '1' } })
    for (const kind of ['Deployment', 'ReplicaSet'] as const) {
      const w = makeWorkload(kind)
        .templateSpec((s) => {
          s.containers = [{ name: 'c', image: 'nginx:1.27', resources: { limits: { cpu: '1' } } }]
        })
        .build()
      strategyFor('apps', kind === 'Deployment' ? 'deployments' : 'replicasets').defaults?.(w)
      expect(w.spec?.template?.spec?.containers[0]?.resources).toEqual({ limits: { cpu: '1' } })
    }
  })

  it('Namespaces: PrepareForCreate adds the kubernetes finalizer, phase Active and the name label', () => {
    const ns: KubeObject = {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: 'dev', labels: { team: 'a' } },
    }
    strategyFor('', 'namespaces').prepareForCreate?.(ns, '2025-05-01T10:00:00Z')
    expect(fields(ns).spec).toEqual({ finalizers: ['kubernetes'] })
    expect(fields(ns).status).toEqual({ phase: 'Active' })
    expect(ns.metadata?.labels).toEqual({ team: 'a', 'kubernetes.io/metadata.name': 'dev' })
  })

  it('Namespaces are named by DNS labels, not subdomains', () => {
    const ns: KubeObject = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'a.b' } }
    expect(
      strategyFor('', 'namespaces')
        .validate(ns, false)
        .map((e) => e.field),
    ).toEqual(['metadata.name'])
  })

  it.each([
    ['', 'pods', true, true],
    ['apps', 'deployments', true, true],
    ['apps', 'replicasets', true, true],
    ['', 'nodes', true, false],
    ['', 'namespaces', true, false],
    ['', 'configmaps', false, false],
  ])('%s/%s: status subresource %s, generation %s', (group, resource, statusSubresource, generation) => {
    expect(strategyFor(group, resource)).toMatchObject({ statusSubresource, generation })
  })

  it('other resources only validate metadata', () => {
    const cm: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } }
    expect(
      strategyFor('', 'configmaps')
        .validate(cm, true)
        .map((e) => e.field),
    ).toEqual(['metadata.namespace'])
  })
})
