/**
 * Keyboard: Space plays/pauses, ← / → step by message, Shift+← / → by stage, Home / End jump to
 * the start / the end of activity. Ignored while typing in the editor or a form field.
 */
import { jumpToEnd, seek, stepBack, stepForward, togglePlay } from './playback'

function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null
  if (!el) return false
  if (el.closest('.monaco-editor')) return true
  const tag = el.tagName
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || el.isContentEditable
}

export function installShortcuts(): () => void {
  const onKey = (e: KeyboardEvent) => {
    if (typing(e.target) || e.ctrlKey || e.metaKey || e.altKey) return
    switch (e.key) {
      case ' ':
        if ((e.target as HTMLElement | null)?.tagName === 'BUTTON') return
        togglePlay()
        break
      case 'ArrowRight':
        stepForward(e.shiftKey)
        break
      case 'ArrowLeft':
        stepBack(e.shiftKey)
        break
      case 'Home':
        seek(0)
        break
      case 'End':
        jumpToEnd()
        break
      default:
        return
    }
    e.preventDefault()
  }
  window.addEventListener('keydown', onKey)
  return () => window.removeEventListener('keydown', onKey)
}
