/**
 * Narration markup: `code` in backticks and [[term]] glossary links, split into pieces the panel
 * renders as text, <code> and buttons (never as HTML).
 */
export type Piece =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'code'; readonly text: string }
  | { readonly kind: 'term'; readonly term: string }

export function pieces(source: string): Piece[] {
  const out: Piece[] = []
  const re = /`([^`]+)`|\[\[(\w+)\]\]/g
  let last = 0
  for (const m of source.matchAll(re)) {
    const at = m.index ?? 0
    if (at > last) out.push({ kind: 'text', text: source.slice(last, at) })
    if (m[1] !== undefined) out.push({ kind: 'code', text: m[1] })
    else out.push({ kind: 'term', term: m[2] as string })
    last = at + m[0].length
  }
  if (last < source.length) out.push({ kind: 'text', text: source.slice(last) })
  return out
}
