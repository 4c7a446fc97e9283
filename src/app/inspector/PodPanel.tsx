/**
 * The focused Pod as of the cursor: its STATUS, its conditions and its latest Events, each with a
 * "why?" that explains it (the write that brought it and the chain behind it), and links to its
 * scheduling explanation and its history in etcd.
 */
import { useMemo } from 'react'
import type { Pod } from '../../api/types'
import { useT } from '../i18n/i18n'
import { revisionAt } from '../model/objects'
import { lanesOf, TIMELINE_CONDITIONS } from '../model/timeline'
import { whyCondition } from '../model/why'
import { explainState, type WhyView } from '../model/why-view'
import { type DockTab, useStore } from '../store/store'
import { statusAt } from '../timeline/marks'
import { formatOffset } from '../timeline/scale'

const show = (why: WhyView | undefined) => {
  if (why) useStore.setState({ why })
}
const openTab = (dockTab: DockTab) => useStore.setState({ dockTab })

export function PodPanel() {
  const key = useStore((s) => s.focusedPodKey)
  const revisions = useStore((s) => s.revisions)
  const cursorMs = useStore((s) => s.cursorMs)
  const t = useT()
  const lane = useMemo(() => {
    if (!key) return undefined
    // The incarnation alive at the cursor (a namesake may come later).
    const lanes = lanesOf(revisions).filter((l) => l.key === key && l.createdAtMs <= cursorMs)
    return lanes.at(-1)
  }, [key, revisions, cursorMs])
  if (!key || !lane) return null
  const pod = revisionAt(revisions.get(key) ?? [], cursorMs)?.object as Pod | null | undefined
  const status = statusAt(lane, cursorMs)
  const segment = lane.segments.filter((s) => s.fromMs <= cursorMs).at(-1)
  const conditions = new Map((pod?.status?.conditions ?? []).map((c) => [c.type, c]))
  const events = lane.events.filter((e) => e.atMs <= cursorMs).slice(-5)
  const explainCondition = (type: string) => {
    const s = useStore.getState()
    const why = whyCondition(s.revisions, key, type, s.cursorMs, s.messages)
    if (!why) return
    show({
      title: why.condition
        ? `${why.condition.type}=${why.condition.status}`
        : t('podPanel.removed', { type }),
      subject: `pods/${lane.namespace}/${lane.name}`,
      atMs: Math.max(0, why.revision.atMs),
      summary: why.summary,
      messageIds: why.chain.map((m) => m.id),
    })
  }
  const explainRevision = (k: string, revision: number, title: string) => {
    const s = useStore.getState()
    show(explainState(s.revisions, k, revision, s.messages, title))
  }
  return (
    <section
      className="pod-panel"
      aria-label={t('podPanel.label')}
      data-testid="pod-panel"
      data-pod={lane.name}
    >
      <h3>
        Pod <code>{lane.name}</code> <span className="muted">{lane.namespace}</span>
      </h3>
      <dl className="facts">
        <dt>STATUS</dt>
        <dd data-testid="pod-panel-status">
          {status ?? t('common.deleted')}{' '}
          {segment && status && (
            <button
              type="button"
              className="link why-link"
              data-testid="why-status"
              onClick={() => explainRevision(key, segment.revision, segment.status)}
            >
              {t('common.why')}
            </button>
          )}
        </dd>
        <dt>{t('podPanel.node')}</dt>
        <dd>{pod?.spec?.nodeName ?? <span className="muted">{t('common.notScheduled')}</span>}</dd>
      </dl>
      <ul className="conditions" aria-label={t('podPanel.conditions')}>
        {TIMELINE_CONDITIONS.map((type) => {
          const c = conditions.get(type)
          return (
            <li
              key={type}
              data-testid="pod-condition"
              data-type={type}
              data-condition-status={c?.status ?? ''}
            >
              <span className={`cond cond-${c?.status ?? 'none'}`}>{type}</span>{' '}
              <span className="muted">{c ? c.status : '—'}</span>
              {c?.reason && <span className="muted"> ({c.reason})</span>}{' '}
              {c && (
                <button
                  type="button"
                  className="link why-link"
                  data-testid="why-condition"
                  aria-label={t('podPanel.whyCondition', { condition: `${type}=${c.status}` })}
                  onClick={() => explainCondition(type)}
                >
                  {t('common.why')}
                </button>
              )}
            </li>
          )
        })}
      </ul>
      {events.length > 0 && (
        <ul className="pod-events" aria-label={t('podPanel.latestEvents')}>
          {events.map((e) => (
            <li key={`${e.key}@${e.revision}`} data-testid="pod-event" data-reason={e.reason}>
              <span className="muted">{formatOffset(e.atMs)}</span>{' '}
              <span className={e.type === 'Warning' ? 'warning' : ''}>{e.reason}</span>{' '}
              <button
                type="button"
                className="link why-link"
                data-testid="why-event"
                aria-label={t('podPanel.whyEvent', { reason: e.reason })}
                onClick={() => explainRevision(e.key, e.revision, `${e.type} ${e.reason}`)}
              >
                {t('common.why')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="pod-links">
        <button
          type="button"
          className="link"
          data-testid="open-scheduling"
          onClick={() => openTab('scheduling')}
        >
          {t('podPanel.howScheduled')}
        </button>{' '}
        ·{' '}
        <button type="button" className="link" data-testid="open-history" onClick={() => openTab('history')}>
          {t('podPanel.historyInEtcd')}
        </button>
      </p>
    </section>
  )
}
