/**
 * `kubectl describe pod`: a pure function of the Pod, its Events and "now".
 *
 * kubectl: staging/src/k8s.io/kubectl/pkg/describe/describe.go (describePod, describeContainers,
 * describeContainerBasicInfo, describeContainerCommand, describeContainerState, describeStatus,
 * describeResources, describeContainerProbe, DescribeProbe, describeContainerEnvVars,
 * describeContainerEnvFrom, describeContainerVolumes, describeVolumes and the volume source
 * printers, describeTopologySpreadConstraints, EnvValueRetriever, DescribeEvents), release 1.33.
 *
 * The layout is describe.go's: `Label:\tvalue` lines at two spaces per level, aligned by a
 * tabwriter over blocks of consecutive lines with tabs, so e.g. the Conditions table, Volumes,
 * QoS Class, Node-Selectors, Tolerations and `Events: <none>` share one alignment. Timestamps are
 * RFC 1123 in UTC.
 */
import type { Container, ContainerStatus, Pod } from '../types'
import { describeEvents } from './describe-events'
import {
  byString,
  formatLabelSelector,
  formatRFC1123Z,
  LEVEL_0,
  LEVEL_1,
  LEVEL_2,
  LEVEL_3,
  type PrefixWriter,
  printAnnotationsMultiline,
  printLabelsMultiline,
  printTolerationsMultiline,
  tabbedString,
} from './describe-writer'
import { translateTimestampSince } from './duration'
import type { AnyEvent } from './events'
import { podQOS } from './pod-resources'
import { canonicalQuantity, parseQuantity, quantityMilliValue, quantityValue } from './quantity'

type ContainerState = NonNullable<ContainerStatus['state']>
type Probe = NonNullable<Container['livenessProbe']>
type EnvVar = NonNullable<Container['env']>[number]
type Volume = NonNullable<NonNullable<Pod['spec']>['volumes']>[number]
type ResourceRequirements = NonNullable<Container['resources']>

const printBool = (b: boolean | undefined): string => (b ? 'True' : 'False')

/** IntOrString.String(). */
const intOrString = (v: number | string | undefined): string => (v === undefined ? '' : String(v))

/** Go's %v of a []string: `[a b c]`. */
const goSlice = (xs: readonly string[] | undefined): string => `[${(xs ?? []).join(' ')}]`

/** Go's %q. */
const goQuote = (s: string): string => JSON.stringify(s)

/** describeResources: `Limits:` / `Requests:` with each resource sorted, in canonical form. */
function describeResources(
  resources: ResourceRequirements | undefined,
  w: PrefixWriter,
  level: number,
): void {
  if (!resources) return
  const block = (title: string, list: Readonly<Record<string, string | number>> | undefined) => {
    const names = Object.keys(list ?? {}).sort(byString)
    if (names.length > 0) w.write(level, `${title}:\n`)
    for (const name of names) w.write(level + 1, `${name}:\t${canonicalQuantity(list?.[name])}\n`)
  }
  block('Limits', resources.limits)
  block('Requests', resources.requests)
}

/** net.JoinHostPort: IPv6 hosts in brackets. */
const joinHostPort = (host: string, port: string): string =>
  host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`

/** DescribeProbe: `http-get http://:8080/healthz delay=0s timeout=1s period=10s #success=1 #failure=3`. */
export function describeProbe(probe: Probe): string {
  const attrs = `delay=${probe.initialDelaySeconds ?? 0}s timeout=${probe.timeoutSeconds ?? 0}s period=${probe.periodSeconds ?? 0}s #success=${probe.successThreshold ?? 0} #failure=${probe.failureThreshold ?? 0}`
  if (probe.exec) return `exec ${goSlice(probe.exec.command)} ${attrs}`
  if (probe.httpGet) {
    const g = probe.httpGet
    const port = intOrString(g.port)
    const host = port ? joinHostPort(g.host ?? '', port) : (g.host ?? '')
    // url.URL.String(): scheme://host, then the path (with a leading slash when there is a host).
    let path = g.path ?? ''
    if (path && !path.startsWith('/') && host) path = `/${path}`
    const scheme = (g.scheme ?? '').toLowerCase()
    const url = `${scheme ? `${scheme}:` : ''}${scheme || host ? `//${host}` : ''}${path}`
    return `http-get ${url} ${attrs}`
  }
  if (probe.tcpSocket)
    return `tcp-socket ${probe.tcpSocket.host ?? ''}:${intOrString(probe.tcpSocket.port)} ${attrs}`
  if (probe.grpc) return `grpc <pod>:${probe.grpc.port} ${probe.grpc.service ?? ''} ${attrs}`
  return `unknown ${attrs}`
}

