import { describe, expect, it } from 'vitest'
import { translator } from '../i18n/i18n'
import { SHARE_REASONS } from './codec'
import { explainProblem, type LinkProblem } from './explain'

const EXAMPLES: readonly LinkProblem[] = [
  { reason: 'not-share-link' },
  { reason: 'malformed' },
  { reason: 'version-newer', version: 2 },
  { reason: 'version-older', version: 0 },
  { reason: 'too-long', length: 70_000, max: 65_536 },
  { reason: 'truncated', have: 120, expected: 214 },
  { reason: 'truncated' },
  { reason: 'bad-characters', char: '&', position: 230 },
  { reason: 'corrupt' },
  { reason: 'too-large', max: 1_048_576 },
  { reason: 'bad-json' },
  { reason: 'bad-field', path: 'cursor', expected: 'time' },
  { reason: 'bad-field', path: 'actions[0].mode', expected: 'one-of', allowed: 'stop, unreachable' },
  { reason: 'bad-field', path: '', expected: 'object' },
  { reason: 'bad-field', path: 'z', expected: 'known-field' },
  { reason: 'bad-field', path: 'user', expected: 'name' },
  { reason: 'bad-field', path: 'actions', expected: 'at-most', allowed: '1000' },
  { reason: 'unknown-scenario', id: 'no-such' },
  { reason: 'rejected', message: 'line 3: unknown kind Foo' },
]

describe('bad-link explanations', () => {
  it('cover every reason, in both languages, with every placeholder filled', () => {
    expect(new Set(EXAMPLES.map((p) => p.reason))).toEqual(new Set([...SHARE_REASONS, 'rejected']))
    for (const lang of ['en', 'zh'] as const) {
      const tr = translator(lang)
      for (const p of EXAMPLES) {
        const text = explainProblem(p, tr, lang)
        expect(text, JSON.stringify(p)).not.toMatch(/\{\w+\}|share\./)
        expect(text.length).toBeGreaterThan(5)
      }
    }
    expect(explainProblem(EXAMPLES[5] as LinkProblem, translator('en'), 'en')).toBe(
      'It was cut short, probably by the app it was sent through: it has 120 of its 214 data characters. Copy the whole link and try again.',
    )
    expect(explainProblem(EXAMPLES[4] as LinkProblem, translator('en'), 'en')).toContain('70,000')
    expect(explainProblem(EXAMPLES[11] as LinkProblem, translator('en'), 'en')).toBe(
      'Its field “cursor” is wrong: expected a time in whole milliseconds, from 0 to 1,000,000,000.',
    )
  })

  it('quote hostile details as short text', () => {
    const text = explainProblem(
      { reason: 'unknown-scenario', id: `<b>${'x'.repeat(5000)}` },
      translator('en'),
      'en',
    )
    expect(text.length).toBeLessThan(400)
    expect(text).toContain('<b>')
  })
})
