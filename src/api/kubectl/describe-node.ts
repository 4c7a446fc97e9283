/**
 * `kubectl describe node`: a pure function of the Node, the Pods, the Node's Lease, its Events and
 * "now".
 *
 * kubectl: staging/src/k8s.io/kubectl/pkg/describe/describe.go (describeNode, describeNodeLease,
 * describeNodeResource, getPodsTotalRequestsAndLimits, printNodeTaintsMultiline, findNodeRoles),
 * pkg/util/resource/resource.go (PodRequestsAndLimits), release 1.33.
 *
 * - Non-terminated Pods are the Pods bound to the node whose phase is neither Succeeded nor
 *   Failed, in list order (namespace, then name); percentages are of allocatable (capacity when
 *   there is none), truncated.
 * - Without a Lease (the simulated kubelet does not renew one) kubectl prints the NotFound error it
 *   got: `Lease:  Failed to get lease: leases.coordination.k8s.io "<node>" not found`.
 */
import type { Lease } from 'kubernetes-types/coordination/v1'
import type { Node, Pod } from '../types'
import { describeEvents } from './describe-events'
import {
  byString,
  formatRFC1123Z,
  goInt64,
  LEVEL_0,
  LEVEL_1,
  type PrefixWriter,
  printAnnotationsMultiline,
  printLabelsMultiline,
  printTaintsMultiline,
  tabbedString,
} from './describe-writer'
import { translateTimestampSince } from './duration'
import type { AnyEvent } from './events'
import { nodeRoles } from './nodes'
import { podRequestsAndLimits, type ResourceList } from './pod-resources'
import {
  addQuantity,
  canonicalQuantity,
  formatQuantity,
  parseQuantity,
  type Quantity,
  quantityMilliValue,
  quantityValue,
  ZERO_QUANTITY,
} from './quantity'

export type { Lease }

export interface DescribeNodeOptions {
  /** Wall-clock epoch milliseconds "now", for ages. */
  readonly nowMs: number
  /** The Node's Lease in kube-node-lease, if there is one. */
  readonly lease?: Lease | null
}

/** The Pods describe node lists: bound to the node, not terminated, in list order. */
export function nonTerminatedPods(node: Node, pods: readonly Pod[]): Pod[] {
  const name = node.metadata?.name ?? ''
  const key = (p: Pod) => `${p.metadata?.namespace ?? ''}/${p.metadata?.name ?? ''}`
  return pods
    .filter(
      (p) => p.spec?.nodeName === name && p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed',
    )
    .sort((a, b) => byString(key(a), key(b)))
}

const get = (list: ResourceList, name: string): Quantity => list.get(name) ?? ZERO_QUANTITY

/** `250m (12%)`: a quantity and its share of the allocatable amount, as int64(float64 %). */
const share = (q: Quantity, part: number, whole: number): string =>
  `${formatQuantity(q)} (${goInt64((part / whole) * 100)}%)`

/** share, but 0% when nothing is allocatable (the totals guard against dividing by zero). */
const guardedShare = (q: Quantity, part: number, whole: number): string =>
  whole !== 0 ? share(q, part, whole) : `${formatQuantity(q)} (0%)`

