/**
 * The Pod Security Standards checks (staging/src/k8s.io/pod-security-admission/policy/check_*.go,
 * v1.33): each looks at a pod's metadata and spec and returns allowed, or a forbidden reason and
 * detail. The texts are upstream's; containers are visited init containers first, then
 * containers, then ephemeral containers (visitor.go); sets are listed sorted (sets.String.List).
 */
import type { Pod } from '../../../../api/types'

export type Level = 'privileged' | 'baseline' | 'restricted'

export type CheckResult =
  | { readonly allowed: true }
  | { readonly allowed: false; readonly reason: string; readonly detail: string }

type PodSpec = NonNullable<Pod['spec']>
type Container = PodSpec['containers'][number]
type Metadata = NonNullable<Pod['metadata']>

export interface Check {
  readonly id: string
  readonly level: 'baseline' | 'restricted'
  /** The first policy version (minor of 1.x) the check applies to. */
  readonly minVersion: number
  /** Restricted checks replace these baseline checks (OverrideCheckIDs / Overlap). */
  readonly overrides?: readonly string[]
  check(meta: Metadata, spec: PodSpec, version: number): CheckResult
}

const OK: CheckResult = { allowed: true }
const fail = (reason: string, detail: string): CheckResult => ({ allowed: false, reason, detail })

export const joinQuote = (items: readonly string[]): string => (items.length ? `"${items.join('", "')}"` : '')
export const pluralize = (singular: string, plural: string, n: number): string =>
  n === 1 ? singular : plural
/** Go's sort.Strings / sets.String.List: byte order. */
const sorted = (s: Iterable<string>): string[] => [...s].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))

function containers(spec: PodSpec): Container[] {
  return [
    ...(spec.initContainers ?? []),
    ...(spec.containers ?? []),
    ...((spec.ephemeralContainers ?? []) as Container[]),
  ]
}

/** `container "a"` / `containers "a", "b"`. */
const namedContainers = (names: readonly string[]) =>
  `${pluralize('container', 'containers', names.length)} ${joinQuote(names)}`

// ---- baseline ----------------------------------------------------------------------------------

const APPARMOR_ANNOTATION_PREFIX = 'container.apparmor.security.beta.kubernetes.io/'

const appArmorProfile: Check = {
  id: 'appArmorProfile',
  level: 'baseline',
  minVersion: 0,
  check(meta, spec) {
    const allowedType = (t: string) => t === 'RuntimeDefault' || t === 'Localhost'
    const badSetters: string[] = []
    const badValues = new Set<string>()
    const podProfile = spec.securityContext?.appArmorProfile
    if (podProfile && !allowedType(podProfile.type)) {
      badSetters.push('pod')
      badValues.add(podProfile.type)
    }
    const badContainers: string[] = []
    for (const c of containers(spec)) {
      const p = c.securityContext?.appArmorProfile
      if (p && !allowedType(p.type)) {
        badContainers.push(c.name)
        badValues.add(p.type)
      }
    }
    if (badContainers.length) badSetters.push(namedContainers(badContainers))
    const badAnnotations: string[] = []
    for (const [k, v] of Object.entries(meta.annotations ?? {})) {
      const allowed = v === '' || v === 'runtime/default' || v.startsWith('localhost/')
      if (k.startsWith(APPARMOR_ANNOTATION_PREFIX) && !allowed)
        badAnnotations.push(`${k}=${JSON.stringify(v)}`)
    }
    const values = sorted(badValues)
    if (badAnnotations.length) {
      values.push(...sorted(badAnnotations))
      badSetters.push(pluralize('annotation', 'annotations', badAnnotations.length))
    }
    if (!badSetters.length) return OK
    return fail(
      pluralize('forbidden AppArmor profile', 'forbidden AppArmor profiles', values.length),
      `${badSetters.join(' and ')} must not set AppArmor profile type to ${joinQuote(values)}`,
    )
  },
}

