/**
 * What the Export menu does, as plain functions over the store and the bridge: write the scenario
 * file, read one back and load it (the editor's tabs filled only once the worker has accepted it,
 * so a bad file never replaces the user's work), the trace as JSON, the Mermaid text, the graph as
 * SVG or PNG. Each file is a download (download.ts).
 */
import type { ParseProblem } from '../../protocol/messages'
import { loadScenario } from '../bridge'
import { play } from '../playback'
import { type State, useStore } from '../store/store'
import { useTeaching } from '../teaching/teaching-store'
import { downloadBlob, downloadText } from './download'
import { GRAPH_PNG_FILE_NAME, GRAPH_SVG_FILE_NAME, graphPng, graphSvg } from './graph-image'
import { MERMAID_FILE_NAME, type MermaidOptions, toMermaid } from './mermaid'
import {
  locateLoadProblems,
  readScenarioFile,
  SCENARIO_FILE_NAME,
  type ScenarioFile,
  writeScenarioFile,
} from './scenario-file'
import { TRACE_FILE_NAME, toTraceJson } from './trace-json'

/** The cluster tab's edits not yet in use, if the store keeps them apart from the running cluster. */
function clusterTabDraft(s: State, running: string): string | undefined {
  const draft = 'clusterDraft' in s ? (s as { clusterDraft?: unknown }).clusterDraft : undefined
  return typeof draft === 'string' && draft !== running ? draft : undefined
}

/** The scenario file for what runs now, with the editor's tabs. */
export function currentScenarioFile(): ScenarioFile | undefined {
  const s = useStore.getState()
  if (!s.scenario) return undefined
  const clusterDraft = clusterTabDraft(s, s.scenario.clusterYaml)
  return {
    scenario: s.scenario,
    workload: s.workloadYaml,
    ...(clusterDraft !== undefined ? { clusterDraft } : {}),
  }
}

export function exportScenario(): boolean {
  const file = currentScenarioFile()
  if (!file) return false
  downloadText(SCENARIO_FILE_NAME, writeScenarioFile(file), 'application/yaml')
  return true
}

export type ImportOutcome =
  | { readonly type: 'loaded'; readonly actions: number }
  | { readonly type: 'problems'; readonly problems: readonly ParseProblem[] }
  | { readonly type: 'error'; readonly message: string }

/**
 * Read a scenario file and load it: problems in the file (shape, or what the worker refuses) come
 * back with their lines and change nothing; once loaded, the editor shows the file's workload and
 * cluster and the run starts from time 0 (playing, unless teaching mode steps).
 */
export async function importScenario(text: string): Promise<ImportOutcome> {
  const read = readScenarioFile(text)
  if (!read.ok) return { type: 'problems', problems: read.problems }
  const { scenario, workload, clusterDraft } = read.file
  const outcome = await loadScenario(scenario)
  if (outcome.type === 'parse-error')
    return { type: 'problems', problems: locateLoadProblems(outcome.problems, read.lines) }
  if (outcome.type === 'error') return { type: 'error', message: outcome.message }
  // Only a store that keeps the cluster tab's edits apart takes them (spread: no such field, no key).
  const draft = 'clusterDraft' in useStore.getState() ? { clusterDraft } : {}
  useStore.setState({
    ...draft,
    scenarioId: undefined,
    ...(workload !== undefined ? { workloadYaml: workload } : {}),
    clusterYaml: scenario.clusterYaml,
    problems: [],
    clusterProblems: [],
    applyLog: [],
    cursorMs: 0,
    playing: false,
    selectedMessageId: undefined,
    focusedPodKey: undefined,
    why: undefined,
  })
  if (!useTeaching.getState().enabled) play()
  return { type: 'loaded', actions: scenario.actions.length }
}

export function exportTrace(): void {
  const { messages, scenario, computedUntilMs } = useStore.getState()
  downloadText(TRACE_FILE_NAME, toTraceJson(messages, scenario, computedUntilMs), 'application/json')
}

export function mermaidText(options: MermaidOptions): string {
  return toMermaid(useStore.getState().messages, options)
}

export function downloadMermaid(text: string): void {
  downloadText(MERMAID_FILE_NAME, text, 'text/vnd.mermaid')
}

export async function exportGraph(kind: 'svg' | 'png'): Promise<void> {
  const blob = kind === 'svg' ? graphSvg() : await graphPng()
  downloadBlob(kind === 'svg' ? GRAPH_SVG_FILE_NAME : GRAPH_PNG_FILE_NAME, blob)
}