/** describeStatus: `State: Running` and its details. */
function describeStatus(stateName: string, state: ContainerState | undefined, w: PrefixWriter): void {
  if (state?.running) {
    w.write(LEVEL_2, `${stateName}:\tRunning\n`)
    w.write(LEVEL_3, `Started:\t${formatRFC1123Z(state.running.startedAt)}\n`)
  } else if (state?.waiting) {
    w.write(LEVEL_2, `${stateName}:\tWaiting\n`)
    if (state.waiting.reason) w.write(LEVEL_3, `Reason:\t${state.waiting.reason}\n`)
  } else if (state?.terminated) {
    const t = state.terminated
    w.write(LEVEL_2, `${stateName}:\tTerminated\n`)
    if (t.reason) w.write(LEVEL_3, `Reason:\t${t.reason}\n`)
    if (t.message) w.write(LEVEL_3, `Message:\t${t.message}\n`)
    w.write(LEVEL_3, `Exit Code:\t${t.exitCode}\n`)
    if ((t.signal ?? 0) > 0) w.write(LEVEL_3, `Signal:\t${t.signal}\n`)
    w.write(LEVEL_3, `Started:\t${formatRFC1123Z(t.startedAt)}\n`)
    w.write(LEVEL_3, `Finished:\t${formatRFC1123Z(t.finishedAt)}\n`)
  } else {
    w.write(LEVEL_2, `${stateName}:\tWaiting\n`)
  }
}

/**
 * EnvValueRetriever: kubectl converts the field path with its client scheme, which knows only
 * metadata.name and metadata.namespace; any other field path prints an empty value.
 */
function resolveFieldRef(pod: Pod, fieldPath: string): string {
  if (fieldPath === 'metadata.name') return pod.metadata?.name ?? ''
  if (fieldPath === 'metadata.namespace') return pod.metadata?.namespace ?? ''
  return ''
}

/** resourcehelper.ExtractContainerResourceValue, for describe's env lines. */
function containerResourceValue(
  ref: NonNullable<NonNullable<EnvVar['valueFrom']>['resourceFieldRef']>,
  c: Container,
): string {
  const divisor = parseQuantity(ref.divisor)
  const div = divisor && divisor.nanos !== 0n ? divisor : parseQuantity('1')
  if (!div) return ''
  const [kind, name] = ref.resource.split('.', 2) as [string, string | undefined]
  const list =
    kind === 'limits' ? c.resources?.limits : kind === 'requests' ? c.resources?.requests : undefined
  if (!list || !name) return ''
  const q = parseQuantity(list[name]) ?? { nanos: 0n, format: 'DecimalSI' as const }
  if (name === 'cpu') return String(Math.ceil(quantityMilliValue(q) / quantityMilliValue(div)))
  if (name === 'memory' || name === 'ephemeral-storage' || name.startsWith('hugepages-'))
    return String(Math.ceil(quantityValue(q) / quantityValue(div)))
  return ''
}

