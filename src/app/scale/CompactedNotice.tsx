/**
 * A large run keeps only its newest messages in full (the worker's trace retention): this says
 * that the detail before a time is gone, and, when the cursor is in that stretch, why the graph
 * and the timeline show nothing there. The counts by stage are in its tooltip.
 */
import './scale.css'
import { formatCount, useT } from '../i18n/i18n'
import { useStore } from '../store/store'
import { formatOffset } from '../timeline/scale'

export function CompactedNotice() {
  const compacted = useStore((s) => s.compacted)
  const before = useStore((s) => s.compacted !== undefined && s.cursorMs <= s.compacted.untilMs)
  const t = useT()
  if (!compacted) return null
  const time = formatOffset(compacted.untilMs, 100)
  const stages = Object.entries(compacted.byStage)
    .sort(([, a], [, b]) => (b ?? 0) - (a ?? 0))
    .map(([stage, n]) => `${stage} ${formatCount(n ?? 0)}`)
    .join(', ')
  return (
    <div
      className="pf-compacted"
      role="note"
      data-testid="trace-compacted"
      data-through-id={compacted.throughId}
      data-until-ms={compacted.untilMs}
      data-before={before}
      title={t('scale.compacted.title', { stages })}
    >
      {before
        ? t('scale.compacted.before', { time })
        : t('scale.compacted.text', { time, messages: formatCount(compacted.messages) })}
    </div>
  )
}
