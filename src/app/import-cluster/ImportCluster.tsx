/**
 * The Cluster tab's "Import a cluster…" button and dialog: paste the output of
 * `kubectl get nodes,pods -A -o yaml` (or choose a file with it), and its Nodes and Pods become
 * the cluster. Problems are said in the dialog, at their line; the tab's text changes only when
 * the import loads, and a note under the buttons offers to undo it.
 */
import './import-cluster.css'
import { useRef, useState } from 'react'
import { listOf, type Translate, useT } from '../i18n/i18n'
import { readTextFile } from '../read-file'
import { useStore } from '../store/store'
import type { DumpSummary } from './convert'
import { type ImportOutcome, importClusterDump, undoImport, useLastImport } from './import'

type Problem = Extract<ImportOutcome, { ok: false }>['problem']

export function problemText(t: Translate, p: Problem): string {
  switch (p.kind) {
    case 'empty':
      return t('importCluster.errors.empty')
    case 'noNodes':
      return t('importCluster.errors.noNodes')
    case 'notYaml':
      return t('importCluster.errors.notYaml', { line: p.line, detail: p.detail })
    case 'notList':
      return t('importCluster.errors.notList', { line: p.line, found: p.found })
    case 'badItem':
      return t('importCluster.errors.badItem', { line: p.line, detail: p.detail })
    case 'notLoaded':
      return t('importCluster.errors.notLoaded', { detail: p.detail })
  }
}

export function summaryText(t: Translate, s: DumpSummary): string {
  const left = [
    ...(s.skipped.finished ? [t('importCluster.finished', { count: s.skipped.finished })] : []),
    ...(s.skipped.terminating ? [t('importCluster.terminating', { count: s.skipped.terminating })] : []),
    ...(s.skipped.elsewhere ? [t('importCluster.elsewhere', { count: s.skipped.elsewhere })] : []),
    ...Object.entries(s.skipped.other).map(([kind, count]) =>
      t('importCluster.other', { count, kinds: kind }),
    ),
  ]
  return [
    t('importCluster.done', { nodes: s.nodes, running: s.running, pending: s.pending }),
    ...(left.length ? [t('importCluster.skipped', { items: listOf(t, left) })] : []),
    ...(s.dumpTime ? [t('importCluster.timeShift', { time: s.dumpTime })] : []),
  ].join(' ')
}

export function ImportCluster() {
  const t = useT()
  const dialog = useRef<HTMLDialogElement>(null)
  const file = useRef<HTMLInputElement>(null)
  const [text, setText] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const last = useLastImport((s) => s.last)
  const clusterYaml = useStore((s) => s.clusterYaml)
  // The note stays while the imported cluster is the one in use.
  const done = last && last.yaml === clusterYaml ? last : undefined
  const setDone = (last: typeof done) => useLastImport.setState({ last })

  const run = async (dump: string) => {
    setBusy(true)
    setError(undefined)
    try {
      const outcome = await importClusterDump(dump)
      if (!outcome.ok) {
        setError(problemText(t, outcome.problem))
        return
      }
      setDone({ summary: outcome.summary, before: outcome.before, yaml: outcome.yaml })
      setText('')
      dialog.current?.close()
    } finally {
      setBusy(false)
    }
  }

  const chosen = async (f: File | undefined) => {
    if (!f) return
    try {
      const content = await readTextFile(f)
      setText(content)
      await run(content)
    } catch (e) {
      setError(t('importCluster.errors.file', { file: f.name, detail: (e as Error).message }))
    } finally {
      if (file.current) file.current.value = ''
    }
  }

  return (
    <>
      <button
        type="button"
        title={t('importCluster.openHint')}
        data-testid="import-cluster-open"
        onClick={() => {
          setError(undefined)
          dialog.current?.showModal()
        }}
      >
        {t('importCluster.open')}
      </button>
      {done && (
        <p className="import-cluster-done" role="status" data-testid="import-cluster-done">
          <span>{summaryText(t, done.summary)}</span>
          <button
            type="button"
            data-testid="import-cluster-undo"
            onClick={() => {
              const { before } = done
              setDone(undefined)
              void undoImport(before)
            }}
          >
            {t('importCluster.undo')}
          </button>
          <button type="button" className="link" onClick={() => setDone(undefined)}>
            {t('importCluster.dismiss')}
          </button>
        </p>
      )}
      <dialog
        ref={dialog}
        className="import-cluster"
        aria-labelledby="import-cluster-title"
        data-testid="import-cluster-dialog"
      >
        <form
          method="dialog"
          onSubmit={(e) => {
            e.preventDefault()
            void run(text)
          }}
        >
          <header>
            <h2 id="import-cluster-title">{t('importCluster.title')}</h2>
            <button type="button" onClick={() => dialog.current?.close()}>
              {t('importCluster.close')}
            </button>
          </header>
          <p className="muted">{t('importCluster.intro')}</p>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls sideways; the keyboard must reach it (WCAG 2.1.1) */}
          <pre className="import-cluster-command" tabIndex={0}>
            {t('importCluster.command')}
          </pre>
          <label className="import-cluster-text">
            <span>{t('importCluster.text')}</span>
            <textarea
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={t('importCluster.placeholder')}
              spellCheck={false}
              rows={14}
              data-testid="import-cluster-text"
            />
          </label>
          {error && (
            <p className="import-cluster-error" role="alert" data-testid="import-cluster-error">
              {error}
            </p>
          )}
          <p className="muted">{t('importCluster.replaces')}</p>
          <footer>
            <label className="import-cluster-file">
              <span>{t('importCluster.file')}</span>
              <input
                ref={file}
                className="visually-hidden"
                type="file"
                accept=".yaml,.yml,.json,text/yaml,application/json,text/plain"
                data-testid="import-cluster-file"
                onChange={(e) => void chosen(e.target.files?.[0])}
              />
            </label>
            <span className="spacer" />
            <button type="button" onClick={() => dialog.current?.close()}>
              {t('importCluster.cancel')}
            </button>
            <button type="submit" className="primary" disabled={busy} data-testid="import-cluster-submit">
              {busy ? t('importCluster.importing') : t('importCluster.import')}
            </button>
          </footer>
        </form>
      </dialog>
    </>
  )
}