function describeEnv(pod: Pod, c: Container, w: PrefixWriter): void {
  if (c.envFrom?.length) {
    w.write(LEVEL_2, 'Environment Variables from:\n')
    for (const e of c.envFrom) {
      const [from, name, optional] = e.configMapRef
        ? ['ConfigMap', e.configMapRef.name ?? '', e.configMapRef.optional === true]
        : e.secretRef
          ? ['Secret', e.secretRef.name ?? '', e.secretRef.optional === true]
          : ['', '', false]
      if (e.prefix) w.write(LEVEL_3, `${name}\t${from} with prefix '${e.prefix}'\tOptional: ${optional}\n`)
      else w.write(LEVEL_3, `${name}\t${from}\tOptional: ${optional}\n`)
    }
  }
  w.write(LEVEL_2, `Environment:${c.env?.length ? '' : '\t<none>'}\n`)
  for (const e of c.env ?? []) {
    const from = e.valueFrom
    if (!from) {
      ;(e.value ?? '').split('\n').forEach((s, i) => {
        w.write(LEVEL_3, i === 0 ? `${e.name}:\t${s}\n` : `\t${s}\n`)
      })
    } else if (from.fieldRef) {
      const value = resolveFieldRef(pod, from.fieldRef.fieldPath)
      w.write(
        LEVEL_3,
        `${e.name}:\t${value} (${from.fieldRef.apiVersion ?? ''}:${from.fieldRef.fieldPath})\n`,
      )
    } else if (from.resourceFieldRef) {
      const resource = from.resourceFieldRef.resource
      let value = containerResourceValue(from.resourceFieldRef, c)
      if (value === '0' && (resource === 'limits.cpu' || resource === 'limits.memory'))
        value = 'node allocatable'
      w.write(LEVEL_3, `${e.name}:\t${value} (${resource})\n`)
    } else if (from.secretKeyRef) {
      const r = from.secretKeyRef
      w.write(
        LEVEL_3,
        `${e.name}:\t<set to the key '${r.key}' in secret '${r.name ?? ''}'>\tOptional: ${r.optional === true}\n`,
      )
    } else if (from.configMapKeyRef) {
      const r = from.configMapKeyRef
      w.write(
        LEVEL_3,
        `${e.name}:\t<set to the key '${r.key}' of config map '${r.name ?? ''}'>\tOptional: ${r.optional === true}\n`,
      )
    }
  }
}

function describeMounts(c: Container, w: PrefixWriter): void {
  const mounts = [...(c.volumeMounts ?? [])].sort((a, b) => byString(a.mountPath, b.mountPath))
  w.write(LEVEL_2, `Mounts:${mounts.length ? '' : '\t<none>'}\n`)
  for (const m of mounts) {
    const flags = [m.readOnly ? 'ro' : 'rw', ...(m.subPath ? [`path=${goQuote(m.subPath)}`] : [])]
    w.write(LEVEL_3, `${m.mountPath} from ${m.name} (${flags.join(',')})\n`)
  }
  if (c.volumeDevices?.length) {
    w.write(LEVEL_2, 'Devices:\n')
    const devices = [...c.volumeDevices].sort((a, b) => byString(a.devicePath, b.devicePath))
    for (const d of devices) w.write(LEVEL_3, `${d.devicePath} from ${d.name}\n`)
  }
}

/** describeContainers: one block per container of the spec, with its status when there is one. */
export function describeContainers(
  label: string,
  pod: Pod,
  containers: readonly Container[],
  statuses: readonly ContainerStatus[] | undefined,
  w: PrefixWriter,
): void {
  const byName = new Map((statuses ?? []).map((s) => [s.name, s]))
  w.write(LEVEL_0, `${label}:${containers.length ? '' : ' <none>'}\n`)
  for (const c of containers) {
    const status = byName.get(c.name)
    w.write(LEVEL_1, `${c.name}:\n`)
    if (status) w.write(LEVEL_2, `Container ID:\t${status.containerID ?? ''}\n`)
    w.write(LEVEL_2, `Image:\t${c.image ?? ''}\n`)
    if (status) w.write(LEVEL_2, `Image ID:\t${status.imageID ?? ''}\n`)
    const ports = (c.ports ?? []).map((p) => `${p.containerPort}/${p.protocol ?? ''}`).join(', ')
    if (ports.includes(',')) w.write(LEVEL_2, `Ports:\t${ports}\n`)
    else w.write(LEVEL_2, `Port:\t${ports || '<none>'}\n`)
    const hostPorts = (c.ports ?? []).map((p) => `${p.hostPort ?? 0}/${p.protocol ?? ''}`).join(', ')
    if (hostPorts.includes(',')) w.write(LEVEL_2, `Host Ports:\t${hostPorts}\n`)
    else w.write(LEVEL_2, `Host Port:\t${hostPorts || '<none>'}\n`)
    const seccomp = c.securityContext?.seccompProfile
    if (seccomp) {
      w.write(LEVEL_2, `SeccompProfile:\t${seccomp.type}\n`)
      if (seccomp.type === 'Localhost')
        w.write(LEVEL_3, `LocalhostProfile:\t${seccomp.localhostProfile ?? ''}\n`)
    }
    if (c.command?.length) {
      w.write(LEVEL_2, 'Command:\n')
      for (const s of c.command.flatMap((x) => x.split('\n'))) w.write(LEVEL_3, `${s}\n`)
    }
    if (c.args?.length) {
      w.write(LEVEL_2, 'Args:\n')
      for (const s of c.args.flatMap((x) => x.split('\n'))) w.write(LEVEL_3, `${s}\n`)
    }
    if (status) {
      describeStatus('State', status.state, w)
      if (status.lastState?.terminated) describeStatus('Last State', status.lastState, w)
      w.write(LEVEL_2, `Ready:\t${printBool(status.ready)}\n`)
      w.write(LEVEL_2, `Restart Count:\t${status.restartCount ?? 0}\n`)
    }
    describeResources(c.resources, w, LEVEL_2)
    if (c.livenessProbe) w.write(LEVEL_2, `Liveness:\t${describeProbe(c.livenessProbe)}\n`)
    if (c.readinessProbe) w.write(LEVEL_2, `Readiness:\t${describeProbe(c.readinessProbe)}\n`)
    if (c.startupProbe) w.write(LEVEL_2, `Startup:\t${describeProbe(c.startupProbe)}\n`)
    describeEnv(pod, c, w)
    describeMounts(c, w)
  }
}

