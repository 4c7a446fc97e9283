/**
 * Message catalogs: one nested object of strings per language, the same shape in each (the
 * English one is the reference; the type makes a missing or extra Chinese key a compile error).
 * A string may hold `{name}` placeholders, filled by `t(key, { name })`.
 */
export type Lang = 'en' | 'zh'

export const LANGS: readonly Lang[] = ['en', 'zh']

/** The catalog's shape: nested records whose leaves are strings. */
export type CatalogOf<T> = { readonly [K in keyof T]: T[K] extends string ? string : CatalogOf<T[K]> }

/** Dotted paths to every leaf: `app.tagline`, `timeline.zoomIn`. */
export type KeyOf<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : KeyOf<T[K], `${P}${K}.`>
}[keyof T & string]

export type Params = Readonly<Record<string, string | number>>

/** Fill `{name}` placeholders; a placeholder without a value stays as it is (visible, not blank). */
export function format(template: string, params?: Params): string {
  if (!params) return template
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  )
}

/** The leaf at a dotted path, or undefined. */
export function lookup(catalog: unknown, key: string): string | undefined {
  let node: unknown = catalog
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined
    node = (node as Record<string, unknown>)[part]
  }
  return typeof node === 'string' ? node : undefined
}

/** Every dotted leaf path of a catalog, for tests that compare languages. */
export function leafKeys(catalog: unknown, prefix = ''): string[] {
  if (catalog === null || typeof catalog !== 'object') return []
  return Object.entries(catalog as Record<string, unknown>).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : leafKeys(v, `${prefix}${k}.`),
  )
}

/** The `{name}` placeholders a string uses, sorted and unique. */
export function placeholders(template: string): string[] {
  return [...new Set([...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string))].sort()
}

/**
 * The language to start in: a saved choice, else the first of the browser's languages we have
 * (any `zh-*` is Simplified Chinese here), else English.
 */
export function detectLang(saved: string | null | undefined, browser: readonly string[]): Lang {
  if (saved === 'en' || saved === 'zh') return saved
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0]
    if (base === 'zh') return 'zh'
    if (base === 'en') return 'en'
  }
  return 'en'
}
