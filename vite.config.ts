import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'
import { defineConfig } from 'vitest/config'
import { contentSecurityPolicy } from './src/app/security/csp.js'

// monaco-editor >= 0.56 has an exports map ("./*" -> "./esm/vs/*.js"), but monaco-worker-manager
// (inside monaco-yaml's worker) still imports 'monaco-editor/esm/vs/editor/editor.worker.js'.
const monacoEsm = fileURLToPath(new URL('./node_modules/monaco-editor/esm/vs/', import.meta.url))

// The Content-Security-Policy (src/app/security/csp.ts) as a <meta> in the built index.html, first
// in <head> so it covers every script. Build only: the dev server's HMR and React refresh run
// inline scripts, which the policy forbids.
const CSP = contentSecurityPolicy()
const cspMeta: Plugin = {
  name: 'podflow:csp-meta',
  apply: 'build',
  transformIndexHtml: () => [
    {
      tag: 'meta',
      attrs: { 'http-equiv': 'Content-Security-Policy', content: CSP },
      injectTo: 'head-prepend',
    },
  ],
}

// One file for Vite and Vitest. Unit tests live next to the code (src/**/*.test.ts) and run in
// Node; Playwright specs (e2e/*.spec.ts) are kept out of Vitest.
export default defineConfig({
  plugins: [react(), cspMeta],
  resolve: {
    alias: [{ find: /^monaco-editor\/esm\/vs\/(.*)$/, replacement: `${monacoEsm}$1` }],
  },
  // Dependencies only the YAML worker uses are found late by the dev server, which then reloads
  // the page once (and flakes dev e2e); listing them up front avoids that.
  optimizeDeps: { include: ['monaco-yaml/yaml.worker.js', 'yaml'] },
  worker: { format: 'es' },
  build: {
    chunkSizeWarningLimit: 5000,
    rolldownOptions: {
      // The page's own modules outside src/app are pure (types, functions, constants; nothing
      // registers itself at import), so one whose exports go unused may be dropped. Otherwise the
      // barrel src/api/kubectl/index.ts puts `kubectl describe` (the console's, a lazy chunk) in
      // the initial JS, and protocol's ADMIN_USER brings the simulation's image catalog along.
      // Workers are built apart (`worker`), with the default.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]src[\\/](api|protocol|sim)[\\/]/.test(id) },
    },
  },
  // The same policy as a header, as a real host would send it: it also reaches the workers.
  preview: { host: '127.0.0.1', port: 4173, strictPort: true, headers: { 'Content-Security-Policy': CSP } },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  test: {
    include: ['src/**/*.test.ts', 'bench/**/*.test.ts'],
    setupFiles: ['src/app/i18n/testing.ts'],
    environment: 'node',
    // Whole-cluster tests take a second or two; on a busy 2-core machine several times that. A
    // test must not fail because the machine is slow (timings are the benchmarks' business).
    testTimeout: 60_000,
  },
})
