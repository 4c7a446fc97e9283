/**
 * NamespaceLifecycle (plugin/pkg/admission/namespace/lifecycle): objects can only be created in a
 * namespace that exists and is not terminating.
 */
import { forbidden, notFound } from '../../../api/status'
import { fields } from '../../../api/types'
import type { AdmissionPlugin } from './types'

export const namespaceLifecycle: AdmissionPlugin = {
  name: 'NamespaceLifecycle',
  handles: (a) => a.operation === 'CREATE' && a.request.namespace !== '' && a.request.info.namespaced,
  // It admits or refuses; it never changes the object.
  mayMutate: () => false,
  *admit(a, lister) {
    const ns = lister.get('', 'namespaces', undefined, a.request.namespace)
    if (!ns) return { allowed: false, status: notFound('namespaces', a.request.namespace) }
    if ((fields(ns).status as { phase?: string } | undefined)?.phase === 'Terminating') {
      const name = a.object.metadata?.name ?? a.object.metadata?.generateName ?? ''
      return {
        allowed: false,
        status: forbidden(
          a.request.resource,
          name,
          `unable to create new content in namespace ${a.request.namespace} because it is being terminated`,
          a.request.apiGroup,
        ),
      }
    }
    return { allowed: true }
  },
}
