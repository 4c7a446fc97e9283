#!/usr/bin/env node
/**
 * Generates src/sim/runtime/catalog/library-tags.ts: the tags Docker Hub's official images
 * (`docker.io/library/*`) have published, read from the git history of
 * github.com/docker-library/official-images (every `library/<name>` file, every revision up to
 * CUTOFF). A tag once listed there was pushed to Docker Hub; Docker Hub keeps old tags.
 *
 *   node scripts/gen-image-catalog.mjs <path to a clone of docker-library/official-images>
 *
 * Left out, to keep the data small: Windows tags (the simulated nodes are linux/amd64),
 * pre-releases (`-rc1`, `-ea-`, `b2`, `-beta`), date-stamped snapshots (`bookworm-20250407`) and
 * `onbuild` variants. Tags listed together in one entry of the file on SIM_DATE name one image
 * (one digest); every other tag names an image of its own.
 *
 * Encoding, per repository, so that 100k tags fit in ~110 kB: a tag is a version
 * (`v?\d+(\.\d+)*`) plus a suffix (`-alpine`), or a plain word (`latest`). Two layouts; the
 * generator keeps the shorter:
 *   A  `<versions>|<suffix> <suffix>;…#<plain> <plain>`  (versions shared by those suffixes)
 *   B  `<suffix>/<suffix>…§<versions>|<i> <i>;…#<plain>…`  (suffix indexes shared by versions)
 * `<versions>` is a comma list where `1.7.0-12` stands for 1.7.0 … 1.7.12.
 */
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'

const CUTOFF = '2025-12-31'
/** The simulation's default date (scenario startTime): floating tags point where they did then. */
const SIM_DATE = '2025-05-01'

/** Repositories whose tags are listed. Other official repositories pull any tag (size estimated). */
const REPOSITORIES = [
  'adminer',
  'almalinux',
  'alpine',
  'amazonlinux',
  'bash',
  'busybox',
  'caddy',
  'cassandra',
  'centos',
  'consul',
  'couchdb',
  'debian',
  'eclipse-temurin',
  'elasticsearch',
  'fedora',
  'gcc',
  'golang',
  'haproxy',
  'hello-world',
  'httpd',
  'influxdb',
  'jenkins',
  'kibana',
  'mariadb',
  'memcached',
  'mongo',
  'mysql',
  'nats',
  'nginx',
  'node',
  'openjdk',
  'perl',
  'php',
  'phpmyadmin',
  'postgres',
  'python',
  'rabbitmq',
  'redis',
  'registry',
  'rockylinux',
  'ruby',
  'rust',
  'solr',
  'sonarqube',
  'telegraf',
  'tomcat',
  'traefik',
  'ubuntu',
  'vault',
  'wordpress',
  'zookeeper',
]

const NOISE =
  /windows|nanoserver|ltsc|(^|[-.])(ea|rc|beta|alpha|dev|preview|b\d|a\d)\d*([-.]|$)|\d{8}|rc\d|beta\d|alpha\d|onbuild/i
const VERSION = /^(v?\d+(?:\.\d+)*)(.*)$/

const repo = process.argv[2]
if (!repo) {
  console.error('usage: node scripts/gen-image-catalog.mjs <official-images clone>')
  process.exit(2)
}
const git = (...args) => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 })

/** The entries of one revision of a library file: the tags of each, Tags before SharedTags. */
function parseLibraryFile(text) {
  const entries = []
  if (/^Tags:/m.test(text)) {
    for (const block of text.split(/\n\s*\n/)) {
      const tags = []
      const shared = []
      for (const line of block.split('\n')) {
        const m = /^(Tags|SharedTags):\s*(.*)$/.exec(line)
        if (!m) continue
        const list = m[2]
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean)
        ;(m[1] === 'Tags' ? tags : shared).push(...list)
      }
      if (tags.length) entries.push({ tags, shared })
    }
    return entries
  }
  // The old line format: `<tag>: <git url>@<commit> [<directory>]`; one image per url + directory.
  const groups = new Map()
  for (const raw of text.split('\n')) {
    const line = raw.split('#')[0].trim()
    const m = /^(\w[\w.-]*):\s*(\S+)(?:\s+(\S+))?/.exec(line)
    if (!m) continue
    const key = `${m[2]} ${m[3] ?? ''}`
    groups.set(key, [...(groups.get(key) ?? []), m[1]])
  }
  return [...groups.values()].map((tags) => ({ tags, shared: [] }))
}

