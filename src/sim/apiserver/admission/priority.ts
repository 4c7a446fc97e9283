/**
 * Priority (plugin/pkg/admission/priority): resolves priorityClassName to spec.priority — the
 * globalDefault class's value, or 0 — and defaults preemptionPolicy.
 */
import { forbidden } from '../../../api/status'
import type { Pod } from '../../../api/types'
import type { AdmissionPlugin } from './types'

export const SYSTEM_PRIORITY_CLASSES: Readonly<Record<string, number>> = {
  'system-node-critical': 2000001000,
  'system-cluster-critical': 2000000000,
}

export const priority: AdmissionPlugin = {
  name: 'Priority',
  handles: (a) => a.operation === 'CREATE' && a.request.resource === 'pods' && a.request.subresource === '',
  mutates: { under: ['spec'], keys: new Set(['priorityClassName', 'priority', 'preemptionPolicy']) },
  *admit(a, lister) {
    const pod = a.object as Pod
    const spec = (pod.spec ??= { containers: [] })
    const className = spec.priorityClassName
    let value: number
    let policy: string | undefined
    if (className) {
      const system = SYSTEM_PRIORITY_CLASSES[className]
      const pc = lister.get('scheduling.k8s.io', 'priorityclasses', undefined, className) as
        | { value?: number; preemptionPolicy?: string }
        | undefined
      if (system === undefined && !pc) {
        const name = pod.metadata?.name ?? pod.metadata?.generateName ?? ''
        return {
          allowed: false,
          status: forbidden('pods', name, `no PriorityClass with name ${className} was found`),
        }
      }
      value = system ?? pc?.value ?? 0
      // A stored PriorityClass has preemptionPolicy defaulted to PreemptLowerPriority; so do the
      // system classes.
      policy = pc?.preemptionPolicy ?? 'PreemptLowerPriority'
    } else {
      const globalDefault = lister
        .list('scheduling.k8s.io', 'priorityclasses')
        .find((p) => (p as { globalDefault?: boolean }).globalDefault) as
        | { value?: number; preemptionPolicy?: string; metadata?: { name?: string } }
        | undefined
      value = globalDefault?.value ?? 0
      policy = globalDefault?.preemptionPolicy
      if (globalDefault?.metadata?.name) spec.priorityClassName = globalDefault.metadata.name
    }
    // A pod may state what the class gives, nothing else.
    const computed = (what: string, given: unknown, value: unknown) => ({
      allowed: false,
      status: forbidden(
        'pods',
        pod.metadata?.name ?? pod.metadata?.generateName ?? '',
        `the ${what} (${given}) must not be provided in pod spec; priority admission controller computed ${value} from the given PriorityClass name`,
      ),
    })
    if (spec.priority !== undefined && spec.priority !== value) {
      return computed('integer value of priority', spec.priority, value)
    }
    if (spec.preemptionPolicy !== undefined && policy !== undefined && spec.preemptionPolicy !== policy) {
      return computed('string value of PreemptionPolicy', spec.preemptionPolicy, policy)
    }
    spec.priority = value
    spec.preemptionPolicy ??=
      (policy as 'Never' | 'PreemptLowerPriority' | undefined) ?? 'PreemptLowerPriority'
    return { allowed: true }
  },
}
