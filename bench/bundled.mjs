/**
 * `npm run bench` runs bench/run.ts bundled, as the app's worker runs the simulation: one build of
 * its modules, with no per-function helpers. Through tsx instead, every named function and class
 * is wrapped in esbuild's keepNames helper (`__name`, an Object.defineProperty per closure made),
 * which was 1–1.5 % of SchedulingBasic's whole path and is not in what users run. Packages stay
 * outside the bundle and load from node_modules, as they do for tsx.
 */
import { mkdirSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('..', import.meta.url))
const outdir = `${root}node_modules/.cache/podflow-bench`
mkdirSync(outdir, { recursive: true })
const outfile = `${outdir}/run.mjs`
await build({
  entryPoints: [`${root}bench/run.ts`],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  outfile,
  logLevel: 'warning',
})
// bench/run.ts reads its flags from process.argv, which this process was given.
await import(pathToFileURL(outfile).href)
