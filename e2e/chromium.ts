/**
 * How every Playwright run here starts the browser: Debian's Chromium (never a downloaded one),
 * headless, at the app's reference viewport and in English unless a test asks otherwise. Shared by
 * the e2e suite (playwright.config.ts) and the browser benchmark (bench/browser).
 */
import type { PlaywrightTestOptions, PlaywrightWorkerOptions } from '@playwright/test'

export const CHROMIUM: Partial<PlaywrightTestOptions & PlaywrightWorkerOptions> = {
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
}
