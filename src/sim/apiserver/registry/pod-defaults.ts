/**
 * Scheme defaulting for Pods, applied when the request body is decoded
 * (pkg/apis/core/v1/defaults.go). Mutates a fresh copy of the request body.
 */
import type { Container, PodSpec, Probe } from 'kubernetes-types/core/v1'

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
  for (const c of spec.initContainers ?? []) defaultContainer(c)
  for (const c of spec.containers ?? []) defaultContainer(c)
}

export function defaultContainer(c: Container): void {
  if (c.image !== undefined && c.imagePullPolicy === undefined) c.imagePullPolicy = defaultPullPolicy(c.image)
  c.terminationMessagePath ??= '/dev/termination-log'
  c.terminationMessagePolicy ??= 'File'
  for (const p of c.ports ?? []) p.protocol ??= 'TCP'
  c.resources ??= {}
  for (const probe of [c.livenessProbe, c.readinessProbe, c.startupProbe]) if (probe) defaultProbe(probe)
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
}
