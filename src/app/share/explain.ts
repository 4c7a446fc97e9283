/**
 * A bad link's explanation in the user's language: the reason code and its details, as one
 * sentence. Every detail goes in as text (React renders it as text; nothing here is HTML).
 */
import type { Lang } from '../i18n/catalog'
import { formatCount, type MessageKey, type Translate } from '../i18n/i18n'
import { MAX_NAME_CHARS, MAX_TIME_MS, SHARE_VERSION, type ShareProblem } from './codec'

/** Why a link was not restored: the codec's reasons, or the simulation refusing its scenario. */
export type LinkProblem = ShareProblem | { readonly reason: 'rejected'; readonly message: string }

/** Longest detail quoted back (a hostile link could carry a very long one). */
const MAX_DETAIL_CHARS = 200

const clip = (s: string) => (s.length > MAX_DETAIL_CHARS ? `${s.slice(0, MAX_DETAIL_CHARS)}…` : s)

export function explainProblem(problem: LinkProblem, tr: Translate, lang: Lang): string {
  const n = (x: number) => formatCount(x, lang)
  switch (problem.reason) {
    case 'version-newer':
    case 'version-older':
      return tr(`share.reason.${problem.reason}`, { version: problem.version, current: SHARE_VERSION })
    case 'too-long':
      return tr('share.reason.too-long', { length: n(problem.length), max: n(problem.max) })
    case 'truncated':
      return problem.have !== undefined && problem.expected !== undefined
        ? tr('share.reason.truncated', { have: n(problem.have), expected: n(problem.expected) })
        : tr('share.reason.truncatedUnknown')
    case 'bad-characters':
      return tr('share.reason.bad-characters', { char: clip(problem.char), position: n(problem.position) })
    case 'too-large':
      return tr('share.reason.too-large', { max: n(problem.max) })
    case 'bad-field': {
      const path = problem.path === '' ? tr('share.expected.root') : clip(problem.path)
      if (problem.expected === 'known-field') return tr('share.reason.unknownField', { path })
      const expected = tr(`share.expected.${problem.expected}` as MessageKey, {
        max: n(problem.expected === 'time' ? MAX_TIME_MS : MAX_NAME_CHARS),
        allowed: clip(problem.allowed ?? ''),
      })
      return tr('share.reason.bad-field', { path, expected })
    }
    case 'unknown-scenario':
      return tr('share.reason.unknown-scenario', { id: clip(problem.id) })
    case 'rejected':
      return tr('share.reason.rejected', { message: clip(problem.message) })
    case 'not-share-link':
    case 'malformed':
    case 'corrupt':
    case 'bad-json':
      return tr(`share.reason.${problem.reason}`)
  }
}
