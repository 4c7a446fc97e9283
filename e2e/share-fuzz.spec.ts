/**
 * Share-link fuzzing in the browser, from a fixed seed: thousands of mutated links (share-fuzz-
 * links.ts) opened through the app's own path, with no crash, no script run, no console error, no
 * CSP violation, no prototype polluted, and the page still responsive and working afterwards.
 *
 * Most links are opened cheaply in one page, as a link pasted into the address bar is: the
 * fragment changes and the app's hashchange listener restores it (share/fragment.ts). Each link's
 * outcome is known in advance (the same decoder run in Node on the fragment as the browser writes
 * it), and the page must show exactly that: the banner with the reason, or the restored view (or
 * the simulation’s refusal). A dozen more (by default) are opened by full navigations.
 *
 * SHARE_FUZZ_RUNS (default 2000) and SHARE_FUZZ_NAVIGATIONS (default 12) run more on demand;
 * SHARE_FUZZ_SEED picks another sequence.
 */
import { expect, type Page, test } from '@playwright/test'
import { decodeShare, isShareFragment } from '../src/app/share/codec'
import { PWNED, pwned, recordViolations, violations } from './security-support'
import { mutatedLink, rng, seedLinks } from './share-fuzz-links'
import { watchProblems } from './support'

const RUNS = Number(process.env.SHARE_FUZZ_RUNS ?? 2000)
const NAVIGATIONS = Number(process.env.SHARE_FUZZ_NAVIGATIONS ?? 12)
const SEED = Number(process.env.SHARE_FUZZ_SEED ?? 0x11ec)
/** Links that still open, at most (each loads a scenario in the worker: the slow part). */
const OPENING = Math.ceil(RUNS / 60)

/** What the page must show for a link: a banner reason, 'restored' (or the worker's 'rejected'), or nothing. */
type Outcome = string

interface Case {
  readonly hash: string
  readonly expected: Outcome
}

/** The fragments as the browser writes them (percent-encoding what a URL cannot hold). */
async function asBrowserWrites(page: Page, fragments: readonly string[]): Promise<string[]> {
  return page.evaluate((fs) => fs.map((f) => new URL(f, location.href).hash), fragments)
}

async function expectedOutcome(hash: string): Promise<Outcome> {
  if (!isShareFragment(hash)) return 'ignored'
  const decoded = await decodeShare(hash)
  return decoded.ok ? 'restored' : decoded.problem.reason
}

/** `count` cases, a bounded share of them links that open. */
async function cases(page: Page, count: number, seed: number, opening: number): Promise<Case[]> {
  const r = rng(seed)
  const goods = await seedLinks()
  const out: Case[] = []
  let opened = 0
  while (out.length < count) {
    const batch = Array.from({ length: 200 }, () => mutatedLink(goods, r))
    const hashes = await asBrowserWrites(page, batch)
    for (const hash of hashes) {
      const expected = await expectedOutcome(hash)
      if (expected === 'restored' && opened >= opening) continue
      if (expected === 'restored') opened++
      out.push({ hash, expected })
      if (out.length === count) break
    }
  }
  // The links that open came first (until their quota filled): spread them out.
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1))
    ;[out[i], out[j]] = [out[j] as Case, out[i] as Case]
  }
  return out
}

/** Errors and rejections in the page, tagged with the link being opened (window.__fuzzAt). */
async function recordPageErrors(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __fuzzErrors: string[]; __fuzzAt?: number }
    w.__fuzzErrors = []
    const note = (what: string) => w.__fuzzErrors.push(`link ${w.__fuzzAt}: ${what}`)
    addEventListener('error', (e) => note(`error: ${e.message}`))
    addEventListener('unhandledrejection', (e) => note(`rejection: ${String(e.reason)}`))
    const consoleError = console.error.bind(console)
    console.error = (...args: unknown[]) => {
      note(`console.error: ${args.map(String).join(' ')}`)
      consoleError(...args)
    }
  })
}

