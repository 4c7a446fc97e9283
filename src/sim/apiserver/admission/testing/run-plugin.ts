/**
 * For unit tests of one admission plugin outside the chain: the attributes of a Pod CREATE in
 * `default`, and a plugin phase run to its outcome (the phases these tests run never wait).
 */
import { PODS } from '../../../../api/resources'
import type { KubeObject } from '../../../../api/types'
import type { AdmissionAttributes, AdmissionLister, AdmissionOutcome, AdmissionPlugin } from '../types'

export const podCreate = (object: KubeObject): AdmissionAttributes => ({
  operation: 'CREATE',
  request: {
    verb: 'create',
    apiGroup: '',
    apiVersion: 'v1',
    resource: 'pods',
    subresource: '',
    namespace: 'default',
    name: '',
    info: PODS,
  },
  user: { name: 'admin', groups: [] },
  object,
})

export function runPhase(
  plugin: AdmissionPlugin,
  phase: 'admit' | 'validate',
  attrs: AdmissionAttributes,
  lister: AdmissionLister,
): AdmissionOutcome {
  const fn = plugin[phase]
  if (!fn) throw new Error(`${plugin.name} has no ${phase}`)
  const r = fn.call(plugin, attrs, lister, undefined as never).next()
  if (!r.done) throw new Error(`${plugin.name} waited`)
  return r.value
}