/** The image volume source (1.31+; not in kubernetes-types 1.30). */
const imageSource = (v: Volume) => (v as { image?: { reference?: string; pullPolicy?: string } }).image

/** The volume source printers of describe.go, for the sources a Pod commonly has. */
function describeVolume(v: Volume, w: PrefixWriter): void {
  const l2 = (lines: readonly string[]) => w.write(LEVEL_2, `${lines.join('\n    ')}\n`)
  if (v.hostPath) {
    l2([
      'Type:\tHostPath (bare host directory volume)',
      `Path:\t${v.hostPath.path}`,
      `HostPathType:\t${v.hostPath.type ?? '<none>'}`,
    ])
  } else if (v.emptyDir) {
    const size = parseQuantity(v.emptyDir.sizeLimit)
    l2([
      "Type:\tEmptyDir (a temporary directory that shares a pod's lifetime)",
      `Medium:\t${v.emptyDir.medium ?? ''}`,
      `SizeLimit:\t${size && size.nanos > 0n ? canonicalQuantity(v.emptyDir.sizeLimit) : '<unset>'}`,
    ])
  } else if (v.secret) {
    l2([
      'Type:\tSecret (a volume populated by a Secret)',
      `SecretName:\t${v.secret.secretName ?? ''}`,
      `Optional:\t${v.secret.optional === true}`,
    ])
  } else if (v.configMap) {
    l2([
      'Type:\tConfigMap (a volume populated by a ConfigMap)',
      `Name:\t${v.configMap.name ?? ''}`,
      `Optional:\t${v.configMap.optional === true}`,
    ])
  } else if (v.persistentVolumeClaim) {
    l2([
      'Type:\tPersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)',
      `ClaimName:\t${v.persistentVolumeClaim.claimName}`,
      `ReadOnly:\t${v.persistentVolumeClaim.readOnly === true}`,
    ])
  } else if (v.projected) {
    l2(['Type:\tProjected (a volume that contains injected data from multiple sources)'])
    for (const s of v.projected.sources ?? []) {
      // v1.33 (PR #129457): `Optional:` with the value, false when unset (before, the pointer
      // itself was printed: `ConfigMapOptional:  <nil>`).
      if (s.secret) l2([`SecretName:\t${s.secret.name ?? ''}`, `Optional:\t${s.secret.optional === true}`])
      else if (s.downwardAPI) l2(['DownwardAPI:\ttrue'])
      else if (s.configMap)
        l2([`ConfigMapName:\t${s.configMap.name ?? ''}`, `Optional:\t${s.configMap.optional === true}`])
      else if (s.serviceAccountToken)
        // The apiserver defaults expirationSeconds to 3600.
        l2([`TokenExpirationSeconds:\t${s.serviceAccountToken.expirationSeconds ?? 3600}`])
    }
  } else if (v.downwardAPI) {
    w.write(LEVEL_2, 'Type:\tDownwardAPI (a volume populated by information about the pod)\n    Items:\n')
    for (const item of v.downwardAPI.items ?? []) {
      if (item.fieldRef) w.write(LEVEL_3, `${item.fieldRef.fieldPath} -> ${item.path}\n`)
      if (item.resourceFieldRef) w.write(LEVEL_3, `${item.resourceFieldRef.resource} -> ${item.path}\n`)
    }
  } else if (v.ephemeral) {
    l2([
      'Type:\tEphemeralVolume (an inline specification for a volume that gets created and deleted with the pod)',
    ])
  } else if (v.nfs) {
    l2([
      'Type:\tNFS (an NFS mount that lasts the lifetime of a pod)',
      `Server:\t${v.nfs.server}`,
      `Path:\t${v.nfs.path}`,
      `ReadOnly:\t${v.nfs.readOnly === true}`,
    ])
  } else if (v.csi) {
    l2([
      'Type:\tCSI (a Container Storage Interface (CSI) volume source)',
      `Driver:\t${v.csi.driver}`,
      `FSType:\t${v.csi.fsType ?? ''}`,
      `ReadOnly:\t${v.csi.readOnly === true}`,
    ])
    // printCSIPersistentVolumeAttributesMultilineIndent, indentation quirks included.
    const attrs = v.csi.volumeAttributes ?? {}
    const keys = Object.keys(attrs).sort(byString)
    w.write(LEVEL_2, 'VolumeAttributes:\t')
    if (keys.length === 0) w.writeLine('<none>')
    keys.forEach((key, i) => {
      if (i !== 0) {
        w.write(LEVEL_2, '')
        w.write(LEVEL_2, '\t')
      }
      const line = `${key}=${attrs[key]}`
      w.write(LEVEL_2, `${line.length > 140 ? `${line.slice(0, 140)}...` : line}\n`)
    })
  } else if (imageSource(v)) {
    const image = imageSource(v) as { reference?: string; pullPolicy?: string }
    l2([
      'Type:\tImage (a container image or OCI artifact)',
      `Reference:\t${image.reference ?? ''}`,
      `PullPolicy:\t${image.pullPolicy ?? ''}`,
    ])
  } else {
    w.write(LEVEL_1, '<unknown>\n')
  }
}

