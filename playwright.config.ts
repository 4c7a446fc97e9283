import { defineConfig } from '@playwright/test'
import { CHROMIUM } from './e2e/chromium'

// End-to-end tests run in Debian's Chromium (never a downloaded browser) against the built app
// served by `vite preview`; E2E_MODE=dev runs them against the dev server instead.
const DEV = process.env.E2E_MODE === 'dev'
const PORT = DEV ? 5173 : 4173

export default defineConfig({
  testDir: 'e2e',
  workers: 1,
  retries: 0,
  timeout: 60_000,
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    ...CHROMIUM,
  },
  webServer: {
    // vite's bin run by node directly: one process that Playwright can stop cleanly.
    command: `node node_modules/vite/bin/vite.js ${DEV ? '' : 'preview'} --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
})
