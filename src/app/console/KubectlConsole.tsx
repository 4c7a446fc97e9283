/**
 * A terminal-like kubectl console. Each command runs against the cluster as it is at the playback
 * cursor when Enter is pressed: a read is a snapshot at that moment (its entry says when), a write
 * forks the simulation there and prints kubectl's answer when the simulation gives it. The
 * scrollback is text only, in <pre>s that never wrap, because kubectl's tables rely on alignment.
 */
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { ADMIN_USER } from '../../protocol/messages'
import { useT } from '../i18n/i18n'
import { showNow } from '../playback'
import { keepScrollKeys } from '../scroll-keys'
import { useStore } from '../store/store'
import { defaultBackend } from './backend'
import { type ConsoleBackend, type ConsoleResult, execute } from './execute'
import { EMPTY_HISTORY, newer, older, remember } from './history'
import { awaitsHereDoc } from './shell'
import './console.css'

export interface KubectlConsoleProps {
  /** How writes reach the simulation (default: the bridge; cordon/uncordon/drain not wired yet). */
  readonly backend?: ConsoleBackend
  /** Told of each write once the simulation answered it (e.g. to play from `result.atMs`). */
  readonly onWrite?: (result: ConsoleResult) => void
}

interface Entry {
  readonly id: number
  readonly input: string
  readonly mode: 'read' | 'write'
  readonly atMs: number
  /** Undefined while a write waits for the simulation's answer. */
  readonly result?: ConsoleResult
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(3)} s`
const chomp = (text: string) => text.replace(/\n$/, '')

export function KubectlConsole({ backend = defaultBackend, onWrite }: KubectlConsoleProps) {
  const [entries, setEntries] = useState<readonly Entry[]>([])
  const [input, setInput] = useState('')
  const [history, setHistory] = useState(EMPTY_HISTORY)
  const nextId = useRef(1)
  const outputRef = useRef<HTMLOListElement>(null)
  const inputId = useId()
  const noteId = useId()
  const t = useT()

  // Keep the newest output in view, as a terminal does.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever the entries change
  useEffect(() => {
    const el = outputRef.current
    if (el) el.scrollTop = el.scrollHeight
  }, [entries])

  const run = () => {
    const text = input
    if (text.trim() === '') return
    setHistory((h) => remember(h, text))
    setInput('')
    // Read the store now: the command answers as of this cursor, whatever playback does next
    // (while playing, the store follows the cursor only at display updates: brought to it first).
    showNow()
    const s = useStore.getState()
    const as = s.applyAs === ADMIN_USER ? undefined : s.applyAs
    const result = execute(text, { revisions: s.revisions, cursorMs: s.cursorMs, as, backend })
    const id = nextId.current++
    if (!(result instanceof Promise)) {
      if (result.mode === 'clear') setEntries([])
      else setEntries((list) => [...list, { id, input: text, mode: 'read', atMs: result.atMs, result }])
      return
    }
    setEntries((list) => [...list, { id, input: text, mode: 'write', atMs: Math.round(s.cursorMs) }])
    void result.then((r) => {
      setEntries((list) => list.map((e) => (e.id === id ? { ...e, result: r } : e)))
      onWrite?.(r)
    })
  }

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      // An open here-document takes more lines, as a shell would prompt for them.
      if (awaitsHereDoc(input)) return
      e.preventDefault()
      run()
      return
    }
    if (e.key === 'l' && e.ctrlKey) {
      e.preventDefault()
      setEntries([])
      return
    }
    if ((e.key !== 'ArrowUp' && e.key !== 'ArrowDown') || e.shiftKey || e.altKey || e.ctrlKey || e.metaKey)
      return
    // A recalled multi-line command can be stepped past as long as it is unedited.
    const recalled = history.index < history.entries.length && input === history.entries[history.index]
    if (input.includes('\n') && !recalled) return
    const step = e.key === 'ArrowUp' ? older(history, input) : newer(history)
    if (!step) return
    e.preventDefault()
    setHistory(step.history)
    setInput(step.text)
  }

  return (
    <section className="kubectl-console" aria-label={t('console.label')} data-testid="kubectl-console">
      {/* The scrollback scrolls (both ways: tables are wide); the keyboard reaches it with Tab. */}
      <ol
        ref={outputRef}
        className="console-output"
        aria-live="polite"
        aria-label={t('console.output')}
        data-testid="console-output"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region (WCAG 2.1.1)
        tabIndex={0}
        onKeyDown={keepScrollKeys}
      >
        {entries.map((entry) => (
          <ConsoleEntry key={entry.id} entry={entry} />
        ))}
      </ol>
      <div className="console-input-row">
        <span className="console-prompt" aria-hidden="true">
          $
        </span>
        <label htmlFor={inputId} className="visually-hidden">
          {t('console.input')}
        </label>
        <textarea
          id={inputId}
          data-testid="console-input"
          value={input}
          rows={Math.min(12, input.split('\n').length)}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          autoCorrect="off"
          placeholder="kubectl get pods"
          aria-describedby={noteId}
          onChange={(e) => setInput(e.target.value)}
          onKeyDown={onKeyDown}
        />
      </div>
      <ConsoleNote id={noteId} />
    </section>
  )
}

/** The only part that follows the cursor, so playback re-renders it and not the scrollback. */
function ConsoleNote({ id }: { id: string }) {
  const cursorMs = useStore((s) => s.cursorMs)
  const t = useT()
  return (
    <p id={id} className="console-note" data-testid="console-note">
      {t('console.note', { time: seconds(cursorMs) })}
    </p>
  )
}

function ConsoleEntry({ entry }: { entry: Entry }) {
  const { result } = entry
  const t = useT()
  const time = seconds(entry.atMs)
  const when =
    entry.mode === 'read'
      ? t('console.asOf', { time })
      : !result
        ? t('console.applying', { time })
        : result.exitCode === 0
          ? t('console.applied', { time })
          : t('console.attempted', { time })
  return (
    <li
      className="console-entry"
      data-testid="console-entry"
      data-mode={entry.mode}
      data-exit-code={result ? String(result.exitCode) : undefined}
      aria-busy={result ? undefined : true}
    >
      <pre className="console-command">{`$ ${chomp(entry.input)}`}</pre>
      <p className="console-when">{when}</p>
      {result?.output
        .filter((block) => block.stream !== 'command')
        .map((block, i) => (
          // The blocks of an entry never change once printed, so their order is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <pre key={i} className={`console-${block.stream}`} data-stream={block.stream}>
            {chomp(block.text)}
          </pre>
        ))}
    </li>
  )
}
