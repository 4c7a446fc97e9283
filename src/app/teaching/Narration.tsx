/** Narration text: plain text, `code`, and glossary terms as buttons that open their entry. */
// Its `teaching.*` texts, before it renders (catalog-en.ts).
import './catalog-en'
import { Fragment } from 'react'
import { type MessageKey, useT } from '../i18n/i18n'
import { pieces } from './rich-text'
import { useTeaching } from './teaching-store'

export function Narration({ text, testId }: { text: string; testId?: string }) {
  return (
    <p className="narration" data-testid={testId}>
      {pieces(text).map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text, in order
        <Fragment key={i}>
          {p.kind === 'text' ? (
            p.text
          ) : p.kind === 'code' ? (
            <code>{p.text}</code>
          ) : (
            <GlossaryLink term={p.term} />
          )}
        </Fragment>
      ))}
    </p>
  )
}

function GlossaryLink({ term }: { term: string }) {
  const label = useGlossaryTerm(term)
  return (
    <button
      type="button"
      className="link glossary-link"
      data-testid="glossary-term"
      data-term={term}
      onClick={() => useTeaching.setState({ glossaryTerm: term })}
    >
      {label}
    </button>
  )
}

/** The display name of a glossary term in the current language. */
export function useGlossaryTerm(term: string): string {
  const t = useT()
  return t(`teaching.glossary.${term}.term` as MessageKey)
}
