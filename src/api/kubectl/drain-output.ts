/**
 * What `kubectl cordon`, `uncordon` and `drain` print, as kubectl v1.33 words it
 * (staging/src/k8s.io/kubectl/pkg/cmd/drain/drain.go, pkg/drain/drain.go and filters.go,
 * cmd/util/helpers.go checkErr, apimachinery's util/errors Aggregate, Go's time.Duration):
 *
 * - progress on stdout through the name printer: `node/worker-1 cordoned`, `evicting pod
 *   default/web-1`, `pod/web-1 evicted`, `node/worker-1 drained`;
 * - refusals on stderr: the pod filters' errors and warnings, `error: unable to drain node …,
 *   continuing command...`, the pending nodes, and the final error as checkErr prints it.
 *
 * Pure functions of what happened; the simulated kubectl calls them as it goes.
 */
import type { Status } from '../types'

export type OutputStream = 'stdout' | 'stderr'

/** One line of a terminal: kubectl's stdout and stderr interleaved as the user sees them. */
export interface OutputLine {
  readonly text: string
  readonly stream: OutputStream
}

// filters.go: the filters' messages (a fatal one is prefixed `cannot delete ` unless it says so).
export const DAEMONSET_FATAL = 'DaemonSet-managed Pods (use --ignore-daemonsets to ignore)'
export const DAEMONSET_WARNING = 'ignoring DaemonSet-managed Pods'
export const LOCAL_STORAGE_FATAL = 'Pods with local storage (use --delete-emptydir-data to override)'
export const LOCAL_STORAGE_WARNING = 'deleting Pods with local storage'
export const UNMANAGED_FATAL = 'cannot delete Pods that declare no controller (use --force to override)'
export const UNMANAGED_WARNING = 'deleting Pods that declare no controller'

/** filters.go PodDeleteStatus: whether drain deletes the pod, and why not (or with what warning). */
export interface PodDeleteStatus {
  readonly delete: boolean
  readonly reason: 'Okay' | 'Skip' | 'Warning' | 'Error'
  readonly message?: string
}

/** One pod of the node and the last status its filters gave it. */
export interface PodDelete {
  readonly namespace: string
  readonly name: string
  readonly status: PodDeleteStatus
}

/** cli-runtime's name printer with an operation: `node/worker-1 cordoned`, `pod/web-1 evicted`. */
export function namedOperation(kind: 'node' | 'pod', name: string, operation: string): string {
  return `${kind}/${name} ${operation}`
}

/** drain.go already() / changed(): the operation a cordon or uncordon prints. */
export function cordonOperation(desired: boolean, changed: boolean): string {
  const verb = desired ? 'cordoned' : 'uncordoned'
  return changed ? verb : `already ${verb}`
}

/** RunCordonOrUncordon's printError, when the PATCH fails (the command goes on). */
export function unableTo(verb: 'cordon' | 'uncordon', node: string, message: string): string {
  return `error: unable to ${verb} node ${goQuote(node)}: ${message}`
}

/** evictPods, before each eviction attempt. */
export function evictingPod(namespace: string, name: string): string {
  return `evicting pod ${namespace}/${name}`
}

/** printers.WarningPrinter (without colour). */
export function warning(text: string): string {
  return `Warning: ${text}`
}

/**
 * PodDeleteList.errors(): one error per filter message, naming its pods. Go walks a map there (a
 * random order); here messages come in the order of their first pod.
 */
export function podDeleteErrors(items: readonly PodDelete[]): string[] {
  return groupByMessage(items, 'Error').map(([message, pods]) => {
    const text = message || 'unexpected error'
    const prefixed = text.toLowerCase().startsWith('cannot delete') ? text : `cannot delete ${text}`
    return `${prefixed}: ${pods.join(', ')}`
  })
}

/** PodDeleteList.Warnings(): `<message>: ns/a, ns/b`, several joined by `; ` (same order as errors). */
export function podDeleteWarnings(items: readonly PodDelete[]): string {
  return groupByMessage(items, 'Warning')
    .map(([message, pods]) => `${message}: ${pods.join(', ')}`)
    .join('; ')
}

