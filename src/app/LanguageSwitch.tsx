/** The language switch in the top bar: English or 简体中文 (the choice is remembered). */
import { type Lang, setLang, useLang, useT } from './i18n/i18n'

const NAMES: Readonly<Record<Lang, string>> = { en: 'English', zh: '简体中文' }

export function LanguageSwitch() {
  const lang = useLang((s) => s.lang)
  const t = useT()
  return (
    <label className="language-switch">
      <span className="visually-hidden">{t('app.language')}</span>
      <select
        value={lang}
        data-testid="language"
        aria-label={t('app.language')}
        onChange={(e) => void setLang(e.target.value as Lang)}
      >
        {(Object.keys(NAMES) as Lang[]).map((l) => (
          <option key={l} value={l} lang={l === 'zh' ? 'zh-CN' : 'en'}>
            {NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  )
}
