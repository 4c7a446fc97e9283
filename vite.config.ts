import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

// One file for Vite and Vitest. Unit tests live next to the code (src/**/*.test.ts) and run in
// Node; Playwright specs (e2e/*.spec.ts) are kept out of Vitest.
export default defineConfig({
  plugins: [react()],
  worker: { format: 'es' },
  build: { chunkSizeWarningLimit: 5000 },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
})
