/**
 * The ways source code could turn a string into HTML or into code: what no-html-strings.test.ts
 * forbids anywhere under src/. Text reaches the page through React (as text) or through the DOM's
 * textContent, createElement and setAttribute; never through these.
 */

export interface Sink {
  readonly name: string
  readonly pattern: RegExp
}

export const SINKS: readonly Sink[] = [
  { name: 'innerHTML', pattern: /\binnerHTML\b/ },
  { name: 'outerHTML', pattern: /\bouterHTML\b/ },
  { name: 'insertAdjacentHTML', pattern: /\binsertAdjacentHTML\b/ },
  { name: 'dangerouslySetInnerHTML', pattern: /\bdangerouslySetInnerHTML\b/ },
  { name: 'setHTMLUnsafe / parseHTMLUnsafe', pattern: /\b(?:setHTMLUnsafe|parseHTMLUnsafe)\b/ },
  { name: 'document.write', pattern: /\bdocument\s*\.\s*write(?:ln)?\s*\(/ },
  { name: 'createContextualFragment', pattern: /\bcreateContextualFragment\b/ },
  { name: 'DOMParser', pattern: /\bDOMParser\b/ },
  { name: 'srcdoc', pattern: /\bsrcdoc\b/i },
  { name: "execCommand('insertHTML')", pattern: /insertHTML/ },
  { name: 'eval(', pattern: /(?<![\w$.])eval\s*\(/ },
  { name: 'new Function(', pattern: /\bnew\s+Function\s*\(/ },
  { name: 'setTimeout/setInterval with a string', pattern: /\bset(?:Timeout|Interval)\s*\(\s*['"`]/ },
  { name: 'a javascript: URL', pattern: /javascript:/i },
]

export interface Finding {
  readonly line: number
  readonly sink: string
  readonly text: string
}

/** Every use of a sink in `source`, by 1-based line. */
export function findSinks(source: string): Finding[] {
  const found: Finding[] = []
  source.split('\n').forEach((text, i) => {
    for (const s of SINKS)
      if (s.pattern.test(text)) found.push({ line: i + 1, sink: s.name, text: text.trim() })
  })
  return found
}
