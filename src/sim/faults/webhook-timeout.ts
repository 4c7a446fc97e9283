/**
 * webhook-timeout: an admission webhook server stops answering.
 *
 * Stands for a webhook whose pods hang (a deadlock, a stuck dependency, a node under pressure)
 * while its Service still routes to them: the connection is accepted, the AdmissionReview is read,
 * and no answer ever comes. kube-apiserver waits for the webhook's timeoutSeconds (10 s by default)
 * and the call fails with `failed calling webhook "<name>": failed to call webhook: Post
 * "https://<service>.<namespace>.svc:443/<path>?timeout=10s": context deadline exceeded`; the
 * webhook's failurePolicy decides: `Fail` refuses the request (500, `Internal error occurred: …`),
 * `Ignore` admits it as if the webhook had not been there. The server stays hung to the end of the
 * run; requests it was working on when it hung get no answer either.
 */
import { WEBHOOKS } from '../kernel/trace'
import { type FaultContext, type FaultDone, faultStep, injected } from './context'

export interface WebhookTimeoutFault {
  readonly type: 'webhook-timeout'
  readonly atMs: number
  /** A WebhookServer of the scenario: its name, or `namespace/name` when names repeat. */
  readonly server: string
}

export function scheduleWebhookTimeout(ctx: FaultContext, fault: WebhookTimeoutFault, done: FaultDone): void {
  const spec = ctx.webhooks?.find(fault.server)
  if (!spec)
    throw new Error(
      `webhook-timeout at ${fault.atMs} ms: the scenario has no WebhookServer "${fault.server}"`,
    )
  const webhooks = ctx.webhooks
  ctx.kernel.at(fault.atMs, () => {
    const name = `${spec.namespace}/${spec.name}`
    faultStep(ctx.kernel, WEBHOOKS, `webhook server ${name} stops answering`, {
      type: 'WebhookTimeout',
      server: name,
      service: `${spec.service.namespace}/${spec.service.name}`,
    })
    webhooks?.hang(spec)
    done([
      injected(
        `webhook server ${name} stops answering: calls to it time out after the webhook's timeoutSeconds`,
      ),
    ])
  })
}
