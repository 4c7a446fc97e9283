/** A predict-then-reveal question: the learner answers, then sees the simulation's answer. */
// Its `teaching.*` texts, before it renders (catalog-en.ts).
import './catalog-en'
import { useT } from '../i18n/i18n'
import { useStore } from '../store/store'
import type { Question } from './questions'
import { answer, useTeaching } from './teaching-store'

export function QuestionCard({ question }: { question: Question }) {
  const t = useT()
  const given = useTeaching((s) => s.answers[question.id])
  const nodes = useStore((s) => s.nodes)
  const choices =
    question.kind === 'whichNode'
      ? nodes.map((n) => n.metadata?.name ?? '').filter((n) => n !== '')
      : ['yes', 'no']
  const label = (c: string) =>
    question.kind === 'willStart' ? t(c === 'yes' ? 'teaching.predict.yes' : 'teaching.predict.no') : c
  const truth = question.kind === 'whichNode' ? (question.truth ?? '') : question.truth
  const truthText =
    question.kind === 'willStart'
      ? t(truth === 'yes' ? 'teaching.predict.started' : 'teaching.predict.notStarted')
      : truth
  const prompt =
    question.kind === 'whichNode'
      ? t('teaching.predict.whichNode', { pod: question.pod })
      : t('teaching.predict.willStart', { pod: question.pod })
  return (
    <aside className="teaching-question" data-testid="teaching-question" data-kind={question.kind}>
      <strong>{t('teaching.predict.heading')}</strong>
      <p>{prompt}</p>
      {!given && (
        <>
          <div className="choices">
            {choices.map((c) => (
              <button
                key={c}
                type="button"
                data-testid="teaching-choice"
                data-choice={c}
                onClick={() => answer(question.id, { choice: c, truth })}
              >
                {label(c)}
              </button>
            ))}
            <button
              type="button"
              className="link"
              data-testid="teaching-skip"
              onClick={() => answer(question.id, { choice: '', truth })}
            >
              {t('teaching.predict.skip')}
            </button>
          </div>
          <p className="muted">{t('teaching.predict.blocked')}</p>
        </>
      )}
      {given && (
        <p data-testid="teaching-reveal" data-correct={given.choice === given.truth}>
          {given.choice === given.truth
            ? t('teaching.predict.right', { answer: truthText })
            : t('teaching.predict.wrong', { answer: truthText })}
          {question.kind === 'whichNode' && <> {t('teaching.predict.whyNode')}</>}
        </p>
      )}
    </aside>
  )
}
