/**
 * A Pod inside its node: name, kubectl STATUS, and its sandbox (pause) holding one square per
 * container, coloured by state. It grows in when the Pod is bound; with prefers-reduced-motion it
 * only flashes a highlight. Clicking it focuses the Pod (as the status strip does).
 */
import { m, useReducedMotion } from 'motion/react'
import { memo, useMemo } from 'react'
import { podSummary } from '../../api/kubectl'
import { DEFAULT_START_MS } from '../../api/time'
import type { Pod } from '../../api/types'
import { type Translate, useT } from '../i18n/i18n'
import { type ContainerView, podState } from '../model/pod-state'
import { podKey } from '../model/pods-view'
import { useStore } from '../store/store'
import { statusTone } from './colors'
import { middleEllipsis } from './labels'
import { GROUP } from './layout'

const HIGHLIGHT = '0 0 0 3px rgba(50, 108, 229, 0.75)'
const NO_HIGHLIGHT = '0 0 0 3px rgba(50, 108, 229, 0)'

function containerState(c: ContainerView, t: Translate): string {
  switch (c.phase) {
    case 'none':
      return t('graph.notCreated')
    case 'terminated': {
      const state = c.reason ? t('graph.terminatedReason', { reason: c.reason }) : t('graph.terminated')
      return c.exitCode !== undefined ? t('graph.exitCode', { state, code: c.exitCode }) : state
    }
    case 'waiting':
      return c.reason ? t('graph.waitingReason', { reason: c.reason }) : t('graph.waiting')
    default:
      return c.ready ? t('graph.runningReady') : t('graph.running')
  }
}

function containerTitle(c: ContainerView, t: Translate): string {
  const detail = containerState(c, t)
  return c.role === 'main'
    ? t('graph.container', { name: c.name, detail })
    : t('graph.containerWithRole', { name: c.name, role: c.role, detail })
}

function PodCardView({ pod }: { pod: Pod }) {
  const key = podKey(pod)
  const focused = useStore((s) => s.focusedPodKey === key)
  const reduced = useReducedMotion()
  const t = useT()
  const namespace = pod.metadata?.namespace ?? 'default'
  const name = pod.metadata?.name ?? ''
  // STATUS does not depend on "now" (only RESTARTS' "ago" does), so no cursor subscription here.
  const summary = useMemo(() => podSummary(pod, DEFAULT_START_MS), [pod])
  const state = useMemo(() => podState(pod), [pod])
  const tone = statusTone(summary.status)
  const shown = middleEllipsis(name, 26)
  const description = t('graph.pod', {
    shown,
    namespace,
    name,
    status: summary.status,
    ready: summary.ready,
    sandbox: t(`graph.sandbox.${state.sandbox}`),
    containers: state.containers.map((c) => containerTitle(c, t)).join('; '),
  })
  return (
    <m.li
      className="pf-pod-slot"
      style={{ height: GROUP.slotHeight }}
      // Every animated value has its start here: a value motion has to read from the element
      // (getComputedStyle) forces a style and layout pass in the middle of the frame, for every
      // card that mounts (a rollout mounts several a frame).
      initial={
        reduced
          ? { opacity: 1, scale: 1, boxShadow: HIGHLIGHT }
          : { opacity: 0, scale: 0.3, boxShadow: NO_HIGHLIGHT }
      }
      animate={{ opacity: 1, scale: 1, boxShadow: NO_HIGHLIGHT }}
      exit={reduced ? { opacity: 0 } : { opacity: 0, scale: 0.6 }}
      transition={{ duration: reduced ? 0.8 : 0.35, ease: 'easeOut' }}
    >
      <button
        type="button"
        className={`pf-pod tone-${tone}${focused ? ' focused' : ''} nodrag nopan`}
        data-testid={`pod-${namespace}-${name}`}
        data-status={summary.status}
        data-node={pod.spec?.nodeName ?? ''}
        aria-pressed={focused}
        aria-label={description}
        title={description}
        onClick={() => useStore.setState({ focusedPodKey: focused ? undefined : key })}
        onContextMenu={(e) => {
          // What if a container crashed, or its image could not be pulled? Open the what-if panel.
          e.preventDefault()
          useStore.setState({ focusedPodKey: key, dockTab: 'whatIf' })
        }}
      >
        {/* In DOM order the card reads "nginx Running pause", the start of its accessible name
            (WCAG 2.5.3, label in name); CSS draws the sandbox before the STATUS. The spaces,
            invisible in the flex layout, keep the words apart. */}
        <span className="pf-pod-name">{shown}</span>{' '}
        <span className="pf-pod-row">
          <span className="pf-pod-status">{summary.status}</span>{' '}
          <span className={`pf-sandbox sandbox-${state.sandbox}`} aria-hidden="true">
            <span className="pf-sandbox-label">pause</span>
            {state.containers.map((c) => (
              <span
                key={`${c.role}/${c.name}`}
                className={`pf-ctr ctr-${c.phase}${c.failed ? ' failed' : ''}${c.role === 'main' ? '' : ' init'}`}
              />
            ))}
          </span>
        </span>
      </button>
    </m.li>
  )
}

export const PodCard = memo(PodCardView)

/** A Pod beyond its node box's slots: not drawn, but listed for screen readers and tests. */
function OverflowPodView({ pod }: { pod: Pod }) {
  const namespace = pod.metadata?.namespace ?? 'default'
  const name = pod.metadata?.name ?? ''
  const status = useMemo(() => podSummary(pod, DEFAULT_START_MS).status, [pod])
  const t = useT()
  return (
    <li data-testid={`pod-${namespace}-${name}`} data-status={status} data-node={pod.spec?.nodeName ?? ''}>
      {t('graph.overflowPod', { namespace, name, status })}
    </li>
  )
}

export const OverflowPod = memo(OverflowPodView)
