/**
 * The moving part of the graph at one cursor time, as plain data: a pill for every message in
 * flight at its progress along its wire, a pulse for every component doing a step, and where the
 * selected message's endpoints are. MessageOverlay renders it; nothing here depends on React.
 */
import type { ComponentId, MessageView } from '../../protocol/messages'
import { activeSteps, latestStepByComponent, stepEndMs } from '../model/activity'
import { inFlight, messageById, progress } from '../model/trace-index'
import { type Family, messageFamily, type PillVariant, pillVariant } from './colors'
import { type Point, placePills, pointOnTrack, type Segment, wireBetween } from './geometry'
import { labelWidth, MAX_LABEL, shortLabel } from './labels'
import type { GraphLayout, Rect } from './layout'
import { shownProgress } from './reduced-motion'
import { sampleMessages } from './sampling'

/** Pill height at scale 1, in flow units (11px text, 1px padding, borders). */
export const PILL_HEIGHT = 18
/** Label font size of pills at scale 1. */
export const PILL_FONT_PX = 11
/** Step captions are shortened a little harder than message labels: they sit near boxes. */
const STEP_LABEL = 30
/** etcd traffic runs on the short apiserver–etcd wire, and there is a lot of it: shorter labels. */
const ETCD_LABEL = 20

const labelBudget = (m: MessageView): number =>
  m.kind === 'etcd-request' || m.kind === 'etcd-response' || (m.kind === 'watch-event' && m.from === 'etcd')
    ? ETCD_LABEL
    : MAX_LABEL

/** What a pill shows of its message, the same on every frame of its flight: worked out once. */
interface PillFacts {
  readonly label: string
  /** Label width at scale 1. */
  readonly width: number
  readonly family: Family
  readonly variant: PillVariant
}

const pillFactsOf = new WeakMap<MessageView, PillFacts>()

function pillFacts(m: MessageView): PillFacts {
  let facts = pillFactsOf.get(m)
  if (!facts) {
    const label = shortLabel(m, labelBudget(m))
    facts = {
      label,
      width: labelWidth(label, PILL_FONT_PX),
      family: messageFamily(m),
      variant: pillVariant(m),
    }
    pillFactsOf.set(m, facts)
  }
  return facts
}

export interface PillView {
  readonly message: MessageView
  readonly label: string
  readonly family: Family
  readonly variant: PillVariant
  /** Centre of the pill, flow coordinates. */
  readonly at: Point
  /** Progress along the wire, for tests and data attributes. */
  readonly progress: number
}

export interface PulseView {
  readonly message: MessageView
  readonly component: ComponentId
  readonly rect: Rect
  /** 1 when the step starts, fading to 0.35 at its end. */
  readonly strength: number
}

export interface CaptionView {
  readonly message: MessageView
  readonly label: string
  readonly family: Family
  readonly at: Point
}

export interface SelectionView {
  readonly message: MessageView
  readonly rects: readonly Rect[]
  readonly wire: Segment | undefined
}

export interface Scene {
  readonly pills: readonly PillView[]
  readonly pulses: readonly PulseView[]
  readonly captions: readonly CaptionView[]
  readonly selection: SelectionView | undefined
  /** Messages in flight and the sampling step that drew 1 in `step` of them (sampling.ts). */
  readonly sampling: { readonly step: number; readonly total: number }
}

/**
 * Wires by layout, from and to: a scene is built on every animation frame and asks for the wire of
 * every pill, and a layout's wires never change.
 */
const wiresOf = new WeakMap<GraphLayout, Map<ComponentId, Map<ComponentId, Segment | undefined>>>()

/** The wire a message between `from` and `to` travels on (undefined if an end is not drawn). */
export function wireFor(layout: GraphLayout, from: ComponentId, to: ComponentId): Segment | undefined {
  let byFrom = wiresOf.get(layout)
  if (!byFrom) {
    byFrom = new Map()
    wiresOf.set(layout, byFrom)
  }
  let byTo = byFrom.get(from)
  if (!byTo) {
    byTo = new Map()
    byFrom.set(from, byTo)
  }
  if (byTo.has(to)) return byTo.get(to)
  const a = layout.anchors.get(from)
  const b = layout.anchors.get(to)
  const wire = !a || !b || a === b ? undefined : wireBetween(a, b)
  byTo.set(to, wire)
  return wire
}

export interface SceneInput {
  readonly layout: GraphLayout
  readonly messages: readonly MessageView[]
  readonly cursorMs: number
  readonly maxFlightMs: number
  readonly selectedMessageId: number | undefined
  /** Pills and captions are drawn this much larger than their flow size (to stay readable). */
  readonly scale: number
  /** The sampling step of the previous scene (for its hysteresis); 1 or absent: none. */
  readonly previousSampleStep?: number
}

