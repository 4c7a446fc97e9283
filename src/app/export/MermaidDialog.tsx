/** The Export menu's Mermaid dialog: what to leave out, the diagram's text, copy or download it. */
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { useT } from '../i18n/i18n'
import { useStore } from '../store/store'
import { downloadMermaid } from './actions'
import { DEFAULT_MAX_MESSAGES, mermaidDiagram } from './mermaid'

export function MermaidDialog({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  const t = useT()
  const id = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const [skipRoutine, setSkipRoutine] = useState(true)
  const [skipBoot, setSkipBoot] = useState(true)
  const [times, setTimes] = useState(true)
  const [maxMessages, setMaxMessages] = useState(DEFAULT_MAX_MESSAGES)
  const [copied, setCopied] = useState<boolean | undefined>(undefined)
  // Only while the dialog is open does it follow the trace.
  const messages = useStore((s) => (open ? s.messages : undefined))
  const heading = t('export.diagram.heading')
  const diagram = useMemo(
    () => mermaidDiagram(messages ?? [], { title: heading, skipRoutine, skipBoot, times, maxMessages }),
    [messages, heading, skipRoutine, skipBoot, times, maxMessages],
  )
  const text = diagram.text

  useEffect(() => {
    const d = dialog.current
    if (open && d && !d.open) d.showModal()
  }, [open])

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      setCopied(true)
    } catch {
      setCopied(false)
    }
  }

  return (
    <dialog
      ref={dialog}
      className="export-dialog mermaid-dialog"
      aria-labelledby={`${id}-title`}
      data-testid="mermaid-dialog"
      onClose={() => {
        setCopied(undefined)
        onClose()
      }}
    >
      <header>
        <h2 id={`${id}-title`}>{t('export.diagram.title')}</h2>
        <button type="button" onClick={() => dialog.current?.close()} data-testid="mermaid-close">
          {t('export.close')}
        </button>
      </header>
      <p className="muted">{t('export.diagram.intro')}</p>
      <div className="mermaid-options">
        <label>
          <input type="checkbox" checked={skipRoutine} onChange={(e) => setSkipRoutine(e.target.checked)} />
          {t('export.diagram.skipRoutine')}
        </label>
        <label>
          <input
            type="checkbox"
            checked={skipBoot}
            onChange={(e) => setSkipBoot(e.target.checked)}
            data-testid="mermaid-skip-boot"
          />
          {t('export.diagram.skipBoot')}
        </label>
        <label>
          <input type="checkbox" checked={times} onChange={(e) => setTimes(e.target.checked)} />
          {t('export.diagram.times')}
        </label>
        <label>
          {t('export.diagram.maxMessages')}{' '}
          <input
            type="number"
            min={1}
            step={100}
            value={maxMessages}
            data-testid="mermaid-max"
            onChange={(e) => {
              const n = Number(e.target.value)
              if (Number.isFinite(n) && n >= 1) setMaxMessages(Math.floor(n))
            }}
          />
        </label>
      </div>
      <p
        className="muted"
        data-testid="mermaid-count"
        data-shown={diagram.shown}
        data-total={messages?.length ?? 0}
      >
        {t('export.diagram.count', { shown: diagram.shown, total: messages?.length ?? 0 })}
      </p>
      <textarea
        readOnly
        value={text}
        spellCheck={false}
        aria-label={t('export.diagram.text')}
        data-testid="mermaid-text"
        rows={14}
      />
      <footer>
        {copied !== undefined && (
          <span className={`export-status${copied ? '' : ' failed'}`} role="status">
            {copied ? t('export.diagram.copied') : t('export.diagram.copyFailed')}
          </span>
        )}
        <button type="button" onClick={() => void copy()} data-testid="mermaid-copy">
          {t('export.diagram.copy')}
        </button>
        <button
          type="button"
          className="primary"
          onClick={() => downloadMermaid(text)}
          data-testid="mermaid-download"
        >
          {t('export.diagram.download')}
        </button>
      </footer>
    </dialog>
  )
}
