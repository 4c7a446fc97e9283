/**
 * The workload kinds no simulated controller runs: DaemonSets and StatefulSets
 * (pkg/apis/apps/v1/defaults.go SetDefaults_DaemonSet/_StatefulSet, pkg/registry/apps/{daemonset,
 * statefulset}/strategy.go), Jobs and CronJobs (pkg/apis/batch/v1/defaults.go SetDefaults_Job/
 * _CronJob, pkg/registry/batch/{job,cronjob}/strategy.go, pkg/apis/batch/validation). Their pod
 * templates get the PodSpec defaults without the Pod-only requests-from-limits, and are validated
 * as pod templates.
 */
import type { DaemonSet, Deployment, StatefulSet } from 'kubernetes-types/apps/v1'
import type { CronJob, Job } from 'kubernetes-types/batch/v1'
import type { PersistentVolumeClaim } from 'kubernetes-types/core/v1'
import { selectorMatches } from '../../../api/labels'
import { type FieldError, invalidValue, notSupported, required } from '../../../api/status'
import { fields, type KubeObject } from '../../../api/types'
import { defaultPersistentVolumeClaim } from './core-strategies'
import { validateObjectMeta } from './meta-validation'
import { defaultTemplatePodSpec } from './pod-defaults'
import { validatePodSpec } from './pod-validation'
import { validateWorkload } from './workload-validation'

type Writable<T> = { -readonly [K in keyof T]: T[K] }

export function defaultDaemonSet(ds: DaemonSet): void {
  const spec = ((ds as Writable<DaemonSet>).spec ??= {} as NonNullable<DaemonSet['spec']>) as Writable<
    NonNullable<DaemonSet['spec']>
  >
  const strategy = (spec.updateStrategy ??= {})
  strategy.type ||= 'RollingUpdate'
  if (strategy.type === 'RollingUpdate') {
    strategy.rollingUpdate ??= {}
    strategy.rollingUpdate.maxUnavailable ??= 1
    strategy.rollingUpdate.maxSurge ??= 0
  }
  spec.revisionHistoryLimit ??= 10
  if (spec.template?.spec) defaultTemplatePodSpec(spec.template.spec)
}

export function defaultStatefulSet(sts: StatefulSet): void {
  const spec = ((sts as Writable<StatefulSet>).spec ??= {} as NonNullable<StatefulSet['spec']>) as Writable<
    NonNullable<StatefulSet['spec']>
  >
  spec.podManagementPolicy ||= 'OrderedReady'
  const strategy = (spec.updateStrategy ??= {})
  if (!strategy.type) {
    strategy.type = 'RollingUpdate'
    strategy.rollingUpdate ??= {}
  }
  if (strategy.type === 'RollingUpdate' && strategy.rollingUpdate) strategy.rollingUpdate.partition ??= 0
  // StatefulSetAutoDeletePVC is GA in v1.32.
  const retention = (spec.persistentVolumeClaimRetentionPolicy ??= {})
  retention.whenDeleted ||= 'Retain'
  retention.whenScaled ||= 'Retain'
  spec.replicas ??= 1
  spec.revisionHistoryLimit ??= 10
  if (spec.template?.spec) defaultTemplatePodSpec(spec.template.spec)
  // The claim templates are PersistentVolumeClaims: SetDefaults_PersistentVolumeClaim(Spec).
  for (const claim of (spec.volumeClaimTemplates ?? []) as Writable<PersistentVolumeClaim>[]) {
    defaultPersistentVolumeClaim(claim)
    const status = (claim.status ??= {}) as { phase?: string }
    status.phase ||= 'Pending'
  }
}

