/**
 * What the UI knows of the simulation worker's failures: the last crash or hang, and whether the
 * bridge restarted the simulation after it (from the last inputs the worker had accepted) or gave
 * up (it failed again and again: restarting once more is the user's call).
 */
import { create } from 'zustand'

export type WorkerFailureCause = 'crash' | 'hang'

export interface WorkerFailure {
  readonly cause: WorkerFailureCause
  /** What the browser said (a crash's error message), for the curious; may be empty. */
  readonly detail: string
  /** true: restarted from the last inputs; false: failed too often, waiting for the user. */
  readonly restarted: boolean
}

interface WorkerHealth {
  readonly failure: WorkerFailure | undefined
}

export const useWorkerHealth = create<WorkerHealth>(() => ({ failure: undefined }))

export function reportWorkerFailure(failure: WorkerFailure): void {
  useWorkerHealth.setState({ failure })
}

export function dismissWorkerFailure(): void {
  useWorkerHealth.setState({ failure: undefined })
}
