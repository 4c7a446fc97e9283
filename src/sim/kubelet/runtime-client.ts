/**
 * The kubelet's CRI client (k8s.io/cri-client): each call is a `cri-request` message to the
 * node's runtime, answered by a `cri-response`.
 */
import { call, type Kernel, type Proc } from '../kernel/kernel'
import type { ComponentId, ObjectRef, Stage } from '../kernel/trace'
import type { CriError, CriMethod, CriRequest, CriResponse } from '../runtime/cri'
import { grpcErrorText } from '../runtime/cri'

export class RuntimeClient {
  constructor(
    private readonly kernel: Kernel,
    private readonly from: ComponentId,
    readonly runtime: ComponentId,
  ) {}

  *call<M extends CriMethod>(
    request: Extract<CriRequest, { method: M }>,
    stage: Stage,
    object?: ObjectRef,
  ): Proc<CriResponse<M>> {
    const reply = yield* call<CriResponse<M>>({
      from: this.from,
      to: this.runtime,
      kind: 'cri-request',
      summary: request.method,
      stage,
      ...(object ? { object } : {}),
      payload: request,
    })
    return reply.payload
  }

  /** Open the GetContainerEvents stream; events arrive later as messages to the kubelet. */
  subscribe(): void {
    this.kernel.send<CriRequest>({
      from: this.from,
      to: this.runtime,
      kind: 'cri-request',
      summary: 'GetContainerEvents',
      stage: 'boot',
      payload: { method: 'GetContainerEvents' },
    })
  }
}

/**
 * The error text the kubelet sees for a failed CRI call. The CRI client strips the gRPC prefix of
 * `Unknown` errors ("they add no value", cri-client remote_image.go) and keeps it otherwise:
 * `rpc error: code = NotFound desc = …`.
 */
export function criErrorText(error: CriError): string {
  return error.code === 'Unknown' ? error.message : grpcErrorText(error)
}
