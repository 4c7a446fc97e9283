/**
 * `npm run bench` runs bench/run.ts bundled (`node bench/bundled.mjs bench/other.ts …` another
 * entry), as the app's worker runs the simulation: one build of its modules, with no per-function
 * helpers. Through tsx instead, every named function and class
 * is wrapped in esbuild's keepNames helper (`__name`, an Object.defineProperty per closure made),
 * which was 1–1.5 % of SchedulingBasic's whole path and is not in what users run. Packages stay
 * outside the bundle and load from node_modules, as they do for tsx.
 */
import { mkdirSync } from 'node:fs'
import { basename } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('..', import.meta.url))
// An entry named first is taken off the arguments, which the entry reads as its own.
const entry = process.argv[2]?.endsWith('.ts') ? process.argv.splice(2, 1)[0] : 'bench/run.ts'
const outdir = `${root}node_modules/.cache/podflow-bench`
mkdirSync(outdir, { recursive: true })
const outfile = `${outdir}/${basename(entry, '.ts')}.mjs`
await build({
  entryPoints: [`${root}${entry}`],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  outfile,
  logLevel: 'warning',
})
// The entry reads its flags from process.argv, which this process was given.
await import(pathToFileURL(outfile).href)
