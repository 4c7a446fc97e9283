/**
 * Pod validation: the field errors that make a create a 422 (pkg/apis/core/validation,
 * ValidatePodCreate → validatePodMetadataAndSpec → ValidatePodSpec, v1.33). A subset covering what
 * users get wrong: names, volumes and mounts, containers (images, ports, resources, probes,
 * lifecycle hooks, policies), init containers, tolerations. Checks run in upstream's order (volumes,
 * containers, init containers, then the pod-level fields) with upstream's paths and texts; every
 * error is reported at once. Fields that are defaulted before validation (imagePullPolicy,
 * protocol, terminationMessagePolicy, probe thresholds) are checked only when present.
 */
import type {
  Container,
  ContainerPort,
  HTTPGetAction,
  LifecycleHandler,
  PodSpec,
  Probe,
  Volume,
} from 'kubernetes-types/core/v1'
import {
  duplicate,
  type FieldError,
  forbiddenField,
  invalidValue,
  notFoundField,
  notSupported,
  required,
} from '../../../api/status'
import type { Pod } from '../../../api/types'
import { dns1123Label, validateObjectMeta } from './meta-validation'
import { canonicalQuantity, compareQuantities, parseQuantityStrict } from './quantity-canonical'

/** ValidatePodCreate: metadata, spec, then the checks only pods get (not pod templates). */
export function validatePod(pod: Pod): FieldError[] {
  const errs = [...validateObjectMeta(pod.metadata, true), ...validatePodSpec(pod.spec, 'spec')]
  const spec = pod.spec
  if (spec) {
    // validateContainerOnlyForPod, for init containers then containers (VisitContainersWithPath).
    for (const [field, list] of [
      ['initContainers', spec.initContainers ?? []],
      ['containers', spec.containers ?? []],
    ] as const) {
      list.forEach((c, i) => {
        if (c.image && c.image !== c.image.trim()) {
          errs.push(
            invalidValue(
              `spec.${field}[${i}].image`,
              c.image,
              'must not have leading or trailing whitespace',
            ),
          )
        }
      })
    }
    if ((spec.ephemeralContainers ?? []).length > 0) {
      errs.push(forbiddenField('spec.ephemeralContainers', 'cannot be set on create'))
    }
    if (spec.nodeName && (spec.schedulingGates ?? []).length > 0) {
      errs.push(forbiddenField('spec.nodeName', 'cannot be set until all schedulingGates have been cleared'))
    }
  }
  return errs
}

