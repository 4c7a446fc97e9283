/**
 * The result of running a plugin: a code, the reasons a user sees, and the plugin that decided.
 *
 * kube-scheduler: staging/src/k8s.io/kube-scheduler/framework/interface.go (older:
 * pkg/scheduler/framework/interface.go). As in Go, where a nil *Status means Success, plugins here
 * return `null` for Success so the hot Filter loop allocates nothing for nodes that pass.
 */

export type StatusCode =
  | 'Success'
  /** Something went wrong (not a scheduling decision); the pod is retried after a backoff. */
  | 'Error'
  /** The pod does not fit now, but preemption might help. */
  | 'Unschedulable'
  /** The pod does not fit and preemption cannot help (a taint, node affinity, …). */
  | 'UnschedulableAndUnresolvable'
  /** A Permit plugin holds the pod. */
  | 'Wait'
  /** The plugin has nothing to do for this pod (PreFilter/PreScore): its Filter/Score is skipped. */
  | 'Skip'

export interface Status {
  readonly code: StatusCode
  /** The texts that end up in FailedScheduling (`Insufficient cpu`, `node(s) were unschedulable`). */
  readonly reasons: readonly string[]
  /** The plugin that returned this status; '' when the framework itself produced it. */
  readonly plugin: string
}

export function newStatus(code: StatusCode, reasons: readonly string[] = [], plugin = ''): Status {
  return { code, reasons, plugin }
}

/** A status that needs no allocation when a plugin returns the same rejection for many nodes. */
export function constStatus(code: StatusCode, reason: string, plugin: string): Status {
  return Object.freeze({ code, reasons: Object.freeze([reason]), plugin })
}

export const SKIP: Status = Object.freeze({ code: 'Skip', reasons: Object.freeze([]), plugin: '' })

export function isSuccess(s: Status | null): boolean {
  return s === null || s.code === 'Success'
}

/** Unschedulable or UnschedulableAndUnresolvable: the plugin said no (Status.IsRejected). */
export function isRejected(s: Status | null): boolean {
  return s !== null && (s.code === 'Unschedulable' || s.code === 'UnschedulableAndUnresolvable')
}

export function isSkip(s: Status | null): boolean {
  return s !== null && s.code === 'Skip'
}

/** Status.Message(): the reasons joined with ", ". */
export function statusMessage(s: Status | null): string {
  return s === null ? '' : s.reasons.join(', ')
}

/** The same status attributed to `plugin` (copied only when it is not already). */
export function withPlugin(s: Status, plugin: string): Status {
  return s.plugin === plugin ? s : { code: s.code, reasons: s.reasons, plugin }
}

/** framework.AsStatus(err): an Error status carrying the error text. */
export function errorStatus(message: string, plugin = ''): Status {
  return { code: 'Error', reasons: [message], plugin }
}
