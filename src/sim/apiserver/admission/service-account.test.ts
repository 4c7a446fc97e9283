import { describe, expect, it } from 'vitest'
import type { KubeObject, Pod } from '../../../api/types'
import { Cluster } from '../../cluster/cluster'
import { runResult } from '../../scenario/result'

const pod = (spec: Record<string, unknown> = {}, namespace?: string): KubeObject =>
  ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p', ...(namespace ? { namespace } : {}) },
    spec: { containers: [{ name: 'c', image: 'nginx' }], ...spec },
  }) as KubeObject

function run(actions: { atMs: number; objects: KubeObject[] }[]) {
  const cluster = new Cluster({ actions: actions.map((a) => ({ type: 'apply' as const, ...a })) })
  cluster.run()
  return runResult(cluster)
}

describe('ServiceAccount admission', () => {
  it('defaults serviceAccountName and mounts the kube-api-access projected volume', () => {
    const r = run([{ atMs: 0, objects: [pod({ initContainers: [{ name: 'i', image: 'busybox' }] })] }])
    expect(r.responses[0]?.code).toBe(201)
    const stored = r.pods[0] as Pod
    const spec = stored.spec ?? { containers: [] }
    expect(spec.serviceAccountName).toBe('default')
    expect(spec.serviceAccount).toBe('default')
    const volume = spec.volumes?.[0]
    expect(volume?.name).toMatch(/^kube-api-access-[bcdfghjklmnpqrstvwxz2456789]{5}$/)
    expect(volume?.projected).toEqual({
      sources: [
        { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
        { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
        {
          downwardAPI: {
            items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }],
          },
        },
      ],
      defaultMode: 420,
    })
    const mount = {
      name: volume?.name,
      readOnly: true,
      mountPath: '/var/run/secrets/kubernetes.io/serviceaccount',
    }
    expect(spec.containers[0]?.volumeMounts).toEqual([mount])
    expect(spec.initContainers?.[0]?.volumeMounts).toEqual([mount])
  })

  it('mounts nothing when the pod opts out', () => {
    const r = run([{ atMs: 0, objects: [pod({ automountServiceAccountToken: false })] }])
    expect(r.pods[0]?.spec?.volumes).toBeUndefined()
    expect(r.pods[0]?.spec?.serviceAccountName).toBe('default')
  })

  it('refuses a Pod whose ServiceAccount does not exist', () => {
    const r = run([{ atMs: 0, objects: [pod({ serviceAccountName: 'builder' })] }])
    expect(r.responses[0]?.code).toBe(403)
    expect(r.responses[0]?.status?.message).toBe(
      'pods "p" is forbidden: error looking up service account default/builder: serviceaccount "builder" not found',
    )
  })

  it('a Pod right after its Namespace waits for the default ServiceAccount the controller creates', () => {
    const ns = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'dev' } } as KubeObject
    const r = run([{ atMs: 0, objects: [ns, pod({}, 'dev')] }])
    expect(r.responses.map((x) => x.code)).toEqual([201, 201])
    const created = r.trace.filter(
      (m) => m.kind === 'http-request' && m.summary.startsWith('POST /api/v1/namespaces/dev/'),
    )
    expect(created.map((m) => m.summary)).toEqual(
      expect.arrayContaining([
        'POST /api/v1/namespaces/dev/serviceaccounts',
        'POST /api/v1/namespaces/dev/configmaps',
        'POST /api/v1/namespaces/dev/pods?fieldManager=kubectl-client-side-apply&fieldValidation=Strict',
      ]),
    )
    expect(r.pods.find((p) => p.metadata?.namespace === 'dev')?.spec?.serviceAccountName).toBe('default')
  })
})

describe('PodSecurity admission', () => {
  const privilegedPod = pod(
    { containers: [{ name: 'nginx', image: 'nginx', securityContext: { privileged: true } }] },
    'secure',
  )
  const namespace = (labels: Record<string, string>) =>
    ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'secure', labels } }) as KubeObject

  it('enforce: restricted refuses a privileged Pod with the upstream text', () => {
    const r = run([
      { atMs: 0, objects: [namespace({ 'pod-security.kubernetes.io/enforce': 'restricted' })] },
      { atMs: 2000, objects: [privilegedPod] },
    ])
    expect(r.responses[1]?.code).toBe(403)
    expect(r.responses[1]?.status?.message).toBe(
      'pods "p" is forbidden: violates PodSecurity "restricted:latest": ' +
        'privileged (container "nginx" must not set securityContext.privileged=true), ' +
        'allowPrivilegeEscalation != false (container "nginx" must set securityContext.allowPrivilegeEscalation=false), ' +
        'unrestricted capabilities (container "nginx" must set securityContext.capabilities.drop=["ALL"]), ' +
        'runAsNonRoot != true (pod or container "nginx" must set securityContext.runAsNonRoot=true), ' +
        'seccompProfile (pod or container "nginx" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
    )
  })

  it('warn: restricted admits it with a Warning header; audit records the annotation', () => {
    const r = run([
      {
        atMs: 0,
        objects: [
          namespace({
            'pod-security.kubernetes.io/warn': 'restricted',
            'pod-security.kubernetes.io/audit': 'baseline',
            'pod-security.kubernetes.io/audit-version': 'v1.30',
          }),
        ],
      },
      { atMs: 2000, objects: [privilegedPod] },
    ])
    expect(r.responses[1]?.code).toBe(201)
    const post = r.trace.find(
      (m) => m.kind === 'http-request' && m.summary.startsWith('POST /api/v1/namespaces/secure/pods?'),
    )
    const response = r.trace.find((m) => m.kind === 'http-response' && m.replyTo === post?.id)
    const warnings = (response?.payload as { warnings?: string[] } | undefined)?.warnings
    expect(warnings?.[0]).toMatch(
      /^would violate PodSecurity "restricted:latest": privileged \(container "nginx"/,
    )
    const step = r.trace.find((m) => m.kind === 'step' && m.summary.startsWith('PodSecurity:'))
    expect(
      (step?.payload as { auditAnnotations?: Record<string, string> } | undefined)?.auditAnnotations,
    ).toEqual({
      'pod-security.kubernetes.io/enforce-policy': 'privileged:latest',
      'pod-security.kubernetes.io/audit-violations':
        'would violate PodSecurity "baseline:v1.30": privileged (container "nginx" must not set securityContext.privileged=true)',
    })
  })
})
