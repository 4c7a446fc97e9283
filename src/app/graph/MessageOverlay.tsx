/**
 * The moving layer: message pills, step pulses and the selection highlight, drawn in flow
 * coordinates inside React Flow's ViewportPortal so they pan and zoom with the graph. This is the
 * only part of the graph subscribed to the cursor as such; React Flow's nodes never re-render
 * because a message moved. Positions come from sim time (buildScene), never from CSS transitions.
 */
import { Panel, useStore as useFlowStore, ViewportPortal } from '@xyflow/react'
import { type CSSProperties, memo, useMemo, useRef } from 'react'
import { type MessageView, ROUTINE_STAGES } from '../../protocol/messages'
import { useT } from '../i18n/i18n'
import { useStore } from '../store/store'
import { familyColor, familyOf } from './colors'
import { describeMessage } from './labels'
import type { GraphLayout, Rect } from './layout'
import { buildScene, chainView, PILL_FONT_PX, PILL_HEIGHT, upToSelected } from './scene'

const select = (m: MessageView) => useStore.setState({ selectedMessageId: m.id })

/** Pills and captions never render smaller than their flow size, nor below PILL_FONT_PX on screen. */
const zoomSelector = (s: { transform: [number, number, number] }) => s.transform[2]

function ring(r: Rect, pad: number): CSSProperties {
  return { left: r.x - pad, top: r.y - pad, width: r.width + 2 * pad, height: r.height + 2 * pad }
}

function MessageOverlayView({ layout }: { layout: GraphLayout }) {
  const messages = useStore((s) => s.messages)
  const cursorMs = useStore((s) => s.cursorMs)
  const maxFlightMs = useStore((s) => s.maxFlightMs)
  const selectedMessageId = useStore((s) => s.selectedMessageId)
  const zoom = useFlowStore(zoomSelector)
  const t = useT()
  const scale = Math.max(1, 1 / (zoom || 1))
  // Stepping stands on one message: those sent later in the same millisecond are not shown yet (a
  // Score step would otherwise give away the Filter step's outcome).
  const shown = useMemo(
    () => upToSelected(messages, cursorMs, selectedMessageId),
    [messages, cursorMs, selectedMessageId],
  )
  // The sampling step of the last scene, for its hysteresis (sampling.ts).
  const sampleStep = useRef(1)
  const scene = useMemo(() => {
    const previousSampleStep = sampleStep.current
    return buildScene({
      layout,
      messages: shown,
      cursorMs,
      maxFlightMs,
      selectedMessageId,
      scale,
      previousSampleStep,
    })
  }, [layout, shown, cursorMs, maxFlightMs, selectedMessageId, scale])
  sampleStep.current = scene.sampling.step
  const sizing = {
    '--pf-pill-scale': scale,
    '--pf-pill-h': `${PILL_HEIGHT}px`,
    '--pf-pill-font': `${PILL_FONT_PX}px`,
  } as CSSProperties
  const sel = scene.selection
  const whyIds = useStore((s) => s.why?.messageIds)
  const chain = useMemo(
    () => (whyIds ? chainView(layout, messages, whyIds) : undefined),
    [layout, messages, whyIds],
  )
  return (
    <>
      {scene.sampling.step > 1 && <SamplingRate step={scene.sampling.step} total={scene.sampling.total} />}
      <ViewportPortal>
        <div className="pf-overlay" style={sizing}>
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
            <div
              key={p.message.id}
              className="pf-ring pf-ring--step"
              data-testid="step-pulse"
              data-component={p.component}
              style={
                {
                  ...ring(p.rect, 3),
                  opacity: p.strength,
                  '--pf-c': familyColor(familyOf(p.component)),
                } as CSSProperties
              }
              aria-hidden="true"
            />
          ))}
          {scene.captions.map((c) => (
            <button
              key={c.message.id}
              type="button"
              className={`pf-pill pf-pill--step nopan nodrag${c.message.id === selectedMessageId ? ' is-selected' : ''}`}
              style={pillStyle(c.at.x, c.at.y, familyColor(c.family))}
              data-testid="step-pill"
              data-message-id={c.message.id}
              data-component={c.message.from}
              aria-label={describeMessage(c.message, t)}
              aria-pressed={c.message.id === selectedMessageId}
              title={c.message.summary}
              onClick={() => select(c.message)}
            >
              {c.label}
            </button>
          ))}
          {scene.pills.map((p) => (
            <button
              key={p.message.id}
              type="button"
              className={`pf-pill pf-pill--${p.variant}${ROUTINE_STAGES.has(p.message.stage) ? ' is-routine' : ''} nopan nodrag${p.message.id === selectedMessageId ? ' is-selected' : ''}`}
              style={pillStyle(p.at.x, p.at.y, familyColor(p.family))}
              data-testid="message-pill"
              data-message-id={p.message.id}
              data-kind={p.message.kind}
              data-from={p.message.from}
              data-to={p.message.to}
              data-progress={p.progress.toFixed(3)}
              data-stage={p.message.stage}
              aria-label={describeMessage(p.message, t)}
              aria-pressed={p.message.id === selectedMessageId}
              title={p.message.summary}
              onClick={() => select(p.message)}
              onContextMenu={(e) => {
                // What if this message were lost or late? Select it and open the what-if panel.
                e.preventDefault()
                useStore.setState({ selectedMessageId: p.message.id, dockTab: 'whatIf' })
              }}
            >
              {p.label}
            </button>
          ))}
        </div>
      </ViewportPortal>
    </>
  )
}

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
        title={t('scale.sampling.title', { total: total.toLocaleString(), step })}
      >
        {t('scale.sampling.rate', { step })}
      </output>
    </Panel>
  )
}

function pillStyle(x: number, y: number, color: string): CSSProperties {
  return {
    transform: `translate(${x}px, ${y}px) scale(var(--pf-pill-scale)) translate(-50%, -50%)`,
    '--pf-c': color,
  } as CSSProperties
}

export const MessageOverlay = memo(MessageOverlayView)
