/**
 * What the security specs share: recording Content-Security-Policy violations in the page, and a
 * flag that hostile text sets if it ever runs as script.
 */
import type { Page } from '@playwright/test'

/** One `securitypolicyviolation` event, as recorded in the page. */
export interface Violation {
  readonly directive: string
  readonly blocked: string
  readonly source: string
  readonly sample: string
}

/** The global a hostile payload sets if it ever runs (it must stay unset). */
export const PWNED = '__podflowPwned'

/**
 * Record every `securitypolicyviolation` of the page's documents from their first script on
 * (an init script runs before the page's own, and CDP-injected code is not itself subject to the
 * policy). Read them back with `violations(page)`.
 */
export async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: unknown[] }
    w.__cspViolations = []
    document.addEventListener(
      'securitypolicyviolation',
      (e) =>
        w.__cspViolations.push({
          directive: e.violatedDirective,
          blocked: e.blockedURI,
          source: `${e.sourceFile}:${e.lineNumber}`,
          sample: e.sample,
        }),
      true,
    )
  })
}

export async function violations(page: Page): Promise<Violation[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations?: Violation[] }).__cspViolations ?? [])
}

/** Whether any hostile payload ran in the page. */
export async function pwned(page: Page): Promise<unknown> {
  return page.evaluate((flag) => (window as unknown as Record<string, unknown>)[flag], PWNED)
}

/** Markup that sets PWNED if it is ever parsed as HTML (or run as script). */
export const HOSTILE = [
  `<img src=x onerror="window.${PWNED}='img'">`,
  `<script>window.${PWNED}='script'</script>`,
  `<svg onload="window.${PWNED}='svg'"></svg>`,
  `<iframe srcdoc="<script>parent.${PWNED}='iframe'</script>"></iframe>`,
  `javascript:window.${PWNED}='href'`,
] as const
