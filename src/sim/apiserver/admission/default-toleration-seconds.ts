/**
 * DefaultTolerationSeconds (plugin/pkg/admission/defaulttolerationseconds): every Pod tolerates
 * not-ready and unreachable nodes for 300 s unless it says otherwise, so a node failure evicts it
 * after five minutes.
 */
import type { Pod } from '../../../api/types'
import type { AdmissionPlugin } from './types'

const DEFAULT_SECONDS = 300
const KEYS = ['node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable'] as const

export const defaultTolerationSeconds: AdmissionPlugin = {
  name: 'DefaultTolerationSeconds',
  handles: (a) => a.operation === 'CREATE' && a.request.resource === 'pods' && a.request.subresource === '',
  mutates: { under: ['spec'], keys: new Set(['tolerations']) },
  *admit(a) {
    const spec = ((a.object as Pod).spec ??= { containers: [] })
    const tolerations = (spec.tolerations ??= [])
    for (const key of KEYS) {
      const has = tolerations.some(
        (t) =>
          (t.key === key || (t.operator === 'Exists' && !t.key)) && (t.effect === 'NoExecute' || !t.effect),
      )
      if (!has) {
        tolerations.push({ key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: DEFAULT_SECONDS })
      }
    }
    return { allowed: true }
  },
}