const hostNamespaces: Check = {
  id: 'hostNamespaces',
  level: 'baseline',
  minVersion: 0,
  check(_meta, spec) {
    const set = [
      spec.hostNetwork && 'hostNetwork',
      spec.hostPID && 'hostPID',
      spec.hostIPC && 'hostIPC',
    ].filter((s): s is string => Boolean(s))
    return set.length
      ? fail(
          'host namespaces',
          sorted(set)
            .map((s) => `${s}=true`)
            .join(', '),
        )
      : OK
  },
}

const hostPorts: Check = {
  id: 'hostPorts',
  level: 'baseline',
  minVersion: 0,
  check(_meta, spec) {
    const bad: string[] = []
    const ports = new Set<string>()
    for (const c of containers(spec)) {
      const used = (c.ports ?? []).filter((p) => p.hostPort)
      for (const p of used) ports.add(String(p.hostPort))
      if (used.length) bad.push(c.name)
    }
    if (!bad.length) return OK
    return fail(
      'hostPort',
      `${namedContainers(bad)} ${pluralize('uses', 'use', bad.length)} ${pluralize('hostPort', 'hostPorts', ports.size)} ${sorted(ports).join(', ')}`,
    )
  },
}

const privileged: Check = {
  id: 'privileged',
  level: 'baseline',
  minVersion: 0,
  check(_meta, spec) {
    const bad = containers(spec)
      .filter((c) => c.securityContext?.privileged === true)
      .map((c) => c.name)
    return bad.length
      ? fail('privileged', `${namedContainers(bad)} must not set securityContext.privileged=true`)
      : OK
  },
}

const procMount: Check = {
  id: 'procMount',
  level: 'baseline',
  minVersion: 0,
  check(_meta, spec) {
    const bad: string[] = []
    const types = new Set<string>()
    for (const c of containers(spec)) {
      const p = c.securityContext?.procMount
      if (p !== undefined && p !== 'Default') {
        bad.push(c.name)
        types.add(p)
      }
    }
    if (!bad.length) return OK
    return fail(
      'procMount',
      `${namedContainers(bad)} must not set securityContext.procMount to ${joinQuote(sorted(types))}`,
    )
  },
}

const SELINUX_TYPES = new Set(['', 'container_t', 'container_init_t', 'container_kvm_t'])

const seLinuxOptions: Check = {
  id: 'seLinuxOptions',
  level: 'baseline',
  minVersion: 0,
  check(_meta, spec) {
    const badTypes = new Set<string>()
    let setUser = false
    let setRole = false
    const valid = (o: { type?: string; user?: string; role?: string }) => {
      let ok = true
      if (!SELINUX_TYPES.has(o.type ?? '')) {
        ok = false
        badTypes.add(o.type ?? '')
      }
      if (o.user) {
        ok = false
        setUser = true
      }
      if (o.role) {
        ok = false
        setRole = true
      }
      return ok
    }
    const badSetters: string[] = []
    const podOpts = spec.securityContext?.seLinuxOptions
    if (podOpts && !valid(podOpts)) badSetters.push('pod')
    const bad = containers(spec)
      .filter((c) => c.securityContext?.seLinuxOptions && !valid(c.securityContext.seLinuxOptions))
      .map((c) => c.name)
    if (bad.length) badSetters.push(namedContainers(bad))
    if (!badSetters.length) return OK
    const data: string[] = []
    if (badTypes.size)
      data.push(`${pluralize('type', 'types', badTypes.size)} ${joinQuote(sorted(badTypes))}`)
    if (setUser) data.push('user may not be set')
    if (setRole) data.push('role may not be set')
    return fail(
      'seLinuxOptions',
      `${badSetters.join(' and ')} set forbidden securityContext.seLinuxOptions: ${data.join('; ')}`,
    )
  },
}

/** The safe sysctls, and the policy version that added each (check_sysctls.go). */
const SAFE_SYSCTLS: readonly (readonly [string, number])[] = [
  ['kernel.shm_rmid_forced', 0],
  ['net.ipv4.ip_local_port_range', 0],
  ['net.ipv4.tcp_syncookies', 0],
  ['net.ipv4.ping_group_range', 0],
  ['net.ipv4.ip_unprivileged_port_start', 0],
  ['net.ipv4.ip_local_reserved_ports', 27],
  ['net.ipv4.tcp_keepalive_time', 29],
  ['net.ipv4.tcp_fin_timeout', 29],
  ['net.ipv4.tcp_keepalive_intvl', 29],
  ['net.ipv4.tcp_keepalive_probes', 29],
  ['net.ipv4.tcp_rmem', 32],
  ['net.ipv4.tcp_wmem', 32],
]

