/**
 * The built-in kinds no simulated controller acts on, created through kubectl and the real
 * apiserver pipeline: what etcd holds afterwards is what a v1.33 apiserver stores.
 */
import { describe, expect, it } from 'vitest'
import { formatApplyResult } from '../../../api/kubectl/apply-output'
import { type ResourceInfo, resourceForKind } from '../../../api/resources'
import type { KubeObject } from '../../../api/types'
import { KUBERNETES_SERVICE_IP } from '../../cluster/bootstrap'
import { Kubectl } from '../../kubectl/kubectl'
import { startApiServer } from '../../testing/apiserver'
import { ipToNumber } from './service-allocators'

function setup(seed = 1) {
  const t = startApiServer({ seed })
  const kubectl = new Kubectl(t.kernel)
  t.kernel.register(kubectl)
  const apply = (obj: KubeObject) =>
    t.call(kubectl.apply(obj, resourceForKind(obj.apiVersion, obj.kind) as ResourceInfo))
  const stored = (prefix: string, name: string) => {
    const obj = t.stored(prefix).find((o) => o.metadata?.name === name)
    if (!obj) return undefined
    // What varies per run (uid, timestamps, the last-applied annotation) is checked elsewhere.
    const { uid, creationTimestamp, annotations, resourceVersion, ...meta } = obj.metadata ?? {}
    return { ...obj, metadata: meta }
  }
  return { t, apply, stored }
}

/** The Service of the Kubernetes docs' Service page. */
const docsService = {
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'my-service' },
  spec: {
    selector: { 'app.kubernetes.io/name': 'MyApp' },
    ports: [{ protocol: 'TCP', port: 80, targetPort: 9376 }],
  },
} as KubeObject

describe('Services', () => {
  it('bootstrap writes the `kubernetes` Service with 10.96.0.1', () => {
    const { stored } = setup()
    expect(stored('services/specs/default', 'kubernetes')).toEqual({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: {
        name: 'kubernetes',
        namespace: 'default',
        labels: { component: 'apiserver', provider: 'kubernetes' },
      },
      spec: {
        clusterIP: KUBERNETES_SERVICE_IP,
        clusterIPs: [KUBERNETES_SERVICE_IP],
        internalTrafficPolicy: 'Cluster',
        ipFamilies: ['IPv4'],
        ipFamilyPolicy: 'SingleStack',
        ports: [{ name: 'https', port: 443, protocol: 'TCP', targetPort: 6443 }],
        sessionAffinity: 'None',
        type: 'ClusterIP',
      },
      status: { loadBalancer: {} },
    })
  })

  it('kubectl apply of the docs Service: created, with a ClusterIP from the service CIDR', () => {
    const { apply, stored } = setup()
    const r = apply(docsService)
    expect(formatApplyResult(r)).toBe('service/my-service created')
    const svc = stored('services/specs/default', 'my-service') as KubeObject & {
      spec: { clusterIP: string }
    }
    const ip = svc.spec.clusterIP
    expect(ipToNumber(ip)).toBeGreaterThanOrEqual(ipToNumber('10.96.1.1'))
    expect(ipToNumber(ip)).toBeLessThanOrEqual(ipToNumber('10.111.255.254'))
    expect(svc).toEqual({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'my-service', namespace: 'default' },
      spec: {
        selector: { 'app.kubernetes.io/name': 'MyApp' },
        ports: [{ protocol: 'TCP', port: 80, targetPort: 9376 }],
        sessionAffinity: 'None',
        type: 'ClusterIP',
        internalTrafficPolicy: 'Cluster',
        clusterIP: ip,
        clusterIPs: [ip],
        ipFamilyPolicy: 'SingleStack',
        ipFamilies: ['IPv4'],
      },
      status: { loadBalancer: {} },
    })
    // Deterministic per seed, different across seeds.
    const again = setup()
    again.apply(docsService)
    expect((again.stored('services/specs/default', 'my-service') as typeof svc).spec.clusterIP).toBe(ip)
    const other = setup(2)
    other.apply(docsService)
    expect((other.stored('services/specs/default', 'my-service') as typeof svc).spec.clusterIP).not.toBe(ip)
  })

  it('a Service without ports is a 422 with the apiserver text; a taken ClusterIP too', () => {
    const { apply } = setup()
    const r = apply({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'x' },
      spec: { selector: { a: 'b' } },
    } as KubeObject)
    expect(r.code).toBe(422)
    expect(r.status?.message).toBe('Service "x" is invalid: spec.ports: Required value')
    const taken = apply({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'y' },
      spec: { clusterIP: KUBERNETES_SERVICE_IP, ports: [{ port: 80 }] },
    } as KubeObject)
    expect(taken.status?.message).toBe(
      'Service "y" is invalid: spec.clusterIPs: Invalid value: []string{"10.96.0.1"}: failed to allocate IP 10.96.0.1: provided IP is already allocated',
    )
  })
})