/**
 * Open each case in this page by changing the fragment, and wait until the page shows its outcome.
 * The banner stays up between links (its reason changes; taking it away and back would render the
 * whole app twice a link): when the next link's outcome would look like what is shown, a marker
 * link with another reason goes first. Returns the cases whose outcome did not come.
 */
async function openInPage(page: Page, batch: readonly Case[], offset: number): Promise<string[]> {
  return page.evaluate(
    async ({ batch, offset }) => {
      const w = window as unknown as { __fuzzAt?: number }
      const shown = () =>
        document.querySelector<HTMLElement>('[data-testid=share-error]')?.dataset.reason ?? 'none'
      // Wait for the DOM to show it (watching mutations: no polling).
      const until = (ok: () => boolean, ms: number) =>
        new Promise<boolean>((resolve) => {
          if (ok()) return resolve(true)
          const observer = new MutationObserver(() => ok() && finish(true))
          const timer = setTimeout(() => finish(ok()), ms)
          const finish = (result: boolean) => {
            observer.disconnect()
            clearTimeout(timer)
            resolve(result)
          }
          observer.observe(document.body, {
            subtree: true,
            childList: true,
            attributes: true,
            attributeFilter: ['data-reason'],
          })
        })
      const go = (hash: string) =>
        new Promise<void>((resolve) => {
          addEventListener('hashchange', () => resolve(), { once: true })
          location.hash = hash
        })
      const missed: string[] = []
      /** Show a banner whose reason is not `not`, from a link of its own. */
      const marker = async (i: number, not: string) => {
        const [hash, reason] =
          not === 'version-newer' ? [`#s=0.${i}`, 'version-older'] : [`#s=9.${i}`, 'version-newer']
        await go(hash)
        if (!(await until(() => shown() === reason, 5_000)))
          missed.push(`${i}: no ${reason} banner for the marker`)
      }
      for (const [k, c] of batch.entries()) {
        const i = offset + k
        w.__fuzzAt = i
        if (c.expected === 'ignored') {
          // Not a share link: nothing to show; the final checks catch anything it breaks.
          if (location.hash !== c.hash) await go(c.hash)
          continue
        }
        const want = c.expected === 'restored' ? 'none' : c.expected
        if (shown() === want || location.hash === c.hash) await marker(i, want)
        await go(c.hash)
        const done = () => shown() === want || (c.expected === 'restored' && shown() === 'rejected')
        if (!(await until(done, c.expected === 'restored' ? 30_000 : 5_000)))
          missed.push(`${i}: expected ${c.expected}, shows ${shown()}: ${c.hash.slice(0, 160)}`)
      }
      return missed
    },
    { batch, offset },
  )
}

/** Nothing ran, nothing was polluted, nothing was refused by the policy, and nothing went wrong. */
async function expectClean(page: Page, problems: readonly string[], where: string) {
  expect(await pwned(page), `${where}: ${PWNED}`).toBeUndefined()
  expect(
    await page.evaluate(() => ({
      prototype: Object.getOwnPropertyNames(Object.prototype).filter((k) => /polluted/i.test(k)),
      polluted: ({} as Record<string, unknown>).polluted ?? null,
      injected: document.querySelectorAll('img[src=x], iframe[srcdoc], svg[onload]').length,
    })),
    where,
  ).toEqual({ prototype: [], polluted: null, injected: 0 })
  expect(await violations(page), where).toEqual([])
  expect(
    await page.evaluate(() => (window as unknown as { __fuzzErrors: string[] }).__fuzzErrors),
    where,
  ).toEqual([])
  expect(problems, where).toEqual([])
}

