// First: the Trusted Types default policy, before any other module can reach a sink.
import './security/install'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { loadCatalog, useLang } from './i18n/i18n'
import './app.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
// `?embed`: the compact, read-only view for blogs and slides (its own chunk: most visits never need it).
const embed = new URLSearchParams(location.search).has('embed')
const view = embed ? import('./embed/EmbedApp').then((m) => m.EmbedApp) : Promise.resolve(App)
// The saved or browser language's catalog before the first paint (Chinese is a chunk of its own),
// so a Chinese page never flashes English. Should it fail to load, the page is in English.
const catalog = loadCatalog(useLang.getState().lang).catch(() => useLang.setState({ lang: 'en' }))
void Promise.all([view, catalog]).then(([View]) =>
  createRoot(root).render(
    <StrictMode>
      <View />
    </StrictMode>,
  ),
)
