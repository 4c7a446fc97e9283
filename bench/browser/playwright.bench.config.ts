import { defineConfig } from '@playwright/test'
import { CHROMIUM } from '../../e2e/chromium'

// The browser frame-budget benchmark (docs/performance.md): the built app served by `vite preview`
// on its own port (4373, so it never collides with the e2e suite on 4173), in Debian's Chromium.
// BENCH_DIST serves another build directory (default dist/); BENCH_SMOKE=1 runs the short version.
// BENCH_JS_FLAGS passes V8 flags to Chromium (`--trace-opt --trace-deopt`: what V8 compiles and
// why it throws code away; with DEBUG=pw:browser the browser's output is printed).
const JS_FLAGS = process.env.BENCH_JS_FLAGS
const PORT = Number(process.env.BENCH_PORT ?? 4373)
const DIST = process.env.BENCH_DIST ?? 'dist'

export default defineConfig({
  testDir: '.',
  testMatch: '*.bench.ts',
  workers: 1,
  retries: 0,
  timeout: 180_000,
  outputDir: '../../test-results/bench-browser',
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    ...CHROMIUM,
    ...(JS_FLAGS
      ? {
          launchOptions: {
            ...CHROMIUM.launchOptions,
            args: [...(CHROMIUM.launchOptions?.args ?? []), `--js-flags=${JS_FLAGS}`],
          },
        }
      : {}),
  },
  webServer: {
    command: `node node_modules/vite/bin/vite.js preview --outDir ${DIST} --host 127.0.0.1 --port ${PORT} --strictPort`,
    cwd: '../..',
    url: `http://127.0.0.1:${PORT}`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
})
