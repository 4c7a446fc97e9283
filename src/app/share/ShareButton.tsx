/**
 * The top bar's Share button: copies a link to exactly what is on screen and says so ("Link
 * copied", with the link's length when some apps might cut it). Without a clipboard (permission
 * refused, an insecure origin) it shows the link in a field to copy by hand. The encoder (with the
 * scenario library) is a chunk of its own, fetched on the first click.
 */
import './share.css'
import { type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { formatCount, useLang, useT } from '../i18n/i18n'

type Status =
  | {
      readonly kind: 'copied' | 'manual'
      readonly link: string
      readonly chars: number
      readonly long: boolean
    }
  | { readonly kind: 'too-big'; readonly chars: number; readonly max: number }
  | { readonly kind: 'not-ready' }

/** How long a plain "Link copied" stays. */
const COPIED_SHOWN_MS = 4000

async function copy(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false // permission refused or no user activation: the field below does it
  }
}

export function ShareButton() {
  const t = useT()
  const lang = useLang((s) => s.lang)
  const [status, setStatus] = useState<Status | undefined>()
  const [busy, setBusy] = useState(false)
  const field = useRef<HTMLInputElement>(null)
  const button = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (status?.kind !== 'copied' || status.long) return
    const timer = setTimeout(() => setStatus(undefined), COPIED_SHOWN_MS)
    return () => clearTimeout(timer)
  }, [status])

  useEffect(() => {
    if (status?.kind === 'manual') field.current?.select()
  }, [status])

  const share = async () => {
    setBusy(true)
    try {
      const [{ makeShareLink }, { linkLength, MAX_FRAGMENT_CHARS }] = await Promise.all([
        import('./current'),
        import('./codec'),
      ])
      const link = await makeShareLink()
      if (!link) return setStatus({ kind: 'not-ready' })
      const { chars, long, tooLong } = linkLength(link)
      if (tooLong) return setStatus({ kind: 'too-big', chars, max: MAX_FRAGMENT_CHARS })
      setStatus({ kind: (await copy(link)) ? 'copied' : 'manual', link, chars, long })
    } finally {
      setBusy(false)
    }
  }

  const n = (x: number) => formatCount(x, lang)
  const message = (s: Status): string => {
    switch (s.kind) {
      case 'copied':
        return s.long ? t('share.copiedLong', { count: n(s.chars) }) : t('share.copied')
      case 'manual':
        return s.long ? t('share.copyByHandLong', { count: n(s.chars) }) : t('share.copyByHand')
      case 'too-big':
        return t('share.tooBig', { count: n(s.chars), max: n(s.max) })
      case 'not-ready':
        return t('share.notReady')
    }
  }

  /** Escape, from the button or the popover, closes the popover and leaves focus on the button. */
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !status) return
    e.preventDefault()
    setStatus(undefined)
    button.current?.focus()
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape bubbling from the button and the popover's field
    <div className="share" onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        data-testid="share"
        title={t('share.buttonHint')}
        // aria-disabled, not disabled: a disabled button drops keyboard focus to the page, and then
        // Escape could not close the popover it opens.
        aria-disabled={busy}
        onClick={() => {
          if (!busy) void share()
        }}
      >
        {t('share.button')}
      </button>
      <div className="share-popover" role="status" aria-live="polite" hidden={!status}>
        {status && (
          <>
            <p
              data-testid="share-status"
              data-kind={status.kind}
              data-chars={'chars' in status ? status.chars : undefined}
            >
              {message(status)}
            </p>
            {status.kind === 'manual' && (
              <input
                ref={field}
                className="share-link"
                data-testid="share-link"
                readOnly
                value={status.link}
                aria-label={t('share.link')}
                onFocus={(e) => e.currentTarget.select()}
              />
            )}
            <button
              type="button"
              className="share-close"
              aria-label={t('share.close')}
              title={t('share.close')}
              onClick={() => setStatus(undefined)}
            >
              ×
            </button>
          </>
        )}
      </div>
    </div>
  )
}