/** The page still works: a good link restores its Pod, and the editor shows its manifest. */
async function expectWorking(page: Page, good: string) {
  await page.evaluate((hash) => {
    location.hash = hash
  }, good)
  await expect(page.getByTestId('clock')).toHaveText('9.000 s', { timeout: 20_000 })
  await expect(page.locator('[data-testid=pod-status][data-pod=nginx]')).toBeVisible()
  await expect(page.locator('[data-testid=workload-editor] .view-lines')).toContainText('nginx')
  await expect(page.getByTestId('share-error')).toHaveCount(0)
}

test(`${RUNS} mutated share links opened in one page: each shows its outcome, nothing breaks`, async ({
  page,
}) => {
  test.setTimeout(Math.max(120_000, RUNS * 60))
  const problems = watchProblems(page)
  page.on('dialog', (d) => problems.push(`dialog: ${d.message()}`))
  await recordViolations(page)
  await recordPageErrors(page)
  await page.goto('/')
  await expect(page.getByTestId('component-kube-apiserver')).toBeVisible()
  await expect(page.locator('[data-testid=workload-editor] .view-lines')).toBeVisible({ timeout: 30_000 })

  const all = await cases(page, RUNS, SEED, OPENING)
  const counts = new Map<string, number>()
  for (const c of all) counts.set(c.expected, (counts.get(c.expected) ?? 0) + 1)
  // The mutations reach every layer: the characters, the compression, the JSON, the validator, the worker.
  for (const reason of ['truncated', 'bad-characters', 'corrupt', 'bad-json', 'bad-field', 'restored'])
    expect(counts.get(reason) ?? 0, reason).toBeGreaterThan(0)

  const BATCH = 100
  for (let i = 0; i < all.length; i += BATCH) {
    const missed = await openInPage(page, all.slice(i, i + BATCH), i)
    expect(missed, `links ${i}…${i + BATCH}`).toEqual([])
    await expectClean(page, problems, `after link ${i + BATCH}`)
  }
  const [good] = await seedLinks()
  await expectWorking(page, good as string)
  await expectClean(page, problems, 'at the end')
  test.info().annotations.push({ type: 'outcomes', description: JSON.stringify([...counts]) })
})

test(`${NAVIGATIONS} mutated share links opened by navigation: each shows its outcome`, async ({ page }) => {
  test.setTimeout(Math.max(120_000, NAVIGATIONS * 3_000))
  const problems = watchProblems(page)
  page.on('dialog', (d) => problems.push(`dialog: ${d.message()}`))
  await recordViolations(page)
  await recordPageErrors(page)
  await page.goto('/')
  const all = await cases(page, NAVIGATIONS, SEED + 1, Math.ceil(NAVIGATIONS / 4))
  for (const [i, c] of all.entries()) {
    await page.goto('about:blank')
    await page.goto(`/${c.hash}`)
    await expect(page.getByTestId('component-kube-apiserver')).toBeVisible()
    const where = `navigation ${i}: ${c.hash.slice(0, 160)}`
    const banner = page.getByTestId('share-error')
    if (c.expected === 'restored') {
      // The app fetches the decoder, loads the link's scenario, then puts its view back.
      const { view } = (await decodeShare(c.hash)) as Extract<
        Awaited<ReturnType<typeof decodeShare>>,
        { ok: true }
      >
      const rejected = banner.and(page.locator('[data-reason=rejected]'))
      await expect(async () => {
        if (await rejected.count()) return
        await expect(page.getByTestId('clock')).toHaveText(`${(view.cursorMs / 1000).toFixed(3)} s`, {
          timeout: 100,
        })
        await expect(page.getByTestId(`dock-tab-${view.dockTab}`)).toHaveAttribute('aria-selected', 'true', {
          timeout: 100,
        })
      }, where).toPass({ timeout: 30_000 })
    } else if (c.expected === 'ignored') {
      await expect(banner, where).toHaveCount(0)
    } else {
      await expect(banner, where).toHaveAttribute('data-reason', c.expected)
    }
    await expectClean(page, problems, where)
  }
})
