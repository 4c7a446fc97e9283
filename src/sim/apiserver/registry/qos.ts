/** The Pod QoS class the apiserver records at create (pkg/apis/core/helper/qos). */
import type { PodSpec } from 'kubernetes-types/core/v1'
import { parseQuantity } from '../../../api/quantity'

export type QOSClass = 'Guaranteed' | 'Burstable' | 'BestEffort'

const COMPUTE = ['cpu', 'memory']

export function qosClass(spec: PodSpec | undefined): QOSClass {
  const containers = [...(spec?.initContainers ?? []), ...(spec?.containers ?? [])]
  let anySet = false
  let guaranteed = true
  for (const c of containers) {
    const req = (c.resources?.requests ?? {}) as Record<string, string | number>
    const lim = (c.resources?.limits ?? {}) as Record<string, string | number>
    for (const r of COMPUTE) {
      const rq = parseQuantity(req[r])
      const lm = parseQuantity(lim[r])
      if ((rq ?? 0) > 0 || (lm ?? 0) > 0) anySet = true
      if (lm === undefined || lm === 0 || (rq !== undefined && rq !== lm)) guaranteed = false
    }
  }
  if (!anySet) return 'BestEffort'
  return guaranteed ? 'Guaranteed' : 'Burstable'
}