/** ValidatePodSpec (also used for the pod templates of workloads). */
export function validatePodSpec(spec: PodSpec | undefined, path: string): FieldError[] {
  const errs: FieldError[] = []
  if (!spec) return [required(path, '')]
  const volumes = validateVolumes(spec.volumes ?? [], `${path}.volumes`, errs)
  const containers = spec.containers ?? []
  validateContainers(containers, volumes, `${path}.containers`, errs)
  validateInitContainers(spec.initContainers ?? [], containers, volumes, `${path}.initContainers`, errs)

  if (spec.restartPolicy !== undefined && !['Always', 'OnFailure', 'Never'].includes(spec.restartPolicy)) {
    errs.push(
      spec.restartPolicy === ''
        ? required(`${path}.restartPolicy`, '')
        : notSupported(`${path}.restartPolicy`, spec.restartPolicy, ['Always', 'OnFailure', 'Never']),
    )
  }
  const dnsPolicies = ['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None']
  if (spec.dnsPolicy !== undefined && !dnsPolicies.includes(spec.dnsPolicy)) {
    errs.push(
      spec.dnsPolicy === ''
        ? required(`${path}.dnsPolicy`, '')
        : notSupported(`${path}.dnsPolicy`, spec.dnsPolicy, dnsPolicies),
    )
  }
  if (spec.serviceAccountName) {
    for (const e of dns1123Subdomain(`${path}.serviceAccountName`, spec.serviceAccountName)) errs.push(e)
  }
  if (
    spec.activeDeadlineSeconds !== undefined &&
    (spec.activeDeadlineSeconds < 1 || spec.activeDeadlineSeconds > 2147483647)
  ) {
    errs.push(
      invalidValue(
        `${path}.activeDeadlineSeconds`,
        spec.activeDeadlineSeconds,
        'must be between 1 and 2147483647, inclusive',
      ),
    )
  }
  if (spec.hostname) errs.push(...dns1123Label(`${path}.hostname`, spec.hostname))
  if (spec.subdomain) errs.push(...dns1123Label(`${path}.subdomain`, spec.subdomain))
  for (const [i, t] of (spec.tolerations ?? []).entries()) {
    if (t.operator !== undefined && !['Equal', 'Exists'].includes(t.operator)) {
      errs.push(notSupported(`${path}.tolerations[${i}].operator`, t.operator, ['Equal', 'Exists']))
    }
    if (
      t.effect !== undefined &&
      t.effect !== '' &&
      !['NoSchedule', 'PreferNoSchedule', 'NoExecute'].includes(t.effect)
    ) {
      errs.push(
        notSupported(`${path}.tolerations[${i}].effect`, t.effect, [
          'NoSchedule',
          'PreferNoSchedule',
          'NoExecute',
        ]),
      )
    }
  }
  if (spec.terminationGracePeriodSeconds !== undefined && spec.terminationGracePeriodSeconds < 0) {
    // podflow refuses a negative grace period (see docs/fidelity.md).
    errs.push(
      invalidValue(
        `${path}.terminationGracePeriodSeconds`,
        spec.terminationGracePeriodSeconds,
        'must be greater than or equal to 0',
      ),
    )
  }
  return errs
}

function dns1123Subdomain(field: string, value: string): FieldError[] {
  // Service account names are DNS subdomains (ValidateServiceAccountName).
  return value.length > 253 ||
    !/^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/.test(value)
    ? [
        invalidValue(
          field,
          value,
          "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
        ),
      ]
    : []
}

// --- volumes ---

/**
 * validateVolumeSource's order of sources; the JSON name and the path of its "more than 1" error
 * (upstream spells two of them differently: `cephFS`, and `downwarAPI`).
 */
const VOLUME_SOURCES: readonly (readonly [string, string])[] = [
  ['emptyDir', 'emptyDir'],
  ['hostPath', 'hostPath'],
  ['gitRepo', 'gitRepo'],
  ['gcePersistentDisk', 'gcePersistentDisk'],
  ['awsElasticBlockStore', 'awsElasticBlockStore'],
  ['secret', 'secret'],
  ['nfs', 'nfs'],
  ['iscsi', 'iscsi'],
  ['glusterfs', 'glusterfs'],
  ['flocker', 'flocker'],
  ['persistentVolumeClaim', 'persistentVolumeClaim'],
  ['rbd', 'rbd'],
  ['cinder', 'cinder'],
  ['cephfs', 'cephFS'],
  ['quobyte', 'quobyte'],
  ['downwardAPI', 'downwarAPI'],
  ['fc', 'fc'],
  ['flexVolume', 'flexVolume'],
  ['configMap', 'configMap'],
  ['azureFile', 'azureFile'],
  ['vsphereVolume', 'vsphereVolume'],
  ['photonPersistentDisk', 'photonPersistentDisk'],
  ['portworxVolume', 'portworxVolume'],
  ['azureDisk', 'azureDisk'],
  ['storageos', 'storageos'],
  ['projected', 'projected'],
  ['scaleIO', 'scaleIO'],
  ['csi', 'csi'],
  ['ephemeral', 'ephemeral'],
  ['image', 'image'],
]

const HOST_PATH_TYPES = [
  '',
  'BlockDevice',
  'CharDevice',
  'Directory',
  'DirectoryOrCreate',
  'File',
  'FileOrCreate',
  'Socket',
]

