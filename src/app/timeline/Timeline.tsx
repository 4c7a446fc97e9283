/**
 * The Pods' timeline: one lane per Pod, grouped by owner, with its kubectl STATUS over virtual
 * time, ticks for condition changes, Events and restarts, and the cursor. Everything is drawn as
 * of the cursor (the future stays hidden, as on the graph). Click anywhere to seek there; clicking
 * a mark also explains it ("why?" in the inspector, the chain on the graph). Ctrl+wheel or the
 * buttons zoom, Shift+wheel or a drag pans, Fit follows the cursor again.
 *
 * Virtualized (virtual.ts): with thousands of Pods only the rows in view, and a few around them,
 * are in the DOM; spacers keep the scroll height of the whole list. Focusing a Pod elsewhere
 * scrolls its lane into view.
 */
import './timeline.css'
import {
  type CSSProperties,
  type PointerEvent,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type WheelEvent,
} from 'react'
import { plural, useT } from '../i18n/i18n'
import { lanesOf, type PodTimeline, type TimelineGroup, timelineGroups } from '../model/timeline'
import { causeChain, shortRequest, writerOf } from '../model/why'
import { explainState } from '../model/why-view'
import { seek } from '../playback'
import { useStore } from '../store/store'
import { laneMarksAt, type Mark, statusAt } from './marks'
import { fitWindow, LABEL_WIDTH, pan, type TimeWindow, timeAt, zoom } from './scale'
import { TimelineAxis } from './TimelineAxis'
import { FutureCover } from './TimelineCursor'
import { TimelineLane } from './TimelineLane'
import { rowOffsets, scrollToRow, virtualWindow } from './virtual'

/** Row heights in px, as timeline.css draws them (the virtual list needs them up front). */
const GROUP_ROW_PX = 22
const LANE_ROW_PX = 32
/** The sticky time axis at the top of the scrolling body. */
const AXIS_PX = 20

const NO_MARKS: readonly Mark[] = []

/** How many lanes were created by `cursorMs` (it grows as the cursor plays). */
function countCreatedBy(lanes: readonly PodTimeline[], cursorMs: number): number {
  let n = 0
  for (const l of lanes) if (l.createdAtMs <= cursorMs) n++
  return n
}

type Row =
  | { readonly kind: 'group'; readonly group: TimelineGroup }
  | { readonly kind: 'lane'; readonly lane: PodTimeline; readonly laneIndex: number }

/** Groups flattened into rows: each group's title, then its lanes (numbered across groups). */
function rowsOf(groups: readonly TimelineGroup[]): Row[] {
  const rows: Row[] = []
  let laneIndex = 0
  for (const group of groups) {
    rows.push({ kind: 'group', group })
    for (const lane of group.lanes) rows.push({ kind: 'lane', lane, laneIndex: laneIndex++ })
  }
  return rows
}

interface Hover {
  readonly tip: string
  /** Who wrote the revision behind the mark: `PATCH pods/nginx/status (kubelet/worker-1)`. */
  readonly cause: string | undefined
  readonly x: number
  readonly y: number
}

