/**
 * `kubectl get nodes` (and `-o wide`).
 *
 * kubectl / apiserver table printer: pkg/printers/internalversion/printers.go (printNode,
 * findNodeRoles). STATUS is Ready / NotReady / Unknown from the Ready condition, plus
 * `,SchedulingDisabled` for a cordoned node; ROLES come from `node-role.kubernetes.io/<role>`
 * labels and the `kubernetes.io/role` label, sorted.
 */
import type { Node } from '../types'
import { translateTimestampSince } from './duration'
import { type Column, type PrintOptions, printTable, type TableView } from './table'

const ROLE_PREFIX = 'node-role.kubernetes.io/'
const ROLE_LABEL = 'kubernetes.io/role'

export function nodeStatus(node: Node): string {
  const ready = node.status?.conditions?.find((c) => c.type === 'Ready')
  const status = [ready ? (ready.status === 'True' ? 'Ready' : 'NotReady') : 'Unknown']
  if (node.spec?.unschedulable) status.push('SchedulingDisabled')
  return status.join(',')
}

export function nodeRoles(node: Node): string[] {
  const roles = new Set<string>()
  for (const [k, v] of Object.entries(node.metadata?.labels ?? {})) {
    if (k.startsWith(ROLE_PREFIX)) {
      const role = k.slice(ROLE_PREFIX.length)
      if (role) roles.add(role)
    } else if (k === ROLE_LABEL && v !== '') roles.add(v)
  }
  return [...roles].sort()
}

function address(node: Node, type: string): string {
  return node.status?.addresses?.find((a) => a.type === type)?.address ?? '<none>'
}

const COLUMNS: readonly Column[] = [
  { name: 'Name' },
  { name: 'Status' },
  { name: 'Roles' },
  { name: 'Age' },
  { name: 'Version' },
  { name: 'Internal-IP', priority: 1 },
  { name: 'External-IP', priority: 1 },
  { name: 'OS-Image', priority: 1 },
  { name: 'Kernel-Version', priority: 1 },
  { name: 'Container-Runtime', priority: 1 },
]

export const NODE_TABLE: TableView<Node> = {
  columns: COLUMNS,
  row(node, nowMs) {
    const info = node.status?.nodeInfo
    return [
      node.metadata?.name ?? '',
      nodeStatus(node),
      nodeRoles(node).join(',') || '<none>',
      translateTimestampSince(node.metadata?.creationTimestamp, nowMs),
      info?.kubeletVersion ?? '',
      address(node, 'InternalIP'),
      address(node, 'ExternalIP'),
      info?.osImage || '<unknown>',
      info?.kernelVersion || '<unknown>',
      info?.containerRuntimeVersion || '<unknown>',
    ]
  },
}

/** `kubectl get nodes [-o wide]`; nodes in the order given (the apiserver lists by name). */
export function getNodes(nodes: readonly Node[], options: PrintOptions): string {
  return printTable(NODE_TABLE, nodes, { ...options, allNamespaces: false })
}
