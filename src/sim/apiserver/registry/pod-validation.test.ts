import type { Container, PodSpec } from 'kubernetes-types/core/v1'
import { describe, expect, it } from 'vitest'
import { invalid } from '../../../api/status'
import type { Pod } from '../../../api/types'
import { makePod, type PodBuilder } from '../../testing/builders'
import { DNS1123_LABEL_MSG, DNS1123_SUBDOMAIN_MSG } from './meta-validation'
import { validatePod } from './pod-validation'

/** The apiserver's 422 message for this pod, or '' when it is valid. */
function message(b: PodBuilder | Pod): string {
  const pod = 'build' in b ? b.build() : b
  const errs = validatePod(pod)
  return errs.length ? (invalid('Pod', pod.metadata?.name ?? '', errs).message as string) : ''
}

describe('validatePod', () => {
  it('accepts a minimal pod', () => {
    expect(validatePod(makePod().build())).toEqual([])
  })

  it('spells out the RFC 1123 messages as the apiserver does', () => {
    expect(DNS1123_LABEL_MSG).toBe(
      "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
    )
    expect(DNS1123_SUBDOMAIN_MSG).toBe(
      "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
    )
  })

  it.each<[string, PodBuilder, string]>([
    [
      'a missing image',
      makePod('x').image(undefined),
      'Pod "x" is invalid: spec.containers[0].image: Required value',
    ],
    [
      'a blank image (only whitespace: not empty, so not Required)',
      makePod('x').image('  '),
      'Pod "x" is invalid: spec.containers[0].image: Invalid value: "  ": must not have leading or trailing whitespace',
    ],
    [
      'an image with a trailing space',
      makePod('x').image('nginx '),
      'Pod "x" is invalid: spec.containers[0].image: Invalid value: "nginx ": must not have leading or trailing whitespace',
    ],
    [
      'a container name that is not a DNS label',
      makePod('x').containers({ name: 'Web', image: 'nginx' }),
      `Pod "x" is invalid: spec.containers[0].name: Invalid value: "Web": ${DNS1123_LABEL_MSG}`,
    ],
    [
      'a missing container name',
      makePod('x').containers({ name: '', image: 'nginx' }),
      'Pod "x" is invalid: spec.containers[0].name: Required value',
    ],
    [
      'duplicate container names',
      makePod('x').containers({ name: 'web', image: 'nginx' }, { name: 'web', image: 'busybox' }),
      'Pod "x" is invalid: spec.containers[1].name: Duplicate value: "web"',
    ],
    [
      'an init container named like a container',
      makePod('x')
        .containers({ name: 'web', image: 'nginx' })
        .initContainer({ name: 'web', image: 'busybox' }),
      'Pod "x" is invalid: spec.initContainers[0].name: Duplicate value: "web"',
    ],
    ['no containers', makePod('x').containers(), 'Pod "x" is invalid: spec.containers: Required value'],
    [
      'an unknown restartPolicy',
      makePod('x').restartPolicy('Sometimes'),
      'Pod "x" is invalid: spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"',
    ],
    [
      'an unknown imagePullPolicy',
      makePod('x').containers({ name: 'c', image: 'nginx', imagePullPolicy: 'Sometimes' }),
      'Pod "x" is invalid: spec.containers[0].imagePullPolicy: Unsupported value: "Sometimes": supported values: "Always", "IfNotPresent", "Never"',
    ],
    [
      'a containerPort above 65535',
      makePod('x').port(70000),
      'Pod "x" is invalid: spec.containers[0].ports[0].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive',
    ],
    [
      'a negative containerPort',
      makePod('x').port(-1),
      'Pod "x" is invalid: spec.containers[0].ports[0].containerPort: Invalid value: -1: must be between 1 and 65535, inclusive',
    ],
    [
      'containerPort 0',
      makePod('x').port(0),
      'Pod "x" is invalid: spec.containers[0].ports[0].containerPort: Required value',
    ],
    [
      'requests above limits',
      makePod('x').requests({ cpu: '2' }).limits({ cpu: '1' }),
      'Pod "x" is invalid: spec.containers[0].resources.requests: Invalid value: "2": must be less than or equal to cpu limit of 1',
    ],
    [
      'memory requests above limits',
      makePod('x').requests({ memory: '256Mi' }).limits({ memory: '128Mi' }),
      'Pod "x" is invalid: spec.containers[0].resources.requests: Invalid value: "256Mi": must be less than or equal to memory limit of 128Mi',
    ],
    [
      'a negative request',
      makePod('x').requests({ cpu: '-1' }),
      'Pod "x" is invalid: spec.containers[0].resources.requests[cpu]: Invalid value: "-1": must be greater than or equal to 0',
    ],
    [
      'negative requests written out of order: reported by resource name',
      makePod('x').requests({ memory: '-1', cpu: '-1' }),
      'Pod "x" is invalid: [spec.containers[0].resources.requests[cpu]: Invalid value: "-1": must be greater than or equal to 0, spec.containers[0].resources.requests[memory]: Invalid value: "-1": must be greater than or equal to 0]',
    ],
    [
      'a negative terminationGracePeriodSeconds',
      makePod('x').withSpec((s) => {
        s.terminationGracePeriodSeconds = -5
      }),
      'Pod "x" is invalid: spec.terminationGracePeriodSeconds: Invalid value: -5: must be greater than or equal to 0',
    ],
    [
      'an unknown dnsPolicy',
      makePod('x').withSpec((s) => {
        s.dnsPolicy = 'Google'
      }),
      'Pod "x" is invalid: spec.dnsPolicy: Unsupported value: "Google": supported values: "ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"',
    ],
    [
      'a toleration with an unknown effect',
      makePod('x').withSpec((s) => {
        s.tolerations = [{ key: 'k', operator: 'Exists', effect: 'Evict' }]
      }),
      'Pod "x" is invalid: spec.tolerations[0].effect: Unsupported value: "Evict": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"',
    ],
    [
      'a pod name that is not a DNS subdomain',
      makePod('Nginx_1'),
      `Pod "Nginx_1" is invalid: metadata.name: Invalid value: "Nginx_1": ${DNS1123_SUBDOMAIN_MSG}`,
    ],
    [
      'a missing namespace',
      makePod('x').namespace(undefined),
      'Pod "x" is invalid: metadata.namespace: Required value',
    ],
    [
      'several problems at once, in field order',
      makePod('x').containers({ name: '', image: '' }).restartPolicy('Sometimes'),
      'Pod "x" is invalid: [spec.containers[0].name: Required value, spec.containers[0].image: Required value, spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"]',
    ],
  ])('%s', (_name, builder, want) => {
    expect(message(builder)).toBe(want)
  })

  it.each<[string, (s: PodSpec) => void, string]>([
    [
      'a volume with no source',
      (s) => {
        s.volumes = [{ name: 'data' }]
      },
      'spec.volumes[0]: Required value: must specify a volume type',
    ],
    [
      'a volume with two sources (the later one in upstream order is named)',
      (s) => {
        s.volumes = [{ name: 'data', hostPath: { path: '/x' }, emptyDir: {} }]
      },
      'spec.volumes[0].hostPath: Forbidden: may not specify more than 1 volume type',
    ],
    [
      'two volumes with one name',
      (s) => {
        s.volumes = [
          { name: 'data', emptyDir: {} },
          { name: 'data', emptyDir: {} },
        ]
      },
      'spec.volumes[1].name: Duplicate value: "data"',
    ],
    [
      'a volume name that is not a DNS label',
      (s) => {
        s.volumes = [{ name: 'My_Data', emptyDir: {} }]
      },
      `spec.volumes[0].name: Invalid value: "My_Data": ${DNS1123_LABEL_MSG}`,
    ],
    [
      'hostPath without a path, configMap without a name',
      (s) => {
        s.volumes = [
          { name: 'a', hostPath: { path: '' } },
          { name: 'b', configMap: {} },
        ]
      },
      '[spec.volumes[0].hostPath.path: Required value, spec.volumes[1].configMap.name: Required value]',
    ],
    [
      'a mount of an unknown volume',
      (s) => {
        ;(s.containers[0] as Container).volumeMounts = [{ name: 'x', mountPath: '/x' }]
      },
      'spec.containers[0].volumeMounts[0].name: Not found: "x"',
    ],
    [
      'a mount of a volume that is itself invalid',
      (s) => {
        s.volumes = [{ name: 'data' }]
        ;(s.containers[0] as Container).volumeMounts = [{ name: 'data', mountPath: '/data' }]
      },
      '[spec.volumes[0]: Required value: must specify a volume type, spec.containers[0].volumeMounts[0].name: Not found: "data"]',
    ],
    [
      'a mount without a mountPath, and two mounts on one path',
      (s) => {
        s.volumes = [{ name: 'data', emptyDir: {} }]
        ;(s.containers[0] as Container).volumeMounts = [
          { name: 'data', mountPath: '' },
          { name: 'data', mountPath: '/d' },
          { name: 'data', mountPath: '/d' },
        ]
      },
      '[spec.containers[0].volumeMounts[0].mountPath: Required value, spec.containers[0].volumeMounts[2].mountPath: Invalid value: "/d": must be unique]',
    ],
    [
      'two ports with one name',
      (s) => {
        ;(s.containers[0] as Container).ports = [
          { name: 'http', containerPort: 80 },
          { name: 'http', containerPort: 8080 },
        ]
      },
      'spec.containers[0].ports[1].name: Duplicate value: "http"',
    ],
    [
      'a port name that is not an IANA service name',
      (s) => {
        ;(s.containers[0] as Container).ports = [{ name: 'HTTP_port-too-long', containerPort: 80 }]
      },
      '[spec.containers[0].ports[0].name: Invalid value: "HTTP_port-too-long": must be no more than 15 characters, spec.containers[0].ports[0].name: Invalid value: "HTTP_port-too-long": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)]',
    ],
    [
      'a port name of digits only',
      (s) => {
        ;(s.containers[0] as Container).ports = [{ name: '8080', containerPort: 8080 }]
      },
      'spec.containers[0].ports[0].name: Invalid value: "8080": must contain at least one letter (a-z)',
    ],
    [
      'an unknown protocol',
      (s) => {
        ;(s.containers[0] as Container).ports = [{ containerPort: 80, protocol: 'HTTP' }]
      },
      'spec.containers[0].ports[0].protocol: Unsupported value: "HTTP": supported values: "SCTP", "TCP", "UDP"',
    ],
    [
      'two containers on one hostPort',
      (s) => {
        s.containers = [
          { name: 'a', image: 'nginx', ports: [{ containerPort: 80, hostPort: 8080, protocol: 'TCP' }] },
          { name: 'b', image: 'nginx', ports: [{ containerPort: 81, hostPort: 8080, protocol: 'TCP' }] },
        ]
      },
      'spec.containers[1].ports[0].hostPort: Duplicate value: "TCP//8080"',
    ],
    [
      'a probe without a handler',
      (s) => {
        ;(s.containers[0] as Container).livenessProbe = { periodSeconds: 5 }
      },
      'spec.containers[0].livenessProbe: Required value: must specify a handler type',
    ],
    [
      'a probe with two handlers',
      (s) => {
        ;(s.containers[0] as Container).readinessProbe = {
          httpGet: { path: '/', port: 80 },
          tcpSocket: { port: 80 },
        }
      },
      'spec.containers[0].readinessProbe.tcpSocket: Forbidden: may not specify more than 1 handler type',
    ],
    [
      'a liveness probe with successThreshold 2',
      (s) => {
        ;(s.containers[0] as Container).livenessProbe = { exec: { command: ['true'] }, successThreshold: 2 }
      },
      'spec.containers[0].livenessProbe.successThreshold: Invalid value: 2: must be 1',
    ],
    [
      'a readiness probe may have successThreshold 2; negative fields may not',
      (s) => {
        ;(s.containers[0] as Container).readinessProbe = {
          exec: { command: ['true'] },
          successThreshold: 2,
          periodSeconds: -1,
        }
      },
      'spec.containers[0].readinessProbe.periodSeconds: Invalid value: -1: must be greater than or equal to 0',
    ],
    [
      'a startup probe on a port out of range, with an empty command elsewhere',
      (s) => {
        ;(s.containers[0] as Container).startupProbe = { httpGet: { path: '/', port: 0 } }
        ;(s.containers[0] as Container).livenessProbe = { exec: { command: [] } }
      },
      '[spec.containers[0].livenessProbe.exec.command: Required value, spec.containers[0].startupProbe.httpGet.port: Invalid value: 0: must be between 1 and 65535, inclusive]',
    ],
    [
      'a probe on an init container without restartPolicy Always',
      (s) => {
        s.initContainers = [
          { name: 'init', image: 'busybox', readinessProbe: { exec: { command: ['true'] } } },
        ]
      },
      'spec.initContainers[0].readinessProbe: Forbidden: may not be set for init containers without restartPolicy=Always',
    ],
    [
      'an init container restartPolicy other than Always',
      (s) => {
        s.initContainers = [{ name: 'init', image: 'busybox', restartPolicy: 'OnFailure' } as Container]
      },
      'spec.initContainers[0].restartPolicy: Unsupported value: "OnFailure": supported values: "Always"',
    ],
    [
      'a restartPolicy on a regular container',
      (s) => {
        ;(s.containers[0] as { restartPolicy?: string }).restartPolicy = 'Always'
      },
      'spec.containers[0].restartPolicy: Forbidden: may not be set for non-init containers',
    ],
    [
      'requests above limits, printed canonically',
      (s) => {
        ;(s.containers[0] as Container).resources = {
          requests: { cpu: '1500m', memory: '1Gi' },
          limits: { cpu: 1 as unknown as string, memory: '1024Mi' },
        }
      },
      'spec.containers[0].resources.requests: Invalid value: "1500m": must be less than or equal to cpu limit of 1',
    ],
    [
      'fractional CPU in a request above the limit',
      (s) => {
        ;(s.containers[0] as Container).resources = {
          requests: { cpu: 0.5 as unknown as string },
          limits: { cpu: '250m' },
        }
      },
      'spec.containers[0].resources.requests: Invalid value: "500m": must be less than or equal to cpu limit of 250m',
    ],
    [
      'a resource name that is not a container resource',
      (s) => {
        ;(s.containers[0] as Container).resources = { limits: { cpuu: '1' } }
      },
      '[spec.containers[0].resources.limits[cpuu]: Invalid value: "cpuu": must be a standard resource type or fully qualified, spec.containers[0].resources.limits[cpuu]: Invalid value: "cpuu": must be a standard resource for containers]',
    ],
    [
      'pods as a container resource',
      (s) => {
        ;(s.containers[0] as Container).resources = { requests: { pods: '1' } }
      },
      'spec.containers[0].resources.requests[pods]: Invalid value: "pods": must be a standard resource for containers',
    ],
    [
      'an extended resource request without a limit',
      (s) => {
        ;(s.containers[0] as Container).resources = { requests: { 'example.com/gpu': '1' } }
      },
      'spec.containers[0].resources.limits: Required value: Limit must be set for non overcommitable resources',
    ],
    [
      'a lifecycle hook without a handler',
      (s) => {
        ;(s.containers[0] as Container).lifecycle = { preStop: {} }
      },
      'spec.containers[0].lifecycle.preStop: Required value: must specify a handler type',
    ],
  ])('%s', (_name, edit, want) => {
    const got = message(makePod('x').withSpec(edit))
    expect(got).toBe(`Pod "x" is invalid: ${want}`)
  })

  it('reports every error at once, volumes first, then containers, init containers and the pod fields', () => {
    const pod = makePod('x')
      .withSpec((s) => {
        s.volumes = [{ name: 'v' }]
        s.containers = [{ name: 'Web', image: '', ports: [{ containerPort: 0 }] }]
        s.initContainers = [{ name: 'init', image: 'busybox' }]
        s.restartPolicy = 'Sometimes'
      })
      .build()
    const errs = validatePod(pod)
    expect(errs.map((e) => e.field)).toEqual([
      'spec.volumes[0]',
      'spec.containers[0].name',
      'spec.containers[0].image',
      'spec.containers[0].ports[0].containerPort',
      'spec.restartPolicy',
    ])
    const status = invalid('Pod', 'x', errs)
    expect(status.details?.causes?.[0]).toEqual({
      reason: 'FieldValueRequired',
      message: 'Required value: must specify a volume type',
      field: 'spec.volumes[0]',
    })
  })

  it('needs a name or a generateName', () => {
    const pod = makePod('x').build()
    pod.metadata = { namespace: 'default' }
    expect(message(pod)).toBe(
      'Pod "" is invalid: metadata.name: Required value: name or generateName is required',
    )
    pod.metadata = { namespace: 'default', generateName: 'web-' }
    expect(message(pod)).toBe('')
  })

  it('accepts requests equal to limits, and limits without requests', () => {
    expect(message(makePod().requests({ cpu: '1' }).limits({ cpu: '1000m' }))).toBe('')
    expect(message(makePod().limits({ cpu: '1' }))).toBe('')
  })

  it('checks label values', () => {
    const pod = makePod('x').labels({ app: 'bad value' }).build()
    expect(message(pod)).toBe(
      `Pod "x" is invalid: metadata.labels: Invalid value: "bad value": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`,
    )
  })
})