export function Timeline() {
  // Deferred: a display update renders the graph and the text first, and the timeline right
  // after, in React's background rendering, which yields to the browser every few milliseconds:
  // one update's work spread over the frames that follow it, not all in one (docs/performance.md).
  const revisions = useDeferredValue(useStore((s) => s.revisions))
  const cursorMs = useDeferredValue(useStore((s) => s.cursorMs))
  const generation = useStore((s) => s.generation)
  const t = useT()
  // The trace is not needed to draw lanes (writers are looked up when a mark is explained).
  const lanes = lanesOf(revisions)
  // The lanes of Pods created by the cursor: the same list (and rows, groups, offsets) for as long
  // as no new Pod appears, not a new one on every frame. (The set grows with the cursor, so the same
  // count is the same set.)
  const created = countCreatedBy(lanes, cursorMs)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `created` stands for cursorMs
  const visible = useMemo(() => lanes.filter((l) => l.createdAtMs <= cursorMs), [lanes, created])
  const groups = useMemo(() => timelineGroups(visible), [visible])
  const rows = useMemo(() => rowsOf(groups), [groups])
  const offsets = useMemo(
    () => rowOffsets(rows.map((r) => (r.kind === 'group' ? GROUP_ROW_PX : LANE_ROW_PX))),
    [rows],
  )

  const [userWindow, setUserWindow] = useState<TimeWindow | undefined>()
  // A new scenario starts with the whole story in view again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on a new generation only
  useEffect(() => setUserWindow(undefined), [generation])
  // The same window object while the fitted window does not grow (fitWindow grows it in steps,
  // larger ones while playing: each step moves every mark, and the lanes are painted again).
  // Deferred too: pausing (an apply does) changes the window, and every lane with it.
  const playing = useDeferredValue(useStore((s) => s.playing))
  const fitEndMs = fitWindow(cursorMs, playing).endMs
  const window = useMemo(() => userWindow ?? { startMs: 0, endMs: fitEndMs }, [userWindow, fitEndMs])

  const bodyRef = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(600)
  const [scroll, setScroll] = useState({ top: 0, height: 400 })
  useEffect(() => {
    const el = bodyRef.current
    if (!el) return
    const measure = () => {
      setWidth(Math.max(100, el.clientWidth - LABEL_WIDTH))
      setScroll({ top: el.scrollTop, height: el.clientHeight - AXIS_PX })
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [])

  const win = virtualWindow(offsets, scroll.top, scroll.height)
  const shownRows = useMemo(() => rows.slice(win.start, win.end), [rows, win.start, win.end])
  // Marks only for the lanes rendered, by lane index; a lane's marks stay the same array until the
  // cursor reaches a new one of them (laneMarksAt), so its memoized row renders again only for a
  // new mark, a new STATUS or a cursor that moved a pixel.
  const marks = useMemo(() => {
    const out = new Map<number, readonly Mark[]>()
    for (const r of shownRows) if (r.kind === 'lane') out.set(r.laneIndex, laneMarksAt(r.lane, cursorMs, t))
    return out
  }, [shownRows, cursorMs, t])

  // A Pod focused elsewhere (the graph, the status strip) scrolls its lane into view.
  const focusedPodKey = useStore((s) => s.focusedPodKey)
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the focus changes
  useEffect(() => {
    const el = bodyRef.current
    if (!el || !focusedPodKey) return
    const index = rows.findIndex((r) => r.kind === 'lane' && r.lane.key === focusedPodKey)
    if (index < 0) return
    const top = scrollToRow(offsets, index, el.scrollTop, el.clientHeight - AXIS_PX)
    if (top !== el.scrollTop) el.scrollTop = top
  }, [focusedPodKey])

  const [hover, setHover] = useState<Hover | undefined>()
  const drag = useRef<{ x: number; window: TimeWindow; moved: boolean } | undefined>(undefined)

  const trackX = (clientX: number) =>
    clientX - (bodyRef.current?.getBoundingClientRect().left ?? 0) - LABEL_WIDTH

  const markOf = (target: EventTarget | null): Mark | undefined => {
    const el = (target as HTMLElement | null)?.closest?.('[data-mark]') as HTMLElement | null
    if (!el) return undefined
    const [lane, index] = (el.dataset.mark ?? '').split(':').map(Number)
    return marks.get(lane ?? -1)?.[index ?? -1]
  }

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || trackX(e.clientX) < 0) return
    drag.current = { x: e.clientX, window, moved: false }
  }
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current
    if (d && (d.moved || Math.abs(e.clientX - d.x) > 4)) {
      d.moved = true
      const deltaMs = ((d.x - e.clientX) / width) * (d.window.endMs - d.window.startMs)
      setUserWindow(pan(d.window, deltaMs))
      setHover(undefined)
      return
    }
    const mark = markOf(e.target)
    const box = bodyRef.current?.getBoundingClientRect()
    setHover(
      mark && box
        ? { tip: mark.tip, cause: causeOf(mark), x: e.clientX - box.left, y: e.clientY - box.top }
        : undefined,
    )
  }
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current
    drag.current = undefined
    if (!d || d.moved) return
    const x = trackX(e.clientX)
    if (x < 0) return
    // A tick is a moment: clicking it goes to that moment, not to the pixel's (which may lie just
    // before it, where the tick has not happened yet). A segment is a stretch: the pixel's time.
    const mark = markOf(e.target)
    const atMs = mark && mark.kind !== 'segment' ? mark.atMs : timeAt(window, width, x)
    seek(Math.min(Math.max(0, atMs), useStore.getState().computedUntilMs))
    if (mark) explain(mark)
  }
  const onWheel = (e: WheelEvent<HTMLDivElement>) => {
    const x = trackX(e.clientX)
    if (x < 0) return
    if (e.ctrlKey || e.metaKey) {
      e.preventDefault()
      setUserWindow(zoom(window, e.deltaY > 0 ? 1.25 : 0.8, timeAt(window, width, x)))
    } else if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) {
      const delta = e.shiftKey ? e.deltaY : e.deltaX
      setUserWindow(pan(window, (delta / width) * (window.endMs - window.startMs)))
    }
  }

  return (
    <section
      className="timeline"
      aria-label={t('timeline.label')}
      data-testid="timeline"
      style={{ '--tl-label': `${LABEL_WIDTH}px` } as CSSProperties}
    >
      <div className="tl-toolbar" role="toolbar" aria-label={t('timeline.zoom')}>
        <button
          type="button"
          data-testid="timeline-zoom-out"
          aria-label={t('timeline.zoomOut')}
          onClick={() => setUserWindow(zoom(window, 2, cursorMs))}
        >
          −
        </button>
        <button
          type="button"
          data-testid="timeline-zoom-in"
          aria-label={t('timeline.zoomIn')}
          onClick={() => setUserWindow(zoom(window, 0.5, cursorMs))}
        >
          +
        </button>
        <button
          type="button"
          data-testid="timeline-fit"
          aria-pressed={userWindow === undefined}
          onClick={() => setUserWindow(undefined)}
          title={t('timeline.fitTitle')}
        >
          {t('timeline.fit')}
        </button>
        <span className="tl-legend muted">
          <span className="tl-key tl-key--condition" /> {t('timeline.condition')}{' '}
          <span className="tl-key tl-key--event" /> {t('timeline.event')}{' '}
          <span className="tl-key tl-key--warning" /> {t('timeline.warning')}{' '}
          <span className="tl-key tl-key--restart">↻</span> {t('timeline.restart')} · {t('timeline.help')}
        </span>
      </div>
      <div
        className="tl-body"
        ref={bodyRef}
        data-testid="timeline-body"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerLeave={() => {
          drag.current = undefined
          setHover(undefined)
        }}
        onWheel={onWheel}
        onScroll={(e) => {
          const el = e.currentTarget
          setScroll({ top: el.scrollTop, height: el.clientHeight - AXIS_PX })
        }}
        data-rows={rows.length}
      >
        <TimelineAxis window={window} width={width} />
        {groups.length === 0 && <p className="muted tl-empty">{t('common.noPods')}</p>}
        {win.before > 0 && <div className="tl-spacer" style={{ height: win.before }} aria-hidden="true" />}
        {shownRows.map((r) => {
          if (r.kind === 'group') {
            const g = r.group
            return (
              <div
                key={g.group}
                className="tl-group-title"
                style={{ height: GROUP_ROW_PX }}
                data-testid="timeline-group"
                data-group={g.group}
              >
                {g.owner ? `${g.owner.kind} ${g.owner.name}` : 'Pod'}{' '}
                <span className="muted">
                  {g.namespace} · {plural(t, g.lanes.length, 'timeline.podsOne', 'timeline.podsOther')}
                </span>
              </div>
            )
          }
          const { lane, laneIndex } = r
          return (
            <TimelineLane
              key={`${lane.key}#${lane.createdAtMs}`}
              lane={lane}
              laneIndex={laneIndex}
              marks={marks.get(laneIndex) ?? NO_MARKS}
              status={statusAt(lane, cursorMs)}
              window={window}
              width={width}
            />
          )
        })}
        {win.after > 0 && <div className="tl-spacer" style={{ height: win.after }} aria-hidden="true" />}
        {rows.length > 0 && (
          <FutureCover
            window={window}
            width={width}
            top={AXIS_PX}
            height={offsets[offsets.length - 1] ?? 0}
          />
        )}
        {hover && (
          <div
            className="tl-tooltip"
            role="tooltip"
            data-testid="timeline-tooltip"
            style={{ left: Math.min(hover.x + 12, LABEL_WIDTH + width - 260), top: hover.y + 14 }}
          >
            {hover.tip}
            {hover.cause && (
              <div data-testid="timeline-tooltip-cause">
                {t('timeline.writtenBy', { cause: hover.cause })}
              </div>
            )}
            <div className="muted">{t('timeline.clickHint')}</div>
          </div>
        )}
      </div>
    </section>
  )
}

/** The request behind a mark's revision, for the tooltip (one short walk up the cause chain). */
function causeOf(mark: Mark): string | undefined {
  const s = useStore.getState()
  const r = s.revisions.get(mark.key)?.find((x) => x.revision === mark.revision)
  if (!r || r.messageId === null) return undefined
  const writer = writerOf(causeChain(s.messages, r.messageId))
  return writer ? `${shortRequest(writer.summary)} (${writer.component})` : undefined
}

/** Show why a mark's state came to be: in the inspector, and its chain on the graph. */
function explain(mark: Mark): void {
  const s = useStore.getState()
  const why = explainState(s.revisions, mark.key, mark.revision, s.messages, mark.why)
  if (!why) return
  const podKey = mark.kind === 'event' ? undefined : mark.key
  useStore.setState({ why, ...(podKey ? { focusedPodKey: podKey } : {}) })
}
