/**
 * The YAML editor: Monaco with monaco-yaml, validating against the Kubernetes JSON Schema that
 * scripts/gen-schema.mjs generates from kubernetes-types (hover docs, completion, warnings for
 * unknown or mistyped fields), plus the apiserver's own errors as markers of their own.
 *
 * Everything Monaco lives in this module, which the app loads with React.lazy, so the main chunk
 * stays small and the graph shows first. Several editors may be mounted at once, each with its
 * own model URI; every `*.yaml` URI gets the schema.
 */
import 'monaco-editor/features/register.all'
import 'monaco-editor/languages/definitions/yaml/register'
import * as monaco from 'monaco-editor/editor'
import EditorWorker from 'monaco-editor/editor/editor.worker?worker'
import { configureMonacoYaml, type JSONSchema } from 'monaco-yaml'
import { type Ref, useEffect, useImperativeHandle, useRef } from 'react'
import schemaText from '../../schema/k8s.schema.json?raw'
import { t } from '../i18n/i18n'
import type { EditorProblem } from './field-lines'
import YamlWorker from './yaml.worker?worker'

/** Marker owner of the `problems` prop; monaco-yaml's schema markers have their own owner. */
export const PROBLEMS_OWNER = 'apiserver'

/** A marker as `onMarkersChange` reports it (schema warnings and `problems` alike). */
export interface EditorMarker {
  /** `apiserver` for the `problems` prop, `yaml` for monaco-yaml's schema and syntax checks. */
  readonly owner: string
  readonly line: number
  readonly column: number
  readonly message: string
  readonly severity: 'error' | 'warning' | 'info'
}

export interface YamlEditorHandle {
  focus(): void
  /** Scrolls to a 1-based line, puts the cursor there and focuses the editor. */
  revealLine(line: number): void
}

export interface YamlEditorProps {
  readonly value: string
  readonly onChange: (value: string) => void
  /** Ctrl/Cmd+Enter (the parent's Apply). */
  readonly onApply?: () => void
  /** Errors from the last apply (kubectl or the apiserver), drawn as markers at their lines. */
  readonly problems?: readonly EditorProblem[]
  readonly readOnly?: boolean
  readonly ariaLabel: string
  /** `data-testid` of the container; its `data-problems` / `data-schema-problems` count markers. */
  readonly testId?: string
  /**
   * The model URI, distinct per editor and ending in `.yaml` so the schema applies:
   * `file:///workload.yaml`, `file:///cluster.yaml`.
   */
  readonly uri: string
  readonly className?: string
  /**
   * The apply's problems left after an edit took some away (their text was edited) or moved
   * them, so the owner keeps what the editor shows.
   */
  readonly onProblemsEdited?: (problems: EditorProblem[]) => void
  /** Every marker of this editor's model, whenever they change (schema warnings included). */
  readonly onMarkersChange?: (markers: readonly EditorMarker[]) => void
  readonly ref?: Ref<YamlEditorHandle>
}

const SCHEMA_URI = 'inmemory://schemas/k8s.schema.json'

type LegacyWorkerOptions = {
  worker?: undefined
  moduleId?: string
  label?: string
  createData?: unknown
  host?: Record<string, (...args: unknown[]) => unknown>
  keepIdleModels?: boolean
}

let configured = false

/**
 * Once per page: worker routing and monaco-yaml. monaco-yaml 5.5.1 (through
 * monaco-worker-manager 2) still calls `createWebWorker({ moduleId, label, createData })`, which
 * monaco-editor >= 0.53 no longer accepts; the adapter does what Monaco does for its own
 * language workers (internal/common/workers.js): get the worker, send 'ignore' and the create
 * data, then wrap it. monaco-yaml issue #272, monaco-editor issue #5049.
 */
function configureOnce(): void {
  if (configured) return
  configured = true
  self.MonacoEnvironment = {
    getWorker(_workerId, label) {
      return label === 'yaml' ? new YamlWorker() : new EditorWorker()
    },
  }
  const createWebWorker = (opts: monaco.editor.IInternalWebWorkerOptions | LegacyWorkerOptions) => {
    if (opts.worker) return monaco.editor.createWebWorker(opts as monaco.editor.IInternalWebWorkerOptions)
    const legacy = opts as LegacyWorkerOptions
    const worker = self.MonacoEnvironment?.getWorker?.('workerMain.js', legacy.label ?? '') as Worker
    worker.postMessage('ignore')
    worker.postMessage(legacy.createData)
    return monaco.editor.createWebWorker({
      worker,
      ...(legacy.host ? { host: legacy.host } : {}),
      ...(legacy.keepIdleModels !== undefined ? { keepIdleModels: legacy.keepIdleModels } : {}),
    })
  }
  configureMonacoYaml(
    { ...monaco, editor: { ...monaco.editor, createWebWorker } },
    {
      enableSchemaRequest: false,
      validate: true,
      hover: true,
      hoverSchemaSource: false,
      completion: true,
      format: { enable: true },
      schemas: [{ fileMatch: ['**/*.yaml'], uri: SCHEMA_URI, schema: JSON.parse(schemaText) as JSONSchema }],
    },
  )
}

