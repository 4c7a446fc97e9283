/**
 * DefaultBinder (Bind): POST pods/<name>/binding to the apiserver, which sets spec.nodeName and
 * PodScheduled=True. The one plugin that talks to the apiserver, through the framework handle.
 *
 * kube-scheduler: pkg/scheduler/framework/plugins/defaultbinder/default_binder.go.
 */
import { PODS } from '../../../../api/resources'
import type { Binding, KubeObject, Pod } from '../../../../api/types'
import type { Proc } from '../../../kernel/kernel'
import type { CycleState } from '../../framework/cycle-state'
import type { BindPlugin, Handle } from '../../framework/interfaces'
import { errorStatus, type Status } from '../../framework/status'

export const NAME = 'DefaultBinder'

export class DefaultBinder implements BindPlugin {
  readonly name = NAME

  constructor(private readonly handle: Pick<Handle, 'client'>) {}

  *bind(_state: CycleState, pod: Pod, nodeName: string): Proc<Status | null> {
    const m = pod.metadata ?? {}
    const binding: Binding = {
      apiVersion: 'v1',
      kind: 'Binding',
      metadata: { name: m.name, namespace: m.namespace, uid: m.uid },
      target: { kind: 'Node', name: nodeName },
    }
    const res = yield* this.handle.client.createSubresource(
      PODS,
      m.namespace,
      m.name ?? '',
      'binding',
      binding as KubeObject,
      'bind',
    )
    return res.ok ? null : errorStatus(res.status.message ?? `binding failed with code ${res.code}`, NAME)
  }
}