function groupByMessage(
  items: readonly PodDelete[],
  reason: PodDeleteStatus['reason'],
): [string, string[]][] {
  const groups = new Map<string, string[]>()
  for (const i of items) {
    if (i.status.reason !== reason) continue
    const message = i.status.message ?? ''
    const pods = groups.get(message) ?? []
    pods.push(`${i.namespace}/${i.name}`)
    groups.set(message, pods)
  }
  return [...groups]
}

/** utilerrors.Aggregate.Error(): one error as is; several, deduplicated, as `[a, b]`. */
export function aggregate(errors: readonly string[]): string {
  const unique = [...new Set(errors)]
  if (unique.length <= 1) return unique[0] ?? ''
  return `[${unique.join(', ')}]`
}

/** evictPods: the eviction request failed (not 404, not 429). */
export function evictionError(namespace: string, name: string, message: string): string {
  return `error when evicting pods/${goQuote(name)} -n ${goQuote(namespace)}: ${message}`
}

/** evictPods: waiting for the evicted pod to go failed (a GET error, or the global timeout). */
export function waitForDeleteError(namespace: string, name: string, message: string): string {
  return `error when waiting for pod ${goQuote(name)} in namespace ${goQuote(namespace)} to terminate: ${message}`
}

/** The --timeout ran out (Go's %v of the duration). */
export function globalTimeoutReached(timeoutMs: number): string {
  return `global timeout reached: ${goDuration(timeoutMs)}`
}

/** deleteOrEvictPodsSimple, after a failed eviction: the pods still on the node. */
export function pendingPods(node: string, errors: readonly string[], pods: readonly string[]): string[] {
  return [
    `There are pending pods in node ${goQuote(node)} when an error occurred: ${aggregate(errors)}`,
    ...pods.map((name) => `pod/${name}`),
  ]
}

/** One error of a drain: its Go error text, and the apiserver's Status when it is an API error. */
export interface DrainError {
  readonly message: string
  readonly status?: Status
}

/**
 * RunDrain when the node could not be drained, then checkErr of its error (stderr, in order):
 * the `continuing command...` line, the pending nodes, and the node's errors one per line (checkErr
 * unwraps the aggregate of one node and prints the inner aggregate with MultipleErrors: no `error: `
 * prefix, an apiserver error as StandardErrorMessage words it).
 */
export function drainFailed(node: string, errors: readonly DrainError[]): string[] {
  const text = aggregate(errors.map((e) => e.message))
  return [
    `error: unable to drain node ${goQuote(node)} due to error: ${text}, continuing command...`,
    'There are pending nodes to be drained:',
    ` ${node}`,
    ...errors.map((e) => (e.status ? standardErrorMessage(e.status) : e.message)),
  ]
}

/**
 * checkErr → StandardErrorMessage for an apiserver error: `Error from server (NotFound): nodes
 * "x" not found`; a 401 reads `error: You must be logged in to the server (…)`.
 */
export function standardErrorMessage(status: Status): string {
  const message = status.message ?? ''
  if (status.reason === 'Unauthorized') return `error: You must be logged in to the server (${message})`
  return status.reason ? `Error from server (${status.reason}): ${message}` : `Error from server: ${message}`
}

/** Go's time.Duration.String() for whole milliseconds: `500ms`, `30s`, `1m30s`, `1h0m0s`. */
export function goDuration(ms: number): string {
  if (ms === 0) return '0s'
  const sign = ms < 0 ? '-' : ''
  const abs = Math.abs(ms)
  if (abs < 1000) return `${sign}${abs}ms`
  const hours = Math.floor(abs / 3_600_000)
  const minutes = Math.floor((abs % 3_600_000) / 60_000)
  const seconds = `${(abs % 60_000) / 1000}s`
  if (hours > 0) return `${sign}${hours}h${minutes}m${seconds}`
  if (minutes > 0) return `${sign}${minutes}m${seconds}`
  return `${sign}${seconds}`
}

/** Go's %q for the plain names kubectl quotes. */
function goQuote(s: string): string {
  return JSON.stringify(s)
}