describe('other kinds, stored as the apiserver stores them', () => {
  it('Secret: stringData is encoded into data and dropped; type Opaque', () => {
    const { apply, stored } = setup()
    const r = apply({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 's' },
      data: { user: 'YWRtaW4=' },
      stringData: { password: 'hunter2', note: 'é' },
    } as KubeObject)
    expect(r.code, r.status?.message).toBe(201)
    expect(stored('secrets/default', 's')).toEqual({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 's', namespace: 'default' },
      type: 'Opaque',
      data: { user: 'YWRtaW4=', password: 'aHVudGVyMg==', note: 'w6k=' },
    })
  })

  it('a Secret or ConfigMap with a bad key is a 422', () => {
    const { apply } = setup()
    const r = apply({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'c' },
      data: { 'a b': '1' },
    } as KubeObject)
    expect(r.status?.message).toBe(
      `ConfigMap "c" is invalid: data[a b]: Invalid value: "a b": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')`,
    )
    const tls = apply({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 't' },
      type: 'kubernetes.io/tls',
    } as KubeObject)
    expect(tls.status?.message).toBe(
      'Secret "t" is invalid: [data[tls.key]: Required value, data[tls.crt]: Required value]',
    )
  })

  it('Job: defaults, the generated selector and template labels, status {}, generation 1', () => {
    const { t, apply } = setup()
    apply({
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: 'pi' },
      spec: {
        template: {
          spec: {
            containers: [
              {
                name: 'pi',
                image: 'perl:5.34.0',
                command: ['perl', '-Mbignum=bpi', '-wle', 'print bpi(2000)'],
              },
            ],
            restartPolicy: 'Never',
          },
        },
        backoffLimit: 4,
      },
    } as KubeObject)
    const job = t.stored('jobs/default').find((o) => o.metadata?.name === 'pi') as KubeObject
    const uid = job.metadata?.uid as string
    const labels = {
      'batch.kubernetes.io/controller-uid': uid,
      'batch.kubernetes.io/job-name': 'pi',
      'controller-uid': uid,
      'job-name': 'pi',
    }
    expect(job.metadata).toMatchObject({ labels, generation: 1 })
    expect(job).toMatchObject({
      spec: {
        backoffLimit: 4,
        completionMode: 'NonIndexed',
        completions: 1,
        manualSelector: false,
        parallelism: 1,
        podReplacementPolicy: 'TerminatingOrFailed',
        selector: { matchLabels: { 'batch.kubernetes.io/controller-uid': uid } },
        suspend: false,
        template: {
          metadata: { labels },
          spec: {
            dnsPolicy: 'ClusterFirst',
            restartPolicy: 'Never',
            schedulerName: 'default-scheduler',
            securityContext: {},
            terminationGracePeriodSeconds: 30,
          },
        },
      },
      status: {},
    })
  })

  it.each([
    {
      name: 'a Job container without an image',
      obj: {
        apiVersion: 'batch/v1',
        kind: 'Job',
        metadata: { name: 'pi' },
        spec: { template: { spec: { containers: [{ name: 'pi' }], restartPolicy: 'Never' } } },
      },
      want: 'Job.batch "pi" is invalid: spec.template.spec.containers[0].image: Required value',
    },
    {
      name: 'a Job with the default restartPolicy',
      obj: {
        apiVersion: 'batch/v1',
        kind: 'Job',
        metadata: { name: 'pi' },
        spec: { template: { spec: { containers: [{ name: 'pi', image: 'perl' }] } } },
      },
      want: 'Job.batch "pi" is invalid: spec.template.spec.restartPolicy: Unsupported value: "Always": supported values: "OnFailure", "Never"',
    },
  ])('422 for $name', ({ obj, want }) => {
    const { apply } = setup()
    expect(apply(obj as KubeObject).status?.message).toBe(want)
  })

  it.each([
    {
      name: 'CronJob',
      obj: {
        apiVersion: 'batch/v1',
        kind: 'CronJob',
        metadata: { name: 'hello' },
        spec: {
          schedule: '* * * * *',
          jobTemplate: {
            spec: {
              template: {
                spec: { containers: [{ name: 'c', image: 'busybox:1.28' }], restartPolicy: 'OnFailure' },
              },
            },
          },
        },
      },
      prefix: 'cronjobs/default',
      want: {
        spec: {
          concurrencyPolicy: 'Allow',
          failedJobsHistoryLimit: 1,
          successfulJobsHistoryLimit: 3,
          suspend: false,
          jobTemplate: {
            spec: { template: { spec: { dnsPolicy: 'ClusterFirst', schedulerName: 'default-scheduler' } } },
          },
        },
        status: {},
      },
    },
    {
      name: 'DaemonSet',
      obj: {
        apiVersion: 'apps/v1',
        kind: 'DaemonSet',
        metadata: { name: 'agent' },
        spec: {
          selector: { matchLabels: { app: 'agent' } },
          template: {
            metadata: { labels: { app: 'agent' } },
            spec: { containers: [{ name: 'a', image: 'agent:1' }] },
          },
        },
      },
      prefix: 'daemonsets/default',
      want: {
        spec: {
          revisionHistoryLimit: 10,
          updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } },
        },
        status: {
          currentNumberScheduled: 0,
          desiredNumberScheduled: 0,
          numberMisscheduled: 0,
          numberReady: 0,
        },
      },
    },
    {
      name: 'StatefulSet',
      obj: {
        apiVersion: 'apps/v1',
        kind: 'StatefulSet',
        metadata: { name: 'web' },
        spec: {
          serviceName: 'nginx',
          selector: { matchLabels: { app: 'nginx' } },
          template: {
            metadata: { labels: { app: 'nginx' } },
            spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] },
          },
          volumeClaimTemplates: [
            {
              metadata: { name: 'www' },
              spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
            },
          ],
        },
      },
      prefix: 'statefulsets/default',
      want: {
        spec: {
          replicas: 1,
          podManagementPolicy: 'OrderedReady',
          revisionHistoryLimit: 10,
          updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0 } },
          persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Retain', whenScaled: 'Retain' },
          volumeClaimTemplates: [{ spec: { volumeMode: 'Filesystem' }, status: { phase: 'Pending' } }],
        },
        status: { availableReplicas: 0, replicas: 0 },
      },
    },
    {
      name: 'PersistentVolumeClaim',
      obj: {
        apiVersion: 'v1',
        kind: 'PersistentVolumeClaim',
        metadata: { name: 'data' },
        spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
      },
      prefix: 'persistentvolumeclaims/default',
      want: { spec: { volumeMode: 'Filesystem' }, status: { phase: 'Pending' } },
    },
    {
      name: 'PersistentVolume',
      obj: {
        apiVersion: 'v1',
        kind: 'PersistentVolume',
        metadata: { name: 'pv1' },
        spec: { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], hostPath: { path: '/data' } },
      },
      prefix: 'persistentvolumes',
      want: {
        spec: { persistentVolumeReclaimPolicy: 'Retain', volumeMode: 'Filesystem' },
        status: { phase: 'Pending' },
      },
    },
    {
      name: 'NetworkPolicy',
      obj: {
        apiVersion: 'networking.k8s.io/v1',
        kind: 'NetworkPolicy',
        metadata: { name: 'np' },
        spec: { podSelector: {}, ingress: [{ ports: [{ port: 80 }] }] },
      },
      prefix: 'networkpolicies/default',
      want: { spec: { policyTypes: ['Ingress'], ingress: [{ ports: [{ port: 80, protocol: 'TCP' }] }] } },
    },
    {
      name: 'StorageClass',
      obj: {
        apiVersion: 'storage.k8s.io/v1',
        kind: 'StorageClass',
        metadata: { name: 'fast' },
        provisioner: 'kubernetes.io/no-provisioner',
      },
      prefix: 'storageclasses',
      want: { reclaimPolicy: 'Delete', volumeBindingMode: 'Immediate' },
    },
    {
      name: 'HorizontalPodAutoscaler',
      obj: {
        apiVersion: 'autoscaling/v2',
        kind: 'HorizontalPodAutoscaler',
        metadata: { name: 'web' },
        spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, maxReplicas: 5 },
      },
      prefix: 'horizontalpodautoscalers/default',
      want: {
        spec: {
          minReplicas: 1,
          metrics: [
            {
              type: 'Resource',
              resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } },
            },
          ],
        },
        status: { currentMetrics: null, desiredReplicas: 0 },
      },
    },
    {
      name: 'Ingress',
      obj: {
        apiVersion: 'networking.k8s.io/v1',
        kind: 'Ingress',
        metadata: { name: 'ing' },
        spec: { defaultBackend: { service: { name: 'web', port: { number: 80 } } } },
      },
      prefix: 'ingress/default',
      want: { metadata: { generation: 1 }, status: { loadBalancer: {} } },
    },
  ])('$name', ({ obj, prefix, want }) => {
    const { t, apply } = setup()
    const r = apply(obj as KubeObject)
    expect(r.code, r.status?.message).toBe(201)
    const name = obj.metadata.name
    expect(t.stored(prefix).find((o) => o.metadata?.name === name)).toMatchObject(want)
  })

  it('the GA resources added to the served list are created and listed', () => {
    const { apply, t } = setup()
    for (const obj of [
      {
        apiVersion: 'networking.k8s.io/v1',
        kind: 'IngressClass',
        metadata: { name: 'nginx' },
        spec: { controller: 'k8s.io/ingress-nginx' },
      },
      {
        apiVersion: 'v1',
        kind: 'Endpoints',
        metadata: { name: 'ext' },
        subsets: [{ addresses: [{ ip: '10.1.2.3' }], ports: [{ port: 80 }] }],
      },
      { apiVersion: 'storage.k8s.io/v1', kind: 'CSIDriver', metadata: { name: 'x.csi.k8s.io' }, spec: {} },
    ]) {
      const r = apply(obj as KubeObject)
      expect(r.code, r.status?.message).toBe(201)
    }
    expect(t.stored('services/endpoints/default')[0]).toMatchObject({
      subsets: [{ ports: [{ port: 80, protocol: 'TCP' }] }],
    })
  })
})
