/**
 * The Pods at the cursor with their kubectl STATUS and node; click one to focus it. At most
 * STRIP_PODS chips (the focused Pod always among them), then "+N more": with thousands of Pods the
 * timeline (virtualized) and kubectl list them all.
 */
import { memo, useMemo } from 'react'
import { podSummary } from '../api/kubectl'
import { DEFAULT_START_MS } from '../api/time'
import type { Pod } from '../api/types'
import { useShallowArray } from './graph/use-shallow-array'
import { formatCount, useT } from './i18n/i18n'
import { objectsAt } from './model/objects'
import { capList } from './scale/cap'
import { type State, useStore } from './store/store'

/** Chips drawn at most. */
export const STRIP_PODS = 100
const keyOf = (pod: Pod) => `/registry/pods/${pod.metadata?.namespace}/${pod.metadata?.name}`

/** The Pods at the cursor; the two selectors below share one lookup per store change. */
let last: { revisions: State['revisions']; cursorMs: number; pods: readonly Pod[] } | undefined
function podsAt(s: State): readonly Pod[] {
  if (last?.revisions !== s.revisions || last.cursorMs !== s.cursorMs)
    last = {
      revisions: s.revisions,
      cursorMs: s.cursorMs,
      pods: objectsAt<Pod>(s.revisions, 'pods', s.cursorMs),
    }
  return last.pods
}

const restarted = (pod: Pod): boolean =>
  [...(pod.status?.containerStatuses ?? []), ...(pod.status?.initContainerStatuses ?? [])].some(
    (c) => c.lastState?.terminated?.finishedAt !== undefined,
  )

/**
 * The strip re-renders when its Pods change (by object), not on every frame of playback: the only
 * text that follows the clock is a restart's "(5s ago)", so that text is part of what it watches.
 */
function useStripPods(): { readonly all: readonly Pod[]; readonly nowMs: number } {
  const all = useShallowArray(podsAt)
  const ago = useStore((s) => {
    let key = ''
    for (const pod of podsAt(s))
      if (restarted(pod)) key += `${podSummary(pod, DEFAULT_START_MS + s.cursorMs).restarts}\n`
    return key
  })
  // The clock as of this render: it changes the text only where `ago` did.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `ago` stands for the clock
  const nowMs = useMemo(() => DEFAULT_START_MS + useStore.getState().cursorMs, [all, ago])
  return { all, nowMs }
}

export function StatusStrip() {
  const focused = useStore((s) => s.focusedPodKey)
  const t = useT()
  const { all, nowMs } = useStripPods()
  const { shown: pods, hidden } = capList(all, STRIP_PODS, (p) => keyOf(p) === focused)
  return (
    <section className="status-strip" aria-label={t('statusStrip.label')} data-testid="status-strip">
      {all.length === 0 && <span className="muted">{t('common.noPods')}</span>}
      {pods.map((pod) => {
        const key = keyOf(pod)
        const summary = podSummary(pod, nowMs)
        return (
          <PodChip
            key={key}
            podKey={key}
            name={pod.metadata?.name}
            status={summary.status}
            ready={summary.ready}
            restarts={summary.restarts}
            nodeName={pod.spec?.nodeName}
            focused={focused === key}
          />
        )
      })}
      {hidden > 0 && (
        <span
          className="muted pf-more-button"
          data-testid="pod-status-more"
          data-count={hidden}
          title={t('scale.list.morePodsTitle', { count: formatCount(hidden) })}
        >
          {t('scale.list.moreNotShown', { count: formatCount(hidden) })}
        </span>
      )}
    </section>
  )
}

interface ChipProps {
  readonly podKey: string
  readonly name: string | undefined
  readonly status: string
  readonly ready: string
  readonly restarts: string
  readonly nodeName: string | undefined
  readonly focused: boolean
}

/** One Pod's chip; memoized on its text, so the strip's other chips stay as they are each frame. */
const PodChip = memo(function PodChip({
  podKey,
  name,
  status,
  ready,
  restarts,
  nodeName,
  focused,
}: ChipProps) {
  const t = useT()
  return (
    <button
      type="button"
      className={`pod-chip status-${status.replace(/[^A-Za-z]/g, '')}${focused ? ' focused' : ''}`}
      onClick={() => useStore.setState({ focusedPodKey: focused ? undefined : podKey })}
      aria-pressed={focused}
      data-testid="pod-status"
      data-pod={name}
      data-status={status}
      data-node={nodeName ?? ''}
      data-restarts={restarts.split(' ')[0]}
    >
      <strong>{name}</strong> <span className="status">{status}</span> <span className="ready">{ready}</span>{' '}
      {restarts !== '0' && (
        <span className="restarts" title={`RESTARTS ${restarts}`}>
          ↻{restarts.split(' ')[0]}{' '}
        </span>
      )}
      <span className="node">
        {nodeName ? t('statusStrip.onNode', { node: nodeName }) : t('common.notScheduled')}
      </span>
    </button>
  )
})
