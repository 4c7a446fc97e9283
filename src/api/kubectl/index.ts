/**
 * kubectl's human-readable output, as pure functions of API objects and "now". Shared by the CLI
 * (the event log, `get`, `describe`) and the UI's kubectl views at the cursor.
 */

export { type ApplyOutcome, formatApplyResult } from './apply-output'
export { describeEvents, eventInterval, nodeEvents, podEvents, searchEvents } from './describe-events'
export { type DescribeNodeOptions, describeNode, type Lease, nonTerminatedPods } from './describe-node'
export { type DescribeOptions, describeContainers, describePod, describeProbe } from './describe-pod'
export {
  formatLabelSelector,
  formatRFC1123Z,
  PrefixWriter,
  tabbedString,
  taintString,
  tolerationString,
} from './describe-writer'
export { goDuration, type OutputLine, type OutputStream, standardErrorMessage } from './drain-output'
export { humanDuration, parseTimeMs, shortHumanDuration, translateTimestampSince } from './duration'
export {
  type AnyEvent,
  EVENT_TABLE,
  type EventView,
  eventCells,
  eventView,
  getEvents,
  sortEventsAsListed,
} from './events'
export { getNodes, NODE_TABLE, nodeRoles, nodeStatus } from './nodes'
export { computePodQOS, podQOS, podRequestsAndLimits } from './pod-resources'
export { getPods, POD_TABLE, type PodSummary, podSummary } from './pods'
export {
  addQuantity,
  canonicalQuantity,
  cmpQuantity,
  formatQuantity,
  type Quantity,
  type QuantityFormat,
  quantityMilliValue,
  quantityValue,
} from './quantity'
export {
  type Column,
  formatTable,
  noResourcesFound,
  type PrintOptions,
  printTable,
  type TableView,
} from './table'
export { runeWidth, type TabwriterOptions, tabwrite } from './tabwriter'
export {
  runView,
  type ViewCommand,
  type ViewObjects,
  type ViewOutput,
  type ViewResource,
  viewResource,
} from './view'