function describeNodeResource(node: Node, pods: readonly Pod[], w: PrefixWriter, nowMs: number) {
  w.write(LEVEL_0, `Non-terminated Pods:\t(${pods.length} in total)\n`)
  w.write(LEVEL_1, 'Namespace\tName\t\tCPU Requests\tCPU Limits\tMemory Requests\tMemory Limits\tAge\n')
  w.write(LEVEL_1, '---------\t----\t\t------------\t----------\t---------------\t-------------\t---\n')
  const status = node.status ?? {}
  const allocatableRaw =
    status.allocatable && Object.keys(status.allocatable).length > 0
      ? status.allocatable
      : (status.capacity ?? {})
  const allocatable = (name: string) => parseQuantity(allocatableRaw[name]) ?? ZERO_QUANTITY
  const allocCpuMilli = quantityMilliValue(allocatable('cpu'))
  const allocMemory = quantityValue(allocatable('memory'))

  const totalRequests: ResourceList = new Map()
  const totalLimits: ResourceList = new Map()
  const addAll = (total: ResourceList, list: ResourceList) => {
    for (const [name, q] of list) {
      const cur = total.get(name)
      total.set(name, cur === undefined ? q : addQuantity(cur, q))
    }
  }
  for (const pod of pods) {
    const { requests, limits } = podRequestsAndLimits(pod)
    addAll(totalRequests, requests)
    addAll(totalLimits, limits)
    const cpuReq = get(requests, 'cpu')
    const cpuLim = get(limits, 'cpu')
    const memReq = get(requests, 'memory')
    const memLim = get(limits, 'memory')
    w.write(
      LEVEL_1,
      `${pod.metadata?.namespace ?? ''}\t${pod.metadata?.name ?? ''}\t\t${share(cpuReq, quantityMilliValue(cpuReq), allocCpuMilli)}\t${share(cpuLim, quantityMilliValue(cpuLim), allocCpuMilli)}\t${share(memReq, quantityValue(memReq), allocMemory)}\t${share(memLim, quantityValue(memLim), allocMemory)}\t${translateTimestampSince(pod.metadata?.creationTimestamp, nowMs)}\n`,
    )
  }

  w.write(LEVEL_0, 'Allocated resources:\n  (Total limits may be over 100 percent, i.e., overcommitted.)\n')
  w.write(LEVEL_1, 'Resource\tRequests\tLimits\n')
  w.write(LEVEL_1, '--------\t--------\t------\n')
  const row = (name: string, req: string, lim: string) => w.write(LEVEL_1, `${name}\t${req}\t${lim}\n`)
  const cpuReqs = get(totalRequests, 'cpu')
  const cpuLims = get(totalLimits, 'cpu')
  row(
    'cpu',
    guardedShare(cpuReqs, quantityMilliValue(cpuReqs), allocCpuMilli),
    guardedShare(cpuLims, quantityMilliValue(cpuLims), allocCpuMilli),
  )
  for (const name of ['memory', 'ephemeral-storage']) {
    const req = get(totalRequests, name)
    const lim = get(totalLimits, name)
    const whole = quantityValue(allocatable(name))
    row(name, guardedShare(req, quantityValue(req), whole), guardedShare(lim, quantityValue(lim), whole))
  }
  const names = Object.keys(allocatableRaw).sort(byString)
  const standard = new Set(['cpu', 'memory', 'ephemeral-storage'])
  for (const name of names.filter((n) => n.startsWith('hugepages-'))) {
    const req = get(totalRequests, name)
    const lim = get(totalLimits, name)
    const whole = quantityValue(allocatable(name))
    row(name, guardedShare(req, quantityValue(req), whole), guardedShare(lim, quantityValue(lim), whole))
  }
  for (const name of names.filter((n) => !n.startsWith('hugepages-') && !standard.has(n) && n !== 'pods')) {
    row(name, formatQuantity(get(totalRequests, name)), formatQuantity(get(totalLimits, name)))
  }
}

/**
 * `kubectl describe node`. `pods` may hold every Pod (those of other nodes and terminated ones are
 * left out); `events` are the Node's Events in list order (see nodeEvents), or undefined for
 * `--show-events=false`.
 */
