/**
 * admissionregistration.k8s.io/v1 webhook configurations as the webhook plugins see them: read
 * from the watch cache, with the v1 defaults (admissionregistration/v1 defaults.go), configurations
 * sorted by name and their webhooks in the order written (mutating_webhook_manager.go
 * mergeMutatingWebhookConfigurations; the validating manager does the same).
 */
import type { LabelSelector } from 'kubernetes-types/meta/v1'
import type { FieldError } from '../../../../api/status'
import { invalidValue, notSupported, required } from '../../../../api/status'
import type { AdmissionLister } from '../types'

export const ADMISSION_REGISTRATION = 'admissionregistration.k8s.io'

export interface RuleWithOperations {
  readonly operations?: readonly string[]
  readonly apiGroups?: readonly string[]
  readonly apiVersions?: readonly string[]
  readonly resources?: readonly string[]
  /** `*` (default), `Cluster` or `Namespaced`. */
  readonly scope?: string
}

export interface ServiceReference {
  readonly namespace: string
  readonly name: string
  readonly path?: string
  readonly port?: number
}

/** A MutatingWebhook or ValidatingWebhook as written. */
export interface WebhookSpec {
  readonly name: string
  readonly clientConfig?: { readonly service?: ServiceReference; readonly url?: string }
  readonly rules?: readonly RuleWithOperations[]
  readonly failurePolicy?: 'Fail' | 'Ignore'
  readonly matchPolicy?: 'Exact' | 'Equivalent'
  readonly namespaceSelector?: LabelSelector
  readonly objectSelector?: LabelSelector
  readonly sideEffects?: string
  readonly timeoutSeconds?: number
  readonly admissionReviewVersions?: readonly string[]
  readonly reinvocationPolicy?: 'Never' | 'IfNeeded'
}

export interface WebhookConfiguration {
  readonly metadata?: { readonly name?: string }
  readonly webhooks?: readonly WebhookSpec[]
}

/** One webhook to consider, with defaults applied. */
export interface Webhook {
  /** `<configuration>/<webhook>/<n>` (n counts same-named webhooks of one configuration). */
  readonly uid: string
  readonly configuration: string
  readonly name: string
  readonly service?: Required<ServiceReference>
  readonly url?: string
  readonly rules: readonly RuleWithOperations[]
  readonly failurePolicy: 'Fail' | 'Ignore'
  readonly namespaceSelector: LabelSelector
  readonly objectSelector: LabelSelector
  readonly timeoutSeconds: number
  readonly reinvocationPolicy: 'Never' | 'IfNeeded'
}

export const DEFAULT_TIMEOUT_SECONDS = 10

/** The v1 defaults (SetDefaults_MutatingWebhook / SetDefaults_ValidatingWebhook). */
export function withDefaults(configuration: string, w: WebhookSpec, n: number): Webhook {
  const s = w.clientConfig?.service
  return {
    uid: `${configuration}/${w.name}/${n}`,
    configuration,
    name: w.name,
    ...(s
      ? { service: { namespace: s.namespace, name: s.name, path: s.path ?? '', port: s.port ?? 443 } }
      : {}),
    ...(w.clientConfig?.url ? { url: w.clientConfig.url } : {}),
    rules: w.rules ?? [],
    failurePolicy: w.failurePolicy ?? 'Fail',
    namespaceSelector: w.namespaceSelector ?? {},
    objectSelector: w.objectSelector ?? {},
    timeoutSeconds: w.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS,
    reinvocationPolicy: w.reinvocationPolicy ?? 'Never',
  }
}

/** Every webhook of every configuration of a kind: configurations by name, webhooks as written. */
export function webhooksOf(configurations: readonly WebhookConfiguration[]): Webhook[] {
  const sorted = [...configurations].sort((a, b) => {
    const x = a.metadata?.name ?? ''
    const y = b.metadata?.name ?? ''
    return x < y ? -1 : x > y ? 1 : 0
  })
  const out: Webhook[] = []
  for (const c of sorted) {
    const seen = new Map<string, number>()
    for (const w of c.webhooks ?? []) {
      const n = seen.get(w.name) ?? 0
      seen.set(w.name, n + 1)
      out.push(withDefaults(c.metadata?.name ?? '', w, n))
    }
  }
  return out
}

export function listWebhooks(lister: AdmissionLister, resource: string): Webhook[] {
  return webhooksOf(lister.list(ADMISSION_REGISTRATION, resource) as WebhookConfiguration[])
}

/**
 * A light version of ValidateMutatingWebhookConfiguration / ValidateValidatingWebhookConfiguration
 * (pkg/apis/admissionregistration/validation): the fields v1 requires. For the registry strategy.
 */
export function validateWebhookConfiguration(obj: WebhookConfiguration, mutating: boolean): FieldError[] {
  const errors: FieldError[] = []
  ;(obj.webhooks ?? []).forEach((w, i) => {
    const at = `webhooks[${i}]`
    if (!w.name) errors.push(required(`${at}.name`))
    else if (w.name.split('.').length < 3)
      errors.push(
        invalidValue(
          `${at}.name`,
          w.name,
          'should be a domain with at least three segments separated by dots',
        ),
      )
    const cc = w.clientConfig
    if (!cc?.service && !cc?.url)
      errors.push(required(`${at}.clientConfig`, 'exactly one of url or service is required'))
    if (!w.sideEffects) errors.push(required(`${at}.sideEffects`, 'must specify one of None, NoneOnDryRun'))
    else if (w.sideEffects !== 'None' && w.sideEffects !== 'NoneOnDryRun')
      errors.push(notSupported(`${at}.sideEffects`, w.sideEffects, ['None', 'NoneOnDryRun']))
    if (!w.admissionReviewVersions?.length)
      errors.push(required(`${at}.admissionReviewVersions`, 'must specify one of v1, v1beta1'))
    if (w.timeoutSeconds !== undefined && (w.timeoutSeconds < 1 || w.timeoutSeconds > 30))
      errors.push(
        invalidValue(
          `${at}.timeoutSeconds`,
          w.timeoutSeconds,
          'the timeout value must be between 1 and 30 seconds',
        ),
      )
    if (w.failurePolicy !== undefined && w.failurePolicy !== 'Fail' && w.failurePolicy !== 'Ignore')
      errors.push(notSupported(`${at}.failurePolicy`, w.failurePolicy, ['Fail', 'Ignore']))
    if (
      mutating &&
      w.reinvocationPolicy !== undefined &&
      w.reinvocationPolicy !== 'Never' &&
      w.reinvocationPolicy !== 'IfNeeded'
    )
      errors.push(notSupported(`${at}.reinvocationPolicy`, w.reinvocationPolicy, ['IfNeeded', 'Never']))
  })
  return errors
}
