/**
 * The top bar's Export menu: the scenario as YAML (and importing one back), the trace as JSON, the
 * run as a Mermaid sequence diagram (a dialog to choose what to leave out, copy or download), and
 * the graph as SVG or PNG. Every text comes from the catalog; files are downloads (download.ts).
 *
 * Only the menu is on the page from the start: what its items do (actions.ts, with the YAML
 * library) and the Mermaid dialog are chunks fetched on first use (issue 10: initial JS).
 */
import './export.css'
import { type KeyboardEvent, Suspense, useEffect, useId, useRef, useState } from 'react'
import type { ParseProblem } from '../../protocol/messages'
import { useT } from '../i18n/i18n'
import { MermaidDialog } from '../lazy'
import { NotUtf8Error, readTextFile } from '../read-file'
import { useStore } from '../store/store'

const exportActions = () => import('./actions')

type Status = { readonly text: string; readonly ok: boolean } | undefined

interface ImportReport {
  readonly file: string
  readonly heading: string
  readonly problems: readonly ParseProblem[]
}

export function ExportMenu() {
  const t = useT()
  const [open, setOpen] = useState(false)
  const [status, setStatus] = useState<Status>(undefined)
  const [report, setReport] = useState<ImportReport | undefined>(undefined)
  const root = useRef<HTMLDivElement>(null)
  const menu = useRef<HTMLDivElement>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const [diagramOpen, setDiagramOpen] = useState(false)
  // The dialog's chunk is fetched when first opened; it stays mounted (its options persist).
  const [diagramOpened, setDiagramOpened] = useState(false)
  const problemsDialog = useRef<HTMLDialogElement>(null)
  const menuId = useId()
  const exportButton = () => root.current?.querySelector<HTMLButtonElement>('[data-testid=export]')

  // Close on a click elsewhere.
  useEffect(() => {
    if (!open) return
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointer)
    menu.current?.querySelector<HTMLButtonElement>('[role=menuitem]')?.focus()
    return () => document.removeEventListener('pointerdown', onPointer)
  }, [open])

  // A status line fades after a while.
  useEffect(() => {
    if (!status) return
    const timer = setTimeout(() => setStatus(undefined), 6000)
    return () => clearTimeout(timer)
  }, [status])

  useEffect(() => {
    if (report) problemsDialog.current?.showModal()
  }, [report])

  const run = (action: () => void | Promise<void>) => {
    setOpen(false)
    if (!useStore.getState().scenario) {
      setStatus({ text: t('export.notReady'), ok: false })
      return
    }
    void (async () => {
      try {
        await action()
      } catch (e) {
        setStatus({ text: t('export.graphFailed', { message: (e as Error).message }), ok: false })
      }
    })()
  }

  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role=menuitem]') ?? [])]
    const at = items.indexOf(document.activeElement as HTMLButtonElement)
    const move = (i: number) => {
      e.preventDefault()
      items[(i + items.length) % items.length]?.focus()
    }
    if (e.key === 'Escape') {
      e.preventDefault()
      setOpen(false)
      exportButton()?.focus()
    } else if (e.key === 'Tab')
      setOpen(false) // focus moves on; the menu does not stay open behind it
    else if (e.key === 'ArrowDown') move(at + 1)
    else if (e.key === 'ArrowUp') move(at - 1)
    else if (e.key === 'Home') move(0)
    else if (e.key === 'End') move(items.length - 1)
  }

  const onFile = async (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = ''
    if (!file) return
    let text: string
    try {
      text = await readTextFile(file)
    } catch (e) {
      setReport({
        file: file.name,
        heading: t('export.import.unreadable', { file: file.name }),
        // Not UTF-8: where the first bad byte is.
        problems: e instanceof NotUtf8Error ? [{ line: e.line, message: e.message }] : [],
      })
      return
    }
    const outcome = await (await exportActions()).importScenario(text)
    if (outcome.type === 'loaded')
      setStatus({ text: t('export.import.loaded', { file: file.name }), ok: true })
    else if (outcome.type === 'problems')
      setReport({
        file: file.name,
        heading: t('export.import.problems', { file: file.name }),
        problems: outcome.problems,
      })
    else
      setReport({
        file: file.name,
        heading: t('export.import.error', { file: file.name, message: outcome.message }),
        problems: [],
      })
  }

  const item = (testId: string, label: string, action: () => void) => (
    <button type="button" role="menuitem" data-testid={testId} tabIndex={-1} onClick={action}>
      {label}
    </button>
  )

  return (
    <div className="export-menu" ref={root}>
      <button
        type="button"
        data-testid="export"
        title={t('export.menuHint')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        {t('export.menu')} ▾
      </button>
      {open && (
        <div
          className="export-items"
          role="menu"
          id={menuId}
          ref={menu}
          onKeyDown={onMenuKey}
          data-testid="export-menu"
        >
          {item('export-scenario', t('export.scenario'), () =>
            run(async () => {
              const [{ exportScenario }, { SCENARIO_FILE_NAME }] = await Promise.all([
                exportActions(),
                import('./scenario-file'),
              ])
              if (exportScenario())
                setStatus({ text: t('export.saved', { file: SCENARIO_FILE_NAME }), ok: true })
            }),
          )}
          {item('export-import', t('export.importScenario'), () => {
            setOpen(false)
            fileInput.current?.click()
          })}
          <hr />
          {item('export-trace', t('export.trace'), () =>
            run(async () => (await exportActions()).exportTrace()),
          )}
          {item('export-mermaid', t('export.mermaid'), () =>
            run(() => {
              setDiagramOpened(true)
              setDiagramOpen(true)
            }),
          )}
          <hr />
          {item('export-svg', t('export.svg'), () =>
            run(async () => (await exportActions()).exportGraph('svg')),
          )}
          {item('export-png', t('export.png'), () =>
            run(async () => (await exportActions()).exportGraph('png')),
          )}
        </div>
      )}
      <input
        ref={fileInput}
        type="file"
        accept=".yaml,.yml,application/yaml,text/yaml"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="import-file"
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
      {status && (
        <span
          className={`export-status${status.ok ? '' : ' failed'}`}
          role="status"
          data-testid="export-status"
        >
          {status.text}
        </span>
      )}
      <dialog
        ref={problemsDialog}
        className="export-dialog"
        aria-labelledby={`${menuId}-import`}
        data-testid="import-report"
        onClose={() => {
          setReport(undefined)
          exportButton()?.focus()
        }}
      >
        <header>
          <h2 id={`${menuId}-import`}>{t('export.import.title')}</h2>
          <button type="button" onClick={() => problemsDialog.current?.close()}>
            {t('export.close')}
          </button>
        </header>
        {report && (
          <>
            <p>{report.heading}</p>
            {report.problems.length > 0 && (
              <ul className="import-problems">
                {report.problems.map((p) => (
                  <li key={`${p.line}:${p.message}`} data-testid="import-problem" data-line={p.line}>
                    <strong>{t('export.import.line', { line: p.line })}</strong> {p.message}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </dialog>
      {diagramOpened && (
        <Suspense fallback={null}>
          <MermaidDialog
            open={diagramOpen}
            onClose={() => {
              setDiagramOpen(false)
              // Its menu item is gone with the menu: focus goes back to the Export button.
              exportButton()?.focus()
            }}
          />
        </Suspense>
      )}
    </div>
  )
}
