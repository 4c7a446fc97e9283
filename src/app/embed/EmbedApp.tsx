/**
 * Embed mode (`?embed`, with `&scenario=<library id>` or a share link's fragment): a compact,
 * read-only stepping view for blogs and slides — the graph, playback, and one line of narration
 * for the current message — with a link that opens the same scenario in the full app. Nothing can
 * be edited or applied here; the editor (and Monaco) is never loaded.
 */
// Its `teaching.*` texts, before it renders (catalog-en.ts).
import '../teaching/catalog-en'
import './embed.css'
import { useEffect, useMemo, useState } from 'react'
import { SCENARIOS } from '../../scenarios/library'
import { loadScenario, startSimulation } from '../bridge'
import { ClusterGraph } from '../graph/ClusterGraph'
import { type MessageKey, syncDocumentLang, useLang, useT } from '../i18n/i18n'
import { PlaybackBar } from '../PlaybackBar'
import { setStepPolicy } from '../playback'
import { restoreFromLocation } from '../share/restore'
import { installShortcuts } from '../shortcuts'
import { useStore } from '../store/store'
import { Glossary } from '../teaching/Glossary'
import { currentStoryIndex, isStoryMessage, momentOf } from '../teaching/moments'
import { Narration } from '../teaching/Narration'

/** The full app's address for what this embed shows: the same query and fragment without `embed`. */
export function fullAppHref(href: string): string {
  const url = new URL(href)
  url.searchParams.delete('embed')
  return url.toString()
}

export function EmbedApp() {
  const t = useT()
  const lang = useLang((s) => s.lang)
  const [unknown, setUnknown] = useState<string | undefined>()
  const id = new URLSearchParams(location.search).get('scenario') ?? undefined
  const scenario = SCENARIOS.find((s) => s.id === id)
  useEffect(() => {
    // Story messages only, and no questions: readers step through, they are not quizzed.
    setStepPolicy({ include: isStoryMessage, stopAt: (_from, to) => to })
    // A share link's fragment brings its scenario and cursor; else a library id; else the default.
    void restoreFromLocation().then((outcome) => {
      if (outcome === 'restored') return
      if (scenario) void loadScenario(scenario.input)
      else {
        if (id !== undefined) setUnknown(id)
        startSimulation()
      }
    })
    const uninstall = installShortcuts()
    const unsync = syncDocumentLang()
    return () => {
      setStepPolicy(undefined)
      uninstall()
      unsync()
    }
  }, [scenario, id])
  return (
    <div className="embed" data-testid="embed">
      <header className="embed-head">
        <strong>podflow</strong>
        {scenario && <span data-testid="embed-title">{scenario.title[lang]}</span>}
        <a
          href={fullAppHref(location.href)}
          target="_blank"
          rel="noopener"
          title={t('embed.openHint')}
          data-testid="embed-open"
        >
          {t('embed.open')} ↗
        </a>
      </header>
      {unknown && (
        <p className="embed-note" role="status">
          {t('embed.unknownScenario', { id: unknown })}
        </p>
      )}
      <div className="embed-graph">
        <ClusterGraph />
      </div>
      <PlaybackBar />
      <EmbedCaption />
    </div>
  )
}

/** The current message's moment, in one short block. */
function EmbedCaption() {
  const t = useT()
  const messages = useStore((s) => s.messages)
  const cursorMs = useStore((s) => s.cursorMs)
  const selected = useStore((s) => s.selectedMessageId)
  const index = useMemo(() => currentStoryIndex(messages, cursorMs, selected), [messages, cursorMs, selected])
  const moment = index >= 0 ? momentOf(messages, index) : undefined
  return (
    <section
      className="embed-caption"
      aria-live="polite"
      data-testid="embed-caption"
      data-part={moment?.part ?? ''}
    >
      {moment ? (
        <>
          <strong>{t(`teaching.parts.${moment.part}.title` as MessageKey, moment.params)}</strong>
          <Narration text={t(`teaching.parts.${moment.part}.text` as MessageKey, moment.params)} />
          <Glossary />
        </>
      ) : (
        <p className="muted">{t('embed.start')}</p>
      )}
    </section>
  )
}
