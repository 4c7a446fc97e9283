/**
 * Short column headers for scheduler plugins, so a Filter/Score table with a dozen plugins still
 * fits a narrow dock; the full name goes in the header's title. Unknown (custom) plugins keep
 * their name.
 */
import { plural, type Translate, t } from '../i18n/i18n'

const SHORT: Readonly<Record<string, string>> = {
  NodeUnschedulable: 'Unsched',
  NodeName: 'Name',
  TaintToleration: 'Taint',
  NodeAffinity: 'NodeAff',
  NodePorts: 'Ports',
  NodeResourcesFit: 'Fit',
  NodeResourcesBalancedAllocation: 'Balanced',
  VolumeRestrictions: 'VolRestr',
  NodeVolumeLimits: 'VolLimits',
  VolumeBinding: 'VolBind',
  VolumeZone: 'VolZone',
  PodTopologySpread: 'Spread',
  InterPodAffinity: 'PodAff',
  ImageLocality: 'Image',
}

export function shortPluginName(plugin: string): string {
  return SHORT[plugin] ?? plugin
}

/** Upstream Filter reasons mostly start with "node(s) "; a table cell does not need it. */
const NODES_PREFIX = 'node(s) '

/** A Filter verdict for a cell: without the "node(s) " prefix, cut to `max` characters. */
export function shortReason(reason: string, max = 44): string {
  const text = reason.startsWith(NODES_PREFIX) ? reason.slice(NODES_PREFIX.length) : reason
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`
}

/**
 * A rejecting plugin's verdict (its reasons joined with ", ") for a cell: the first reason, short,
 * and how many more there are ("Insufficient cpu +1").
 */
export function shortVerdict(verdict: string): string {
  const [head = '', ...rest] = verdict.split(', ')
  return rest.length > 0 ? `${shortReason(head)} +${rest.length}` : shortReason(head)
}

/**
 * "3 nodes Insufficient cpu", "1 node had untolerated taint {…}": a count of nodes and a reason,
 * with upstream's "node(s)" made singular or plural.
 */
export function countedReason(count: number, reason: string, tr: Translate = t): string {
  const text = reason.startsWith(NODES_PREFIX) ? reason.slice(NODES_PREFIX.length) : reason
  return plural(tr, count, 'scheduling.answer.nodesOne', 'scheduling.answer.nodesOther', { reason: text })
}
