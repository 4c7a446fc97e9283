/**
 * A catalog text with elements in its placeholders (`Why {title}?` with `{title}` as <code>), so
 * each language keeps its own word order around them.
 */
import { Fragment, type ReactNode } from 'react'

/** `template` (a catalog text, placeholders unfilled) with each `{name}` replaced by `parts[name]`. */
export function rich(template: string, parts: Readonly<Record<string, ReactNode>>): ReactNode[] {
  return template.split(/\{(\w+)\}/).map((piece, i) => (
    // Odd pieces are placeholder names; even ones the text between them.
    // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one template never move
    <Fragment key={i}>
      {i % 2 === 1 ? (Object.hasOwn(parts, piece) ? parts[piece] : `{${piece}}`) : piece}
    </Fragment>
  ))
}
