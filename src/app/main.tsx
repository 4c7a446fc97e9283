import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { EmbedApp } from './embed/EmbedApp'
import './app.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
// `?embed`: the compact, read-only view for blogs and slides.
const embed = new URLSearchParams(location.search).has('embed')
createRoot(root).render(<StrictMode>{embed ? <EmbedApp /> : <App />}</StrictMode>)
