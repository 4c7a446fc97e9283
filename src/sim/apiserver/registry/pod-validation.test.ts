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
      'a blank image',
      makePod('x').image('  '),
      'Pod "x" is invalid: spec.containers[0].image: Required value',
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
      'Pod "x" is invalid: spec.containers[0].name: Duplicate value: "web"',
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
      'Pod "x" is invalid: spec.tolerations[0].effect: Unsupported value: "Evict": supported values: "NoExecute", "NoSchedule", "PreferNoSchedule"',
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
