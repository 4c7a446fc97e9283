/** Light / dark / system theme, as a `data-theme` attribute on <html> that the CSS tokens follow. */
import { useEffect, useState } from 'react'

type Theme = 'system' | 'light' | 'dark'
const NEXT: Record<Theme, Theme> = { system: 'light', light: 'dark', dark: 'system' }

export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme>('system')
  useEffect(() => {
    const root = document.documentElement
    if (theme === 'system') delete root.dataset.theme
    else root.dataset.theme = theme
  }, [theme])
  return (
    <button
      type="button"
      className="theme-toggle"
      onClick={() => setTheme(NEXT[theme])}
      aria-label={`Theme: ${theme}. Switch to ${NEXT[theme]}`}
      data-testid="theme-toggle"
    >
      {theme === 'dark' ? '☾ Dark' : theme === 'light' ? '☀ Light' : '◐ System'}
    </button>
  )
}