/** SetDefaults_Job (v1.33: manualSelector defaults to false since v1.29, PR #120206). */
export function defaultJob(job: Job): void {
  const spec = ((job as Writable<Job>).spec ??= {} as NonNullable<Job['spec']>) as Writable<
    NonNullable<Job['spec']>
  >
  if (spec.completions === undefined && spec.parallelism === undefined) {
    spec.completions = 1
    spec.parallelism = 1
  }
  spec.parallelism ??= 1
  spec.backoffLimit ??= spec.backoffLimitPerIndex !== undefined ? 2147483647 : 6
  const labels = spec.template?.metadata?.labels
  const meta = (job.metadata ??= {})
  if (labels && Object.keys(meta.labels ?? {}).length === 0) meta.labels = { ...labels }
  spec.completionMode ??= 'NonIndexed'
  spec.suspend ??= false
  for (const rule of spec.podFailurePolicy?.rules ?? []) {
    for (const pattern of rule.onPodConditions ?? []) (pattern as { status?: string }).status ||= 'True'
  }
  spec.podReplacementPolicy ??= spec.podFailurePolicy ? 'Failed' : 'TerminatingOrFailed'
  spec.manualSelector ??= false
  if (spec.template?.spec) defaultTemplatePodSpec(spec.template.spec)
}

/** SetDefaults_CronJob; the job template's pod spec gets the PodSpec defaults (not SetDefaults_Job). */
export function defaultCronJob(cj: CronJob): void {
  const spec = ((cj as Writable<CronJob>).spec ??= {} as NonNullable<CronJob['spec']>) as Writable<
    NonNullable<CronJob['spec']>
  >
  spec.concurrencyPolicy ||= 'Allow'
  spec.suspend ??= false
  spec.successfulJobsHistoryLimit ??= 3
  spec.failedJobsHistoryLimit ??= 1
  const podSpec = spec.jobTemplate?.spec?.template?.spec
  if (podSpec) defaultTemplatePodSpec(podSpec)
}

/**
 * generateSelector (job strategy): the template gets `batch.kubernetes.io/job-name`/`job-name`
 * and `batch.kubernetes.io/controller-uid`/`controller-uid` unless set, and the selector matches
 * the prefixed uid label. It needs the uid, which the simulation sets after PrepareForCreate, so
 * it runs at validation (where upstream ran it before v1.30). A Job without labels reads back with
 * its template's labels (SetDefaults_Job runs again on every decode from etcd): stored so here.
 */
export function generateJobSelector(job: Job): void {
  const spec = job.spec as Writable<NonNullable<Job['spec']>> | undefined
  if (!spec || spec.manualSelector) return
  const name = job.metadata?.name ?? ''
  const uid = job.metadata?.uid ?? ''
  const template = (spec.template ??= {} as NonNullable<Job['spec']>['template'])
  const tmeta = (template.metadata ??= {})
  const labels: Record<string, string> = { ...(tmeta.labels ?? {}) }
  for (const key of ['batch.kubernetes.io/job-name', 'job-name']) labels[key] ??= name
  for (const key of ['batch.kubernetes.io/controller-uid', 'controller-uid']) labels[key] ??= uid
  tmeta.labels = sortKeys(labels)
  const selector = (spec.selector ??= {})
  selector.matchLabels = { ...(selector.matchLabels ?? {}) }
  selector.matchLabels['batch.kubernetes.io/controller-uid'] ??= uid
  selector.matchLabels = sortKeys(selector.matchLabels)
  const meta = (job.metadata ??= {})
  if (Object.keys(meta.labels ?? {}).length === 0) meta.labels = { ...tmeta.labels }
}

/** Go maps are encoded with sorted keys. */
function sortKeys(m: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(m).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}

const NONNEGATIVE = 'must be greater than or equal to 0'
const JOB_RESTART_POLICIES = ['OnFailure', 'Never']

/** validateJobSpec's template and counters, under `path` (`spec`, `spec.jobTemplate.spec`). */
function validateJobSpec(spec: NonNullable<Job['spec']> | undefined, path: string): FieldError[] {
  const errs: FieldError[] = []
  if (!spec) return [required(path, '')]
  for (const key of ['parallelism', 'completions', 'activeDeadlineSeconds', 'backoffLimit'] as const) {
    const v = spec[key]
    if (v !== undefined && v < 0) errs.push(invalidValue(`${path}.${key}`, v, NONNEGATIVE))
  }
  errs.push(...validatePodSpec(spec.template?.spec, `${path}.template.spec`))
  const rp = spec.template?.spec?.restartPolicy
  if (rp !== undefined && !JOB_RESTART_POLICIES.includes(rp)) {
    errs.push(notSupported(`${path}.template.spec.restartPolicy`, rp, JOB_RESTART_POLICIES))
  }
  return errs
}

