/**
 * PodSecurity (staging/src/k8s.io/pod-security-admission, admission/admission.go, v1.33), a
 * validating plugin. The namespace's labels choose a level and version per mode:
 * `pod-security.kubernetes.io/<enforce|warn|audit>` (privileged, baseline, restricted; no label =
 * privileged) and `…/<mode>-version` (`latest`, the default, or `v1.N`).
 * - enforce: a violating Pod is refused, 403 `pods "x" is forbidden: violates PodSecurity
 *   "restricted:latest": <reason (detail), …>`;
 * - warn: the request goes on with the warning `would violate PodSecurity "…": …` (only when it
 *   is not refused);
 * - audit: the same text as the audit annotation `pod-security.kubernetes.io/audit-violations`.
 * Workload resources (Deployments, ReplicaSets, …) are checked against their pod template for
 * warn and audit only, never enforced.
 */
import { forbidden } from '../../../../api/status'
import type { KubeObject, Pod } from '../../../../api/types'
import type { AdmissionAttributes, AdmissionLister, AdmissionPlugin, AuditAnnotations } from '../types'
import { evaluatePod, forbiddenDetail, type Level } from './checks'

export { evaluatePod, forbiddenDetail } from './checks'

const LABEL_PREFIX = 'pod-security.kubernetes.io/'
export const AUDIT_VIOLATIONS_ANNOTATION = `${LABEL_PREFIX}audit-violations`
export const ENFORCED_POLICY_ANNOTATION = `${LABEL_PREFIX}enforce-policy`

type Mode = 'enforce' | 'warn' | 'audit'

export interface LevelVersion {
  readonly level: Level
  /** Minor of 1.x; undefined = latest. */
  readonly version: number | undefined
}

const LEVELS: readonly string[] = ['privileged', 'baseline', 'restricted']

/** `restricted:latest`, `baseline:v1.29`. */
export const policyString = (lv: LevelVersion): string =>
  `${lv.level}:${lv.version === undefined ? 'latest' : `v1.${lv.version}`}`

/**
 * The namespace's policy for one mode. Simplification: an invalid level or version is read as
 * the default (privileged, latest); upstream reports it and evaluates with defaults too.
 */
export function modePolicy(labels: Readonly<Record<string, string>>, mode: Mode): LevelVersion {
  const raw = labels[`${LABEL_PREFIX}${mode}`]
  const level = (raw && LEVELS.includes(raw) ? raw : 'privileged') as Level
  const v = /^v1\.(\d+)$/.exec(labels[`${LABEL_PREFIX}${mode}-version`] ?? '')
  return { level, version: v ? Number(v[1]) : undefined }
}

function violations(lv: LevelVersion, pod: Pick<Pod, 'metadata' | 'spec'>): string | undefined {
  const failed = evaluatePod(
    lv.level,
    lv.version ?? Number.MAX_SAFE_INTEGER,
    pod.metadata ?? {},
    pod.spec ?? { containers: [] },
  )
  return failed.length ? forbiddenDetail(failed) : undefined
}

/** The workload resources whose pod templates are checked (warn and audit only). */
const TEMPLATED: Readonly<Record<string, readonly string[]>> = {
  '': ['replicationcontrollers', 'podtemplates'],
  apps: ['deployments', 'replicasets', 'statefulsets', 'daemonsets'],
  batch: ['jobs', 'cronjobs'],
}

function podTemplate(a: AdmissionAttributes): Pick<Pod, 'metadata' | 'spec'> | undefined {
  const o = a.object as KubeObject & {
    spec?: { template?: Pod; jobTemplate?: { spec?: { template?: Pod } } }
    template?: Pod
  }
  if (a.request.resource === 'podtemplates') return o.template
  if (a.request.resource === 'cronjobs') return o.spec?.jobTemplate?.spec?.template
  return o.spec?.template
}

function namespaceLabels(a: AdmissionAttributes, lister: AdmissionLister): Record<string, string> {
  return lister.get('', 'namespaces', undefined, a.request.namespace)?.metadata?.labels ?? {}
}

export const podSecurity: AdmissionPlugin = {
  name: 'PodSecurity',
  handles: (a) =>
    a.operation === 'CREATE' &&
    a.request.subresource === '' &&
    a.request.namespace !== '' &&
    (a.request.resource === 'pods' || (TEMPLATED[a.request.apiGroup] ?? []).includes(a.request.resource)),
  *validate(a, lister) {
    const labels = namespaceLabels(a, lister)
    const enforce = modePolicy(labels, 'enforce')
    const warn = modePolicy(labels, 'warn')
    const audit = modePolicy(labels, 'audit')
    const isPod = a.request.resource === 'pods'
    const pod = isPod ? (a.object as Pod) : podTemplate(a)
    if (!pod) return { allowed: true }
    const auditAnnotations: Record<string, string> = {}
    if (isPod) {
      auditAnnotations[ENFORCED_POLICY_ANNOTATION] = policyString(enforce)
      const denied = violations(enforce, pod)
      if (denied) {
        const name = a.object.metadata?.name ?? a.object.metadata?.generateName ?? ''
        const auditDetail = violations(audit, pod)
        if (auditDetail) {
          auditAnnotations[AUDIT_VIOLATIONS_ANNOTATION] =
            `would violate PodSecurity "${policyString(audit)}": ${auditDetail}`
        }
        return {
          allowed: false,
          status: forbidden('pods', name, `violates PodSecurity "${policyString(enforce)}": ${denied}`),
          auditAnnotations,
        }
      }
    }
    const auditDetail = violations(audit, pod)
    if (auditDetail) {
      auditAnnotations[AUDIT_VIOLATIONS_ANNOTATION] =
        `would violate PodSecurity "${policyString(audit)}": ${auditDetail}`
    }
    const warnDetail = violations(warn, pod)
    const warnings = warnDetail ? [`would violate PodSecurity "${policyString(warn)}": ${warnDetail}`] : []
    return {
      allowed: true,
      ...(warnings.length ? { warnings } : {}),
      ...(Object.keys(auditAnnotations).length
        ? { auditAnnotations: auditAnnotations as AuditAnnotations }
        : {}),
    }
  },
}
