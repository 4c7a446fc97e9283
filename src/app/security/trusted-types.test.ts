import { describe, expect, it } from 'vitest'
import { CSP_DIRECTIVES, MONACO_POLICIES } from './csp'
import { defaultPolicyRules } from './trusted-types'

const PAGE = 'http://127.0.0.1:4173/?embed#s=1.x.y'
const rules = defaultPolicyRules(() => PAGE)

describe('the Trusted Types default policy', () => {
  it('never turns a string into HTML (only clearing an element passes)', () => {
    for (const s of ['<img src=x onerror=alert(1)>', 'plain text', '<b>bold</b>', ' '])
      expect(rules.createHTML(s), s).toBeNull()
    expect(rules.createHTML('')).toBe('')
  })

  it('never turns a string into script', () => {
    expect(rules.createScript('1 + 1')).toBeNull()
    expect(rules.createScript('')).toBeNull()
  })

  it("allows the app's own script URLs (its workers) and nothing else", () => {
    for (const url of [
      '/assets/sim.worker-BVLv53ZS.js',
      'http://127.0.0.1:4173/assets/editor.worker-CX7Cj20z.js',
      'assets/yaml.worker.js?worker_file&type=module',
    ])
      expect(rules.createScriptURL(url), url).toBe(url)
    for (const url of [
      'http://127.0.0.2:4173/assets/x.js',
      'https://127.0.0.1:4173/assets/x.js',
      '//evil.example/x.js',
      'javascript:alert(1)',
      'data:text/javascript,alert(1)',
      'blob:http://127.0.0.1:4173/0b6f5f5e-0000-4000-8000-000000000000',
      'http://[::1',
    ])
      expect(rules.createScriptURL(url), url).toBeNull()
  })

  it('is named in the CSP, with every Monaco policy and nothing else', () => {
    const names = CSP_DIRECTIVES['trusted-types']?.map((s) => s.source)
    expect(names).toEqual(['default', ...MONACO_POLICIES])
    expect(CSP_DIRECTIVES['require-trusted-types-for']?.map((s) => s.source)).toEqual(["'script'"])
  })
})
