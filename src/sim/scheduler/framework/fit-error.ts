/**
 * FitError: why no node could take the pod, and the exact text kube-scheduler prints for it in the
 * FailedScheduling event and the PodScheduled condition.
 *
 * kube-scheduler: pkg/scheduler/framework/types.go (Diagnosis, FitError.Error, NoNodeAvailableMsg),
 * pkg/scheduler/schedule_one.go (ErrNoNodesAvailable).
 */
import type { NodeToStatus } from './node-to-status'

export interface Diagnosis {
  readonly nodeToStatus: NodeToStatus
  /** Plugins that rejected the pod on some node (used to decide which events may requeue it). */
  readonly unschedulablePlugins: Set<string>
  /** Set when a PreFilter plugin rejected the pod outright: then no per-node reasons are listed. */
  preFilterMsg: string
  /** What PostFilter (preemption) said, appended after the per-node reasons. */
  postFilterMsg: string
}

export interface FitError {
  readonly numAllNodes: number
  readonly diagnosis: Diagnosis
}

/** ErrNoNodesAvailable. */
export const NO_NODES_AVAILABLE = 'no nodes available to schedule pods'

/**
 * FitError.Error(): `0/<N> nodes are available: <count reason, …>.` Each reason is counted over
 * the nodes, formatted as "<count> <reason>", and the formatted strings are sorted as strings (so
 * "10 …" sorts before "2 …"). A PostFilter message follows after a space, with no extra period
 * (v1.33; releases up to 1.28 printed one more).
 */
export function fitErrorMessage(e: FitError): string {
  const d = e.diagnosis
  let msg = `0/${e.numAllNodes} nodes are available:`
  if (d.preFilterMsg !== '') {
    msg += ` ${d.preFilterMsg}.`
  } else {
    const counts = new Map<string, number>()
    for (const [, status] of d.nodeToStatus.entries()) {
      for (const reason of status.reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1)
    }
    const absent = e.numAllNodes - d.nodeToStatus.size
    if (absent > 0) {
      for (const reason of d.nodeToStatus.absentNodesStatus.reasons) {
        counts.set(reason, (counts.get(reason) ?? 0) + absent)
      }
    }
    const histogram = [...counts].map(([reason, n]) => `${n} ${reason}`).sort(byCodeUnits)
    if (histogram.length > 0) msg += ` ${histogram.join(', ')}.`
  }
  if (d.postFilterMsg !== '') msg += ` ${d.postFilterMsg}`
  return msg
}

/** Go's sort.Strings order for ASCII text. */
function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** Event notes are limited to 1024 bytes; longer ones end in " ..." (schedule_one.go truncateMessage). */
export const NOTE_LENGTH_LIMIT = 1024

export function truncateMessage(message: string): string {
  if (utf8Length(message) <= NOTE_LENGTH_LIMIT) return message
  const suffix = ' ...'
  let bytes = 0
  let end = 0
  for (const ch of message) {
    const n = utf8Length(ch)
    if (bytes + n > NOTE_LENGTH_LIMIT - suffix.length) break
    bytes += n
    end += ch.length
  }
  return message.slice(0, end) + suffix
}

function utf8Length(s: string): number {
  let n = 0
  for (const ch of s) {
    const cp = ch.codePointAt(0) as number
    n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4
  }
  return n
}
