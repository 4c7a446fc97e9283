/**
 * kubectl's human-readable output, as pure functions of API objects and "now". Shared by the CLI
 * (the event log) and the UI's kubectl views at the cursor.
 */

export { type ApplyOutcome, formatApplyResult } from './apply-output'
export { humanDuration, parseTimeMs, shortHumanDuration, translateTimestampSince } from './duration'
export { type AnyEvent, EVENT_TABLE, eventCells, getEvents, sortEventsAsListed } from './events'
export { getNodes, NODE_TABLE, nodeRoles, nodeStatus } from './nodes'
export { getPods, POD_TABLE, type PodSummary, podSummary } from './pods'
export {
  type Column,
  formatTable,
  noResourcesFound,
  type PrintOptions,
  printTable,
  type TableView,
} from './table'
