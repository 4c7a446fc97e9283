/**
 * Teaching mode's panel: the story's five steps with the current one lit, the narration of the
 * current message with this run's values (and the idea or the story-versus-reality note it shows),
 * a question to answer before the simulation reveals it, controls to step by message or by stage,
 * and the glossary. The current message is the selected one (stepping selects), else the last story
 * message sent by the cursor.
 */
// Its `teaching.*` texts, before it renders (catalog-en.ts).
import './catalog-en'
import './teaching.css'
import { useEffect, useMemo } from 'react'
import { type MessageKey, useT } from '../i18n/i18n'
import { stepBack, stepForward } from '../playback'
import { useStore } from '../store/store'
import { Glossary } from './Glossary'
import { currentStoryIndex, isStoryMessage, momentOf, type StoryStep } from './moments'
import { Narration } from './Narration'
import { installTeachingPolicy } from './policy'
import { QuestionCard } from './QuestionCard'
import { questionAt } from './questions'
import { useTeaching } from './teaching-store'

const STEPS: readonly StoryStep[] = [1, 2, 3, 4, 5]

export function TeachingPanel() {
  const t = useT()
  const messages = useStore((s) => s.messages)
  const cursorMs = useStore((s) => s.cursorMs)
  const selected = useStore((s) => s.selectedMessageId)
  const revisions = useStore((s) => s.revisions)
  useEffect(() => installTeachingPolicy(), [])

  const index = currentStoryIndex(messages, cursorMs, selected)
  const moment = useMemo(() => (index >= 0 ? momentOf(messages, index) : undefined), [messages, index])
  const question = useMemo(
    () => (index >= 0 ? questionAt(messages, index, revisions) : undefined),
    [messages, index, revisions],
  )
  const storyCount = useMemo(() => messages.filter(isStoryMessage).length, [messages])
  const storyIndex = useMemo(
    () => (index < 0 ? 0 : messages.slice(0, index + 1).filter(isStoryMessage).length),
    [messages, index],
  )
  const key = (k: string) => k as MessageKey
  return (
    <section className="teaching" aria-label={t('teaching.title')} data-testid="teaching-panel">
      <header className="teaching-head">
        <h2>{t('teaching.title')}</h2>
        <button
          type="button"
          className="teaching-close"
          data-testid="teaching-close"
          aria-label={t('teaching.close')}
          title={t('teaching.close')}
          onClick={() => useTeaching.setState({ enabled: false })}
        >
          ×
        </button>
      </header>
      <ol className="story-steps" aria-label={t('teaching.title')}>
        {STEPS.map((n) => (
          <li
            key={n}
            className={moment?.step === n ? 'current' : moment && moment.step > n ? 'done' : ''}
            aria-current={moment?.step === n ? 'step' : undefined}
            data-testid={`story-step-${n}`}
          >
            {t(key(`teaching.stepsShort.s${n}`))}
          </li>
        ))}
      </ol>
      {!moment && <p className="muted">{t('teaching.start')}</p>}
      {moment && (
        <div className="moment" data-testid="teaching-moment" data-part={moment.part} data-step={moment.step}>
          <p className="moment-step muted" data-testid="teaching-step">
            {t(key(`teaching.steps.s${moment.step}`))}
          </p>
          <h3 data-testid="teaching-title">{t(key(`teaching.parts.${moment.part}.title`), moment.params)}</h3>
          <Narration
            text={t(key(`teaching.parts.${moment.part}.text`), moment.params)}
            testId="teaching-narration"
          />
          {moment.idea && (
            <aside className="teaching-idea" data-testid="teaching-idea" data-idea={moment.idea}>
              <strong>{t(key(`teaching.ideas.${moment.idea}.title`))}</strong>
              <Narration text={t(key(`teaching.ideas.${moment.idea}.text`))} />
            </aside>
          )}
          {moment.reality && (
            <aside className="teaching-reality" data-testid="teaching-reality">
              <strong>{t(key(`teaching.reality.${moment.reality}.title`))}</strong>
              <Narration text={t(key(`teaching.reality.${moment.reality}.text`))} />
            </aside>
          )}
        </div>
      )}
      {question && <QuestionCard question={question} />}
      <div className="teaching-controls" role="toolbar" aria-label={t('teaching.keys')}>
        <button
          type="button"
          onClick={() => stepBack(true)}
          aria-label={t('teaching.prevStage')}
          data-testid="teach-prev-stage"
        >
          «
        </button>
        <button type="button" onClick={() => stepBack()} data-testid="teach-prev">
          ◀ {t('teaching.prev')}
        </button>
        <button type="button" onClick={() => stepForward()} data-testid="teach-next">
          {t('teaching.next')} ▶
        </button>
        <button
          type="button"
          onClick={() => stepForward(true)}
          aria-label={t('teaching.nextStage')}
          data-testid="teach-next-stage"
        >
          »
        </button>
      </div>
      <p className="muted teaching-keys">
        {t('teaching.messageOf', { index: storyIndex, count: storyCount })} · {t('teaching.keys')}
      </p>
      <Glossary />
    </section>
  )
}
