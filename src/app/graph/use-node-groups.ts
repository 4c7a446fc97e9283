/**
 * The store side of node groups (node-groups.ts): which nodes the graph draws in full, from the
 * focused Pod's node and the selected message's ends. Selectors return strings, so the graph
 * re-lays out only when a pinned node changes, never because the cursor moved.
 */
import { useMemo } from 'react'
import { nodeStatus } from '../../api/kubectl'
import type { Pod } from '../../api/types'
import { nodeAt } from '../model/node-usage'
import { revisionAt } from '../model/objects'
import { podsViewAt } from '../model/pods-view'
import { messageById } from '../model/trace-index'
import { type State, useStore } from '../store/store'
import {
  GROUPED_ABOVE,
  type GroupSummary,
  nodeOfComponent,
  pinnedNodes,
  shownNodes,
  summarizeGroup,
} from './node-groups'

/** The focused Pod's node at the cursor ('' when none). */
function focusedNode(s: State): string {
  if (!s.focusedPodKey) return ''
  const pod = revisionAt(s.revisions.get(s.focusedPodKey) ?? [], s.cursorMs)?.object as Pod | null | undefined
  return pod?.spec?.nodeName ?? ''
}

/** `from\nto` of the selected message when one of its ends is on a node ('' otherwise). */
function selectedEnds(s: State): string {
  if (s.selectedMessageId === undefined) return ''
  const m = messageById(s.messages, s.selectedMessageId)
  if (!m || (nodeOfComponent(m.from) === undefined && nodeOfComponent(m.to) === undefined)) return ''
  return `${m.from}\n${m.to}`
}

/** The nodes drawn in full for `names` (all of them up to GROUPED_ABOVE); a stable array. */
export function useShownNodes(names: readonly string[]): readonly string[] {
  const grouped = names.length > GROUPED_ABOVE
  const node = useStore((s) => (grouped ? focusedNode(s) : ''))
  const ends = useStore((s) => (grouped ? selectedEnds(s) : ''))
  const [from, to] = ends ? ends.split('\n') : []
  const shown = shownNodes(
    names,
    pinnedNodes(node || undefined, from !== undefined && to !== undefined ? { from, to } : undefined),
  )
  const key = shown.join('\n')
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for shown
  return useMemo(() => shown, [key])
}

let lastSummary:
  | { index: State['revisions']; atMs: number; names: readonly string[]; summary: GroupSummary }
  | undefined

/** The group card's summary at the cursor, memoized on (revisions, cursor, names). */
export function groupSummaryAt(
  index: State['revisions'],
  atMs: number,
  names: readonly string[],
): GroupSummary {
  const l = lastSummary
  if (l && l.index === index && l.atMs === atMs && l.names === names) return l.summary
  const byNode = podsViewAt(index, atMs).byNode
  const computed = summarizeGroup(
    names,
    (n) => byNode.get(n)?.length ?? 0,
    (n) => {
      const node = nodeAt(index, atMs, n)
      return node !== undefined && nodeStatus(node).startsWith('Ready')
    },
  )
  // The same numbers as before: keep the old object, so the card does not re-render.
  const summary = l && l.names === names && sameSummary(l.summary, computed) ? l.summary : computed
  lastSummary = { index, atMs, names, summary }
  return summary
}

function sameSummary(a: GroupSummary, b: GroupSummary): boolean {
  if (a.nodes !== b.nodes || a.ready !== b.ready || a.pods !== b.pods) return false
  return a.cells.every((c, i) => c.pods === b.cells[i]?.pods && c.ready === b.cells[i]?.ready)
}
