/**
 * The moving layer: message pills, step pulses and the selection highlight, drawn in flow
 * coordinates inside React Flow's ViewportPortal so they pan and zoom with the graph. Positions
 * come from sim time (buildScene), never from CSS transitions.
 *
 * React renders the layer's shape only (which pills, captions and pulses exist: live-scene.ts);
 * as the cursor moves, caption positions and pulse strengths are written straight to the
 * elements and the pills are painted on a canvas over the graph (PillLayer.tsx), so a moving
 * message re-renders nothing, and React Flow's nodes never re-render because of it.
 */
import { Panel, useStore as useFlowStore, ViewportPortal } from '@xyflow/react'
import {
  type CSSProperties,
  type KeyboardEvent,
  lazy,
  memo,
  Suspense,
  useCallback,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react'
import type { MessageView } from '../../protocol/messages'
import { formatCount, type Translate, useT } from '../i18n/i18n'
import { cursorNow, onCursorMotion } from '../playback'
import { useStore } from '../store/store'
import { type Family, familyClass, familyOf } from './colors'
import { describeMessage } from './labels'
import type { GraphLayout, Rect } from './layout'
import { LiveScene, type SceneState, sceneInputChanged } from './live-scene'
import { chainView, PILL_FONT_PX, PILL_HEIGHT } from './scene'
import { captionKey, type MovingElement, pulseKey } from './scene-dom'

/**
 * The canvas the pills are painted on, fetched as the graph mounts rather than with the first
 * load (initial JS ≤ 200 kB, docs/performance.md): pills exist only once messages fly.
 */
const PillLayer = lazy(() => import('./PillLayer').then((m) => ({ default: m.PillLayer })))

const select = (m: MessageView) => useStore.setState({ selectedMessageId: m.id })

/** Pills and captions never render smaller than their flow size, nor below PILL_FONT_PX on screen. */
const zoomSelector = (s: { transform: [number, number, number] }) => s.transform[2]

type Register = LiveScene['register']

function ring(r: Rect, pad: number): CSSProperties {
  return { left: r.x - pad, top: r.y - pad, width: r.width + 2 * pad, height: r.height + 2 * pad }
}

/** What the scene is built from: the store's trace and selection at the cursor as it is now. */
function sceneState(): SceneState {
  const s = useStore.getState()
  return {
    messages: s.messages,
    cursorMs: cursorNow(),
    maxFlightMs: s.maxFlightMs,
    selectedMessageId: s.selectedMessageId,
  }
}

/** The scene kept current outside React (live-scene.ts); this component renders its shape. */
function useLiveScene(layout: GraphLayout, scale: number) {
  const [live] = useState(() => new LiveScene(layout, scale, sceneState()))
  useLayoutEffect(() => {
    live.configure(layout, scale, sceneState())
    const offStore = useStore.subscribe((s, prev) => {
      if (sceneInputChanged(s, prev)) live.update(sceneState())
    })
    // Between the store's display updates, the cursor moves on every animation frame.
    const offMotion = onCursorMotion(() => live.move(sceneState()))
    return () => {
      offStore()
      offMotion()
    }
  }, [live, layout, scale])
  const scene = useSyncExternalStore(live.subscribe, live.getShape)
  // After every commit: elements mounted by it get their position before the frame is painted.
  useLayoutEffect(() => live.writeLatest())
  return { scene, live, register: live.register }
}

/** A ref callback that registers the element under `key` while it is mounted. */
function useRegister(register: Register, key: string) {
  return useCallback((el: MovingElement | null) => (el ? register(key, el) : undefined), [register, key])
}

function MessageOverlayView({ layout }: { layout: GraphLayout }) {
  const selectedMessageId = useStore((s) => s.selectedMessageId)
  const zoom = useFlowStore(zoomSelector)
  const t = useT()
  const scale = Math.max(1, 1 / (zoom || 1))
  const { scene, live, register } = useLiveScene(layout, scale)
  // The pills' buttons (for keyboards and screen readers) render with the scene's shape, never
  // deferred: a list that changed after a step would take away the button a keyboard user just
  // reached (the focus would fall to the page).
  const sizing = {
    '--pf-pill-h': `${PILL_HEIGHT}px`,
    '--pf-pill-font': `${PILL_FONT_PX}px`,
  } as CSSProperties
  const sel = scene.selection
  const whyIds = useStore((s) => s.why?.messageIds)
  // The trace only while a "why?" chain is shown (new messages arrive nearly every frame).
  const chainMessages = useStore((s) => (s.why ? s.messages : undefined))
  const chain = useMemo(
    () => (whyIds && chainMessages ? chainView(layout, chainMessages, whyIds) : undefined),
    [layout, chainMessages, whyIds],
  )
  return (
    <>
      {scene.sampling.step > 1 && <SamplingRate step={scene.sampling.step} total={scene.sampling.total} />}
      <ViewportPortal>
        <div className="pf-overlay" style={sizing}>
          {/* Rings under the pills, in a container apart from theirs (graph.css: layers). */}
          <div className="pf-overlay-rings">
            {chain && chain.wires.length > 0 && (
              <svg className="pf-chain-wire" aria-hidden="true" data-testid="why-chain">
                {chain.wires.map(({ key, wire }) => (
                  <line key={key} x1={wire.a.x} y1={wire.a.y} x2={wire.b.x} y2={wire.b.y} />
                ))}
              </svg>
            )}
            {chain?.rects.map((r) => (
              <div
                key={`chain ${r.x},${r.y}`}
                className="pf-ring pf-ring--chain"
                data-testid="why-chain-component"
                style={ring(r, 6)}
                aria-hidden="true"
              />
            ))}
            {sel?.wire && (
              <svg className="pf-selected-wire" aria-hidden="true">
                <line x1={sel.wire.a.x} y1={sel.wire.a.y} x2={sel.wire.b.x} y2={sel.wire.b.y} />
              </svg>
            )}
            {sel?.rects.map((r) => (
              <div
                key={`${r.x},${r.y}`}
                className="pf-ring pf-ring--selected"
                style={ring(r, 4)}
                aria-hidden="true"
              />
            ))}
            {scene.pulses.map((p) => (
              <Pulse key={p.message.id} message={p.message} rect={p.rect} register={register} />
            ))}
          </div>
          <div className="pf-overlay-pills">
            {scene.captions.map((c) => (
              <Caption
                key={c.message.id}
                message={c.message}
                label={c.label}
                family={c.family}
                selected={c.message.id === selectedMessageId}
                t={t}
                register={register}
              />
            ))}
          </div>
        </div>
      </ViewportPortal>
      <Suspense fallback={null}>
        <PillLayer live={live} pills={scene.pills} />
      </Suspense>
    </>
  )
}

interface CaptionProps {
  readonly message: MessageView
  readonly label: string
  readonly family: Family
  readonly selected: boolean
  readonly t: Translate
  readonly register: Register
}

/**
 * Captions are `div role="button"`, not `<button>`: Chromium restyles a moving <button> about 20
 * times slower than a div, so they take focus and act on Enter and Space themselves.
 */
function activate(e: KeyboardEvent, m: MessageView): void {
  if (e.key !== 'Enter' && e.key !== ' ') return
  e.preventDefault()
  select(m)
}

/** The newest step of a box, captioned beside it; placed by the live scene. */
const Caption = memo(function Caption({ message: m, label, family, selected, t, register }: CaptionProps) {
  const ref = useRegister(register, captionKey(m.id))
  return (
    // biome-ignore lint/a11y/useSemanticElements: a moving <button> restyles ~20× slower (see activate)
    <div
      ref={ref}
      role="button"
      tabIndex={0}
      className={`pf-pill pf-pill--step ${familyClass(family)} nopan nodrag${selected ? ' is-selected' : ''}`}
      data-testid="step-pill"
      data-message-id={m.id}
      data-component={m.from}
      aria-label={describeMessage(m, t)}
      aria-pressed={selected}
      title={m.summary}
      onClick={() => select(m)}
      onKeyDown={(e) => activate(e, m)}
    >
      {label}
    </div>
  )
})

/** A component at work; its strength (opacity) is written by the live scene as the step fades. */
const Pulse = memo(function Pulse({
  message: m,
  rect,
  register,
}: {
  readonly message: MessageView
  readonly rect: Rect
  readonly register: Register
}) {
  const ref = useRegister(register, pulseKey(m.id))
  return (
    <div
      ref={ref}
      className={`pf-ring pf-ring--step ${familyClass(familyOf(m.from))}`}
      data-testid="step-pulse"
      data-component={m.from}
      style={ring(rect, 3)}
      aria-hidden="true"
    />
  )
})

/** On screen (not in flow coordinates): how many of the messages in flight the graph draws. */
function SamplingRate({ step, total }: { step: number; total: number }) {
  const t = useT()
  return (
    <Panel position="top-right" className="pf-sampling-panel">
      <output
        className="pf-sampling"
        data-testid="message-sampling"
        data-step={step}
        data-total={total}
        title={t('scale.sampling.title', { total: formatCount(total), step })}
      >
        {t('scale.sampling.rate', { step })}
      </output>
    </Panel>
  )
}

export const MessageOverlay = memo(MessageOverlayView)