const sysctls: Check = {
  id: 'sysctls',
  level: 'baseline',
  minVersion: 0,
  check(_meta, spec, version) {
    const safe = new Set(SAFE_SYSCTLS.filter(([, v]) => v <= version).map(([name]) => name))
    const bad = (spec.securityContext?.sysctls ?? []).map((s) => s.name).filter((n) => !safe.has(n))
    return bad.length ? fail('forbidden sysctls', bad.join(', ')) : OK
  },
}

const BASELINE_CAPABILITIES = new Set([
  'AUDIT_WRITE',
  'CHOWN',
  'DAC_OVERRIDE',
  'FOWNER',
  'FSETID',
  'KILL',
  'MKNOD',
  'NET_BIND_SERVICE',
  'SETFCAP',
  'SETGID',
  'SETPCAP',
  'SETUID',
  'SYS_CHROOT',
])

const capabilitiesBaseline: Check = {
  id: 'capabilities_baseline',
  level: 'baseline',
  minVersion: 0,
  check(_meta, spec) {
    const bad: string[] = []
    const caps = new Set<string>()
    for (const c of containers(spec)) {
      const added = (c.securityContext?.capabilities?.add ?? []).filter((x) => !BASELINE_CAPABILITIES.has(x))
      for (const x of added) caps.add(x)
      if (added.length) bad.push(c.name)
    }
    if (!bad.length) return OK
    return fail(
      'non-default capabilities',
      `${namedContainers(bad)} must not include ${joinQuote(sorted(caps))} in securityContext.capabilities.add`,
    )
  },
}

const hostPathVolumes: Check = {
  id: 'hostPathVolumes',
  level: 'baseline',
  minVersion: 0,
  check(_meta, spec) {
    const bad = (spec.volumes ?? []).filter((v) => v.hostPath).map((v) => v.name)
    return bad.length
      ? fail('hostPath volumes', `${pluralize('volume', 'volumes', bad.length)} ${joinQuote(bad)}`)
      : OK
  },
}

const validSeccomp = (t: string) => t === 'Localhost' || t === 'RuntimeDefault'

const seccompProfileBaseline: Check = {
  id: 'seccompProfile_baseline',
  level: 'baseline',
  minVersion: 0,
  check(_meta, spec) {
    const badSetters: string[] = []
    const badValues = new Set<string>()
    const podProfile = spec.securityContext?.seccompProfile
    if (podProfile && !validSeccomp(podProfile.type)) {
      badSetters.push('pod')
      badValues.add(podProfile.type)
    }
    const bad: string[] = []
    for (const c of containers(spec)) {
      const p = c.securityContext?.seccompProfile
      if (p && !validSeccomp(p.type)) {
        bad.push(c.name)
        badValues.add(p.type)
      }
    }
    if (bad.length) badSetters.push(namedContainers(bad))
    if (!badSetters.length) return OK
    return fail(
      'seccompProfile',
      `${badSetters.join(' and ')} must not set securityContext.seccompProfile.type to ${joinQuote(sorted(badValues))}`,
    )
  },
}

// ---- restricted --------------------------------------------------------------------------------

const allowPrivilegeEscalation: Check = {
  id: 'allowPrivilegeEscalation',
  level: 'restricted',
  minVersion: 8,
  check(_meta, spec) {
    const bad = containers(spec)
      .filter((c) => c.securityContext?.allowPrivilegeEscalation !== false)
      .map((c) => c.name)
    return bad.length
      ? fail(
          'allowPrivilegeEscalation != false',
          `${namedContainers(bad)} must set securityContext.allowPrivilegeEscalation=false`,
        )
      : OK
  },
}

