/**
 * `npm run bench:bundle`: builds, then measures the JavaScript a visitor downloads before doing
 * anything. Alone, `node bench/bundle-size.mjs [dist] [--sources [--files] [--all]]` measures an
 * existing build (by default dist/).
 *
 * Initial JS = the scripts and modulepreloads that dist/index.html links, plus everything they
 * import statically (transitively). Lazy chunks (dynamic import()) and workers are listed apart:
 * they cost nothing until the user opens the feature that needs them. Exits 1 when initial JS is
 * over the budget, so the check can gate a pipeline; it measures bytes, never time.
 *
 * `--sources` (needs a build with `--sourcemap`: `npx vite build --sourcemap`) also attributes
 * each initial chunk's bytes to the packages and source folders they came from (`--files`: to each
 * file; `--all`: past the top 40), to see what to split next.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'

/** Issue 10's budget for initial JS, gzipped, in kB of 1,000 bytes (as Vite prints sizes). */
const BUDGET_KB = 200

const args = process.argv.slice(2)
const dist = resolve(args.find((a) => !a.startsWith('--')) ?? 'dist')
const showSources = args.includes('--sources')
const showAll = args.includes('--all')
const showFiles = args.includes('--files')
const assets = join(dist, 'assets')
if (!existsSync(join(dist, 'index.html'))) {
  console.error(`no ${join(dist, 'index.html')}: run \`npm run build\` first`)
  process.exit(2)
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`
// zlib's default level, about what a static server sends.
const gzipLength = (buf) => gzipSync(buf).length
const read = (name) => readFileSync(join(assets, name))

/** Asset names that index.html loads up front: `<script src>` and `<link rel="modulepreload">`. */
function linkedFromHtml() {
  const html = readFileSync(join(dist, 'index.html'), 'utf8')
  const names = new Set()
  for (const m of html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g)) names.add(m[1])
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g)) names.add(m[1])
  for (const m of html.matchAll(/<link[^>]*href="([^"]+\.js)"[^>]*rel="modulepreload"/g)) names.add(m[1])
  return [...names].map((src) => src.replace(/^.*\/assets\//, ''))
}

/**
 * Chunks a chunk imports statically: `import ... from"./x.js"` and `import"./x.js"`. A dynamic
 * `import("./x.js")` has a parenthesis and does not match.
 */
function staticImports(name) {
  const code = read(name).toString('utf8')
  const found = new Set()
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)) found.add(m[1])
  return [...found]
}

function initialClosure() {
  const seen = new Set()
  const queue = linkedFromHtml()
  while (queue.length > 0) {
    const name = queue.shift()
    if (seen.has(name) || !existsSync(join(assets, name))) continue
    seen.add(name)
    queue.push(...staticImports(name))
  }
  return [...seen]
}

/** Workers are emitted as `<name>.worker-<hash>.js` (Vite's `?worker` / `new Worker(new URL())`). */
const isWorker = (name) => /\.worker-[^.]+\.js$/.test(name) || /^worker-[^.]+\.js$/.test(name)

// --- source attribution from a sourcemap (VLQ-decoded, one segment = bytes up to the next) ----

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const B64_INDEX = new Map([...B64].map((c, i) => [c, i]))

function decodeVlq(segment) {
  const values = []
  let value = 0
  let shift = 0
  for (const c of segment) {
    const digit = B64_INDEX.get(c)
    value += (digit & 31) << shift
    if (digit & 32) shift += 5
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1)
      value = 0
      shift = 0
    }
  }
  return values
}

/** Bytes of `code` per source file, by the mapping segment each byte falls in. */
function bytesPerSource(code, map) {
  const totals = new Map()
  const lines = code.split('\n')
  const mapLines = map.mappings.split(';')
  let source = 0
  for (let l = 0; l < lines.length; l++) {
    const line = lines[l]
    const segments = (mapLines[l] ?? '').split(',').filter(Boolean)
    let column = 0
    const starts = []
    for (const seg of segments) {
      const v = decodeVlq(seg)
      column += v[0]
      if (v.length >= 4) {
        source += v[1]
        starts.push([column, map.sources[source]])
      } else starts.push([column, '(unmapped)'])
    }
    if (starts.length === 0 || starts[0][0] > 0) starts.unshift([0, '(unmapped)'])
    for (let i = 0; i < starts.length; i++) {
      const [from, src] = starts[i]
      const to = i + 1 < starts.length ? starts[i + 1][0] : line.length
      // Columns are UTF-16 units; close enough to bytes for ranking.
      totals.set(src, (totals.get(src) ?? 0) + Math.max(0, to - from))
    }
    // the mappings carry the other fields (source, line, column, name) across lines; only the
    // generated column restarts per line. Those deltas are folded into `source` above.
  }
  return totals
}

/** Groups a source path: a package under node_modules, or the src/ folder (`--files`: the file). */
function groupOf(path) {
  if (showFiles) return path.replace(/^(\.\.\/)+/, '')
  const nm = path.lastIndexOf('node_modules/')
  if (nm >= 0) {
    const rest = path.slice(nm + 'node_modules/'.length).split('/')
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]
  }
  const src = path.indexOf('src/')
  if (src >= 0) return path.slice(src).split('/').slice(0, 3).join('/')
  return path
}

function printSources(names) {
  const groups = new Map()
  let total = 0
  for (const name of names) {
    const mapFile = join(assets, `${name}.map`)
    if (!existsSync(mapFile)) {
      // Vite's own helpers (preload-helper) have no map; count them whole.
      groups.set(`(no map) ${name}`, read(name).length)
      total += read(name).length
      continue
    }
    const per = bytesPerSource(read(name).toString('utf8'), JSON.parse(readFileSync(mapFile, 'utf8')))
    for (const [src, bytes] of per) {
      groups.set(groupOf(src), (groups.get(groupOf(src)) ?? 0) + bytes)
      total += bytes
    }
  }
  console.log('\ninitial JS by source (minified, before gzip):')
  for (const [group, bytes] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, showAll ? undefined : 40))
    console.log(`  ${kb(bytes).padStart(10)}  ${((bytes / total) * 100).toFixed(1).padStart(5)}%  ${group}`)
}

// --- report --------------------------------------------------------------------------------------

const initial = initialClosure()
const allJs = readdirSync(assets).filter((n) => n.endsWith('.js'))
const lazy = allJs.filter((n) => !initial.includes(n) && !isWorker(n))
const workers = allJs.filter((n) => isWorker(n))

const sized = (names) =>
  names
    .map((name) => ({ name, raw: read(name).length, gzip: gzipLength(read(name)) }))
    .sort((a, b) => b.gzip - a.gzip)
const row = ({ name, raw, gzip }) => `  ${kb(gzip).padStart(10)} gzip  ${kb(raw).padStart(10)} raw  ${name}`

const initialSized = sized(initial)
const initialGzip = initialSized.reduce((sum, c) => sum + c.gzip, 0)
console.log(`initial JS: ${kb(initialGzip)} gzip (budget ${BUDGET_KB} kB), ${initial.length} chunk(s)`)
for (const c of initialSized) console.log(row(c))
console.log(`lazy chunks (${lazy.length}):`)
for (const c of sized(lazy)) console.log(row(c))
console.log(`workers (${workers.length}):`)
for (const c of sized(workers)) console.log(row(c))
if (showSources) printSources(initial)

if (initialGzip > BUDGET_KB * 1000) {
  console.error(`\nover budget: initial JS is ${kb(initialGzip)} gzip, budget ${BUDGET_KB} kB`)
  process.exit(1)
}
