/** Light / dark / system theme, as a `data-theme` attribute on <html> that the CSS tokens follow. */
import { useEffect, useState } from 'react'
import { useT } from './i18n/i18n'

type Theme = 'system' | 'light' | 'dark'
const NEXT: Record<Theme, Theme> = { system: 'light', light: 'dark', dark: 'system' }
const ICON: Record<Theme, string> = { system: '◐', light: '☀', dark: '☾' }

export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme>('system')
  const t = useT()
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
      aria-label={t('app.theme.label', {
        current: t(`app.theme.${theme}`),
        next: t(`app.theme.${NEXT[theme]}`),
      })}
      data-testid="theme-toggle"
    >
      {ICON[theme]} {t(`app.theme.${theme}`)}
    </button>
  )
}
