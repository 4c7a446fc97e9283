/**
 * An object's history in etcd as of the cursor: every revision, when, who wrote it (the API
 * request that led to the write) and what it changed. A creation can be compared with what its
 * writer sent, which shows what the apiserver added on the way (defaults, admission plugins' and
 * webhooks' mutations, uid and timestamps).
 */
import './history.css'
import { type ReactNode, useEffect, useMemo, useState } from 'react'
import { stringify } from 'yaml'
import { fetchMessage } from '../bridge'
import { type Translate, useT } from '../i18n/i18n'
import { type HistoryEntry, objectHistory } from '../model/history'
import { type JsonPatchOp, jsonDiff } from '../model/json-diff'
import { explainState, subjectOf } from '../model/why-view'
import { pickerGroups } from '../scale/cap'
import { PickerFilter } from '../scale/PickerFilter'
import { keepScrollKeys } from '../scroll-keys'
import { useStore } from '../store/store'
import { formatOffset } from '../timeline/scale'
import { historyKeys, opLine } from './format'

/** Revisions listed before "show more" (a Node's status over a long run has many). */
const ENTRIES_SHOWN = 100

export function HistoryPanel() {
  const revisions = useStore((s) => s.revisions)
  const cursorMs = useStore((s) => s.cursorMs)
  const focused = useStore((s) => s.focusedPodKey)
  const chosen = useStore((s) => s.historyKey)
  const t = useT()
  const key = chosen ?? focused
  const all = useMemo(() => historyKeys(revisions.keys()), [revisions])
  // With thousands of Pods the picker lists PICKER_OPTIONS per resource and asks for a filter.
  const [filter, setFilter] = useState('')
  const picker = useMemo(() => pickerGroups(all, filter, key), [all, filter, key])
  const groups = picker.groups
  const [limit, setLimit] = useState(ENTRIES_SHOWN)
  // biome-ignore lint/correctness/useExhaustiveDependencies: back to the first page for another object
  useEffect(() => setLimit(ENTRIES_SHOWN), [key])
  // Writers come from the trace as it is when the revisions change (a revision's cause chain is
  // complete by the time it is stored).
  const history = useMemo(
    () => (key ? objectHistory(revisions, key, useStore.getState().messages) : []),
    [key, revisions],
  )
  const entries = useMemo(() => history.filter((e) => e.atMs <= cursorMs), [history, cursorMs])
  return (
    <section className="history" aria-label={t('history.label')} data-testid="history">
      <label className="history-pick">
        {t('history.object')}{' '}
        <select
          data-testid="history-object"
          value={key ?? ''}
          onChange={(e) => useStore.setState({ historyKey: e.target.value || undefined })}
        >
          {!key && <option value="">{t('history.choose')}</option>}
          {groups.map((g) => (
            <optgroup key={g.resource} label={g.resource === 'minions' ? 'nodes' : g.resource}>
              {g.keys.map((k) => (
                <option key={k} value={k}>
                  {subjectOf(k)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      <PickerFilter
        className="history-pick"
        testId="history-filter"
        filter={filter}
        onFilter={setFilter}
        shown={picker.shown}
        total={picker.total}
      />
      {key && entries.length === 0 && (
        <p className="muted">{t('history.none', { subject: subjectOf(key) })}</p>
      )}
      <ol className="history-entries">
        {key && entries.slice(0, limit).map((e) => <Entry key={e.revision} entry={e} objectKey={key} />)}
      </ol>
      {key && entries.length > limit && (
        <button
          type="button"
          className="link pf-more-button"
          data-testid="history-more"
          onClick={() => setLimit((n) => n + ENTRIES_SHOWN)}
        >
          {t('scale.list.showMore', { count: Math.min(ENTRIES_SHOWN, entries.length - limit) })}
        </button>
      )}
    </section>
  )
}

function Entry({ entry, objectKey }: { entry: HistoryEntry; objectKey: string }) {
  const t = useT()
  const explain = () => {
    const s = useStore.getState()
    const title = t('history.revisionTitle', { revision: entry.revision })
    const why = explainState(s.revisions, objectKey, entry.revision, s.messages, title)
    if (why) useStore.setState({ why })
  }
  return (
    <li
      className={`history-entry change-${entry.change}`}
      data-testid="history-entry"
      data-revision={entry.revision}
      data-change={entry.change}
      data-by={entry.writer?.component ?? ''}
    >
      <div className="history-head">
        <strong>{t(`history.change.${entry.change}`)}</strong>{' '}
        <span className="muted">{t('history.revision', { revision: entry.revision })}</span>{' '}
        <span className="muted">
          {entry.atMs < 0 ? t('history.atStart') : t('history.at', { time: formatOffset(entry.atMs) })}
        </span>{' '}
        · {t('history.by')} <code>{writtenBy(entry, t)}</code>{' '}
        {entry.messageId !== null && (
          <button type="button" className="link" data-testid="history-why" onClick={explain}>
            {t('common.why')}
          </button>
        )}
      </div>
      {entry.change === 'update' && (
        <OpList testId="history-ops" ops={entry.ops}>
          {entry.ops.length === 0 && <li className="muted">{t('history.noChange')}</li>}
        </OpList>
      )}
      {entry.change === 'create' && entry.object && <Created entry={entry} />}
    </li>
  )
}

/** The created object, and on demand what the apiserver added to what its writer sent. */
function Created({ entry }: { entry: HistoryEntry }) {
  const t = useT()
  const [open, setOpen] = useState(false)
  const [sent, setSent] = useState<unknown>()
  const requestId = entry.writer?.requestId
  useEffect(() => {
    if (!open || requestId === undefined) return
    let live = true
    fetchMessage(requestId).then((m) => {
      if (live) setSent((m?.payload as { body?: unknown } | undefined)?.body ?? null)
    })
    return () => {
      live = false
    }
  }, [open, requestId])
  const added = sent
    ? jsonDiff(sent, entry.object).filter((op) => op.path !== '/metadata/resourceVersion')
    : []
  return (
    <details className="history-created" onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary>{t('history.stored')}</summary>
      {requestId !== undefined && (
        <>
          <p className="muted">{t('history.changedBy', { writer: entry.writer?.component ?? '' })}</p>
          <OpList testId="history-added" ops={added}>
            {sent === undefined && <li className="muted">{t('common.loading')}</li>}
          </OpList>
        </>
      )}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls; the keyboard must reach it (WCAG 2.1.1) */}
      <pre className="history-object" tabIndex={0} onKeyDown={keepScrollKeys}>
        {stringify(entry.object)}
      </pre>
    </details>
  )
}

/** Who wrote a revision: its request and component, or (no request) words for what it was. */
function writtenBy(entry: HistoryEntry, t: Translate): string {
  if (entry.writer) return entry.by
  return entry.messageId === null ? t('history.beforeTimeZero') : t('history.etcdWrite')
}

/** JSON Patch operations as signed lines, after any `children` (a note, a placeholder). */
function OpList({
  testId,
  ops,
  children,
}: {
  testId: string
  ops: readonly JsonPatchOp[]
  children?: ReactNode
}) {
  return (
    <ul className="history-ops" data-testid={testId}>
      {children}
      {ops.map((op) => {
        const line = opLine(op)
        return (
          <li key={`${op.op}${op.path}`} className={`op op-${op.op}`} title={line.full}>
            <span className="sign">{line.sign}</span> <code>{line.path}</code>
            {line.value && <span className="value">: {line.value}</span>}
          </li>
        )
      })}
    </ul>
  )
}