function tagsOf(name) {
  const log = git('log', '--format=%H %cs', '--', `library/${name}`).trim().split('\n').filter(Boolean)
  const commits = log.map((l) => l.split(' ')).reverse()
  const seen = new Set()
  /** tag → the entry (commit + index) it was last listed in, on or before SIM_DATE if it existed then. */
  const lastAtSim = new Map()
  const lastAtCutoff = new Map()
  let simHead = ''
  for (const [sha, date] of commits) {
    if (date > CUTOFF) break
    if (date <= SIM_DATE) simHead = sha
    let text
    try {
      text = execFileSync('git', ['-C', repo, 'show', `${sha}:library/${name}`], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      })
    } catch {
      continue // the commit deleted the file
    }
    const here = new Map()
    const entries = parseLibraryFile(text)
    entries.forEach((e, i) => {
      for (const t of e.tags) here.set(t, `${sha}:${i}`)
    })
    entries.forEach((e, i) => {
      for (const t of e.shared) if (!here.has(t)) here.set(t, `${sha}:${i}`)
    })
    for (const [t, key] of here) {
      if (NOISE.test(t)) continue
      seen.add(t)
      if (date <= SIM_DATE) lastAtSim.set(t, key)
      lastAtCutoff.set(t, key)
    }
  }
  // Aliases: the tags of one entry of the file as it was on SIM_DATE (older and newer tags each
  // name an image of their own: a simplification that only costs a second download).
  const groups = new Map()
  for (const t of seen) {
    const key = lastAtSim.get(t)
    if (key === undefined || !key.startsWith(`${simHead}:`)) continue
    groups.set(key, [...(groups.get(key) ?? []), t])
  }
  const aliases = [...groups.values()].filter((g) => g.length > 1).map((g) => g.sort(compareTags))
  return { tags: [...seen], aliases }
}

function versionKey(v) {
  return v.replace(/^v/, '').split('.').map(Number)
}
function compareVersions(a, b) {
  if (a.startsWith('v') !== b.startsWith('v')) return a.startsWith('v') ? 1 : -1
  const x = versionKey(a)
  const y = versionKey(b)
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? -1) - (y[i] ?? -1)
    if (d) return d
  }
  return 0
}
function compareTags(a, b) {
  const ma = VERSION.exec(a)
  const mb = VERSION.exec(b)
  if (ma && mb) return compareVersions(ma[1], mb[1]) || (ma[2] < mb[2] ? -1 : ma[2] > mb[2] ? 1 : 0)
  if (ma || mb) return ma ? -1 : 1
  return a < b ? -1 : a > b ? 1 : 0
}

/** `1.7.0,1.7.1,1.7.2` → `1.7.0-2` (runs of the last component; no leading zeros in a run). */
function compressVersions(versions) {
  const vs = [...new Set(versions)].sort(compareVersions)
  const out = []
  const last = (v) => v.split('.').at(-1)
  const prefix = (v) => v.split('.').slice(0, -1).join('.')
  const plainNumber = (s) => /^(0|[1-9]\d*)$/.test(s)
  for (let i = 0; i < vs.length; ) {
    let j = i
    while (
      j + 1 < vs.length &&
      vs[j + 1].split('.').length === vs[i].split('.').length &&
      prefix(vs[j + 1]) === prefix(vs[i]) &&
      plainNumber(last(vs[i])) &&
      plainNumber(last(vs[j + 1])) &&
      Number(last(vs[j + 1])) === Number(last(vs[j])) + 1
    )
      j++
    out.push(j > i ? `${vs[i]}-${last(vs[j])}` : vs[i])
    i = j + 1
  }
  return out.join(',')
}

