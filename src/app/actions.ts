/**
 * What the user does, as plain module functions: apply the workload YAML at the cursor, reload
 * the cluster. They talk to the worker through the bridge and put the outcome in the store.
 */
import { formatApplyResult } from '../api/kubectl/apply-output'
import { ADMIN_USER } from '../protocol/messages'
import { saveDraft } from './autosave/draft'
import { applyYaml, loadScenario } from './bridge'
import { cursorNow, play } from './playback'
import { type EditorProblem, useStore } from './store/store'

/**
 * Where a problem goes in the editor: field-lines.ts reads YAML positions with the YAML library,
 * a chunk fetched on the first apply, not with the page (issue 10: initial JS).
 */
const fieldLines = () => import('./editor/field-lines')

/**
 * A parse problem as kubectl words it: `error: …`; kubectl's own lines as they are, others with
 * the line unless the message has it.
 */
function problemText(p: { line: number; message: string; kubectl?: true }): string {
  if (p.kubectl) return `error: ${p.message}`
  return `error: ${/\bline \d+/.test(p.message) ? p.message : `line ${p.line}: ${p.message}`}`
}

/** `kubectl apply -f` of the editor's YAML at the cursor, as the chosen user; then play from there. */
export async function applyWorkload(): Promise<void> {
  const s = useStore.getState()
  if (s.applying) return
  const yaml = s.workloadYaml
  const atMs = Math.round(cursorNow())
  const as = s.applyAs === ADMIN_USER ? undefined : s.applyAs
  useStore.setState({ applying: true, playing: false })
  try {
    const [outcome, { parseProblems, resultProblems }] = await Promise.all([
      applyYaml(yaml, atMs, as),
      fieldLines(),
    ])
    if (outcome.type === 'parse-error') {
      useStore.setState({
        problems: parseProblems(outcome.problems),
        applyLog: outcome.problems.map((p) => ({
          text: problemText(p),
          ok: false,
          atMs,
        })),
      })
      return
    }
    const problems: EditorProblem[] = resultProblems(yaml, outcome.results)
    useStore.setState({
      problems,
      // kubectl prints the apiserver's warnings (stderr) before the object's line.
      applyLog: outcome.results.flatMap((r) => [
        ...(r.warnings ?? []).map((w) => ({ text: `Warning: ${w}`, ok: true, warning: true, atMs })),
        {
          text: formatApplyResult(r),
          ok: !r.status && !r.error,
          ...(r.watchedBy?.length === 0 ? { unwatched: r.resource ?? r.kind } : {}),
          atMs,
        },
      ]),
      cursorMs: atMs,
      selectedMessageId: undefined,
    })
    play()
  } catch (error) {
    useStore.setState({ applyLog: [{ text: `error: ${(error as Error).message}`, ok: false, atMs }] })
  } finally {
    useStore.setState({ applying: false })
  }
}

/**
 * Restart the simulation with the cluster tab's Nodes (empty: the default cluster). A cluster
 * that does not parse leaves the running simulation as it was and marks the problems.
 */
export async function reloadCluster(clusterYaml: string): Promise<void> {
  const s = useStore.getState()
  const outcome = await loadScenario({ seed: s.scenario?.seed ?? 1, clusterYaml, actions: [] })
  if (outcome.type === 'parse-error') {
    const { parseProblems } = await fieldLines()
    useStore.setState({
      clusterProblems: parseProblems(outcome.problems),
      applyLog: outcome.problems.map((p) => ({
        text: problemText(p),
        ok: false,
        atMs: 0,
      })),
    })
    return
  }
  if (outcome.type === 'error') {
    useStore.setState({ applyLog: [{ text: `error: ${outcome.message}`, ok: false, atMs: 0 }] })
    return
  }
  saveDraft({ cluster: clusterYaml, clusterDraft: undefined })
  useStore.setState({
    clusterYaml,
    clusterDraft: undefined,
    clusterProblems: [],
    cursorMs: 0,
    playing: false,
    problems: [],
    applyLog: [],
  })
}

/**
 * When a scenario with no user actions has finished booting (components listed and started
 * watching), move the cursor to that moment: the user arrives at a running, quiet cluster. The
 * boot messages stay in the trace (scrub back to 0 to see them).
 */
export function followBoot(): () => void {
  return useStore.subscribe((s, prev) => {
    if (s.idleAtMs === undefined || prev.idleAtMs !== undefined) return
    if ((s.scenario?.actions.length ?? 0) > 0 || s.cursorMs !== 0 || s.playing) return
    useStore.setState({ cursorMs: s.idleAtMs })
  })
}
