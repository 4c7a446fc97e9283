/**
 * The typed protocol between the UI (main thread) and the simulation worker. Commands go UI →
 * worker, events worker → UI; both are discriminated by `type`. This first version runs a
 * scenario to idle and returns its outcome; playback commands and frames come with the browser app.
 */
import type { Event, Pod } from '../api/types'

export type Command = {
  readonly type: 'run'
  readonly requestId: number
  readonly yaml: string
  readonly seed?: number
}

export interface RunOutcome {
  readonly responses: ReadonlyArray<{ kind: string; name: string; code: number; message?: string }>
  readonly events: readonly Event[]
  readonly pods: readonly Pod[]
  readonly messageCount: number
  readonly endMs: number
}

export type WorkerEvent =
  | { readonly type: 'result'; readonly requestId: number; readonly outcome: RunOutcome }
  | { readonly type: 'error'; readonly requestId: number; readonly message: string; readonly line?: number }
