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

/**
 * What placePills places, for captions and pills alike. One object shape for both keeps the reads
 * of placing and of building the views monomorphic.
 */
interface Placed {
  readonly m: MessageView
  readonly label: string
  readonly family: Family
  /** Pills only (undefined for a caption). */
  readonly variant: PillVariant | undefined
  readonly at: Point
  readonly width: number
  readonly height: number
  /** Pills only: progress along the wire (0 for a caption). */
  readonly p: number
}

/*
 * buildScene runs on every animation frame, so V8 optimizes it early, while the first rollout is
 * still starting. Its parts are small functions whose every property read runs on every call: a
 * read that has never run (a branch taken only when two steps share a box, say) throws away the
 * optimized code when it first runs, and recompiling a large function with its callees inlined
 * costs 100–180 ms on a compiler thread that the page's own frames need (the "Eleventh
 * pass" of docs/performance.md, in its git history).
 */

export function buildScene(input: SceneInput): Scene {
  const { layout, messages, cursorMs, maxFlightMs, scale } = input
  const h = PILL_HEIGHT * scale
  const steps = activeSteps(messages, cursorMs, maxFlightMs)
  const sample = sampleMessages(
    inFlight(messages, cursorMs, maxFlightMs),
    input.selectedMessageId,
    input.previousSampleStep,
  )
  // Captions first, then pills: each avoids what was placed before it.
  const captionItems = captionItemsOf(layout, steps, h, scale)
  const items = pillItemsInto(captionItems, layout, sample.shown, cursorMs, h, scale)
  const placed = placePills(items)
  const captions: CaptionView[] = []
  const pills: PillView[] = []
  for (let i = 0; i < items.length; i++) {
    const c = items[i] as Placed
    const at = placed[i] as Point
    if (c.variant === undefined) captions.push({ message: c.m, label: c.label, family: c.family, at })
    else pills.push({ message: c.m, label: c.label, family: c.family, variant: c.variant, at, progress: c.p })
  }
  return {
    pills,
    pulses: pulsesOf(layout, steps, cursorMs),
    captions,
    selection: selectionOf(layout, messages, input.selectedMessageId),
    sampling: { step: sample.step, total: sample.total },
  }
}

/**
 * One pulse per box (steps often come in bursts; a group card stands for many kubelets): the
 * newest step, as strong as the strongest one still showing.
 */
function pulsesOf(layout: GraphLayout, steps: readonly MessageView[], cursorMs: number): PulseView[] {
  const strongest = new Map<Rect, number>()
  const newest = new Map<Rect, MessageView>()
  for (const m of steps) {
    const rect = layout.anchors.get(m.from)
    if (!rect) continue
    const end = stepEndMs(m)
    const t = end > m.sentAtMs ? (cursorMs - m.sentAtMs) / (end - m.sentAtMs) : 0
    const strength = 1 - 0.65 * Math.min(1, Math.max(0, t))
    strongest.set(rect, Math.max(strength, strongest.get(rect) ?? 0))
    newest.set(rect, m)
  }
  const pulses: PulseView[] = []
  for (const [rect, m] of newest)
    pulses.push({ message: m, component: m.from, rect, strength: strongest.get(rect) ?? 0 })
  return pulses
}

/**
 * One caption per box. A control-plane box has its caption above it; a kubelet's or runtime's
 * sits on the bottom edge of its node box, over the gap below, rather than on the node's name and
 * usage. A node box shows the newest step of its kubelet or its runtime: oldest first, so the
 * newest of a box's steps is the one set last.
 */
function captionItemsOf(
  layout: GraphLayout,
  steps: readonly MessageView[],
  h: number,
  scale: number,
): Placed[] {
  const newestByBox = new Map<Rect, MessageView>()
  for (const m of [...latestStepByComponent(steps).values()].sort((a, b) => a.id - b.id)) {
    const box = layout.outer.get(m.from)
    if (box) newestByBox.set(box, m)
  }
  const items: Placed[] = []
  for (const [box, m] of newestByBox) {
    const label = shortLabel(m, STEP_LABEL)
    const inside = layout.anchors.get(m.from) !== box
    const bottom = box.y + box.height
    const above = box.y - h / 2 - 2
    items.push({
      m,
      label,
      family: messageFamily(m),
      variant: undefined,
      at: { x: box.x + box.width / 2, y: inside ? bottom : above },
      width: labelWidth(label, PILL_FONT_PX) * scale,
      height: h,
      p: 0,
    })
  }
  return items
}

/** Appends a pill for each message shown that has a wire to `items`, and returns it. */
function pillItemsInto(
  items: Placed[],
  layout: GraphLayout,
  shown: readonly MessageView[],
  cursorMs: number,
  h: number,
  scale: number,
): Placed[] {
  for (const m of shown) {
    const wire = wireFor(layout, m.from, m.to)
    if (!wire) continue
    const p = progress(m, cursorMs)
    const facts = pillFacts(m)
    const w = facts.width * scale
    // With prefers-reduced-motion the pill jumps between stops rather than gliding (reduced-motion.ts).
    items.push({
      m,
      label: facts.label,
      family: facts.family,
      variant: facts.variant,
      at: pointOnTrack(wire, w, h, shownProgress(p)),
      width: w,
      height: h,
      p,
    })
  }
  return items
}

function selectionOf(
  layout: GraphLayout,
  messages: readonly MessageView[],
  selectedId: number | undefined,
): SelectionView | undefined {
  const selected = selectedId === undefined ? undefined : messageById(messages, selectedId)
  if (!selected) return undefined
  const rects: Rect[] = []
  for (const r of [layout.anchors.get(selected.from), layout.anchors.get(selected.to)])
    if (r !== undefined && !rects.includes(r)) rects.push(r)
  return { message: selected, rects, wire: wireFor(layout, selected.from, selected.to) }
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
