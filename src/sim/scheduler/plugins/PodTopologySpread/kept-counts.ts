/**
 * PodTopologySpread's PreScore and Score counts, kept from one scheduling cycle to the next.
 * PreScore counts, over every node of the cluster, the pods a constraint's selector matches per
 * domain (zone) of its key, and Score counts them again on every feasible node for a hostname
 * constraint (scoring.ts). Upstream does both for every pod scheduled, so a Deployment of N
 * replicas over M nodes walks N × M nodes. Every pod of a Deployment asks the same questions (one
 * namespace, one selector, the same defaults), so each answer is kept per question and brought up
 * to date from the nodes that changed since it was last asked (framework/node-shares.ts).
 *
 * A domain question is kept only when the set of nodes that count does not depend on the pod:
 * with nodeAffinityPolicy Honor, a pod with a nodeSelector or required node affinity counts only
 * the nodes it matches, and with nodeTaintsPolicy Honor only those whose taints it tolerates.
 * Such pods are counted by the walk, as upstream counts them. Score's per-node counts apply no
 * inclusion policy, so they are always kept.
 */
import type { Pod } from '../../../../api/types'
import type { NodeInfo, NodeInfoLister } from '../../framework/node-info'
import { NodeShares } from '../../framework/node-shares'
import { type Constraint, countPodsMatchSelector, nodeHasAllTopologyKeys, selectorKey } from './common'
import type { HostCounts, KeptCounts } from './scoring'

type Selector = NonNullable<Constraint['selector']>

/** One node's share of a domain question: its value for the topology key ('' without the label). */
interface DomainShare {
  readonly value: string
  readonly count: number
}

/** Matching pods per domain, over the nodes that count (those with pods and a Node object). */
class DomainQuery {
  readonly totals = new Map<string, number>()
  readonly nodes: NodeShares<DomainShare | null>

  constructor(
    selector: Selector,
    namespace: string,
    topologyKey: string,
    /** The constraints whose keys a node must all have (requireAllTopologies), or none. */
    required: readonly Constraint[] | undefined,
  ) {
    this.nodes = new NodeShares<DomainShare | null>(
      (ni) =>
        ni.node !== null &&
        ni.pods.length > 0 &&
        (required === undefined || nodeHasAllTopologyKeys(ni.node, required)),
      (ni) => {
        const count = countPodsMatchSelector(ni, selector, namespace)
        if (count === 0) return null
        const labels = ni.node?.metadata?.labels
        const value = labels && Object.hasOwn(labels, topologyKey) ? (labels[topologyKey] as string) : ''
        return { value, count }
      },
      (share, sign) => {
        if (share === null) return
        const total = (this.totals.get(share.value) ?? 0) + sign * share.count
        if (total === 0) this.totals.delete(share.value)
        else this.totals.set(share.value, total)
      },
    )
  }
}

/** Matching pods per node with pods; a node outside the kept shares is counted on the spot. */
class HostQuery implements HostCounts {
  readonly nodes: NodeShares<number>

  constructor(
    private readonly selector: Selector,
    private readonly namespace: string,
  ) {
    this.nodes = new NodeShares<number>(
      (ni) => ni.node !== null && ni.pods.length > 0,
      (ni) => countPodsMatchSelector(ni, selector, namespace),
      () => {},
    )
  }

  on(ni: NodeInfo): number {
    if (ni.pods.length === 0) return 0
    return this.nodes.shareOf(ni) ?? countPodsMatchSelector(ni, this.selector, this.namespace)
  }
}

/** How many questions are kept (the least recently asked is dropped). */
const MAX_QUERIES = 16

const NO_DOMAINS: ReadonlyMap<string, number> = new Map()
const NO_HOSTS: HostCounts = { on: () => 0 }

export class KeptSpreadCounts {
  private readonly queries = new Map<string, DomainQuery | HostQuery>()

  /** The kept counts for one attempt of `pod` with these ScheduleAnyway constraints. */
  for(
    pod: Pod,
    constraints: readonly Constraint[],
    requireAllTopologies: boolean,
    snapshot: NodeInfoLister,
  ): KeptCounts {
    return {
      domains: (c) => this.domains(c, pod, constraints, requireAllTopologies, snapshot),
      hosts: (c) => this.hosts(c, pod, snapshot),
    }
  }

  /**
   * Matching pods per value of `c.topologyKey` over every node that counts, as PreScore's walk
   * adds them up; undefined when the nodes that count depend on the pod (the caller walks).
   */
  domains(
    c: Constraint,
    pod: Pod,
    constraints: readonly Constraint[],
    requireAllTopologies: boolean,
    snapshot: NodeInfoLister,
  ): ReadonlyMap<string, number> | undefined {
    if (!nodeSetIndependentOfPod(c, pod)) return undefined
    // An empty selector or none counts nothing on any node (countPodsMatchSelector).
    const selector = c.selector
    if (selector === null || selector.length === 0) return NO_DOMAINS
    const namespace = pod.metadata?.namespace ?? ''
    const keys = requireAllTopologies ? constraints.map((k) => k.topologyKey).join('\n') : ''
    const q = this.query(
      `domains\n${namespace}\n${c.topologyKey}\n${selectorKey(selector)}\n${keys}`,
      () =>
        new DomainQuery(selector, namespace, c.topologyKey, requireAllTopologies ? constraints : undefined),
    ) as DomainQuery
    q.nodes.sync(snapshot, () => snapshot.havePodsList())
    return q.totals
  }

  /** A hostname constraint's matching pods per node, as Score counts them. */
  hosts(c: Constraint, pod: Pod, snapshot: NodeInfoLister): HostCounts {
    const selector = c.selector
    if (selector === null || selector.length === 0) return NO_HOSTS
    const namespace = pod.metadata?.namespace ?? ''
    const q = this.query(
      `hosts\n${namespace}\n${selectorKey(selector)}`,
      () => new HostQuery(selector, namespace),
    ) as HostQuery
    q.nodes.sync(snapshot, () => snapshot.havePodsList())
    return q
  }

  private query(signature: string, make: () => DomainQuery | HostQuery): DomainQuery | HostQuery {
    let q = this.queries.get(signature)
    if (q === undefined) {
      q = make()
      if (this.queries.size >= MAX_QUERIES) this.queries.delete(this.queries.keys().next().value as string)
    } else this.queries.delete(signature)
    // Most recently asked last.
    this.queries.set(signature, q)
    return q
  }
}

/** matchNodeInclusionPolicies passes every node for this pod (see the header). */
function nodeSetIndependentOfPod(c: Constraint, pod: Pod): boolean {
  if (c.nodeTaintsPolicy === 'Honor') return false
  if (c.nodeAffinityPolicy !== 'Honor') return true
  const spec = pod.spec
  return (
    spec?.nodeSelector === undefined &&
    spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution === undefined
  )
}
