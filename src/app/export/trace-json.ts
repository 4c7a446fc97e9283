/**
 * The trace as a JSON file: a small header (format and version, podflow's version, the
 * Kubernetes version simulated, the scenario that produced it, how far it was computed, the
 * message count), then every message the UI holds, one per line, as the protocol's MessageView
 * (no payloads: those stay in the worker; the scenario reproduces them, as the run is
 * deterministic). The same trace gives the same bytes.
 */
import { version as podflowVersion } from '../../../package.json'
import type { MessageView, ScenarioInput } from '../../protocol/messages'

export const TRACE_FORMAT = 'podflow.dev/trace'
export const TRACE_FORMAT_VERSION = 1
export const TRACE_FILE_NAME = 'podflow-trace.json'
export const KUBERNETES_VERSION = 'v1.33'

export interface TraceHeader {
  readonly format: typeof TRACE_FORMAT
  readonly formatVersion: number
  readonly podflow: string
  readonly kubernetes: string
  readonly scenario: ScenarioInput | null
  /** Virtual time up to which the trace was complete when exported. */
  readonly computedUntilMs: number
  readonly messageCount: number
}

export interface TraceFile extends TraceHeader {
  readonly messages: readonly MessageView[]
}

export function toTraceJson(
  messages: readonly MessageView[],
  scenario: ScenarioInput | undefined,
  computedUntilMs: number,
): string {
  const header: TraceHeader = {
    format: TRACE_FORMAT,
    formatVersion: TRACE_FORMAT_VERSION,
    podflow: podflowVersion,
    kubernetes: KUBERNETES_VERSION,
    scenario: scenario ?? null,
    computedUntilMs,
    messageCount: messages.length,
  }
  const head = JSON.stringify(header, null, 2).replace(/\n\}$/, '')
  if (messages.length === 0) return `${head},\n  "messages": []\n}\n`
  const body = messages.map((m) => `    ${JSON.stringify(m)}`).join(',\n')
  return `${head},\n  "messages": [\n${body}\n  ]\n}\n`
}
