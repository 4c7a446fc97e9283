import type { Deployment, ReplicaSet } from 'kubernetes-types/apps/v1'
import { describe, expect, it } from 'vitest'
import { makeWorkload } from '../../testing/builders'
import { defaultDeployment, defaultReplicaSet } from './workload-defaults'

describe('defaultDeployment', () => {
  it('fills the apps/v1 defaults and the template pod spec defaults', () => {
    const d = makeWorkload('Deployment').build() as Deployment
    delete (d.spec as { replicas?: number }).replicas
    defaultDeployment(d)
    expect(d.spec).toMatchObject({
      replicas: 1,
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } },
      revisionHistoryLimit: 10,
      progressDeadlineSeconds: 600,
    })
    expect(d.spec?.template.spec).toMatchObject({ restartPolicy: 'Always', dnsPolicy: 'ClusterFirst' })
    expect(d.spec?.template.spec?.containers[0]?.imagePullPolicy).toBe('IfNotPresent')
  })

  it('keeps a Recreate strategy without rollingUpdate', () => {
    const d = makeWorkload('Deployment').build() as Deployment
    ;(d.spec as { strategy?: unknown }).strategy = { type: 'Recreate' }
    defaultDeployment(d)
    expect(d.spec?.strategy).toEqual({ type: 'Recreate' })
  })

  it('fills a partial rollingUpdate', () => {
    const d = makeWorkload('Deployment').build() as Deployment
    ;(d.spec as { strategy?: unknown }).strategy = { rollingUpdate: { maxSurge: 1 } }
    defaultDeployment(d)
    expect(d.spec?.strategy).toEqual({
      type: 'RollingUpdate',
      rollingUpdate: { maxSurge: 1, maxUnavailable: '25%' },
    })
  })

  // SetDefaults_Pod copies limits into requests "here rather than … on v1.ResourceRequirements
  // because we only want this defaulting semantic to take place on a v1.Pod and not a
  // v1.PodTemplate" (pkg/apis/core/v1/defaults.go): a stored Deployment keeps the template the
  // user wrote, and the pod-template-hash is computed over it.
  it('leaves template requests unset (requests from limits is a Pod-only default)', () => {
    const d = makeWorkload('Deployment')
      .templateSpec((s) => {
        s.containers = [
          { name: 'c', image: 'nginx:1.27', resources: { limits: { cpu: '1', memory: '1Gi' } } },
        ]
      })
      .build() as Deployment
    defaultDeployment(d)
    expect(d.spec?.template.spec?.containers[0]?.resources).toEqual({ limits: { cpu: '1', memory: '1Gi' } })
  })
})

describe('defaultReplicaSet', () => {
  it('defaults replicas to 1 and the template pod spec', () => {
    const rs = makeWorkload('ReplicaSet').build() as ReplicaSet
    delete (rs.spec as { replicas?: number }).replicas
    defaultReplicaSet(rs)
    expect(rs.spec?.replicas).toBe(1)
    expect(rs.spec?.template?.spec?.schedulerName).toBe('default-scheduler')
  })

  it('keeps replicas: 0', () => {
    const rs = makeWorkload('ReplicaSet').replicas(0).build() as ReplicaSet
    defaultReplicaSet(rs)
    expect(rs.spec?.replicas).toBe(0)
  })
})