/** ValidateVolumes: the names of the valid volumes (mounts may only name those). */
function validateVolumes(volumes: readonly Volume[], path: string, errs: FieldError[]): Set<string> {
  const names = new Set<string>()
  volumes.forEach((vol, i) => {
    const p = `${path}[${i}]`
    const el = validateVolumeSource(vol, p)
    if (!vol.name) el.push(required(`${p}.name`, ''))
    else el.push(...dns1123Label(`${p}.name`, vol.name))
    if (names.has(vol.name)) el.push(duplicate(`${p}.name`, vol.name))
    if (el.length === 0) names.add(vol.name)
    else errs.push(...el)
  })
  return names
}

function validateVolumeSource(vol: Volume, p: string): FieldError[] {
  const errs: FieldError[] = []
  const source = vol as unknown as Record<string, unknown>
  let count = 0
  for (const [key, errPath] of VOLUME_SOURCES) {
    const value = source[key]
    if (value === undefined || value === null) continue
    if (count > 0) {
      errs.push(forbiddenField(`${p}.${errPath}`, 'may not specify more than 1 volume type'))
      continue
    }
    count++
    const v = value as Record<string, unknown>
    if (key === 'hostPath') {
      if (!v.path) errs.push(required(`${p}.hostPath.path`, ''))
      else if (v.type !== undefined && !HOST_PATH_TYPES.includes(String(v.type))) {
        errs.push(notSupported(`${p}.hostPath.type`, v.type, HOST_PATH_TYPES))
      }
    } else if (key === 'secret') {
      if (!v.secretName) errs.push(required(`${p}.secret.secretName`, ''))
    } else if (key === 'configMap') {
      if (!v.name) errs.push(required(`${p}.configMap.name`, ''))
    } else if (key === 'persistentVolumeClaim') {
      if (!v.claimName) errs.push(required(`${p}.persistentVolumeClaim.claimName`, ''))
    } else if (key === 'emptyDir' && v.sizeLimit !== undefined) {
      const q = parseQuantityStrict(v.sizeLimit)
      if (!('error' in q) && q.nano < 0n) {
        errs.push(
          forbiddenField(`${p}.emptyDir.sizeLimit`, 'SizeLimit field must be a valid resource quantity'),
        )
      }
    }
  }
  if (count === 0) errs.push(required(p, 'must specify a volume type'))
  return errs
}

// --- containers ---

function validateContainers(
  containers: readonly Container[],
  volumes: Set<string>,
  path: string,
  errs: FieldError[],
): void {
  if (containers.length === 0) {
    errs.push(required(path, ''))
    return
  }
  const names = new Set<string>()
  containers.forEach((c, i) => {
    const p = `${path}[${i}]`
    validateContainerCommon(c, volumes, p, errs)
    if (names.has(c.name)) errs.push(duplicate(`${p}.name`, c.name))
    else names.add(c.name)
    if (c.lifecycle) validateLifecycle(c, p, errs)
    validateProbe(c.livenessProbe, `${p}.livenessProbe`, 'liveness', errs)
    validateProbe(c.readinessProbe, `${p}.readinessProbe`, 'readiness', errs)
    validateProbe(c.startupProbe, `${p}.startupProbe`, 'startup', errs)
    if ((c as { restartPolicy?: string }).restartPolicy !== undefined) {
      errs.push(forbiddenField(`${p}.restartPolicy`, 'may not be set for non-init containers'))
    }
  })
  errs.push(...hostPortConflicts(containers, path))
}

