/**
 * The accessibility check the a11y specs share: axe-core (WCAG 2.1 A and AA rules) over the page
 * as it is, failing on any violation of impact serious or critical and listing every violation
 * (rule, impact, targets) so that the failure says what to fix.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/** What axe found, one line per violation and target. */
export interface Finding {
  readonly id: string
  readonly impact: string
  readonly target: string
  readonly summary: string
}

export async function axeFindings(page: Page): Promise<Finding[]> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze()
  // A page axe could not read would pass vacuously: it must have checked something.
  expect(results.passes.length, 'axe checked the page').toBeGreaterThan(10)
  return results.violations.flatMap((v) =>
    v.nodes.map((n) => ({
      id: v.id,
      impact: n.impact ?? v.impact ?? 'unknown',
      target: n.target.join(' '),
      summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240),
    })),
  )
}

/** No serious or critical violation on `view`; all findings are printed when there are some. */
export async function expectAccessible(page: Page, view: string): Promise<void> {
  const findings = await axeFindings(page)
  if (findings.length > 0)
    console.log(
      `axe on ${view}:\n${findings.map((f) => `  [${f.impact}] ${f.id} ${f.target}\n    ${f.summary}`).join('\n')}`,
    )
  const serious = findings.filter((f) => f.impact === 'serious' || f.impact === 'critical')
  // Soft: a test goes on to its next view, so one run lists everything there is to fix.
  expect
    .soft(
      serious.map((f) => `${f.id} ${f.target}`),
      `serious or critical axe violations on ${view}`,
    )
    .toEqual([])
}
