/**
 * PodTopologySpreadArgs (kubescheduler.config.k8s.io/v1) read from a `pluginConfig[].args`,
 * defaulted and validated as kube-scheduler does:
 * - defaulting (SetDefaults_PodTopologySpreadArgs): an empty or absent `defaultingType` is `System`;
 * - validation (ValidatePodTopologySpreadArgs): `defaultingType` is `System` or `List`, and `System`
 *   forbids `defaultConstraints`; each default constraint needs `maxSkew > 0`, a valid label name as
 *   `topologyKey`, `whenUnsatisfiable` DoNotSchedule or ScheduleAnyway, no `labelSelector` (the
 *   selector is deduced per pod), and no other constraint with the same key and action.
 *
 * kube-scheduler: pkg/scheduler/apis/config/v1/defaults.go,
 * pkg/scheduler/apis/config/validation/validation_pluginargs.go; the label name rules are
 * apimachinery's IsQualifiedName (pkg/util/validation/validation.go).
 */
import type { TopologySpreadConstraint } from 'kubernetes-types/core/v1'
import type { ProblemList } from '../../config/read'

export type DefaultingType = 'System' | 'List'
export const DEFAULTING_TYPES: readonly DefaultingType[] = ['System', 'List']
const ACTIONS = ['DoNotSchedule', 'ScheduleAnyway']

/** PodTopologySpreadArgs. Absent `defaultingType` means System. */
export interface PodTopologySpreadArgs {
  readonly defaultConstraints?: readonly TopologySpreadConstraint[]
  readonly defaultingType?: DefaultingType
}

const defined = <T>(v: T | undefined): v is T => v !== undefined

export function readPodTopologySpreadArgs(
  r: ProblemList,
  value: unknown,
  path: string,
): PodTopologySpreadArgs {
  const o = r.object(value, path) ?? {}
  const tPath = `${path}.defaultingType`
  const written = r.string(o.defaultingType, tPath) ?? ''
  const defaultingType = written === '' ? 'System' : written
  const cPath = `${path}.defaultConstraints`
  const read = r.each(o.defaultConstraints, cPath, (v, p) => readConstraint(r, v, p)).filter(defined)
  const constraints = read.map((x) => x.constraint)

  if (!(DEFAULTING_TYPES as readonly string[]).includes(defaultingType)) {
    r.notSupported(tPath, defaultingType, DEFAULTING_TYPES)
  } else if (defaultingType === 'System' && constraints.length > 0) {
    r.invalid(tPath, defaultingType, 'when .defaultConstraints are not empty')
  }
  constraints.forEach((c, i) => {
    const p = `${cPath}[${i}]`
    if (c.maxSkew <= 0) r.invalid(`${p}.maxSkew`, c.maxSkew, 'not in valid range (0, inf)')
    if (c.topologyKey === '') r.required(`${p}.topologyKey`, 'can not be empty')
    else
      for (const msg of qualifiedNameErrors(c.topologyKey)) r.invalid(`${p}.topologyKey`, c.topologyKey, msg)
    if (c.whenUnsatisfiable === '') r.required(`${p}.whenUnsatisfiable`, 'can not be empty')
    else if (!ACTIONS.includes(c.whenUnsatisfiable)) {
      r.notSupported(`${p}.whenUnsatisfiable`, c.whenUnsatisfiable, ACTIONS)
    }
    if (read[i]?.hasSelector) {
      r.forbidden(`${p}.labelSelector`, 'constraint must not define a selector, as they deduced for each pod')
    }
    const dup = constraints
      .slice(0, i)
      .some((prev) => prev.topologyKey === c.topologyKey && prev.whenUnsatisfiable === c.whenUnsatisfiable)
    if (dup) r.duplicate(p, `{${c.topologyKey}, ${c.whenUnsatisfiable}}`)
  })
  return {
    defaultingType: defaultingType as DefaultingType,
    ...(constraints.length ? { defaultConstraints: constraints } : {}),
  }
}