function describeVolumes(volumes: readonly Volume[] | undefined, w: PrefixWriter): void {
  if (!volumes?.length) {
    w.write(LEVEL_0, 'Volumes:\t<none>\n')
    return
  }
  w.write(LEVEL_0, 'Volumes:\n')
  for (const v of volumes) {
    w.write(LEVEL_1, `${v.name}:\n`)
    describeVolume(v, w)
  }
}

/** describeTopologySpreadConstraints: sorted by topology key. */
function describeTopologySpread(pod: Pod, w: PrefixWriter): void {
  const tscs = [...(pod.spec?.topologySpreadConstraints ?? [])]
  if (tscs.length === 0) return
  tscs.sort((a, b) => byString(a.topologyKey, b.topologyKey))
  w.write(LEVEL_0, 'Topology Spread Constraints:\t')
  tscs.forEach((t, i) => {
    if (i !== 0) w.write(LEVEL_0, '\t')
    let s = `${t.topologyKey}:${t.whenUnsatisfiable} when max skew ${t.maxSkew} is exceeded`
    if (t.labelSelector) s += ` for selector ${formatLabelSelector(t.labelSelector)}`
    w.write(LEVEL_0, `${s}\n`)
  })
}

export interface DescribeOptions {
  /** Wall-clock epoch milliseconds "now", for ages. */
  readonly nowMs: number
}

/**
 * `kubectl describe pod`. `events` are the Pod's Events in list order (see podEvents), or
 * undefined for `--show-events=false` (no Events section).
 */
