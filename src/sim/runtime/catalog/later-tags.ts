/**
 * Tags published after the catalog's data ends. The official images' tags are read up to the end
 * of 2025 (scripts/gen-image-catalog.mjs); a release since then is real on Docker Hub but not in
 * the data. A tag is taken as such a release when it is the next step of a version series the
 * repository has (same prefix and suffix): up to two minor versions past the newest, or ten
 * patches past the newest of its minor, or the next major's first minors. A typo lands far
 * beyond (`nginx:1.277`) or inside the known range (`nginx:1.14.3`), and is still not found.
 */

interface Version {
  readonly prefix: string
  readonly parts: readonly number[]
  readonly suffix: string
}

const VERSION = /^(v?)(\d+(?:\.\d+){0,2})(.*)$/

function parse(tag: string): Version | undefined {
  const m = VERSION.exec(tag)
  if (!m) return undefined
  return { prefix: m[1] as string, parts: (m[2] as string).split('.').map(Number), suffix: m[3] as string }
}

const compare = (a: readonly number[], b: readonly number[]): number => {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0)
    if (d !== 0) return d
  }
  return 0
}

/** The newest version of each series (prefix, suffix, number of parts) among `tags`. */
function newestBySeries(tags: Iterable<string>): Map<string, readonly number[]> {
  const newest = new Map<string, readonly number[]>()
  for (const tag of tags) {
    const v = parse(tag)
    if (!v) continue
    const key = `${v.prefix}|${v.suffix}|${v.parts.length}`
    const best = newest.get(key)
    if (!best || compare(v.parts, best) > 0) newest.set(key, v.parts)
  }
  return newest
}

const cache = new WeakMap<ReadonlySet<string>, Map<string, readonly number[]>>()

/** Whether `tag` is the next step of a series in `tags` (see the file's header). */
export function isLaterRelease(tags: ReadonlySet<string>, tag: string): boolean {
  const v = parse(tag)
  if (!v) return false
  let newest = cache.get(tags)
  if (!newest) {
    newest = newestBySeries(tags)
    cache.set(tags, newest)
  }
  const best = newest.get(`${v.prefix}|${v.suffix}|${v.parts.length}`)
  if (!best || compare(v.parts, best) <= 0) return false
  const [major, minor = 0, patch = 0] = v.parts
  const [bestMajor = 0, bestMinor = 0, bestPatch = 0] = best
  if (major === bestMajor + 1) return v.parts.length === 1 || minor <= 2
  if (major !== bestMajor) return false
  if (v.parts.length === 1) return false
  if (minor === bestMinor) return patch <= bestPatch + 10
  return minor <= bestMinor + 2 && patch <= 10
}