export function buildScene(input: SceneInput): Scene {
  const { layout, messages, cursorMs, maxFlightMs, scale } = input
  const h = PILL_HEIGHT * scale

  // One pulse per box (steps often come in bursts; a group card stands for many kubelets): the
  // newest step, as strong as the strongest one still showing.
  const steps = activeSteps(messages, cursorMs, maxFlightMs)
  const pulseByComponent = new Map<Rect, PulseView>()
  for (const m of steps) {
    const rect = layout.anchors.get(m.from)
    if (!rect) continue
    const end = stepEndMs(m)
    const t = end > m.sentAtMs ? (cursorMs - m.sentAtMs) / (end - m.sentAtMs) : 0
    const strength = 1 - 0.65 * Math.min(1, Math.max(0, t))
    const before = pulseByComponent.get(rect)
    pulseByComponent.set(rect, {
      message: m,
      component: m.from,
      rect,
      strength: Math.max(strength, before?.strength ?? 0),
    })
  }
  const pulses = [...pulseByComponent.values()]

  // Captions first, then pills: each avoids what was placed before it. A control-plane box has its
  // caption above it; a kubelet's or runtime's sits on the bottom edge of its node box, over the
  // gap below, rather than on the node's name and usage.
  // One caption per box: a node box shows the newest step of its kubelet or its runtime.
  // Oldest first, so the newest of a box's steps is the one set last. (Not a comparison with the
  // one set before: two steps in one box are rare, and a property read that has never run sends V8's
  // optimized code of this function, run on every frame, back to the interpreter each time it does.)
  const newestByBox = new Map<Rect, MessageView>()
  for (const m of [...latestStepByComponent(steps).values()].sort((a, b) => a.id - b.id)) {
    const box = layout.outer.get(m.from)
    if (box) newestByBox.set(box, m)
  }
  // Each item is also its PillRequest (at, width, height), so placing them makes no copies.
  const captionItems: { m: MessageView; label: string; at: Point; width: number; height: number }[] = []
  for (const [box, m] of newestByBox) {
    const label = shortLabel(m, STEP_LABEL)
    const inside = layout.anchors.get(m.from) !== box
    captionItems.push({
      m,
      label,
      at: { x: box.x + box.width / 2, y: inside ? box.y + box.height : box.y - h / 2 - 2 },
      width: labelWidth(label, PILL_FONT_PX) * scale,
      height: h,
    })
  }
  const pillItems: {
    m: MessageView
    facts: PillFacts
    at: Point
    width: number
    height: number
    p: number
  }[] = []
  const sample = sampleMessages(
    inFlight(messages, cursorMs, maxFlightMs),
    input.selectedMessageId,
    input.previousSampleStep,
  )
  for (const m of sample.shown) {
    const wire = wireFor(layout, m.from, m.to)
    if (!wire) continue
    const p = progress(m, cursorMs)
    const facts = pillFacts(m)
    const w = facts.width * scale
    // With prefers-reduced-motion the pill jumps between stops rather than gliding (reduced-motion.ts).
    pillItems.push({
      m,
      facts,
      at: pointOnTrack(wire, w, h, shownProgress(p)),
      width: w,
      height: h,
      p,
    })
  }
  const placed = placePills(captionItems.length === 0 ? pillItems : [...captionItems, ...pillItems])
  const captions: CaptionView[] = captionItems.map((c, i) => ({
    message: c.m,
    label: c.label,
    family: messageFamily(c.m),
    at: placed[i] as Point,
  }))
  const pills: PillView[] = pillItems.map((p, i) => ({
    message: p.m,
    label: p.facts.label,
    family: p.facts.family,
    variant: p.facts.variant,
    at: placed[captionItems.length + i] as Point,
    progress: p.p,
  }))

  let selection: SelectionView | undefined
  const selected =
    input.selectedMessageId === undefined ? undefined : messageById(messages, input.selectedMessageId)
  if (selected) {
    const rects = [layout.anchors.get(selected.from), layout.anchors.get(selected.to)].filter(
      (r, i, all): r is Rect => r !== undefined && all.indexOf(r) === i,
    )
    selection = { message: selected, rects, wire: wireFor(layout, selected.from, selected.to) }
  }
  return { pills, pulses, captions, selection, sampling: { step: sample.step, total: sample.total } }
}

/** A "why?" chain on the graph: each wire its messages travelled (once), and the components involved. */
export interface ChainView {
  readonly wires: readonly { readonly key: string; readonly wire: Segment }[]
  readonly rects: readonly Rect[]
}

/** The wires and components of the messages `ids` (a cause chain); steps ring their component. */
export function chainView(
  layout: GraphLayout,
  messages: readonly MessageView[],
  ids: readonly number[],
): ChainView {
  const wires = new Map<string, Segment>()
  const rects = new Set<Rect>()
  for (const id of ids) {
    const m = messageById(messages, id)
    if (!m) continue
    for (const c of [m.from, m.to]) {
      const r = layout.anchors.get(c)
      if (r) rects.add(r)
    }
    const pair = [m.from, m.to].sort().join('|')
    if (wires.has(pair)) continue
    const wire = wireFor(layout, m.from, m.to)
    if (wire) wires.set(pair, wire)
  }
  return { wires: [...wires].map(([key, wire]) => ({ key, wire })), rects: [...rects] }
}

/** `messages` up to the selected one when the cursor stands on it; all of them otherwise. */
export function upToSelected(
  messages: readonly MessageView[],
  cursorMs: number,
  selectedId: number | undefined,
): readonly MessageView[] {
  if (selectedId === undefined) return messages
  const selected = messageById(messages, selectedId)
  if (!selected || selected.sentAtMs !== cursorMs) return messages
  const end = messages.indexOf(selected) + 1
  return end < messages.length && (messages[end] as MessageView).sentAtMs === cursorMs
    ? messages.slice(0, end)
    : messages
}