function validateInitContainers(
  inits: readonly Container[],
  containers: readonly Container[],
  volumes: Set<string>,
  path: string,
  errs: FieldError[],
): void {
  const names = new Set(containers.map((c) => c.name))
  inits.forEach((c, i) => {
    const p = `${path}[${i}]`
    validateContainerCommon(c, volumes, p, errs)
    const restartPolicy = (c as { restartPolicy?: string }).restartPolicy
    if (restartPolicy !== undefined && restartPolicy !== 'Always') {
      errs.push(notSupported(`${p}.restartPolicy`, restartPolicy, ['Always']))
    }
    if (names.has(c.name)) errs.push(duplicate(`${p}.name`, c.name))
    else if (c.name) names.add(c.name)
    errs.push(...hostPortConflicts([c], path))
    if (restartPolicy === 'Always') {
      if (c.lifecycle) validateLifecycle(c, p, errs)
      validateProbe(c.livenessProbe, `${p}.livenessProbe`, 'liveness', errs)
      validateProbe(c.readinessProbe, `${p}.readinessProbe`, 'readiness', errs)
      validateProbe(c.startupProbe, `${p}.startupProbe`, 'startup', errs)
    } else {
      const text = 'may not be set for init containers without restartPolicy=Always'
      if (c.lifecycle) errs.push(forbiddenField(`${p}.lifecycle`, text))
      if (c.livenessProbe) errs.push(forbiddenField(`${p}.livenessProbe`, text))
      if (c.readinessProbe) errs.push(forbiddenField(`${p}.readinessProbe`, text))
      if (c.startupProbe) errs.push(forbiddenField(`${p}.startupProbe`, text))
    }
  })
}

/** validateContainerCommon, in upstream's order. */
function validateContainerCommon(c: Container, volumes: Set<string>, p: string, errs: FieldError[]): void {
  if (!c.name) errs.push(required(`${p}.name`, ''))
  else errs.push(...dns1123Label(`${p}.name`, c.name))
  if (!c.image) errs.push(required(`${p}.image`, ''))
  const tmp = c.terminationMessagePolicy
  if (tmp !== undefined && tmp !== 'File' && tmp !== 'FallbackToLogsOnError') {
    errs.push(
      tmp === ''
        ? required(`${p}.terminationMessagePolicy`, '')
        : notSupported(`${p}.terminationMessagePolicy`, tmp, ['File', 'FallbackToLogsOnError']),
    )
  }
  validatePorts(c.ports ?? [], `${p}.ports`, errs)
  for (const [i, env] of (c.env ?? []).entries()) {
    if (!env.name) errs.push(required(`${p}.env[${i}].name`, ''))
  }
  validateVolumeMounts(c, volumes, `${p}.volumeMounts`, errs)
  const policy = c.imagePullPolicy
  if (policy !== undefined && !['Always', 'IfNotPresent', 'Never'].includes(policy)) {
    errs.push(
      policy === ''
        ? required(`${p}.imagePullPolicy`, '')
        : notSupported(`${p}.imagePullPolicy`, policy, ['Always', 'IfNotPresent', 'Never']),
    )
  }
  validateResources(c, `${p}.resources`, errs)
}

/** validateContainerPorts: names (IANA_SVC_NAME, unique), containerPort, hostPort, protocol. */
function validatePorts(ports: readonly ContainerPort[], path: string, errs: FieldError[]): void {
  const names = new Set<string>()
  ports.forEach((port, i) => {
    const p = `${path}[${i}]`
    if (port.name) {
      const msgs = portNameErrors(port.name)
      if (msgs.length) for (const m of msgs) errs.push(invalidValue(`${p}.name`, port.name, m))
      else if (names.has(port.name)) errs.push(duplicate(`${p}.name`, port.name))
      else names.add(port.name)
    }
    if (!port.containerPort) errs.push(required(`${p}.containerPort`, ''))
    else if (!validPortNum(port.containerPort)) {
      errs.push(invalidValue(`${p}.containerPort`, port.containerPort, PORT_RANGE))
    }
    if (port.hostPort && !validPortNum(port.hostPort)) {
      errs.push(invalidValue(`${p}.hostPort`, port.hostPort, PORT_RANGE))
    }
    if (port.protocol !== undefined) {
      if (port.protocol === '') errs.push(required(`${p}.protocol`, ''))
      else if (!['SCTP', 'TCP', 'UDP'].includes(port.protocol)) {
        errs.push(notSupported(`${p}.protocol`, port.protocol, ['SCTP', 'TCP', 'UDP']))
      }
    }
  })
}

