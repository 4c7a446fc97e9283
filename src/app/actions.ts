/**
 * What the user does, as plain module functions: apply the workload YAML at the cursor, reload
 * the cluster. They talk to the worker through the bridge and put the outcome in the store.
 */
import { isMap, parseAllDocuments, stringify } from 'yaml'
import { formatApplyResult } from '../api/kubectl/apply-output'
import type { Node } from '../api/types'
import { ADMIN_USER } from '../protocol/messages'
import { saveDraft } from './autosave/draft'
import { applyYaml, loadScenario } from './bridge'
import { parseProblems, resultProblems } from './editor/field-lines'
import { play } from './playback'
import { type EditorProblem, useStore } from './store/store'

/** A parse problem as kubectl words it: `error: …`, with the line unless the message has it. */
function problemText(p: { line: number; message: string }): string {
  return `error: ${/\bline \d+/.test(p.message) ? p.message : `line ${p.line}: ${p.message}`}`
}

/** `kubectl apply -f` of the editor's YAML at the cursor, as the chosen user; then play from there. */
export async function applyWorkload(): Promise<void> {
  const s = useStore.getState()
  if (s.applying) return
  const yaml = s.workloadYaml
  const atMs = Math.round(s.cursorMs)
  const as = s.applyAs === ADMIN_USER ? undefined : s.applyAs
  useStore.setState({ applying: true, playing: false })
  try {
    const outcome = await applyYaml(yaml, atMs, as)
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
        { text: formatApplyResult(r), ok: !r.status && !r.error, atMs },
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
 * The cluster's Nodes as short, editable YAML: name, labels, taints, capacity. When the running
 * scenario configures kube-scheduler, its KubeSchedulerConfiguration follows as the last
 * document, as written. `clusterYaml` is the scenario's cluster text (by default the running
 * scenario's, from the store).
 */
export function nodesToYaml(
  nodes: readonly Node[],
  clusterYaml: string = useStore.getState().scenario?.clusterYaml ?? '',
): string {
  const docs = nodes.map((n) => {
    const labels = Object.fromEntries(
      Object.entries(n.metadata?.labels ?? {}).filter(
        ([k]) =>
          !k.startsWith('beta.kubernetes.io/') &&
          k !== 'kubernetes.io/arch' &&
          k !== 'kubernetes.io/os' &&
          k !== 'kubernetes.io/hostname',
      ),
    )
    const capacity = n.status?.capacity ?? {}
    return {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name: n.metadata?.name, ...(Object.keys(labels).length ? { labels } : {}) },
      ...(n.spec?.taints?.length ? { spec: { taints: n.spec.taints } } : {}),
      status: { capacity: { cpu: capacity.cpu, memory: capacity.memory, pods: capacity.pods } },
    }
  })
  const config = schedulerConfigurationYaml(clusterYaml)
  return [...docs.map((d) => stringify(d)), ...(config ? [config] : [])].join('---\n')
}

/**
 * The KubeSchedulerConfiguration document of a cluster text, as the user wrote it (comments
 * kept, without its `---` line), or undefined when there is none.
 */
export function schedulerConfigurationYaml(clusterYaml: string): string | undefined {
  if (!clusterYaml.includes('KubeSchedulerConfiguration')) return undefined
  // A document runs from where the previous one ends (its leading comments included).
  let start = 0
  for (const doc of parseAllDocuments(clusterYaml)) {
    const from = start
    start = doc.range[2]
    if (doc.errors.length || !isMap(doc.contents)) continue
    if ((doc.get('kind') as unknown) !== 'KubeSchedulerConfiguration') continue
    const text = clusterYaml.slice(from, doc.range[2]).replace(/^---[^\n]*\n/, '')
    return text.endsWith('\n') ? text : `${text}\n`
  }
  return undefined
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
