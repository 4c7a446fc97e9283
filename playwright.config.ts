import { defineConfig } from '@playwright/test'
import { CHROMIUM } from './e2e/chromium'

// End-to-end tests run in Debian's Chromium (never a downloaded browser) against the built app
// served by `vite preview`; E2E_MODE=dev runs them against the dev server instead. E2E_PORT and
// E2E_DIST (a build made with `vite build --outDir`) let two suites run side by side.
const DEV = process.env.E2E_MODE === 'dev'
const PORT = Number(process.env.E2E_PORT ?? (DEV ? 5173 : 4173))
const DIST = process.env.E2E_DIST ? ` --outDir ${process.env.E2E_DIST}` : ''

export default defineConfig({
  testDir: 'e2e',
  workers: 1,
  retries: 0,
  timeout: 60_000,
  outputDir: process.env.E2E_DIST ? `${process.env.E2E_DIST}-results` : 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    ...CHROMIUM,
  },
  webServer: {
    // vite's bin run by node directly: one process that Playwright can stop cleanly.
    command: `node node_modules/vite/bin/vite.js ${DEV ? '' : `preview${DIST}`} --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
})