const PORT_RANGE = 'must be between 1 and 65535, inclusive'
const validPortNum = (n: number) => Number.isInteger(n) && n >= 1 && n <= 65535

/** validation.IsValidPortName (an IANA_SVC_NAME). */
export function portNameErrors(name: string): string[] {
  const msgs: string[] = []
  if (name.length > 15) msgs.push('must be no more than 15 characters')
  if (!/^[-a-z0-9]+$/.test(name))
    msgs.push('must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)')
  if (!/[a-z]/.test(name)) msgs.push('must contain at least one letter (a-z)')
  if (name.includes('--')) msgs.push('must not contain consecutive hyphens')
  if (name.startsWith('-') || name.endsWith('-')) msgs.push('must not begin or end with a hyphen')
  return msgs
}

/** AccumulateUniqueHostPorts: `protocol/hostIP/hostPort` once across the containers given. */
function hostPortConflicts(containers: readonly Container[], path: string): FieldError[] {
  const errs: FieldError[] = []
  const seen = new Set<string>()
  containers.forEach((c, ci) => {
    for (const [pi, port] of (c.ports ?? []).entries()) {
      if (!port.hostPort) continue
      const key = `${port.protocol ?? 'TCP'}/${port.hostIP ?? ''}/${port.hostPort}`
      if (seen.has(key)) errs.push(duplicate(`${path}[${ci}].ports[${pi}].hostPort`, key))
      else seen.add(key)
    }
  })
  return errs
}

/** ValidateVolumeMounts: a known volume, a mountPath, once per container. */
function validateVolumeMounts(c: Container, volumes: Set<string>, path: string, errs: FieldError[]): void {
  const paths = new Set<string>()
  for (const [i, m] of (c.volumeMounts ?? []).entries()) {
    const p = `${path}[${i}]`
    if (!m.name) errs.push(required(`${p}.name`, ''))
    if (!volumes.has(m.name)) errs.push(notFoundField(`${p}.name`, m.name ?? ''))
    if (!m.mountPath) errs.push(required(`${p}.mountPath`, ''))
    if (paths.has(m.mountPath)) errs.push(invalidValue(`${p}.mountPath`, m.mountPath, 'must be unique'))
    paths.add(m.mountPath)
    if (m.subPath && m.subPathExpr) {
      errs.push(
        invalidValue(`${p}.subPathExpr`, m.subPathExpr, 'subPathExpr and subPath are mutually exclusive'),
      )
    }
  }
}

// --- resources ---

const STANDARD_CONTAINER_RESOURCES = new Set(['cpu', 'memory', 'ephemeral-storage'])
/** helper.IsStandardResourceName: the container resources plus quota's names. */
const STANDARD_RESOURCES = new Set([
  'cpu',
  'memory',
  'ephemeral-storage',
  'storage',
  'pods',
  'services',
  'replicationcontrollers',
  'resourcequotas',
  'secrets',
  'configmaps',
  'persistentvolumeclaims',
  'services.nodeports',
  'services.loadbalancers',
  'requests.cpu',
  'requests.memory',
  'requests.storage',
  'requests.ephemeral-storage',
  'limits.cpu',
  'limits.memory',
  'limits.ephemeral-storage',
])
const QUALIFIED_NAME =
  /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/

/** Whether resourceNameErrors finds nothing, without building the field's path or a list. */
function resourceNameValid(name: string): boolean {
  if (!QUALIFIED_NAME.test(name)) return false
  if (name.includes('/') || name.startsWith('hugepages-')) return true
  return STANDARD_RESOURCES.has(name) && STANDARD_CONTAINER_RESOURCES.has(name)
}

