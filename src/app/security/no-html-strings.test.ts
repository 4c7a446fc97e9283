/**
 * No HTML built from strings anywhere: every file under src/ is scanned for the sinks of
 * html-sinks.ts (innerHTML, eval, document.write…); a use fails the test, naming file:line.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { findSinks, SINKS } from './html-sinks'

const SRC = fileURLToPath(new URL('../..', import.meta.url))
// The files that name the sinks to forbid them (this test, its list, the policies); nothing else may.
const SELF = new Set(
  ['html-sinks.ts', 'no-html-strings.test.ts', 'csp.ts', 'trusted-types.ts', 'trusted-types.test.ts'].map(
    (f) => `app/security/${f}`,
  ),
)

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return sourceFiles(path)
    return /\.(?:[cm]?[jt]sx?|html)$/.test(e.name) ? [path] : []
  })
}

describe('no HTML built from strings', () => {
  it('finds every kind of sink in a sample (the scanner works)', () => {
    const sample = [
      'el.innerHTML = text',
      'el.outerHTML = text',
      "el.insertAdjacentHTML('beforeend', text)",
      '<div dangerouslySetInnerHTML={{ __html: text }} />',
      'el.setHTMLUnsafe(text)',
      'document.write(text)',
      'range.createContextualFragment(text)',
      "new DOMParser().parseFromString(text, 'text/html')",
      'frame.srcdoc = text',
      "document.execCommand('insertHTML', false, text)",
      'eval(text)',
      'new Function(text)',
      "setTimeout('go()', 10)",
      "a.href = 'javascript:go()'",
    ].join('\n')
    const found = findSinks(sample)
    expect(found.map((f) => f.line)).toEqual(sample.split('\n').map((_, i) => i + 1))
    expect(new Set(found.map((f) => f.sink))).toEqual(new Set(SINKS.map((s) => s.name)))
    // Look-alikes that are fine.
    expect(
      findSinks('el.textContent = text\nretrieval(x)\nsetTimeout(() => go(), 10)\nthis.evaluate(x)'),
    ).toEqual([])
  })

  it('src/ uses none of them', () => {
    const files = sourceFiles(SRC)
    expect(files.length).toBeGreaterThan(100)
    const findings = files
      .filter((f) => !SELF.has(relative(SRC, f).split('\\').join('/')))
      .flatMap((f) =>
        findSinks(readFileSync(f, 'utf8')).map(
          (x) => `src/${relative(SRC, f)}:${x.line} ${x.sink}: ${x.text}`,
        ),
      )
    expect(findings).toEqual([])
  })
})
