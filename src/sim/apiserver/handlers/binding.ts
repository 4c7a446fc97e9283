/**
 * POST pods/{name}/binding (pkg/registry/core/pod/storage/storage.go BindingREST): inside a
 * GuaranteedUpdate, refuse a deleting or already-bound Pod (409), else set spec.nodeName, merge
 * the binding's annotations, and set PodScheduled=True.
 */
import { etcdKey, PODS } from '../../../api/resources'
import { badRequest, conflict, notFound } from '../../../api/status'
import {
  type Binding,
  deepFreeze,
  type Pod,
  type PodCondition,
  type Status,
  type Writable,
} from '../../../api/types'
import type { Proc } from '../../kernel/kernel'
import type { HttpResponse } from '../http'
import type { ApiRequest, HandlerContext } from './context'

/** BindingREST's answer (one shared, frozen Status: the trace keeps every response). */
const SUCCESS: Status = deepFreeze({
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Success',
  code: 201,
})

export function* bind(ctx: HandlerContext, req: ApiRequest): Proc<HttpResponse> {
  const ri = req.info
  const binding = req.message.payload.body as Binding | undefined
  const node = binding?.target?.name
  if (!node) return { code: 400, body: badRequest('Binding target name is required') }
  if (binding?.metadata?.name && binding.metadata.name !== ri.name) {
    return { code: 400, body: badRequest('name in URL does not match name in Binding object') }
  }
  const key = etcdKey(PODS, ri.namespace, ri.name)
  const now = ctx.kernel.wallTime()
  const result = yield* ctx.storage.guaranteedUpdate<Status>(
    key,
    req.stage('persist'),
    req.object,
    (current) => {
      if (!current) return { ok: false, error: notFound('pods', ri.name) }
      const pod = current as Pod
      if (binding?.metadata?.uid && binding.metadata.uid !== pod.metadata?.uid) {
        return {
          ok: false,
          error: conflict(
            'pods',
            ri.name,
            `Precondition failed: UID in precondition: ${binding.metadata.uid}, UID in object meta: ${pod.metadata?.uid}`,
          ),
        }
      }
      if (pod.metadata?.deletionTimestamp) {
        return {
          ok: false,
          error: conflict('pods', ri.name, `pod ${ri.name} is being deleted, cannot be assigned to a host`),
        }
      }
      if (pod.spec?.nodeName) {
        return {
          ok: false,
          error: conflict(
            'pods',
            ri.name,
            `pod ${ri.name} is already assigned to node "${pod.spec.nodeName}"`,
          ),
        }
      }
      // The next revision shares what the binding leaves as it is with the stored (frozen) one:
      // only spec, status and, with annotations, metadata are new. Same JSON as a deep copy
      // edited in place (an existing key keeps its place), without copying and freezing the rest.
      const next: Writable<Pod> = { ...pod }
      if (pod.spec) next.spec = { ...pod.spec, nodeName: node }
      const annotations = binding?.metadata?.annotations
      if (annotations) {
        next.metadata = {
          ...pod.metadata,
          annotations: { ...(pod.metadata?.annotations ?? {}), ...annotations },
        }
      }
      const scheduled: PodCondition = {
        type: 'PodScheduled',
        status: 'True',
        lastProbeTime: null as unknown as string,
        lastTransitionTime: now,
      }
      const conditions = (pod.status?.conditions ?? []).filter((c) => c.type !== 'PodScheduled')
      next.status = { ...pod.status, conditions: [...conditions, scheduled] }
      return { ok: true, object: next }
    },
  )
  if (!result.ok) return { code: result.error.code ?? 500, body: result.error }
  return { code: 201, body: SUCCESS }
}