/** validateContainerResourceName (after validateResourceName). */
function resourceNameErrors(name: string, field: string): FieldError[] {
  if (!QUALIFIED_NAME.test(name)) {
    return [
      invalidValue(
        field,
        name,
        "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
      ),
    ]
  }
  // A prefixed name is native (`kubernetes.io/…`) or an extended resource: both are accepted.
  if (name.includes('/')) return []
  const errs: FieldError[] = []
  const hugepages = name.startsWith('hugepages-')
  if (!STANDARD_RESOURCES.has(name) && !hugepages) {
    errs.push(invalidValue(field, name, 'must be a standard resource type or fully qualified'))
  }
  if (!STANDARD_CONTAINER_RESOURCES.has(name) && !hugepages) {
    errs.push(invalidValue(field, name, 'must be a standard resource for containers'))
  }
  return errs
}

/**
 * ValidateContainerResourceRequirements: names and values of limits, then of requests with
 * requests ≤ limits (extended resources: requests = limits). Go walks the maps in random order;
 * here they are walked by name.
 */
function validateResources(c: Container, p: string, errs: FieldError[]): void {
  const limits = (c.resources?.limits ?? {}) as Record<string, unknown>
  const requests = (c.resources?.requests ?? {}) as Record<string, unknown>
  for (const name of sortedKeys(limits)) validateResourceValue(errs, name, limits[name], p, 'limits')
  for (const name of sortedKeys(requests)) {
    const q = requests[name]
    validateResourceValue(errs, name, q, p, 'requests')
    if (name in limits) {
      const lim = limits[name]
      const cmp = compareQuantities(q, lim)
      if (cmp !== 0 && isExtended(name)) {
        errs.push(
          invalidValue(
            `${p}.requests`,
            canonicalQuantity(q),
            `must be equal to ${name} limit of ${canonicalQuantity(lim)}`,
          ),
        )
      } else if (cmp > 0) {
        errs.push(
          invalidValue(
            `${p}.requests`,
            canonicalQuantity(q),
            `must be less than or equal to ${name} limit of ${canonicalQuantity(lim)}`,
          ),
        )
      }
    } else if (isExtended(name)) {
      errs.push(required(`${p}.limits`, 'Limit must be set for non overcommitable resources'))
    }
  }
}

/**
 * A map's keys by name. Most are in order already, and every container of every Pod comes
 * through here: a sort (which allocates) only when they are not.
 */
function sortedKeys(m: Record<string, unknown>): string[] {
  const keys = Object.keys(m)
  for (let i = 1; i < keys.length; i++) if ((keys[i - 1] as string) > (keys[i] as string)) return keys.sort()
  return keys
}

/** One limit's or request's name and value; the field's path is written only for an error. */
function validateResourceValue(
  errs: FieldError[],
  name: string,
  q: unknown,
  p: string,
  map: 'limits' | 'requests',
): void {
  if (!resourceNameValid(name)) errs.push(...resourceNameErrors(name, `${p}.${map}[${name}]`))
  const parsed = parseQuantityStrict(q)
  if ('error' in parsed) return // refused when decoding already
  if (parsed.nano < 0n)
    errs.push(
      invalidValue(`${p}.${map}[${name}]`, canonicalQuantity(q), 'must be greater than or equal to 0'),
    )
  if (isExtended(name) && parsed.nano % 1_000_000_000n !== 0n) {
    errs.push({
      ...invalidValue(`${p}.${map}[${name}]`, canonicalQuantity(q), 'must be an integer'),
      badValueText: canonicalQuantity(q),
    })
  }
}

/** An extended resource (`example.com/gpu`): not overcommitable, integer. */
function isExtended(name: string): boolean {
  return name.includes('/') && !name.startsWith('kubernetes.io/') && !name.startsWith('requests.')
}