function split(tags) {
  const plain = []
  const pairs = []
  for (const t of tags) {
    const m = VERSION.exec(t)
    if (m) pairs.push([m[1], m[2]])
    else plain.push(t)
  }
  return { plain: plain.sort(), pairs }
}

function encodeA(tags) {
  const { plain, pairs } = split(tags)
  const bySuffix = new Map()
  for (const [v, s] of pairs) bySuffix.set(s, [...(bySuffix.get(s) ?? []), v])
  const bySet = new Map()
  for (const [s, vs] of bySuffix) {
    const key = compressVersions(vs)
    bySet.set(key, [...(bySet.get(key) ?? []), s])
  }
  const lines = [...bySet].map(([vs, ss]) => `${vs}|${ss.sort().join(' ')}`)
  return `${lines.join(';')}#${plain.join(' ')}`
}

function encodeB(tags) {
  const { plain, pairs } = split(tags)
  const suffixes = [...new Set(pairs.map(([, s]) => s))].sort()
  const index = new Map(suffixes.map((s, i) => [s, i]))
  const byVersion = new Map()
  for (const [v, s] of pairs) byVersion.set(v, [...(byVersion.get(v) ?? []), index.get(s)])
  const bySet = new Map()
  for (const [v, is] of byVersion) {
    const key = is.sort((a, b) => a - b).join(' ')
    bySet.set(key, [...(bySet.get(key) ?? []), v])
  }
  const lines = [...bySet].map(([is, vs]) => `${compressVersions(vs)}|${is}`)
  return `${suffixes.join('/')}§${lines.join(';')}#${plain.join(' ')}`
}

/** Every repository name official-images ever had (deprecated ones still serve their old tags). */
function officialNames() {
  const out = git('log', '--diff-filter=A', '--name-only', '--format=', '--', 'library/')
  return [...new Set(out.split('\n').filter((l) => /^library\/[a-z0-9][a-z0-9._-]*$/.test(l)))]
    .map((l) => l.slice('library/'.length))
    .sort()
}

const tags = {}
const aliases = {}
for (const name of REPOSITORIES) {
  const r = tagsOf(name)
  const a = encodeA(r.tags)
  const b = encodeB(r.tags)
  tags[name] = a.length <= b.length ? a : b
  aliases[name] = r.aliases.map((g) => g.join(' ')).join(',')
  console.error(`${name}: ${r.tags.length} tags, ${tags[name].length} chars`)
}

const quote = (s) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
const body = `// Generated by scripts/gen-image-catalog.mjs from the history of
// github.com/docker-library/official-images up to ${CUTOFF}. Do not edit by hand.

/** The tags of each official image (\`docker.io/library/<name>\`), encoded as the generator says. */
export const LIBRARY_TAGS: Readonly<Record<string, string>> = {
${REPOSITORIES.map((n) => `  ${quote(n)}: ${quote(tags[n])},`).join('\n')}
}

/** Tags that name one image (one digest), comma-separated groups of space-separated tags, as of ${SIM_DATE}. */
export const LIBRARY_ALIASES: Readonly<Record<string, string>> = {
${REPOSITORIES.map((n) => `  ${quote(n)}: ${quote(aliases[n])},`).join('\n')}
}

/** Every official image name Docker Hub has had; \`docker.io/library/<other>\` does not exist. */
export const OFFICIAL_IMAGES: readonly string[] = ${JSON.stringify(officialNames()).replace(/"/g, "'")}
`
const target = join(import.meta.dirname, '../src/sim/runtime/catalog/library-tags.ts')
writeFileSync(target, body)
console.error(`wrote ${target} (${body.length} chars)`)