const capabilitiesRestricted: Check = {
  id: 'capabilities_restricted',
  level: 'restricted',
  minVersion: 22,
  overrides: ['capabilities_baseline'],
  check(_meta, spec) {
    const missingDropAll: string[] = []
    const addingForbidden: string[] = []
    const forbiddenCaps = new Set<string>()
    for (const c of containers(spec)) {
      const caps = c.securityContext?.capabilities
      if (!caps) {
        missingDropAll.push(c.name)
        continue
      }
      if (!(caps.drop ?? []).includes('ALL')) missingDropAll.push(c.name)
      const added = (caps.add ?? []).filter((x) => x !== 'NET_BIND_SERVICE')
      for (const x of added) forbiddenCaps.add(x)
      if (added.length) addingForbidden.push(c.name)
    }
    const details: string[] = []
    if (missingDropAll.length) {
      details.push(`${namedContainers(missingDropAll)} must set securityContext.capabilities.drop=["ALL"]`)
    }
    if (addingForbidden.length) {
      details.push(
        `${namedContainers(addingForbidden)} must not include ${joinQuote(sorted(forbiddenCaps))} in securityContext.capabilities.add`,
      )
    }
    return details.length ? fail('unrestricted capabilities', details.join('; ')) : OK
  },
}

/** The volume types restricted allows, and the names of the others (check_restrictedVolumes.go). */
const ALLOWED_VOLUME_TYPES = [
  'configMap',
  'csi',
  'downwardAPI',
  'emptyDir',
  'ephemeral',
  'persistentVolumeClaim',
  'projected',
  'secret',
]
const RESTRICTED_VOLUME_TYPES = [
  'hostPath',
  'gcePersistentDisk',
  'awsElasticBlockStore',
  'gitRepo',
  'nfs',
  'iscsi',
  'glusterfs',
  'rbd',
  'flexVolume',
  'cinder',
  'cephfs',
  'flocker',
  'fc',
  'azureFile',
  'vsphereVolume',
  'quobyte',
  'azureDisk',
  'photonPersistentDisk',
  'portworxVolume',
  'scaleIO',
  'storageos',
]

const restrictedVolumes: Check = {
  id: 'restrictedVolumes',
  level: 'restricted',
  minVersion: 0,
  overrides: ['hostPathVolumes'],
  check(_meta, spec) {
    const bad: string[] = []
    const types = new Set<string>()
    for (const v of spec.volumes ?? []) {
      const source = v as unknown as Record<string, unknown>
      if (ALLOWED_VOLUME_TYPES.some((t) => source[t] != null)) continue
      bad.push(v.name)
      types.add(RESTRICTED_VOLUME_TYPES.find((t) => source[t] != null) ?? 'unknown')
    }
    if (!bad.length) return OK
    return fail(
      'restricted volume types',
      `${pluralize('volume', 'volumes', bad.length)} ${joinQuote(bad)} ${pluralize('uses', 'use', bad.length)} ${pluralize('restricted volume type', 'restricted volume types', types.size)} ${joinQuote(sorted(types))}`,
    )
  },
}

const runAsNonRoot: Check = {
  id: 'runAsNonRoot',
  level: 'restricted',
  minVersion: 0,
  check(_meta, spec) {
    const badSetters: string[] = []
    let podRunAsNonRoot = false
    const podValue = spec.securityContext?.runAsNonRoot
    if (podValue === false) badSetters.push('pod')
    else if (podValue === true) podRunAsNonRoot = true
    const explicit: string[] = []
    const implicit: string[] = []
    for (const c of containers(spec)) {
      const v = c.securityContext?.runAsNonRoot
      if (v === false) explicit.push(c.name)
      else if (v === undefined && !podRunAsNonRoot) implicit.push(c.name)
    }
    if (explicit.length) badSetters.push(namedContainers(explicit))
    if (badSetters.length) {
      return fail(
        'runAsNonRoot != true',
        `${badSetters.join(' and ')} must not set securityContext.runAsNonRoot=false`,
      )
    }
    if (implicit.length) {
      return fail(
        'runAsNonRoot != true',
        `pod or ${namedContainers(implicit)} must set securityContext.runAsNonRoot=true`,
      )
    }
    return OK
  },
}

