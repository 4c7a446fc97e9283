/**
 * "Why?": the explanation on show (store `why`): what state, since when, the chain in one line,
 * and each message of the chain from the write back to its root cause. Choosing a step selects
 * that message and moves the cursor to it; the graph highlights the whole chain meanwhile.
 */
import { useT } from '../i18n/i18n'
import { rich } from '../i18n/rich'
import { messageById } from '../model/trace-index'
import { stepText } from '../model/why'
import { useStore } from '../store/store'
import { formatOffset } from '../timeline/scale'

export function WhyPanel() {
  const why = useStore((s) => s.why)
  const messages = useStore((s) => s.messages)
  const selectedId = useStore((s) => s.selectedMessageId)
  const t = useT()
  if (!why) return null
  return (
    <section className="why" aria-label={t('why.label')} data-testid="why">
      <header>
        <h3>{rich(t('why.title'), { title: <code>{why.title}</code> })}</h3>
        <button
          type="button"
          className="link"
          data-testid="why-close"
          onClick={() => useStore.setState({ why: undefined })}
        >
          {t('why.close')}
        </button>
      </header>
      <p className="muted">{t('why.since', { subject: why.subject, time: formatOffset(why.atMs) })}</p>
      <p className="why-summary" data-testid="why-summary">
        {/* Without a chain the summary is a sentence of ours, not the chain's technical line. */}
        {why.messageIds.length === 0 ? t('why.beforeStory', { title: why.title }) : why.summary}
      </p>
      {why.messageIds.length > 0 && (
        <ol className="why-steps" data-testid="why-steps">
          {why.messageIds.map((id) => {
            const m = messageById(messages, id)
            if (!m) return null
            return (
              <li key={id}>
                <button
                  type="button"
                  className={`link${id === selectedId ? ' current' : ''}`}
                  data-testid="why-step"
                  data-message-id={id}
                  onClick={() =>
                    useStore.setState({ selectedMessageId: id, cursorMs: m.sentAtMs, playing: false })
                  }
                >
                  <span className="muted">{formatOffset(m.sentAtMs)}</span> {stepText(m)}
                </button>
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}
