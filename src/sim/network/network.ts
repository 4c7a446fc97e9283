import type { Rng } from '../kernel/rng'
import type { ComponentId } from '../kernel/trace'

/** One direction of a link between two components. */
export interface LinkConfig {
  /** Base one-way latency in virtual milliseconds. */
  readonly latencyMs: number
  /** Extra latency drawn uniformly from [0, jitterMs] with the scenario's seeded RNG. */
  readonly jitterMs?: number
}

/**
 * Latencies per link. Keys are `from->to`, where each side is a component id (`kubelet/worker-1`)
 * or a family (`kubelet`, the part before `/`). A link configured one way applies both ways unless
 * the other direction has its own entry.
 */
export interface NetworkConfig {
  readonly defaultLink: LinkConfig
  readonly links: Readonly<Record<string, LinkConfig>>
}

export const DEFAULT_NETWORK: NetworkConfig = {
  defaultLink: { latencyMs: 2 },
  links: {
    'kubectl->kube-apiserver': { latencyMs: 15 },
    'kube-apiserver->etcd': { latencyMs: 2 },
    'kube-scheduler->kube-apiserver': { latencyMs: 2 },
    'kube-controller-manager->kube-apiserver': { latencyMs: 2 },
    'kubelet->kube-apiserver': { latencyMs: 4 },
    'kubelet->runtime': { latencyMs: 1 },
    'runtime->registry': { latencyMs: 40, jitterMs: 20 },
  },
}

const family = (id: ComponentId): string => {
  const slash = id.indexOf('/')
  return slash < 0 ? id : id.slice(0, slash)
}

/**
 * Gives each message a deterministic delivery time. Messages on one link are delivered in the
 * order they were sent (like one HTTP/2 or gRPC stream), so a watcher never sees events reordered.
 */
export class Network {
  /**
   * Per direction (from, then to): its latency and when its last message is delivered. Two maps
   * deep rather than keyed by `from->to`: every message asks, and a key string each cost more
   * than the lookup.
   */
  private readonly directions = new Map<ComponentId, Map<ComponentId, Direction>>()
  /** Faults: links cut in both directions (`a\u0000b`, names sorted). */
  private readonly cutLinks = new Set<string>()
  /** Faults: components cut off from every other one (a machine that stopped). */
  private readonly isolated = new Set<ComponentId>()
  /** Faults: links whose latency is multiplied (`a\u0000b`, names sorted; both directions). */
  private readonly slowLinks = new Map<string, number>()

  constructor(
    private readonly config: NetworkConfig,
    private readonly rng: Rng,
  ) {}

  /** Delivery time of a message sent now on from→to, taking `extraMs` more (transfer time). */
  deliveryTime(from: ComponentId, to: ComponentId, nowMs: number, extraMs = 0): number {
    const direction = this.direction(from, to)
    const link = direction.link
    const jitter = link.jitterMs ? this.rng.intn(link.jitterMs + 1) : 0
    const factor = this.slowLinks.size > 0 ? (this.slowLinks.get(linkKey(from, to)) ?? 1) : 1
    const latencyMs = factor === 1 ? link.latencyMs + jitter : Math.round((link.latencyMs + jitter) * factor)
    const at = Math.max(nowMs + latencyMs + extraMs, direction.lastDeliveryMs)
    direction.lastDeliveryMs = at
    return at
  }

  /**
   * Faults: a message on from→to is held until `atMs` (delay-message); later messages on that
   * link are delivered no earlier, as on one ordered stream.
   */
  holdUntil(from: ComponentId, to: ComponentId, atMs: number): void {
    const direction = this.direction(from, to)
    direction.lastDeliveryMs = Math.max(atMs, direction.lastDeliveryMs)
  }

  /**
   * Faults: multiply the latency (with its jitter) of the link between two components, both ways,
   * for messages sent from now on (slow-etcd). A factor of 1 restores it.
   */
  slow(a: ComponentId, b: ComponentId, factor: number): void {
    if (factor === 1) this.slowLinks.delete(linkKey(a, b))
    else this.slowLinks.set(linkKey(a, b), factor)
  }

  /**
   * Cut the link between two components, both ways: from now on every message between them is
   * lost (the kernel drops it; see Kernel.send). Messages already on the wire still arrive.
   */
  cut(a: ComponentId, b: ComponentId): void {
    this.cutLinks.add(linkKey(a, b))
  }

  /** Mend a link cut with `cut`. */
  restore(a: ComponentId, b: ComponentId): void {
    this.cutLinks.delete(linkKey(a, b))
  }

  /** Cut a component off from every other one: nothing it sends arrives, nothing reaches it. */
  isolate(id: ComponentId): void {
    this.isolated.add(id)
  }

  /** Undo `isolate`. */
  rejoin(id: ComponentId): void {
    this.isolated.delete(id)
  }

  /** Whether a message sent now from `from` to `to` is lost. */
  isCut(from: ComponentId, to: ComponentId): boolean {
    if (this.cutLinks.size === 0 && this.isolated.size === 0) return false
    return this.isolated.has(from) || this.isolated.has(to) || this.cutLinks.has(linkKey(from, to))
  }

  private direction(from: ComponentId, to: ComponentId): Direction {
    let byTo = this.directions.get(from)
    if (byTo === undefined) {
      byTo = new Map()
      this.directions.set(from, byTo)
    }
    let direction = byTo.get(to)
    if (direction === undefined) {
      direction = { link: this.link(from, to), lastDeliveryMs: 0 }
      byTo.set(to, direction)
    }
    return direction
  }

  private link(from: ComponentId, to: ComponentId): LinkConfig {
    const links = this.config.links
    const f = family(from)
    const t = family(to)
    return (
      links[`${from}->${to}`] ??
      links[`${f}->${t}`] ??
      links[`${to}->${from}`] ??
      links[`${t}->${f}`] ??
      this.config.defaultLink
    )
  }
}

interface Direction {
  readonly link: LinkConfig
  lastDeliveryMs: number
}

const linkKey = (a: ComponentId, b: ComponentId): string => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`)