const runAsUser: Check = {
  id: 'runAsUser',
  level: 'restricted',
  minVersion: 23,
  check(_meta, spec) {
    const badSetters: string[] = []
    if (spec.securityContext?.runAsUser === 0) badSetters.push('pod')
    const bad = containers(spec)
      .filter((c) => c.securityContext?.runAsUser === 0)
      .map((c) => c.name)
    if (bad.length) badSetters.push(namedContainers(bad))
    return badSetters.length
      ? fail('runAsUser=0', `${badSetters.join(' and ')} must not set runAsUser=0`)
      : OK
  },
}

const seccompProfileRestricted: Check = {
  id: 'seccompProfile_restricted',
  level: 'restricted',
  minVersion: 19,
  overrides: ['seccompProfile_baseline'],
  check(_meta, spec) {
    const badSetters: string[] = []
    const badValues = new Set<string>()
    let podSet = false
    const podProfile = spec.securityContext?.seccompProfile
    if (podProfile) {
      if (!validSeccomp(podProfile.type)) {
        badSetters.push('pod')
        badValues.add(podProfile.type)
      } else podSet = true
    }
    const explicit: string[] = []
    const implicit: string[] = []
    for (const c of containers(spec)) {
      const p = c.securityContext?.seccompProfile
      if (p) {
        if (!validSeccomp(p.type)) {
          explicit.push(c.name)
          badValues.add(p.type)
        }
      } else if (!podSet) implicit.push(c.name)
    }
    if (explicit.length) badSetters.push(namedContainers(explicit))
    if (badSetters.length) {
      return fail(
        'seccompProfile',
        `${badSetters.join(' and ')} must not set securityContext.seccompProfile.type to ${joinQuote(sorted(badValues))}`,
      )
    }
    if (implicit.length) {
      return fail(
        'seccompProfile',
        `pod or ${namedContainers(implicit)} must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost"`,
      )
    }
    return OK
  },
}

/**
 * In registration order (Go runs a package's init functions file by file, in file-name order):
 * baseline checks, then the baseline checks restricted checks replace (Overlap), then restricted.
 */
export const BASELINE_CHECKS: readonly Check[] = [
  appArmorProfile,
  hostNamespaces,
  hostPorts,
  privileged,
  procMount,
  seLinuxOptions,
  sysctls,
]
export const OVERLAPPING_BASELINE_CHECKS: readonly Check[] = [
  capabilitiesBaseline,
  hostPathVolumes,
  seccompProfileBaseline,
]
export const RESTRICTED_CHECKS: readonly Check[] = [
  allowPrivilegeEscalation,
  capabilitiesRestricted,
  restrictedVolumes,
  runAsNonRoot,
  runAsUser,
  seccompProfileRestricted,
]

/** The newest policy version the checks know (v1.33); `latest` and newer versions use it. */
export const LATEST_VERSION = 33

/** EvaluatePod: the failed checks of `level` at policy version 1.`version`, in order. */
export function evaluatePod(
  level: Level,
  version: number,
  meta: Metadata,
  spec: PodSpec,
): { reason: string; detail: string }[] {
  if (level === 'privileged') return []
  const v = Math.min(version, LATEST_VERSION)
  const applies = (c: Check) => c.minVersion <= v
  const restricted = level === 'restricted' ? RESTRICTED_CHECKS.filter(applies) : []
  const overridden = new Set(restricted.flatMap((c) => c.overrides ?? []))
  const checks = [
    ...BASELINE_CHECKS,
    ...OVERLAPPING_BASELINE_CHECKS.filter((c) => !overridden.has(c.id)),
    ...restricted,
  ].filter(applies)
  const failed: { reason: string; detail: string }[] = []
  for (const c of checks) {
    const r = c.check(meta, spec, v)
    if (!r.allowed) failed.push({ reason: r.reason, detail: r.detail })
  }
  return failed
}

/** AggregateCheckResult.ForbiddenDetail: `reason (detail), reason (detail)`. */
export function forbiddenDetail(failed: readonly { reason: string; detail: string }[]): string {
  return failed.map((f) => (f.detail ? `${f.reason} (${f.detail})` : f.reason)).join(', ')
}
