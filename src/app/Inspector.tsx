/**
 * The inspector: the selected message (who sent it to whom, when, its stage, what caused it) and
 * its payload — the HTTP request or response, the watch event and its object, the etcd or CRI
 * call, or a component's decision — fetched from the worker on demand.
 */
import { Suspense, useEffect, useState } from 'react'
import type { MessageDetail, MessageView } from '../protocol/messages'
import { fetchMessage } from './bridge'
import { useT } from './i18n/i18n'
import { Loading, PodPanel, ScenarioCard, TeachingPanel, WhyPanel } from './lazy'
import { keepScrollKeys } from './scroll-keys'
import { useStore } from './store/store'
import { TeachingSlot } from './teaching/TeachingToggle'

export function Inspector() {
  const selectedId = useStore((s) => s.selectedMessageId)
  const messages = useStore((s) => s.messages)
  const selected = selectedId === undefined ? undefined : findMessage(messages, selectedId)
  const cause = selected?.causeId != null ? findMessage(messages, selected.causeId) : undefined
  const [detail, setDetail] = useState<MessageDetail | null | undefined>()
  const t = useT()
  // The card's chunk (with the library's scenarios) only once a library scenario is loaded.
  const libraryScenario = useStore((s) => s.scenarioId) !== undefined
  // The why and Pod panels' chunks only once there is a why to show or a Pod in focus.
  const why = useStore((s) => s.why) !== undefined
  const podFocused = useStore((s) => s.focusedPodKey) !== undefined
  useEffect(() => {
    setDetail(undefined)
    if (selectedId === undefined) return
    let live = true
    fetchMessage(selectedId).then((d) => {
      if (live) setDetail(d)
    })
    return () => {
      live = false
    }
  }, [selectedId])

  return (
    <aside className="inspector" aria-label={t('inspector.title')} data-testid="inspector">
      <h2 data-testid="inspector-title">{t('inspector.title')}</h2>
      <ApplyLog />
      {libraryScenario && (
        <Loading>
          <ScenarioCard />
        </Loading>
      )}
      <TeachingSlot>
        <Loading>
          <TeachingPanel />
        </Loading>
      </TeachingSlot>
      {why && (
        <Suspense fallback={null}>
          <WhyPanel />
        </Suspense>
      )}
      {podFocused && (
        <Suspense fallback={null}>
          <PodPanel />
        </Suspense>
      )}
      {!selected && <p className="muted">{t('inspector.hint')}</p>}
      {selected && (
        <div data-testid="inspector-message" data-message-id={selected.id}>
          <p className="summary">
            <span className={`kind kind-${selected.kind}`}>{selected.kind}</span>{' '}
            <code>{selected.summary}</code>
          </p>
          <dl className="facts">
            <dt>{t('inspector.fromTo')}</dt>
            <dd data-testid="inspector-route">
              {selected.from} → {selected.to}
            </dd>
            <dt>{t('inspector.sentDelivered')}</dt>
            <dd>
              {(selected.sentAtMs / 1000).toFixed(3)} s · {(selected.deliverAtMs / 1000).toFixed(3)} s
            </dd>
            <dt>{t('inspector.stage')}</dt>
            <dd data-testid="inspector-stage">{selected.stage}</dd>
            {selected.object && (
              <>
                <dt>{t('inspector.object')}</dt>
                <dd>
                  {selected.object.resource}/
                  {selected.object.namespace ? `${selected.object.namespace}/` : ''}
                  {selected.object.name}
                </dd>
              </>
            )}
            <dt>{t('inspector.causedBy')}</dt>
            <dd>
              {cause ? (
                <button
                  type="button"
                  className="link"
                  data-testid="cause-link"
                  onClick={() =>
                    useStore.setState({
                      selectedMessageId: cause.id,
                      cursorMs: cause.sentAtMs,
                      playing: false,
                    })
                  }
                >
                  #{cause.id} {cause.summary}
                </button>
              ) : (
                <span className="muted">
                  {selected.causeId === null ? t('inspector.userAction') : `#${selected.causeId}`}
                </span>
              )}
            </dd>
          </dl>
          {detail && sizeEstimated(detail.payload) && (
            <p className="muted" data-testid="size-estimated">
              {t('inspector.sizeEstimated')}
            </p>
          )}
          {/* Focusable: a long payload scrolls, and the keyboard must be able to scroll it too. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region (WCAG 2.1.1) */}
          <pre className="payload" data-testid="payload" tabIndex={0} onKeyDown={keepScrollKeys}>
            {detail === undefined
              ? t('common.loading')
              : detail === null
                ? t('inspector.notAvailable')
                : JSON.stringify(detail.payload, null, 2)}
          </pre>
        </div>
      )}
    </aside>
  )
}

function ApplyLog() {
  const t = useT()
  const log = useStore((s) => s.applyLog)
  if (log.length === 0) return null
  return (
    <div className="apply-log" data-testid="apply-log" aria-live="polite">
      {log.flatMap((line, i) => [
        <p
          // biome-ignore lint/suspicious/noArrayIndexKey: the log is replaced as a whole on each apply
          key={i}
          className={line.warning ? 'warning' : line.ok ? 'ok' : 'error'}
          data-testid={line.warning ? 'apply-warning' : line.ok ? 'apply-ok' : 'apply-error'}
        >
          {line.text}
        </p>,
        ...(line.unwatched !== undefined
          ? [
              // biome-ignore lint/suspicious/noArrayIndexKey: the log is replaced as a whole on each apply
              <p key={`${i}-note`} className="note" data-testid="apply-unwatched">
                {t('applyLog.unwatched', { resource: line.unwatched })}
              </p>,
            ]
          : []),
      ])}
    </div>
  )
}

/**
 * Whether a payload carries an image size the simulation guessed: the runtime's unpack step
 * (`sizeEstimated`), an ImageStatus answer (`image.sizeEstimated`) or a manifest's annotation.
 */
function sizeEstimated(payload: unknown): boolean {
  if (typeof payload !== 'object' || payload === null) return false
  const p = payload as {
    sizeEstimated?: unknown
    image?: { sizeEstimated?: unknown } | null
    body?: { annotations?: Record<string, unknown> } | null
  }
  return (
    p.sizeEstimated === true ||
    p.image?.sizeEstimated === true ||
    p.body?.annotations?.['dev.podflow.size-estimated'] === 'true'
  )
}

function findMessage(messages: readonly MessageView[], id: number): MessageView | undefined {
  // Ids are dense and in order within a run; fall back to a search after a fork.
  const guess = messages[id - (messages[0]?.id ?? 1)]
  return guess?.id === id ? guess : messages.find((m) => m.id === id)
}
