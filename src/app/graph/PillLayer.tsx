/**
 * The messages in flight: painted on one canvas over the graph (pill-canvas.ts), and listed for
 * screen readers and keyboards as visually hidden buttons, one per pill, in the graph's tab order.
 * The list is React's and changes only when a pill appears or leaves; the canvas repaints on every
 * cursor move without React. A keyboard user's focus on a button is drawn as a ring around its
 * pill; a click on the canvas is hit-tested against what was drawn (pill-paint.ts).
 */
import { useStoreApi } from '@xyflow/react'
import { type FocusEvent, memo, useCallback, useLayoutEffect, useRef } from 'react'
import type { MessageView } from '../../protocol/messages'
import { type Translate, useT } from '../i18n/i18n'
import { useStore } from '../store/store'
import { describeMessage } from './labels'
import type { LiveScene } from './live-scene'
import { type PillCanvasElement, PillPainter, setPainterOnScreen } from './pill-canvas'
import { hitTest } from './pill-paint'
import type { PillView } from './scene'

const select = (m: Pick<MessageView, 'id'>) => useStore.setState({ selectedMessageId: m.id })
/** What if this message were lost or late? Select it and open the what-if panel. */
const whatIf = (m: Pick<MessageView, 'id'>) =>
  useStore.setState({ selectedMessageId: m.id, dockTab: 'whatIf' })

const idOf = (el: EventTarget | null): number | undefined => {
  const v = el instanceof HTMLElement ? el.dataset.messageId : undefined
  return v === undefined ? undefined : Number(v)
}

interface Props {
  readonly live: LiveScene
  /** The pills of the scene's shape (the ones that exist; where they are is the canvas' business). */
  readonly pills: readonly PillView[]
}