function readConstraint(
  r: ProblemList,
  value: unknown,
  path: string,
): { constraint: TopologySpreadConstraint; hasSelector: boolean } | undefined {
  const o = r.object(value, path)
  if (!o) return undefined
  const minDomains = r.int(o.minDomains, `${path}.minDomains`)
  const nodeAffinityPolicy = r.string(o.nodeAffinityPolicy, `${path}.nodeAffinityPolicy`)
  const nodeTaintsPolicy = r.string(o.nodeTaintsPolicy, `${path}.nodeTaintsPolicy`)
  const matchLabelKeys = r
    .each(o.matchLabelKeys, `${path}.matchLabelKeys`, (v, p) => r.string(v, p))
    .filter(defined)
  const constraint: TopologySpreadConstraint = {
    maxSkew: r.int(o.maxSkew, `${path}.maxSkew`) ?? 0,
    topologyKey: r.string(o.topologyKey, `${path}.topologyKey`) ?? '',
    whenUnsatisfiable: r.string(o.whenUnsatisfiable, `${path}.whenUnsatisfiable`) ?? '',
    ...(minDomains !== undefined ? { minDomains } : {}),
    ...(nodeAffinityPolicy !== undefined ? { nodeAffinityPolicy } : {}),
    ...(nodeTaintsPolicy !== undefined ? { nodeTaintsPolicy } : {}),
    ...(matchLabelKeys.length ? { matchLabelKeys } : {}),
  }
  // The selector is refused by validation (it is deduced per pod), so it is not kept.
  return { constraint, hasSelector: o.labelSelector !== undefined && o.labelSelector !== null }
}

// ---- IsQualifiedName (what ValidateLabelName checks) ----------------------------------------------

const QUALIFIED_NAME_FMT = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]'
const QUALIFIED_NAME = new RegExp(`^${QUALIFIED_NAME_FMT}$`)
const QUALIFIED_NAME_MSG =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character"
const DNS1123_SUBDOMAIN_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*'
const DNS1123_SUBDOMAIN = new RegExp(`^${DNS1123_SUBDOMAIN_FMT}$`)
const DNS1123_SUBDOMAIN_MSG =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character"

/** validation.RegexError. */
function regexError(msg: string, fmt: string, ...examples: string[]): string {
  const eg = examples.map((e) => `'${e}', `).join(' or ')
  return `${msg} (e.g. ${eg}regex used for validation is '${fmt}')`
}

const NAME_EXAMPLES = ['MyName', 'my.name', '123-abc']

/** validation.IsQualifiedName: `[prefix/]name`, the prefix a DNS subdomain. */
export function qualifiedNameErrors(value: string): string[] {
  const errs: string[] = []
  const parts = value.split('/')
  if (parts.length > 2) {
    return [
      `a qualified name ${regexError(QUALIFIED_NAME_MSG, QUALIFIED_NAME_FMT, ...NAME_EXAMPLES)} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    ]
  }
  const name = parts[parts.length - 1] as string
  if (parts.length === 2) {
    const prefix = parts[0] as string
    if (prefix === '') errs.push('prefix part must be non-empty')
    else {
      if (prefix.length > 253) errs.push('prefix part must be no more than 253 characters')
      if (!DNS1123_SUBDOMAIN.test(prefix)) {
        errs.push(`prefix part ${regexError(DNS1123_SUBDOMAIN_MSG, DNS1123_SUBDOMAIN_FMT, 'example.com')}`)
      }
    }
  }
  if (name === '') errs.push('name part must be non-empty')
  else if (name.length > 63) errs.push('name part must be no more than 63 characters')
  if (!QUALIFIED_NAME.test(name)) {
    errs.push(`name part ${regexError(QUALIFIED_NAME_MSG, QUALIFIED_NAME_FMT, ...NAME_EXAMPLES)}`)
  }
  return errs
}
