import { describe, expect, it } from 'vitest'
import type { Pod } from '../../../../api/types'
import { evaluatePod, forbiddenDetail } from './checks'

type Spec = NonNullable<Pod['spec']>
const c = (name: string, securityContext?: Spec['containers'][number]['securityContext'], extra = {}) => ({
  name,
  image: 'nginx',
  ...(securityContext ? { securityContext } : {}),
  ...extra,
})
/** A container that passes every restricted check. */
const good = (name: string) =>
  c(name, {
    allowPrivilegeEscalation: false,
    capabilities: { drop: ['ALL'] },
    runAsNonRoot: true,
    seccompProfile: { type: 'RuntimeDefault' },
  })

const baseline = (spec: Partial<Spec>, annotations?: Record<string, string>) =>
  forbiddenDetail(
    evaluatePod('baseline', 33, annotations ? { annotations } : {}, { containers: [], ...spec }),
  )
const restricted = (spec: Partial<Spec>) =>
  forbiddenDetail(evaluatePod('restricted', 33, {}, { containers: [], ...spec }))

describe('baseline checks', () => {
  it.each<[string, Partial<Spec>, string]>([
    [
      'privileged',
      { containers: [c('a', { privileged: true })] },
      'privileged (container "a" must not set securityContext.privileged=true)',
    ],
    [
      'privileged, two containers',
      { initContainers: [c('i', { privileged: true })], containers: [c('a', { privileged: true })] },
      'privileged (containers "i", "a" must not set securityContext.privileged=true)',
    ],
    [
      'host namespaces',
      { hostPID: true, hostNetwork: true, containers: [c('a')] },
      'host namespaces (hostNetwork=true, hostPID=true)',
    ],
    [
      'hostPort',
      { containers: [c('a', undefined, { ports: [{ containerPort: 80, hostPort: 8080 }] })] },
      'hostPort (container "a" uses hostPort 8080)',
    ],
    [
      'hostPath volumes',
      { containers: [c('a')], volumes: [{ name: 'h', hostPath: { path: '/' } }] },
      'hostPath volumes (volume "h")',
    ],
    [
      'non-default capabilities',
      { containers: [c('a', { capabilities: { add: ['SYS_ADMIN', 'CHOWN', 'NET_RAW'] } })] },
      'non-default capabilities (container "a" must not include "NET_RAW", "SYS_ADMIN" in securityContext.capabilities.add)',
    ],
    [
      'procMount',
      { containers: [c('a', { procMount: 'Unmasked' })] },
      'procMount (container "a" must not set securityContext.procMount to "Unmasked")',
    ],
    [
      'seccomp Unconfined',
      { securityContext: { seccompProfile: { type: 'Unconfined' } }, containers: [c('a')] },
      'seccompProfile (pod must not set securityContext.seccompProfile.type to "Unconfined")',
    ],
    [
      'sysctls',
      {
        securityContext: {
          sysctls: [
            { name: 'kernel.msgmax', value: '1' },
            { name: 'net.ipv4.tcp_syncookies', value: '1' },
          ],
        },
        containers: [c('a')],
      },
      'forbidden sysctls (kernel.msgmax)',
    ],
    [
      'AppArmor',
      { containers: [c('a', { appArmorProfile: { type: 'Unconfined' } })] },
      'forbidden AppArmor profile (container "a" must not set AppArmor profile type to "Unconfined")',
    ],
    [
      'SELinux',
      { containers: [c('a', { seLinuxOptions: { type: 'spc_t', user: 'u' } })] },
      'seLinuxOptions (container "a" set forbidden securityContext.seLinuxOptions: type "spc_t"; user may not be set)',
    ],
  ])('%s', (_name, spec, message) => {
    expect(baseline(spec)).toBe(message)
  })

  it('AppArmor annotations', () => {
    expect(
      baseline(
        { containers: [c('a')] },
        { 'container.apparmor.security.beta.kubernetes.io/a': 'unconfined' },
      ),
    ).toBe(
      'forbidden AppArmor profile (annotation must not set AppArmor profile type to "container.apparmor.security.beta.kubernetes.io/a="unconfined"")',
    )
  })

  it('allows what baseline allows', () => {
    expect(
      evaluatePod('baseline', 33, {}, { containers: [c('a', { capabilities: { add: ['CHOWN'] } })] }),
    ).toEqual([])
  })
})

describe('restricted checks', () => {
  it.each<[string, Partial<Spec>, string]>([
    [
      'allowPrivilegeEscalation',
      {
        containers: [
          { ...good('a'), securityContext: { ...good('a').securityContext, allowPrivilegeEscalation: true } },
        ],
      },
      'allowPrivilegeEscalation != false (container "a" must set securityContext.allowPrivilegeEscalation=false)',
    ],
    [
      'unrestricted capabilities',
      {
        containers: [
          {
            ...good('a'),
            securityContext: {
              ...good('a').securityContext,
              capabilities: { add: ['NET_BIND_SERVICE', 'NET_ADMIN'] },
            },
          },
        ],
      },
      'unrestricted capabilities (container "a" must set securityContext.capabilities.drop=["ALL"]; container "a" must not include "NET_ADMIN" in securityContext.capabilities.add)',
    ],
    [
      'runAsNonRoot=false',
      {
        containers: [
          { ...good('a'), securityContext: { ...good('a').securityContext, runAsNonRoot: false } },
        ],
      },
      'runAsNonRoot != true (container "a" must not set securityContext.runAsNonRoot=false)',
    ],
    [
      'runAsUser=0',
      { securityContext: { runAsUser: 0 }, containers: [good('a')] },
      'runAsUser=0 (pod must not set runAsUser=0)',
    ],
    [
      'restricted volume types (replaces hostPath volumes)',
      {
        containers: [good('a')],
        volumes: [
          { name: 'h', hostPath: { path: '/' } },
          { name: 'e', emptyDir: {} },
        ],
      },
      'restricted volume types (volume "h" uses restricted volume type "hostPath")',
    ],
    [
      'seccompProfile unset',
      {
        containers: [
          { ...good('a'), securityContext: { ...good('a').securityContext, seccompProfile: undefined } },
        ],
      },
      'seccompProfile (pod or container "a" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
    ],
  ])('%s', (_name, spec, message) => {
    expect(restricted(spec)).toBe(message)
  })

  it('a bare container fails four checks, in upstream order', () => {
    expect(restricted({ containers: [c('nginx')] })).toBe(
      'allowPrivilegeEscalation != false (container "nginx" must set securityContext.allowPrivilegeEscalation=false), ' +
        'unrestricted capabilities (container "nginx" must set securityContext.capabilities.drop=["ALL"]), ' +
        'runAsNonRoot != true (pod or container "nginx" must set securityContext.runAsNonRoot=true), ' +
        'seccompProfile (pod or container "nginx" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
    )
  })

  it('a compliant pod passes; privileged allows everything', () => {
    expect(evaluatePod('restricted', 33, {}, { containers: [good('a')] })).toEqual([])
    expect(evaluatePod('privileged', 33, {}, { containers: [c('a', { privileged: true })] })).toEqual([])
  })

  it('older policy versions skip newer checks (runAsUser from v1.23, capabilities from v1.22)', () => {
    const spec = {
      containers: [{ ...good('a'), securityContext: { ...good('a').securityContext, runAsUser: 0 } }],
    }
    expect(evaluatePod('restricted', 22, {}, spec)).toEqual([])
    expect(evaluatePod('restricted', 23, {}, spec).map((f) => f.reason)).toEqual(['runAsUser=0'])
  })
})