/** The app's theme: `<html data-theme>` when set (the theme toggle), else the system's. */
function isDark(): boolean {
  const set = document.documentElement.dataset.theme
  if (set === 'dark' || set === 'light') return set === 'dark'
  return window.matchMedia('(prefers-color-scheme: dark)').matches
}

/** A `#rrggbb` design token of the app (app.css), if it is defined as one. */
function token(name: string): string | undefined {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim()
  return /^#[0-9a-f]{6}$/i.test(value) ? value : undefined
}

/**
 * Monaco's light or dark theme with the app's panel background, so the editor sits in its panel
 * like the rest of the UI. Monaco themes are global: every editor on the page follows.
 */
function applyTheme(): void {
  const dark = isDark()
  const name = dark ? 'podflow-dark' : 'podflow-light'
  const panel = token('--panel')
  const border = token('--border')
  monaco.editor.defineTheme(name, {
    base: dark ? 'vs-dark' : 'vs',
    inherit: true,
    rules: [],
    colors: {
      ...(panel ? { 'editor.background': panel, 'editorGutter.background': panel } : {}),
      ...(border ? { 'editorWidget.border': border } : {}),
    },
  })
  monaco.editor.setTheme(name)
}

/** Calls `onChange` whenever the app's theme may have changed; returns the unsubscribe. */
function watchTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange)
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] })
  const media = window.matchMedia('(prefers-color-scheme: dark)')
  media.addEventListener('change', onChange)
  return () => {
    observer.disconnect()
    media.removeEventListener('change', onChange)
  }
}

const SEVERITY: Record<number, EditorMarker['severity']> = {
  [monaco.MarkerSeverity.Error]: 'error',
  [monaco.MarkerSeverity.Warning]: 'warning',
}

function toMarkerData(model: monaco.editor.ITextModel, p: EditorProblem): monaco.editor.IMarkerData {
  const line = Math.min(Math.max(1, Math.floor(p.line)), model.getLineCount())
  const firstColumn = model.getLineFirstNonWhitespaceColumn(line) || 1
  const endColumn = model.getLineMaxColumn(line)
  const startColumn = Math.min(Math.max(1, p.column ?? firstColumn), endColumn)
  return {
    severity: p.severity === 'error' ? monaco.MarkerSeverity.Error : monaco.MarkerSeverity.Warning,
    message: p.message,
    ...(p.source ? { source: p.source } : {}),
    startLineNumber: line,
    startColumn,
    endLineNumber: line,
    // An empty line still gets a visible squiggle one character wide.
    endColumn: endColumn > startColumn ? endColumn : startColumn + 1,
  }
}

function toProblem(m: monaco.editor.IMarkerData): EditorProblem {
  return {
    line: m.startLineNumber,
    column: m.startColumn,
    message: m.message,
    severity: m.severity === monaco.MarkerSeverity.Error ? 'error' : 'warning',
    ...(m.source ? { source: m.source } : {}),
  }
}

/**
 * The apply's markers after an edit: a marker whose lines the edit touched is gone (what it
 * pointed at is not the text kubectl saw any more); the others move with the lines inserted or
 * removed above them. Undefined when the edit touched none and moved none.
 */
export function editedMarkers(
  markers: readonly monaco.editor.IMarker[],
  changes: readonly monaco.editor.IModelContentChange[],
): monaco.editor.IMarkerData[] | undefined {
  let changed = false
  let kept: monaco.editor.IMarkerData[] = markers.map((m) => ({ ...m }))
  // Changes come last-first within one event, each in the coordinates before it.
  for (const c of changes) {
    const delta = (c.text.match(/\n/g)?.length ?? 0) - (c.range.endLineNumber - c.range.startLineNumber)
    const next: monaco.editor.IMarkerData[] = []
    for (const m of kept) {
      if (m.endLineNumber >= c.range.startLineNumber && m.startLineNumber <= c.range.endLineNumber) {
        changed = true
        continue
      }
      if (m.startLineNumber > c.range.endLineNumber && delta !== 0) {
        changed = true
        next.push({
          ...m,
          startLineNumber: m.startLineNumber + delta,
          endLineNumber: m.endLineNumber + delta,
        })
      } else next.push(m)
    }
    kept = next
  }
  return changed ? kept : undefined
}

