import { describe, expect, it } from 'vitest'
import { CSP_DIRECTIVES, contentSecurityPolicy } from './csp'

describe('the Content-Security-Policy', () => {
  const policy = contentSecurityPolicy()
  const directive = (name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `))

  it('allows scripts and workers only from the app itself: no inline script, no eval', () => {
    expect(directive('script-src')).toBe("script-src 'self'")
    expect(directive('worker-src')).toBe("worker-src 'self'")
    expect(policy).not.toMatch(/unsafe-eval|wasm-unsafe-eval|unsafe-hashes|strict-dynamic|blob:|\*/)
    expect(directive('default-src')).toBe("default-src 'none'")
  })

  it("confines 'unsafe-inline' to styles", () => {
    const withInline = policy.split('; ').filter((d) => d.includes("'unsafe-inline'"))
    expect(withInline).toEqual(["style-src 'self' 'unsafe-inline'"])
  })

  it('says why each source is there', () => {
    for (const [name, sources] of Object.entries(CSP_DIRECTIVES)) {
      expect(sources.length, name).toBeGreaterThan(0)
      for (const s of sources) expect(s.why.length, `${name} ${s.source}`).toBeGreaterThan(10)
    }
  })

  it('has nothing a <meta> policy ignores (and logs as an error)', () => {
    // frame-ancestors, report-uri and sandbox are header-only: in a <meta> Chromium warns on the console.
    expect(policy).not.toMatch(/frame-ancestors|report-uri|report-to|sandbox/)
  })
})
