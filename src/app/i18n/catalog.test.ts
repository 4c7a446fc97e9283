import { describe, expect, it } from 'vitest'
import { detectLang, format, leafKeys, lookup, placeholders } from './catalog'
import '../teaching/catalog-en'
import { en } from './en'
import { zh } from './zh'

describe('catalogs', () => {
  it('Chinese has exactly the English keys, each with the same placeholders, none empty', () => {
    expect(leafKeys(zh)).toEqual(leafKeys(en))
    for (const key of leafKeys(en)) {
      const e = lookup(en, key) as string
      const z = lookup(zh, key) as string
      expect(z.trim(), key).not.toBe('')
      expect(placeholders(z), key).toEqual(placeholders(e))
    }
  })

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(format('{pod} on {node}', { pod: 'nginx', node: 'worker-1' })).toBe('nginx on worker-1')
    expect(format('{pod} on {node}', { pod: 'nginx' })).toBe('nginx on {node}')
    expect(format('no params')).toBe('no params')
    expect(lookup(en, 'app.tagline')).toBe(en.app.tagline)
    expect(lookup(en, 'app.nope')).toBeUndefined()
    expect(lookup(en, 'app')).toBeUndefined()
  })

  it('starts in the saved language, else the first browser language it has, else English', () => {
    expect(detectLang('zh', ['en-US'])).toBe('zh')
    expect(detectLang(null, ['zh-CN', 'en'])).toBe('zh')
    expect(detectLang(null, ['zh-TW'])).toBe('zh')
    expect(detectLang(null, ['fr-FR', 'en-GB', 'zh'])).toBe('en')
    expect(detectLang(null, ['fr-FR'])).toBe('en')
    expect(detectLang('de', [])).toBe('en')
  })
})
