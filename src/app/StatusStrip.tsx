/**
 * The Pods at the cursor with their kubectl STATUS and node; click one to focus it. At most
 * STRIP_PODS chips (the focused Pod always among them), then "+N more": with thousands of Pods the
 * timeline (virtualized) and kubectl list them all.
 */
import { useMemo } from 'react'
import { podSummary } from '../api/kubectl'
import { DEFAULT_START_MS } from '../api/time'
import type { Pod } from '../api/types'
import { useT } from './i18n/i18n'
import { objectsAt } from './model/objects'
import { capList } from './scale/cap'
import { useStore } from './store/store'

/** Chips drawn at most. */
export const STRIP_PODS = 100
const keyOf = (pod: Pod) => `/registry/pods/${pod.metadata?.namespace}/${pod.metadata?.name}`

export function StatusStrip() {
  const revisions = useStore((s) => s.revisions)
  const cursorMs = useStore((s) => s.cursorMs)
  const focused = useStore((s) => s.focusedPodKey)
  const t = useT()
  const all = useMemo(() => objectsAt<Pod>(revisions, 'pods', cursorMs), [revisions, cursorMs])
  const { shown: pods, hidden } = capList(all, STRIP_PODS, (p) => keyOf(p) === focused)
  const nowMs = DEFAULT_START_MS + cursorMs
  return (
    <section className="status-strip" aria-label={t('statusStrip.label')} data-testid="status-strip">
      {all.length === 0 && <span className="muted">{t('common.noPods')}</span>}
      {pods.map((pod) => {
        const key = keyOf(pod)
        const summary = podSummary(pod, nowMs)
        return (
          <button
            type="button"
            key={key}
            className={`pod-chip status-${summary.status.replace(/[^A-Za-z]/g, '')}${focused === key ? ' focused' : ''}`}
            onClick={() => useStore.setState({ focusedPodKey: focused === key ? undefined : key })}
            aria-pressed={focused === key}
            data-testid="pod-status"
            data-pod={pod.metadata?.name}
            data-status={summary.status}
            data-node={pod.spec?.nodeName ?? ''}
            data-restarts={summary.restarts.split(' ')[0]}
          >
            <strong>{pod.metadata?.name}</strong> <span className="status">{summary.status}</span>{' '}
            <span className="ready">{summary.ready}</span>{' '}
            {summary.restarts !== '0' && (
              <span className="restarts" title={`RESTARTS ${summary.restarts}`}>
                ↻{summary.restarts.split(' ')[0]}{' '}
              </span>
            )}
            <span className="node">
              {pod.spec?.nodeName
                ? t('statusStrip.onNode', { node: pod.spec.nodeName })
                : t('common.notScheduled')}
            </span>
          </button>
        )
      })}
      {hidden > 0 && (
        <span
          className="muted pf-more-button"
          data-testid="pod-status-more"
          data-count={hidden}
          title={t('scale.list.morePodsTitle', { count: hidden.toLocaleString() })}
        >
          {t('scale.list.moreNotShown', { count: hidden.toLocaleString() })}
        </span>
      )}
    </section>
  )
}