export function describePod(
  pod: Pod,
  events: readonly AnyEvent[] | undefined,
  options: DescribeOptions,
): string {
  const { nowMs } = options
  return tabbedString((w) => {
    const m = pod.metadata ?? {}
    const spec = pod.spec ?? { containers: [] }
    const status = pod.status ?? {}
    w.write(LEVEL_0, `Name:\t${m.name ?? ''}\n`)
    w.write(LEVEL_0, `Namespace:\t${m.namespace ?? ''}\n`)
    if (spec.priority !== undefined && spec.priority !== null)
      w.write(LEVEL_0, `Priority:\t${spec.priority}\n`)
    if (spec.priorityClassName) w.write(LEVEL_0, `Priority Class Name:\t${spec.priorityClassName}\n`)
    if (spec.runtimeClassName) w.write(LEVEL_0, `Runtime Class Name:\t${spec.runtimeClassName}\n`)
    if (spec.serviceAccountName) w.write(LEVEL_0, `Service Account:\t${spec.serviceAccountName}\n`)
    w.write(LEVEL_0, spec.nodeName ? `Node:\t${spec.nodeName}/${status.hostIP ?? ''}\n` : 'Node:\t<none>\n')
    if (status.startTime) w.write(LEVEL_0, `Start Time:\t${formatRFC1123Z(status.startTime)}\n`)
    printLabelsMultiline(w, 'Labels', m.labels)
    printAnnotationsMultiline(w, 'Annotations', m.annotations)
    if (m.deletionTimestamp && status.phase !== 'Failed' && status.phase !== 'Succeeded') {
      w.write(
        LEVEL_0,
        `Status:\tTerminating (lasts ${translateTimestampSince(m.deletionTimestamp, nowMs)})\n`,
      )
      w.write(LEVEL_0, `Termination Grace Period:\t${m.deletionGracePeriodSeconds ?? 0}s\n`)
    } else {
      w.write(LEVEL_0, `Status:\t${status.phase ?? ''}\n`)
    }
    if (status.reason) w.write(LEVEL_0, `Reason:\t${status.reason}\n`)
    if (status.message) w.write(LEVEL_0, `Message:\t${status.message}\n`)
    const seccomp = spec.securityContext?.seccompProfile
    if (seccomp) {
      w.write(LEVEL_0, `SeccompProfile:\t${seccomp.type}\n`)
      if (seccomp.type === 'Localhost')
        w.write(LEVEL_0, `LocalhostProfile:\t${seccomp.localhostProfile ?? ''}\n`)
    }
    w.write(LEVEL_0, `IP:\t${status.podIP ?? ''}\n`)
    if (status.podIPs?.length) {
      w.write(LEVEL_0, 'IPs:\n')
      for (const ip of status.podIPs) w.write(LEVEL_1, `IP:\t${ip.ip ?? ''}\n`)
    } else {
      w.write(LEVEL_0, 'IPs:\t<none>\n')
    }
    const controller = m.ownerReferences?.find((r) => r.controller === true)
    if (controller) w.write(LEVEL_0, `Controlled By:\t${controller.kind}/${controller.name}\n`)
    if (status.nominatedNodeName) w.write(LEVEL_0, `NominatedNodeName:\t${status.nominatedNodeName}\n`)
    // Pod-level resources (PodLevelResources, alpha in 1.32): not in kubernetes-types 1.30.
    const podResources = (spec as { resources?: ResourceRequirements }).resources
    if (podResources) {
      w.write(LEVEL_0, 'Resources:\n')
      describeResources(podResources, w, LEVEL_1)
    }
    if (spec.initContainers?.length) {
      describeContainers('Init Containers', pod, spec.initContainers, status.initContainerStatuses, w)
    }
    describeContainers('Containers', pod, spec.containers ?? [], status.containerStatuses, w)
    if (spec.ephemeralContainers?.length) {
      const ephemeral = spec.ephemeralContainers as unknown as Container[]
      describeContainers('Ephemeral Containers', pod, ephemeral, status.ephemeralContainerStatuses, w)
    }
    if (spec.readinessGates?.length) {
      w.write(LEVEL_0, 'Readiness Gates:\n  Type\tStatus\n')
      for (const g of spec.readinessGates) {
        const c = status.conditions?.find((x) => x.type === g.conditionType)
        w.write(LEVEL_1, `${g.conditionType} \t${c ? c.status : '<none>'} \n`)
      }
    }
    if (status.conditions?.length) {
      w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\n')
      for (const c of status.conditions) w.write(LEVEL_1, `${c.type} \t${c.status} \n`)
    }
    describeVolumes(spec.volumes, w)
    w.write(LEVEL_0, `QoS Class:\t${podQOS(pod)}\n`)
    printLabelsMultiline(w, 'Node-Selectors', spec.nodeSelector)
    printTolerationsMultiline(w, 'Tolerations', spec.tolerations)
    describeTopologySpread(pod, w)
    if (events) describeEvents(events, w, nowMs)
  })
}
