/**
 * The app's language: `t(key, params)` in the current language, a hook for components, and the
 * choice (from the browser, switchable, remembered in localStorage; `<html lang>` follows it).
 */
import { useMemo } from 'react'
import { create } from 'zustand'
import { type CatalogOf, detectLang, format, type KeyOf, type Lang, lookup, type Params } from './catalog'
import { en } from './en'

export type MessageKey = KeyOf<typeof en>
export type { Lang }

type Catalog = CatalogOf<typeof en>

/**
 * English is the reference and every missing key's fallback, so it is always here. Chinese is its
 * own chunk, fetched only when the page shows Chinese (issue 10: initial JS): `loadCatalog` before
 * the language is shown, never English text first.
 */
const catalogs: Partial<Record<Lang, Catalog>> = { en }
const LOADERS: Readonly<Record<Lang, () => Promise<Catalog>>> = {
  en: async () => en,
  zh: async () => (await import('./zh')).zh,
}
const STORAGE_KEY = 'podflow.lang'

/** Fetch `lang`'s catalog if it is not here yet. */
export async function loadCatalog(lang: Lang): Promise<void> {
  catalogs[lang] ??= await LOADERS[lang]()
}

/** Put a catalog in place at once (unit tests, which read Chinese synchronously). */
export function registerCatalog(lang: Lang, catalog: Catalog): void {
  catalogs[lang] = catalog
}

function savedLang(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY)
  } catch {
    return null // storage refused (privacy settings): fall back to the browser's languages
  }
}

function browserLangs(): readonly string[] {
  return typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language])
}

export const useLang = create<{ lang: Lang }>(() => ({ lang: detectLang(savedLang(), browserLangs()) }))

/** `key` in `lang` (English if the key is missing there), placeholders filled. */
export function translate(lang: Lang, key: MessageKey, params?: Params): string {
  return format(lookup(catalogs[lang] ?? en, key) ?? lookup(en, key) ?? key, params)
}

/**
 * What pure modules that produce UI text take: `useT()`'s result in a component, `t` (the current
 * language) by default, or `translator('zh')` in a test.
 */
export type Translate = (key: MessageKey, params?: Params) => string

/** Outside React: the current language's text. */
export function t(key: MessageKey, params?: Params): string {
  return translate(useLang.getState().lang, key, params)
}

/** A `t` for one language, whatever the current one is. */
export function translator(lang: Lang): Translate {
  return (key, params) => translate(lang, key, params)
}

/** In a component: a `t` that re-renders the component when the language changes. */
export function useT(): Translate {
  const lang = useLang((s) => s.lang)
  return useMemo(() => translator(lang), [lang])
}

/** The locale whose digit grouping each language's numbers use. */
const NUMBER_LOCALES: Readonly<Record<Lang, string>> = { en: 'en-US', zh: 'zh-CN' }
const numberFormats = new Map<Lang, Intl.NumberFormat>()

/**
 * `n` grouped as `lang` writes it (12,345), the current language by default. One formatter per
 * language: `n.toLocaleString()` makes one on every call, about 45 µs in Chromium, and panels
 * that count what the cursor passes format numbers on every display update.
 */
export function formatCount(n: number, lang: Lang = useLang.getState().lang): string {
  // Below 1,000 there is nothing to group, and both languages write the digits as String does:
  // most counts on screen are this small, and ICU's formatting is the slower way to the same text.
  if (Number.isInteger(n) && n >= 0 && n < 1000) return String(n)
  let f = numberFormats.get(lang)
  if (!f) numberFormats.set(lang, (f = new Intl.NumberFormat(NUMBER_LOCALES[lang])))
  return f.format(n)
}

/** `one` when `count` is 1, else `other`, with `{count}` filled (Chinese has one form for both). */
export function plural(
  tr: Translate,
  count: number,
  one: MessageKey,
  other: MessageKey,
  params?: Params,
): string {
  return tr(count === 1 ? one : other, { ...params, count })
}

/** A catalog list: `a, b and c` in English, `a、b 和 c` in Chinese; past `max` items, `… and N more`. */
export function listOf(tr: Translate, items: readonly string[], max = Number.POSITIVE_INFINITY): string {
  const sep = tr('common.listSep')
  if (items.length <= 1) return items.join('')
  if (items.length > max)
    return tr('common.listMore', { items: items.slice(0, max).join(sep), count: items.length - max })
  return tr('common.listAnd', { items: items.slice(0, -1).join(sep), last: items.at(-1) as string })
}

/** The language most recently asked for: a slow catalog must not win over a later choice. */
let wanted: Lang | undefined

/** Show `lang` on this page (a share link's language), once its catalog is here. */
export async function showLang(lang: Lang): Promise<void> {
  wanted = lang
  await loadCatalog(lang)
  if (wanted === lang) useLang.setState({ lang })
}

/** The user's choice: shown, and remembered for the next visit. */
export async function setLang(lang: Lang): Promise<void> {
  await showLang(lang)
  if (wanted !== lang) return
  try {
    localStorage.setItem(STORAGE_KEY, lang)
  } catch {
    // Not remembered; the choice still holds for this page.
  }
}

/** Keep `<html lang>` (screen readers and fonts use it) and the page title in step. */
export function syncDocumentLang(): () => void {
  const apply = (lang: Lang) => {
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en'
    document.title = `podflow — ${translate(lang, 'app.tagline')}`
  }
  apply(useLang.getState().lang)
  return useLang.subscribe((s) => apply(s.lang))
}
