/**
 * Scheme defaulting for Pods, applied when the request body is decoded
 * (pkg/apis/core/v1/defaults.go). Mutates a fresh copy of the request body.
 */
import type {
  Container,
  DownwardAPIVolumeFile,
  EnvVar,
  Lifecycle,
  LifecycleHandler,
  PodSpec,
  Probe,
  Volume,
} from 'kubernetes-types/core/v1'

/**
 * A Pod's spec: the defaults it shares with pod templates, then SetDefaults_Pod's Pod-only step,
 * requests copied from limits. The pods strategy runs this; never run it on a template.
 */
export function defaultPodSpec(spec: PodSpec): void {
  defaultTemplatePodSpec(spec)
  defaultRequestsFromLimits(spec)
}

/**
 * The defaults every PodSpec gets, in a Pod or in a Deployment/ReplicaSet template
 * (SetDefaults_PodSpec and the per-container defaults).
 */
export function defaultTemplatePodSpec(spec: PodSpec): void {
  spec.restartPolicy ??= 'Always'
  spec.dnsPolicy ??= 'ClusterFirst'
  spec.terminationGracePeriodSeconds ??= 30
  spec.schedulerName ??= 'default-scheduler'
  spec.securityContext ??= {}
  spec.enableServiceLinks ??= true
  // SetDefaults_PodSpec: deprecated serviceAccount mirrors serviceAccountName.
  if (spec.serviceAccountName && !spec.serviceAccount) spec.serviceAccount = spec.serviceAccountName
  for (const v of spec.volumes ?? []) defaultVolume(v)
  for (const c of spec.initContainers ?? []) defaultContainer(c)
  for (const c of spec.containers ?? []) defaultContainer(c)
  for (const c of spec.ephemeralContainers ?? []) defaultContainer(c as Container)
}

/** The v1 volume sources' file mode default, 0644 (SecretVolumeSourceDefaultMode and the others). */
export const DEFAULT_VOLUME_MODE = 0o644

/**
 * SetDefaults_Volume (a volume without a source is an emptyDir), the per-source defaults
 * (hostPath type `""`, defaultMode 0644 for secret, configMap, downwardAPI and projected, the
 * service account token's expirationSeconds 3600), and the downward API items' selectors.
 */
export function defaultVolume(v: Volume): void {
  const vol = v as Volume & Record<string, unknown>
  if (!Object.keys(vol).some((k) => k !== 'name' && vol[k] !== undefined && vol[k] !== null))
    vol.emptyDir = {}
  if (v.hostPath) v.hostPath.type ??= ''
  if (v.secret) v.secret.defaultMode ??= DEFAULT_VOLUME_MODE
  if (v.configMap) v.configMap.defaultMode ??= DEFAULT_VOLUME_MODE
  if (v.downwardAPI) {
    v.downwardAPI.defaultMode ??= DEFAULT_VOLUME_MODE
    for (const item of v.downwardAPI.items ?? []) defaultDownwardFile(item)
  }
  if (v.projected) {
    v.projected.defaultMode ??= DEFAULT_VOLUME_MODE
    for (const source of v.projected.sources ?? []) {
      for (const item of source.downwardAPI?.items ?? []) defaultDownwardFile(item)
      if (source.serviceAccountToken) source.serviceAccountToken.expirationSeconds ??= 3600
    }
  }
}

function defaultDownwardFile(item: DownwardAPIVolumeFile): void {
  if (item.fieldRef) item.fieldRef.apiVersion ||= 'v1'
  // ResourceFieldSelector.divisor is a resource.Quantity, not a pointer: it is always written,
  // `"0"` when unset.
  if (item.resourceFieldRef) item.resourceFieldRef.divisor ??= '0'
}

function defaultEnv(e: EnvVar): void {
  const from = e.valueFrom
  if (!from) return
  if (from.fieldRef) from.fieldRef.apiVersion ||= 'v1'
  if (from.resourceFieldRef) from.resourceFieldRef.divisor ??= '0'
}

export function defaultContainer(c: Container): void {
  if (c.image !== undefined && c.imagePullPolicy === undefined) c.imagePullPolicy = defaultPullPolicy(c.image)
  c.terminationMessagePath ??= '/dev/termination-log'
  c.terminationMessagePolicy ??= 'File'
  for (const p of c.ports ?? []) p.protocol ??= 'TCP'
  c.resources ??= {}
  for (const e of c.env ?? []) defaultEnv(e)
  for (const probe of [c.livenessProbe, c.readinessProbe, c.startupProbe]) if (probe) defaultProbe(probe)
  if (c.lifecycle) defaultLifecycle(c.lifecycle)
}

function defaultLifecycle(l: Lifecycle): void {
  for (const h of [l.postStart, l.preStop] as (LifecycleHandler | undefined)[]) {
    if (h?.httpGet) {
      h.httpGet.path ??= '/'
      h.httpGet.scheme ??= 'HTTP'
    }
  }
}

/**
 * SetDefaults_Pod: requests default to limits for every resource that has a limit and no request,
 * in containers and init containers. "We only want this defaulting semantic to take place on a
 * v1.Pod and not a v1.PodTemplate" (pkg/apis/core/v1/defaults.go), so templates keep what the
 * user wrote and the pod-template-hash is computed over that.
 */
export function defaultRequestsFromLimits(spec: PodSpec): void {
  for (const c of [...(spec.containers ?? []), ...(spec.initContainers ?? [])]) {
    const limits = c.resources?.limits
    if (limits && Object.keys(limits).length > 0) {
      c.resources = { ...c.resources, requests: { ...limits, ...(c.resources?.requests ?? {}) } }
    }
  }
}

/** `Always` for `:latest` or no tag; otherwise `IfNotPresent` (digests count as pinned). */
export function defaultPullPolicy(image: string): 'Always' | 'IfNotPresent' {
  if (image.includes('@')) return 'IfNotPresent'
  const lastSlash = image.lastIndexOf('/')
  const colon = image.lastIndexOf(':')
  const tag = colon > lastSlash ? image.slice(colon + 1) : ''
  return tag === '' || tag === 'latest' ? 'Always' : 'IfNotPresent'
}

function defaultProbe(p: Probe): void {
  p.timeoutSeconds ??= 1
  p.periodSeconds ??= 10
  p.successThreshold ??= 1
  p.failureThreshold ??= 3
  if (p.httpGet) {
    p.httpGet.path ??= '/'
    p.httpGet.scheme ??= 'HTTP'
  }
  // GRPCAction.service is `+default=""` (staging/src/k8s.io/api/core/v1/types.go).
  if (p.grpc) p.grpc.service ??= ''
}
