/**
 * The order in which Filter walks the nodes: round-robin across zones, so that sampling a part of
 * a large cluster (percentageOfNodesToScore) still spreads over every zone.
 *
 * kube-scheduler: pkg/scheduler/backend/cache/node_tree.go; zone key from
 * staging/src/k8s.io/component-helpers/node/topology (GetZoneKey). Within a zone, nodes keep the
 * order in which the scheduler first saw them.
 */
import type { Node } from '../../../api/types'

/** `<region>:\0:<zone>` from the topology labels (or the deprecated beta ones); '' for none. */
export function zoneKey(node: Node): string {
  const labels = node.metadata?.labels
  if (!labels) return ''
  const zone = labels['topology.kubernetes.io/zone'] ?? labels['failure-domain.beta.kubernetes.io/zone'] ?? ''
  const region =
    labels['topology.kubernetes.io/region'] ?? labels['failure-domain.beta.kubernetes.io/region'] ?? ''
  return region === '' && zone === '' ? '' : `${region}:\u0000:${zone}`
}

export class NodeTree {
  private readonly tree = new Map<string, string[]>()
  private readonly zones: string[] = []
  /**
   * `<zone>\u0001<name>` of every node in the tree: `add` checks membership here instead of
   * scanning its zone (quadratic at 5,000 nodes); like upstream, the check is per zone.
   */
  private readonly members = new Set<string>()
  private count = 0

  get numNodes(): number {
    return this.count
  }

  add(node: Node): void {
    const name = node.metadata?.name ?? ''
    const zone = zoneKey(node)
    const member = `${zone}\u0001${name}`
    if (this.members.has(member)) return
    this.members.add(member)
    const names = this.tree.get(zone)
    if (names) {
      names.push(name)
    } else {
      this.zones.push(zone)
      this.tree.set(zone, [name])
    }
    this.count++
  }

  remove(node: Node): void {
    const name = node.metadata?.name ?? ''
    const zone = zoneKey(node)
    const names = this.tree.get(zone)
    const i = names?.indexOf(name) ?? -1
    if (!names || i < 0) return
    names.splice(i, 1)
    this.members.delete(`${zone}\u0001${name}`)
    if (names.length === 0) {
      this.tree.delete(zone)
      this.zones.splice(this.zones.indexOf(zone), 1)
    }
    this.count--
  }

  /** Moves the node when its zone labels changed; returns whether the order may have changed. */
  update(oldNode: Node, newNode: Node): boolean {
    if (zoneKey(oldNode) === zoneKey(newNode)) return false
    this.remove(oldNode)
    this.add(newNode)
    return true
  }

  /** zone1[0], zone2[0], …, zone1[1], zone2[1], … */
  list(): string[] {
    const out: string[] = []
    for (let i = 0; out.length < this.count; i++) {
      for (const zone of this.zones) {
        const names = this.tree.get(zone) as string[]
        if (i < names.length) out.push(names[i] as string)
      }
    }
    return out
  }
}
