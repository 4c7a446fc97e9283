import { defineConfig } from '@playwright/test'

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
    browserName: 'chromium',
    viewport: { width: 1280, height: 720 },
    // The app starts in the browser's language: the specs read English unless one asks otherwise
    // (e2e/i18n.spec.ts uses zh-CN).
    locale: 'en-US',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  webServer: {
    // vite's bin run by node directly: one process that Playwright can stop cleanly.
    command: `node node_modules/vite/bin/vite.js ${DEV ? '' : 'preview'} --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
})
