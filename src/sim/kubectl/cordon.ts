/**
 * `kubectl cordon` / `uncordon` (v1.33, kubectl/pkg/cmd/drain/drain.go RunCordonOrUncordon and
 * pkg/drain/cordon.go CordonHelper): the Node kubectl read (GET) decides; when `spec.unschedulable`
 * already has the wanted value nothing is sent (`already cordoned`), else a strategic merge patch
 * is sent, computed as CreateTwoWayMergePatch of the Node's JSON before and after the change. Go
 * omits a false `unschedulable`, so cordon sends `{"spec":{"unschedulable":true}}` and uncordon
 * `{"spec":{"unschedulable":null}}`. A refused PATCH is printed and the command goes on (drain
 * drains anyway): kubectl does not stop there.
 */
import { cordonOperation, namedOperation, unableTo } from '../../api/kubectl/drain-output'
import { NODES } from '../../api/resources'
import { clone, type KubeObject, type Node } from '../../api/types'
import type { ApiClient, ApiResult } from '../client/client'
import type { Proc } from '../kernel/kernel'
import { type JsonObject, twoWayMergePatch } from './apply-patch'
import type { Terminal } from './terminal'

/** Complete(): the resource builder's GET of the named Node. */
export function* getNode(client: ApiClient, name: string): Proc<ApiResult<Node>> {
  return yield* client.get<Node>(NODES, undefined, name, 'submit')
}

/** RunCordonOrUncordon for one Node, as read by getNode. */
export function* cordonOrUncordon(client: ApiClient, node: Node, desired: boolean, term: Terminal): Proc {
  const name = node.metadata?.name ?? ''
  if ((node.spec?.unschedulable ?? false) === desired) {
    term.out(namedOperation('node', name, cordonOperation(desired, false)))
    return
  }
  const patch = cordonPatch(node, desired)
  const patched = yield* client.patch<Node>(
    NODES,
    undefined,
    name,
    patch,
    'application/strategic-merge-patch+json',
    'submit',
  )
  if (!patched.ok) {
    term.err(unableTo(desired ? 'cordon' : 'uncordon', name, patched.status.message ?? ''))
    return
  }
  term.out(namedOperation('node', name, cordonOperation(desired, true)))
}

/** CordonHelper.PatchOrReplace's patch: the two-way merge patch of the Node's change. */
export function cordonPatch(node: Node, desired: boolean): JsonObject {
  const before = node as KubeObject as unknown as JsonObject
  const after = clone(node)
  const spec = { ...(after.spec ?? {}) }
  // encoding/json with `omitempty`: a false unschedulable is not written at all.
  if (desired) spec.unschedulable = true
  else delete spec.unschedulable
  after.spec = spec
  return twoWayMergePatch(before, after as KubeObject as unknown as JsonObject)
}