export default function YamlEditor(props: YamlEditorProps) {
  const { value, problems, readOnly = false, ariaLabel, testId, uri, className, ref } = props
  const containerRef = useRef<HTMLDivElement>(null)
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null)
  // Callbacks change every render; the editor reads the latest through refs.
  const callbacks = useRef(props)
  callbacks.current = props

  useImperativeHandle(
    ref,
    () => ({
      focus: () => editorRef.current?.focus(),
      revealLine: (line: number) => {
        const editor = editorRef.current
        if (!editor) return
        editor.revealLineInCenter(line)
        editor.setPosition({ lineNumber: line, column: 1 })
        editor.focus()
      },
    }),
    [],
  )

  // Create the editor and its model once per URI (with the problems of the moment; the effect
  // below keeps them in sync afterwards).
  // biome-ignore lint/correctness/useExhaustiveDependencies: value, readOnly and ariaLabel are synced by the effects below; recreating the editor on each keystroke would lose its state
  useEffect(() => {
    const container = containerRef.current
    if (!container) return
    configureOnce()
    const modelUri = monaco.Uri.parse(uri)
    const model = monaco.editor.getModel(modelUri) ?? monaco.editor.createModel(value, 'yaml', modelUri)
    if (model.getValue() !== value) model.setValue(value)
    applyTheme()
    const editor = monaco.editor.create(container, {
      model,
      ariaLabel,
      readOnly,
      automaticLayout: true,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      fontSize: 13,
      tabSize: 2,
      insertSpaces: true,
      detectIndentation: false,
      renderValidationDecorations: 'on',
      // Monaco dims the last line's number after a final newline below a readable contrast
      // (WCAG 1.4.3, e2e/a11y.spec.ts); drawn like every other line number instead.
      renderFinalNewline: 'on',
      // Hovers and suggestions escape the panel instead of being clipped by it.
      fixedOverflowWidgets: true,
      quickSuggestions: { other: true, comments: false, strings: true },
      wordBasedSuggestions: 'off',
      // No link detection and no colour swatches: Monaco works them out in its editor worker
      // after changes, taking a core from the simulation as it answers an apply. Manifests
      // hold neither links to follow nor colours.
      links: false,
      colorDecorators: false,
    })
    editorRef.current = editor

    const onContent = model.onDidChangeContent((e) => {
      const text = model.getValue()
      if (text !== callbacks.current.value) callbacks.current.onChange(text)
      const own = monaco.editor.getModelMarkers({ resource: modelUri, owner: PROBLEMS_OWNER })
      if (own.length) {
        const kept = editedMarkers(own, e.changes)
        if (kept) {
          monaco.editor.setModelMarkers(model, PROBLEMS_OWNER, kept)
          callbacks.current.onProblemsEdited?.(kept.map(toProblem))
        }
      }
    })
    // An action, not addCommand: its keybinding belongs to this editor only, so two editors
    // on one page each apply their own text.
    const apply = editor.addAction({
      id: 'podflow.apply',
      // Named in the language of the moment the editor opens (the command palette is Monaco's, in English).
      label: t('editor.applyAction'),
      keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter],
      run: () => callbacks.current.onApply?.(),
    })
    const reportMarkers = () => {
      const markers = monaco.editor.getModelMarkers({ resource: modelUri })
      const own = markers.filter((m) => m.owner === PROBLEMS_OWNER).length
      container.dataset.problems = String(own)
      container.dataset.schemaProblems = String(markers.length - own)
      callbacks.current.onMarkersChange?.(
        markers.map((m) => ({
          owner: m.owner,
          line: m.startLineNumber,
          column: m.startColumn,
          message: m.message,
          severity: SEVERITY[m.severity] ?? 'info',
        })),
      )
    }
    const onMarkers = monaco.editor.onDidChangeMarkers((uris) => {
      if (uris.some((u) => u.toString() === modelUri.toString())) reportMarkers()
    })
    monaco.editor.setModelMarkers(
      model,
      PROBLEMS_OWNER,
      (callbacks.current.problems ?? []).map((p) => toMarkerData(model, p)),
    )
    reportMarkers()
    const unwatchTheme = watchTheme(applyTheme)

    return () => {
      unwatchTheme()
      onMarkers.dispose()
      apply.dispose()
      onContent.dispose()
      editor.dispose()
      editorRef.current = null
      model.dispose()
    }
  }, [uri])

  // Outside changes (a template, a reset) replace the text as one undoable edit.
  useEffect(() => {
    const model = editorRef.current?.getModel()
    if (!model || model.getValue() === value) return
    model.pushEditOperations([], [{ range: model.getFullModelRange(), text: value }], () => null)
  }, [value])

  useEffect(() => {
    editorRef.current?.updateOptions({ readOnly, ariaLabel })
  }, [readOnly, ariaLabel])

  useEffect(() => {
    const model = editorRef.current?.getModel()
    if (!model) return
    monaco.editor.setModelMarkers(
      model,
      PROBLEMS_OWNER,
      (problems ?? []).map((p) => toMarkerData(model, p)),
    )
  }, [problems])

  return (
    <div
      ref={containerRef}
      className={className ?? 'yaml-editor'}
      data-testid={testId}
      style={className ? undefined : { width: '100%', height: '100%', minHeight: '12rem' }}
    />
  )
}
