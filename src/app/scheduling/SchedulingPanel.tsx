/**
 * Why a Pod is Pending, or why it went to its node: the Pod's scheduling attempts, fetched from
 * the worker, shown as of the cursor. The worker is asked again only when the trace gains an
 * attempt step for this Pod or a fork starts a new generation, not as the cursor moves: attempts
 * after the cursor are already known and simply hidden.
 */
import './scheduling.css'
import { useEffect, useMemo, useState } from 'react'
import type { Pod } from '../../api/types'
import type { SchedulingAttempt } from '../../protocol/messages'
import { fetchScheduling } from '../bridge'
import { useT } from '../i18n/i18n'
import { useStore } from '../store/store'
import { countAt, type ScoreMode } from './explain'
import { attemptStepCounter, noAttemptText, splitPodKey } from './panel-model'
import { SchedulingView } from './SchedulingView'

/** `pod` is `namespace/name`. */
export function SchedulingPanel({ pod }: { pod: string }) {
  const counter = useMemo(attemptStepCounter, [])
  // A number: the panel re-renders when it changes, not on every frame (the counter is incremental).
  const steps = useStore((s) => counter(s.messages, pod))
  const generation = useStore((s) => s.generation)
  const t = useT()
  const { namespace, name } = splitPodKey(pod)
  const created = useStore((s) => s.revisions.get(`/registry/pods/${namespace}/${name}`)?.[0]?.object) as
    | Pod
    | null
    | undefined

  const [loaded, setLoaded] = useState<{ pod: string; attempts: readonly SchedulingAttempt[] }>()
  // biome-ignore lint/correctness/useExhaustiveDependencies: steps and generation say when the worker knows more
  useEffect(() => {
    let live = true
    fetchScheduling(pod).then((attempts) => {
      if (live) setLoaded({ pod, attempts })
    })
    return () => {
      live = false
    }
  }, [pod, steps, generation])
  // Until the answer for this Pod comes, show nothing stale from another Pod.
  const attempts = loaded?.pod === pod ? loaded.attempts : undefined

  // Only the count of attempts before the cursor matters, so moving the cursor within an attempt
  // does not re-render the table.
  const visible = useStore((s) => (attempts ? countAt(attempts, s.cursorMs) : 0))
  const shown = useMemo(() => attempts?.slice(0, visible) ?? [], [attempts, visible])

  // A choice belongs to its Pod: another Pod opens on its own latest attempt.
  const [choice, setChoice] = useState<{ pod: string; index: number | undefined }>()
  const [mode, setMode] = useState<ScoreMode>('weighted')

  return (
    <section className="scheduling" aria-label={t('scheduling.label', { pod })} data-testid="scheduling">
      {attempts === undefined ? (
        <p className="muted">{t('scheduling.loading')}</p>
      ) : (
        <SchedulingView
          attempts={shown}
          chosen={choice?.pod === pod ? choice.index : undefined}
          onChoose={(index) => setChoice({ pod, index })}
          mode={mode}
          onMode={setMode}
          emptyText={noAttemptText(attempts.length, created ?? undefined, t)}
        />
      )}
    </section>
  )
}
