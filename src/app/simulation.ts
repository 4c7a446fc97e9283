/** The main thread's handle on the simulation worker: send a command, await its answer. */
import type { Command, RunOutcome, WorkerEvent } from '../protocol/messages'

let worker: Worker | undefined
let nextId = 1
const pending = new Map<number, { resolve: (o: RunOutcome) => void; reject: (e: Error) => void }>()

function getWorker(): Worker {
  if (worker) return worker
  worker = new Worker(new URL('../worker/sim.worker.ts', import.meta.url), { type: 'module' })
  worker.onmessage = (e: MessageEvent<WorkerEvent>) => {
    const event = e.data
    const waiting = pending.get(event.requestId)
    if (!waiting) return
    pending.delete(event.requestId)
    if (event.type === 'result') waiting.resolve(event.outcome)
    else waiting.reject(new Error(event.line ? `line ${event.line}: ${event.message}` : event.message))
  }
  return worker
}

export function runScenario(yaml: string, seed?: number): Promise<RunOutcome> {
  const requestId = nextId++
  const command: Command = { type: 'run', requestId, yaml, ...(seed !== undefined ? { seed } : {}) }
  return new Promise((resolve, reject) => {
    pending.set(requestId, { resolve, reject })
    getWorker().postMessage(command)
  })
}