export function describeNode(
  node: Node,
  pods: readonly Pod[],
  events: readonly AnyEvent[] | undefined,
  options: DescribeNodeOptions,
): string {
  const { nowMs, lease } = options
  return tabbedString((w) => {
    const m = node.metadata ?? {}
    const spec = node.spec ?? {}
    const status = node.status ?? {}
    w.write(LEVEL_0, `Name:\t${m.name ?? ''}\n`)
    w.write(LEVEL_0, `Roles:\t${nodeRoles(node).join(',') || '<none>'}\n`)
    printLabelsMultiline(w, 'Labels', m.labels)
    printAnnotationsMultiline(w, 'Annotations', m.annotations)
    w.write(LEVEL_0, `CreationTimestamp:\t${formatRFC1123Z(m.creationTimestamp)}\n`)
    printTaintsMultiline(w, 'Taints', spec.taints)
    w.write(LEVEL_0, `Unschedulable:\t${spec.unschedulable === true}\n`)
    if (lease) {
      w.write(LEVEL_0, 'Lease:\n')
      w.write(LEVEL_1, `HolderIdentity:\t${lease.spec?.holderIdentity ?? '<unset>'}\n`)
      w.write(
        LEVEL_1,
        `AcquireTime:\t${lease.spec?.acquireTime ? formatRFC1123Z(lease.spec.acquireTime) : '<unset>'}\n`,
      )
      w.write(
        LEVEL_1,
        `RenewTime:\t${lease.spec?.renewTime ? formatRFC1123Z(lease.spec.renewTime) : '<unset>'}\n`,
      )
    } else {
      w.write(
        LEVEL_0,
        `Lease:\tFailed to get lease: leases.coordination.k8s.io "${m.name ?? ''}" not found\n`,
      )
    }
    if (status.conditions?.length) {
      w.write(
        LEVEL_0,
        'Conditions:\n  Type\tStatus\tLastHeartbeatTime\tLastTransitionTime\tReason\tMessage\n',
      )
      w.write(LEVEL_1, '----\t------\t-----------------\t------------------\t------\t-------\n')
      for (const c of status.conditions) {
        w.write(
          LEVEL_1,
          `${c.type} \t${c.status} \t${formatRFC1123Z(c.lastHeartbeatTime)} \t${formatRFC1123Z(c.lastTransitionTime)} \t${c.reason ?? ''} \t${c.message ?? ''}\n`,
        )
      }
    }
    w.write(LEVEL_0, 'Addresses:\n')
    for (const a of status.addresses ?? []) w.write(LEVEL_1, `${a.type}:\t${a.address}\n`)
    const printResourceList = (title: string, list: Readonly<Record<string, string>> | undefined) => {
      const names = Object.keys(list ?? {}).sort(byString)
      if (names.length === 0) return
      w.write(LEVEL_0, `${title}:\n`)
      for (const name of names) w.write(LEVEL_0, `  ${name}:\t${canonicalQuantity(list?.[name])}\n`)
    }
    printResourceList('Capacity', status.capacity)
    printResourceList('Allocatable', status.allocatable)
    const info = status.nodeInfo
    w.write(LEVEL_0, 'System Info:\n')
    w.write(LEVEL_0, `  Machine ID:\t${info?.machineID ?? ''}\n`)
    w.write(LEVEL_0, `  System UUID:\t${info?.systemUUID ?? ''}\n`)
    w.write(LEVEL_0, `  Boot ID:\t${info?.bootID ?? ''}\n`)
    w.write(LEVEL_0, `  Kernel Version:\t${info?.kernelVersion ?? ''}\n`)
    w.write(LEVEL_0, `  OS Image:\t${info?.osImage ?? ''}\n`)
    w.write(LEVEL_0, `  Operating System:\t${info?.operatingSystem ?? ''}\n`)
    w.write(LEVEL_0, `  Architecture:\t${info?.architecture ?? ''}\n`)
    w.write(LEVEL_0, `  Container Runtime Version:\t${info?.containerRuntimeVersion ?? ''}\n`)
    w.write(LEVEL_0, `  Kubelet Version:\t${info?.kubeletVersion ?? ''}\n`)
    w.write(LEVEL_0, `  Kube-Proxy Version:\t${info?.kubeProxyVersion ?? ''}\n`)
    if (spec.podCIDR) w.write(LEVEL_0, `PodCIDR:\t${spec.podCIDR}\n`)
    if (spec.podCIDRs?.length) w.write(LEVEL_0, `PodCIDRs:\t${spec.podCIDRs.join(',')}\n`)
    if (spec.providerID) w.write(LEVEL_0, `ProviderID:\t${spec.providerID}\n`)
    describeNodeResource(node, nonTerminatedPods(node, pods), w, nowMs)
    if (events) describeEvents(events, w, nowMs)
  })
}