export function validateJob(job: Job): FieldError[] {
  generateJobSelector(job)
  const errs = validateObjectMeta(job.metadata, true)
  errs.push(...validateJobSpec(job.spec, 'spec'))
  if (job.spec && !job.spec.selector) errs.push(required('spec.selector', ''))
  else if (job.spec && !selectorMatches(job.spec.selector, job.spec.template?.metadata?.labels)) {
    errs.push(
      invalidValue(
        'spec.template.metadata.labels',
        job.spec.template?.metadata?.labels,
        '`selector` does not match template `labels`',
      ),
    )
  }
  return errs
}

const CONCURRENCY_POLICIES = ['Allow', 'Forbid', 'Replace']

export function validateCronJob(cj: CronJob): FieldError[] {
  const errs = validateObjectMeta(cj.metadata, true)
  const spec = cj.spec
  if (!spec) return [...errs, required('spec', '')]
  if (!spec.schedule) errs.push(required('spec.schedule', ''))
  if (spec.concurrencyPolicy && !CONCURRENCY_POLICIES.includes(spec.concurrencyPolicy)) {
    errs.push(notSupported('spec.concurrencyPolicy', spec.concurrencyPolicy, CONCURRENCY_POLICIES))
  }
  errs.push(...validateJobSpec(spec.jobTemplate?.spec, 'spec.jobTemplate.spec'))
  if (spec.jobTemplate?.spec?.selector) {
    errs.push(
      invalidValue(
        'spec.jobTemplate.spec.selector',
        spec.jobTemplate.spec.selector,
        '`selector` will be auto-generated',
      ),
    )
  }
  return errs
}

/** ValidateDaemonSet / ValidateStatefulSet share the Deployment checks, with their own noun. */
function validateAppsWorkload(obj: DaemonSet | StatefulSet, noun: string): FieldError[] {
  return validateWorkload(obj as unknown as Deployment).map((e) =>
    e.detail === 'empty selector is invalid for deployment'
      ? { ...e, detail: `empty selector is invalid for ${noun}` }
      : e,
  )
}

export const WORKLOAD_STRATEGIES = {
  'apps/daemonsets': {
    defaults: (obj: KubeObject) => defaultDaemonSet(obj as DaemonSet),
    // DaemonSetStatus's counters are never omitted.
    prepareForCreate: (obj: KubeObject) => {
      fields(obj).status = {
        currentNumberScheduled: 0,
        desiredNumberScheduled: 0,
        numberMisscheduled: 0,
        numberReady: 0,
      }
    },
    validate: (obj: KubeObject) => validateAppsWorkload(obj as DaemonSet, 'daemonset'),
    statusSubresource: true,
    generation: true,
  },
  'apps/statefulsets': {
    defaults: (obj: KubeObject) => defaultStatefulSet(obj as StatefulSet),
    // StatefulSetStatus: replicas and availableReplicas are never omitted.
    prepareForCreate: (obj: KubeObject) => {
      fields(obj).status = { availableReplicas: 0, replicas: 0 }
    },
    validate: (obj: KubeObject) => validateAppsWorkload(obj as StatefulSet, 'statefulset'),
    statusSubresource: true,
    generation: true,
  },
  'batch/jobs': {
    defaults: (obj: KubeObject) => defaultJob(obj as Job),
    prepareForCreate: (obj: KubeObject) => {
      fields(obj).status = {}
    },
    validate: (obj: KubeObject) => validateJob(obj as Job),
    statusSubresource: true,
    generation: true,
  },
  'batch/cronjobs': {
    defaults: (obj: KubeObject) => defaultCronJob(obj as CronJob),
    prepareForCreate: (obj: KubeObject) => {
      fields(obj).status = {}
    },
    validate: (obj: KubeObject) => validateCronJob(obj as CronJob),
    statusSubresource: true,
    generation: true,
  },
} as const
