/**
 * Progress while the worker computes a long run (thousands of Pods): the simulated time reached,
 * the messages so far and, when the workload says how many Pods it wants, a bar of Pods running.
 * Drawn from the worker's `progress` reports (about every 100 ms of its wall time), so it moves
 * even while the trace itself is still on its way. Once the worker has caught up, the trace may
 * still be arriving (frames are paced to the UI's animation frames): the bar then counts the
 * messages received, and goes away when the UI holds all of them.
 */
import './scale.css'
import { formatCount, useT } from '../i18n/i18n'
import { type State, useStore } from '../store/store'

/** The id of the last message the UI holds (ids are dense: the trace's length up to there). */
const receivedSelector = (s: State): number => s.messages[s.messages.length - 1]?.id ?? 0

export function ComputeProgress() {
  const progress = useStore((s) => (s.progress?.generation === s.generation ? s.progress : undefined))
  const received = useStore(receivedSelector)
  const t = useT()
  if (!progress) return null
  const { computing, simulatedMs, messages, pods, podsRunning, podsWanted } = progress
  const receiving = !computing && received < messages
  if (!computing && !receiving) return null
  const total = Math.max(podsWanted, pods)
  const fraction = receiving
    ? received / Math.max(1, messages)
    : total > 0
      ? Math.min(1, podsRunning / total)
      : undefined
  return (
    <div
      className="pf-progress"
      role="status"
      aria-label={t('scale.progress.label')}
      data-testid="compute-progress"
      data-phase={receiving ? 'receiving' : 'computing'}
    >
      <div className="pf-progress-text" data-testid="compute-progress-text">
        {receiving
          ? t('scale.progress.receiving', {
              received: formatCount(received),
              messages: formatCount(messages),
            })
          : t('scale.progress.text', {
              time: `${(simulatedMs / 1000).toFixed(1)} s`,
              messages: formatCount(messages),
            })}
        {!receiving && total > 0 && (
          <>
            {' · '}
            {t('scale.progress.pods', {
              running: formatCount(podsRunning),
              pods: formatCount(total),
            })}
          </>
        )}
      </div>
      <progress
        className="pf-progress-bar"
        data-testid="compute-progress-bar"
        data-simulated-ms={simulatedMs}
        data-messages={messages}
        data-received={received}
        max={1}
        {...(fraction !== undefined ? { value: fraction } : {})}
      />
    </div>
  )
}
