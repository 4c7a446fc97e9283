import type { Container, PodSpec } from 'kubernetes-types/core/v1'
import { describe, expect, it } from 'vitest'
import { makePod } from '../../testing/builders'
import {
  defaultContainer,
  defaultPodSpec,
  defaultPullPolicy,
  defaultRequestsFromLimits,
  defaultTemplatePodSpec,
} from './pod-defaults'

describe('defaultPullPolicy', () => {
  it.each([
    ['nginx', 'Always'],
    ['nginx:latest', 'Always'],
    ['nginx:1.27', 'IfNotPresent'],
    ['nginx:1.27-alpine', 'IfNotPresent'],
    ['nginx@sha256:0d17b565c37bcbd895e9d92315a05c1c3c9a29f762b011a10c54a66cd53c9b31', 'IfNotPresent'],
    ['nginx:1.27@sha256:0d17b565c37bcbd895e9d92315a05c1c3c9a29f762b011a10c54a66cd53c9b31', 'IfNotPresent'],
    ['localhost:5000/app', 'Always'],
    ['localhost:5000/app:v2', 'IfNotPresent'],
    ['localhost:5000/app:latest', 'Always'],
    ['registry.k8s.io/pause:3.10', 'IfNotPresent'],
    ['docker.io/library/busybox', 'Always'],
    ['ghcr.io/org/team/tool:1.0', 'IfNotPresent'],
  ])('%s → %s', (image, want) => {
    expect(defaultPullPolicy(image)).toBe(want)
  })
})

describe('defaultContainer', () => {
  const defaulted = (c: Container): Container => {
    defaultContainer(c)
    return c
  }

  it('fills the scheme defaults', () => {
    expect(defaulted({ name: 'c', image: 'nginx', ports: [{ containerPort: 80 }] })).toEqual({
      name: 'c',
      image: 'nginx',
      imagePullPolicy: 'Always',
      terminationMessagePath: '/dev/termination-log',
      terminationMessagePolicy: 'File',
      ports: [{ containerPort: 80, protocol: 'TCP' }],
      resources: {},
    })
  })

  it('keeps what the user set', () => {
    const c = defaulted({
      name: 'c',
      image: 'nginx',
      imagePullPolicy: 'Never',
      terminationMessagePolicy: 'FallbackToLogsOnError',
      ports: [{ containerPort: 53, protocol: 'UDP' }],
    })
    expect([c.imagePullPolicy, c.terminationMessagePolicy, c.ports?.[0]?.protocol]).toEqual([
      'Never',
      'FallbackToLogsOnError',
      'UDP',
    ])
  })

  it('leaves imagePullPolicy unset without an image (validation reports it)', () => {
    expect(defaulted({ name: 'c' }).imagePullPolicy).toBeUndefined()
  })

  it('does not copy limits into requests (a Pod-only default)', () => {
    const c = defaulted({ name: 'c', image: 'x:1', resources: { limits: { cpu: '1' } } })
    expect(c.resources).toEqual({ limits: { cpu: '1' } })
  })

  it('fills probe defaults (SetDefaults_Probe, SetDefaults_HTTPGetAction)', () => {
    const c = defaulted({
      name: 'c',
      image: 'x:1',
      livenessProbe: { httpGet: { port: 8080 } },
      readinessProbe: { tcpSocket: { port: 8080 }, periodSeconds: 5 },
      startupProbe: { exec: { command: ['true'] }, failureThreshold: 30 },
    })
    expect(c.livenessProbe).toEqual({
      httpGet: { port: 8080, path: '/', scheme: 'HTTP' },
      timeoutSeconds: 1,
      periodSeconds: 10,
      successThreshold: 1,
      failureThreshold: 3,
    })
    expect(c.readinessProbe).toMatchObject({ periodSeconds: 5, timeoutSeconds: 1, failureThreshold: 3 })
    expect(c.startupProbe).toMatchObject({ failureThreshold: 30, periodSeconds: 10 })
  })
})

describe('defaultRequestsFromLimits', () => {
  type Resources = { limits?: Record<string, string>; requests?: Record<string, string> }
  it.each<[string, Resources, Record<string, string> | undefined]>([
    [
      'limits only: requests copy them',
      { limits: { cpu: '500m', memory: '128Mi' } },
      { cpu: '500m', memory: '128Mi' },
    ],
    [
      'a request is kept; a missing one is copied',
      { limits: { cpu: '1', memory: '1Gi' }, requests: { cpu: '250m' } },
      { cpu: '250m', memory: '1Gi' },
    ],
    ['requests only: unchanged', { requests: { cpu: '100m' } }, { cpu: '100m' }],
    ['empty limits: nothing to copy', { limits: {} }, undefined],
  ])('%s', (_name, resources, wantRequests) => {
    const spec: PodSpec = {
      containers: [{ name: 'c', image: 'x:1', resources: structuredClone(resources) }],
      initContainers: [{ name: 'i', image: 'x:1', resources: structuredClone(resources) }],
    }
    defaultRequestsFromLimits(spec)
    for (const c of [spec.containers[0], spec.initContainers?.[0]]) {
      expect(c?.resources?.requests).toEqual(wantRequests)
      expect(c?.resources?.limits).toEqual(resources.limits)
    }
  })
})

describe('defaultTemplatePodSpec', () => {
  it('fills the PodSpec defaults but leaves requests as written', () => {
    const spec = makePod().limits({ cpu: '1' }).build().spec as PodSpec
    defaultTemplatePodSpec(spec)
    expect(spec.restartPolicy).toBe('Always')
    expect(spec.containers[0]?.resources).toEqual({ limits: { cpu: '1' } })
  })
})

describe('defaultPodSpec', () => {
  it('copies limits into requests for containers and init containers', () => {
    const spec = makePod()
      .limits({ cpu: '1' })
      .initContainer({ name: 'init', image: 'busybox', resources: { limits: { memory: '64Mi' } } })
      .build().spec as PodSpec
    defaultPodSpec(spec)
    expect(spec.containers[0]?.resources?.requests).toEqual({ cpu: '1' })
    expect(spec.initContainers?.[0]?.resources?.requests).toEqual({ memory: '64Mi' })
  })

  it('fills the pod-level defaults', () => {
    const spec = makePod().build().spec as PodSpec
    defaultPodSpec(spec)
    expect(spec).toMatchObject({
      restartPolicy: 'Always',
      dnsPolicy: 'ClusterFirst',
      terminationGracePeriodSeconds: 30,
      schedulerName: 'default-scheduler',
      securityContext: {},
      enableServiceLinks: true,
    })
    expect(spec.serviceAccount).toBeUndefined()
    expect(spec.containers[0]?.imagePullPolicy).toBe('IfNotPresent')
  })

  it('keeps what the user set, mirrors serviceAccountName, and defaults init containers', () => {
    const spec = makePod()
      .restartPolicy('Never')
      .initContainer({ name: 'init', image: 'busybox' })
      .withSpec((s) => {
        s.serviceAccountName = 'builder'
        s.terminationGracePeriodSeconds = 0
      })
      .build().spec as PodSpec
    defaultPodSpec(spec)
    expect([spec.restartPolicy, spec.serviceAccount, spec.terminationGracePeriodSeconds]).toEqual([
      'Never',
      'builder',
      0,
    ])
    expect(spec.initContainers?.[0]?.imagePullPolicy).toBe('Always')
  })
})