// --- probes and hooks ---

type ProbeKind = 'liveness' | 'readiness' | 'startup'

/** validateLivenessProbe / validateReadinessProbe / validateStartupProbe. */
function validateProbe(probe: Probe | undefined, p: string, kind: ProbeKind, errs: FieldError[]): void {
  if (!probe) return
  validateHandler(probe, p, ['exec', 'httpGet', 'tcpSocket', 'grpc'], errs)
  for (const field of [
    'initialDelaySeconds',
    'timeoutSeconds',
    'periodSeconds',
    'successThreshold',
    'failureThreshold',
  ] as const) {
    const v = probe[field]
    if (v !== undefined && v < 0)
      errs.push(invalidValue(`${p}.${field}`, v, 'must be greater than or equal to 0'))
  }
  if (probe.terminationGracePeriodSeconds !== undefined && probe.terminationGracePeriodSeconds <= 0) {
    errs.push(
      invalidValue(
        `${p}.terminationGracePeriodSeconds`,
        probe.terminationGracePeriodSeconds,
        'must be greater than 0',
      ),
    )
  }
  if (kind === 'readiness') {
    if (probe.terminationGracePeriodSeconds !== undefined) {
      errs.push(
        invalidValue(
          `${p}.terminationGracePeriodSeconds`,
          probe.terminationGracePeriodSeconds,
          'must not be set for readinessProbes',
        ),
      )
    }
  } else if ((probe.successThreshold ?? 1) !== 1) {
    errs.push(invalidValue(`${p}.successThreshold`, probe.successThreshold, 'must be 1'))
  }
}

function validateLifecycle(c: Container, p: string, errs: FieldError[]): void {
  for (const hook of ['postStart', 'preStop'] as const) {
    const h = c.lifecycle?.[hook]
    if (h) validateHandler(h, `${p}.lifecycle.${hook}`, ['exec', 'httpGet', 'tcpSocket', 'sleep'], errs)
  }
}

/** validateHandler: exactly one handler, each checked. */
function validateHandler(
  handler: Probe | LifecycleHandler,
  p: string,
  kinds: readonly string[],
  errs: FieldError[],
): void {
  const h = handler as Record<string, unknown>
  let count = 0
  for (const kind of kinds) {
    const value = h[kind]
    if (value === undefined || value === null) continue
    if (count > 0) {
      errs.push(forbiddenField(`${p}.${kind}`, 'may not specify more than 1 handler type'))
      continue
    }
    count++
    const v = value as Record<string, unknown>
    if (kind === 'exec' && !(Array.isArray(v.command) && v.command.length > 0)) {
      errs.push(required(`${p}.exec.command`, ''))
    } else if (kind === 'httpGet') {
      const get = v as unknown as HTTPGetAction
      if (get.path === '') errs.push(required(`${p}.httpGet.path`, ''))
      errs.push(...portNumOrName(get.port, `${p}.httpGet.port`))
      if (get.scheme !== undefined && !['HTTP', 'HTTPS'].includes(get.scheme)) {
        errs.push(notSupported(`${p}.httpGet.scheme`, get.scheme, ['HTTP', 'HTTPS']))
      }
    } else if (kind === 'tcpSocket') {
      errs.push(...portNumOrName(v.port as number | string | undefined, `${p}.tcpSocket.port`))
    } else if (kind === 'grpc') {
      errs.push(...portNumOrName((v.port as number | undefined) ?? 0, `${p}.grpc.port`))
    }
  }
  if (count === 0) errs.push(required(p, 'must specify a handler type'))
}

/** ValidatePortNumOrName. */
function portNumOrName(port: number | string | undefined, field: string): FieldError[] {
  if (typeof port === 'string') return portNameErrors(port).map((m) => invalidValue(field, port, m))
  const n = port ?? 0
  return validPortNum(n) ? [] : [invalidValue(field, n, PORT_RANGE)]
}
