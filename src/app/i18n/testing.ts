/**
 * Vitest's setup (vite.config.ts `test.setupFiles`): every catalog in place before a test runs.
 * The app fetches Chinese on demand (loadCatalog); unit tests read it synchronously through
 * `translator('zh')`.
 */
import { registerCatalog } from './i18n'
import { zh } from './zh'

registerCatalog('zh', zh)
