/**
 * The simulation worker: the only code that touches postMessage. It runs scenarios with the same
 * simulation core the CLI and tests use, so what the page shows is what `npm run sim` prints.
 */
import type { Command, WorkerEvent } from '../protocol/messages'
import { Cluster } from '../sim/cluster/cluster'
import { parseManifests } from '../sim/scenario/parse'
import { runResult } from '../sim/scenario/result'

interface WorkerScope {
  onmessage: ((e: MessageEvent<Command>) => void) | null
  postMessage(event: WorkerEvent): void
}

const scope = self as unknown as WorkerScope

scope.onmessage = (e) => {
  const command = e.data
  if (command.type !== 'run') return
  try {
    const parsed = parseManifests(command.yaml)
    if (!parsed.ok) {
      const first = parsed.errors[0]
      scope.postMessage({
        type: 'error',
        requestId: command.requestId,
        message: first?.message ?? 'invalid input',
        ...(first ? { line: first.line } : {}),
      })
      return
    }
    const cluster = new Cluster({
      ...(command.seed !== undefined ? { seed: command.seed } : {}),
      actions: [{ type: 'apply', atMs: 0, objects: parsed.objects.map((p) => p.object) }],
    })
    cluster.run()
    const r = runResult(cluster)
    scope.postMessage({
      type: 'result',
      requestId: command.requestId,
      outcome: {
        responses: r.responses.map((x) => ({
          kind: x.kind,
          name: x.name,
          code: x.code,
          ...(x.status?.message ? { message: x.status.message } : {}),
        })),
        events: r.events,
        pods: r.pods,
        messageCount: r.trace.length,
        endMs: r.endMs,
      },
    })
  } catch (error) {
    scope.postMessage({ type: 'error', requestId: command.requestId, message: String(error) })
  }
}