function PillLayerView({ live, pills }: Props) {
  const canvasRef = useRef<PillCanvasElement>(null)
  const probeRef = useRef<HTMLDivElement>(null)
  const painterRef = useRef<PillPainter | undefined>(undefined)
  const flow = useStoreApi()
  const selectedId = useStore((s) => s.selectedMessageId)
  const t = useT()

  useLayoutEffect(() => {
    const canvas = canvasRef.current
    const probe = probeRef.current
    const wrapper = canvas?.parentElement
    if (!canvas || !probe || !wrapper) return
    const painter = new PillPainter(canvas, probe, {
      pills: () => live.getLatest().pills,
      selectedId: () => useStore.getState().selectedMessageId,
    })
    painterRef.current = painter
    setPainterOnScreen(painter)
    const view = () => {
      const s = flow.getState()
      painter.setView({ x: s.transform[0], y: s.transform[1], zoom: s.transform[2] }, s.width, s.height)
    }
    view()
    painter.draw()
    const offFlow = flow.subscribe((s, prev) => {
      const resized = s.width !== prev.width || s.height !== prev.height
      if (resized) measure()
      if (resized || s.transform !== prev.transform) view()
    })
    const offMotion = live.onMotion(() => painter.schedule())
    // The selection is drawn too; it changes the scene (and so repaints) except while paused on
    // a message already selected.
    const offSelected = useStore.subscribe((s, prev) => {
      if (s.selectedMessageId !== prev.selectedMessageId) painter.schedule()
    })
    // The theme: a data-theme on <html> (ThemeToggle) or the system's scheme.
    const themeObserver = new MutationObserver(() => painter.restyle())
    themeObserver.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['data-theme', 'class'],
    })
    const scheme = matchMedia('(prefers-color-scheme: dark)')
    const restyle = () => painter.restyle()
    scheme.addEventListener('change', restyle)

    // Pointer input on the graph, before React Flow and the boxes under the pill see it: a press
    // on a pill neither pans the graph nor clicks the Pod card beneath.
    // Where the canvas is on the page: measured when the pointer enters the graph and for each
    // press, not on every move (a measure while playing would force a layout mid-frame).
    let rect = canvas.getBoundingClientRect()
    const measure = () => {
      rect = canvas.getBoundingClientRect()
    }
    const pillAt = (e: MouseEvent) => {
      // Panels (zoom buttons, the sampling rate) are over the canvas; the list's buttons are
      // clicked by keyboard and by scripts, which have no position.
      if (e.target instanceof Element && e.target.closest('.react-flow__panel, .pf-pill-list'))
        return undefined
      return hitTest(painter.list, e.clientX - rect.left, e.clientY - rect.top)
    }
    const press = (e: MouseEvent) => {
      measure()
      if (pillAt(e)) e.stopPropagation()
    }
    const click = (e: MouseEvent) => {
      measure()
      const pill = pillAt(e)
      if (!pill) return
      e.stopPropagation()
      select(pill)
    }
    const menu = (e: MouseEvent) => {
      measure()
      const pill = pillAt(e)
      if (!pill) return
      e.preventDefault()
      e.stopPropagation()
      whatIf(pill)
    }
    let hovered: number | undefined
    const hover = (e: MouseEvent) => {
      const pill = e.type === 'pointerleave' ? undefined : pillAt(e)
      if (pill?.id === hovered) return
      hovered = pill?.id
      // The pointer cursor and the message's summary as a tooltip, as the pill elements had.
      if (pill) {
        wrapper.dataset.pillHover = ''
        wrapper.title = live.getLatest().pills.find((p) => p.message.id === pill.id)?.message.summary ?? ''
      } else {
        delete wrapper.dataset.pillHover
        wrapper.removeAttribute('title')
      }
    }
    const capture = { capture: true }
    for (const type of ['pointerdown', 'mousedown', 'touchstart', 'dblclick'] as const)
      wrapper.addEventListener(type, press as EventListener, capture)
    wrapper.addEventListener('click', click, capture)
    wrapper.addEventListener('contextmenu', menu, capture)
    wrapper.addEventListener('pointerenter', measure, { passive: true })
    wrapper.addEventListener('pointermove', hover, { passive: true })
    wrapper.addEventListener('pointerleave', hover, { passive: true })
    return () => {
      offFlow()
      offMotion()
      offSelected()
      themeObserver.disconnect()
      scheme.removeEventListener('change', restyle)
      for (const type of ['pointerdown', 'mousedown', 'touchstart', 'dblclick'] as const)
        wrapper.removeEventListener(type, press as EventListener, capture)
      wrapper.removeEventListener('click', click, capture)
      wrapper.removeEventListener('contextmenu', menu, capture)
      wrapper.removeEventListener('pointerenter', measure)
      wrapper.removeEventListener('pointermove', hover)
      wrapper.removeEventListener('pointerleave', hover)
      delete wrapper.dataset.pillHover
      painterRef.current = undefined
      setPainterOnScreen(undefined)
    }
  }, [live, flow])

  // Stable, so that the buttons' memo holds.
  const focus = useCallback((e: FocusEvent) => painterRef.current?.setFocused(idOf(e.target)), [])
  const blur = useCallback(() => painterRef.current?.setFocused(undefined), [])

  return (
    <>
      {/* Before the canvas: the canvas is a layer of its own, and what follows it over the graph is too. */}
      <div className="pf-pill-list" data-testid="message-pills">
        {pills.map((p) => (
          <PillButton
            key={p.message.id}
            message={p.message}
            selected={p.message.id === selectedId}
            onFocus={focus}
            onBlur={blur}
            t={t}
          />
        ))}
      </div>
      <div ref={probeRef} className="pf-pill-probe" aria-hidden="true" />
      {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: a canvas takes no focus; the buttons above say what it shows */}
      <canvas ref={canvasRef} className="pf-pill-canvas" data-testid="message-canvas" aria-hidden="true" />
    </>
  )
}

interface ButtonProps {
  readonly message: MessageView
  readonly selected: boolean
  readonly t: Translate
  readonly onFocus: (e: FocusEvent) => void
  readonly onBlur: () => void
}

/**
 * A message in flight, for the keyboard and screen readers (its name says what the pill shows, and
 * more); its pill on the canvas is what is seen. No tooltip: the graph shows the hovered pill's.
 */
const PillButton = memo(function PillButton({ message: m, selected, t, onFocus, onBlur }: ButtonProps) {
  return (
    <button
      type="button"
      className="pf-pill-button"
      data-testid="message-pill"
      data-message-id={m.id}
      aria-label={describeMessage(m, t)}
      aria-pressed={selected}
      onClick={() => select(m)}
      onFocus={onFocus}
      onBlur={onBlur}
      onContextMenu={(e) => {
        e.preventDefault()
        whatIf(m)
      }}
    />
  )
})

export const PillLayer = memo(PillLayerView)
