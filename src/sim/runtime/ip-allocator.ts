/**
 * Pod IPs from the node's `spec.podCIDR`, the way CNI's host-local IPAM hands them out on a
 * bridge network: the gateway (cni0) takes .1, Pods get .2, .3, … in order; a released address
 * is reused only after the range wraps around (host-local remembers the last one it reserved).
 */

export class IpAllocator {
  private readonly first: number
  private readonly last: number
  private next: number
  private readonly inUse = new Set<number>()

  constructor(readonly cidr: string) {
    const m = /^(\d+)\.(\d+)\.(\d+)\.(\d+)\/(\d+)$/.exec(cidr)
    if (!m) throw new Error(`invalid podCIDR ${JSON.stringify(cidr)}`)
    const octets = m.slice(1, 5).map(Number)
    const bits = Number(m[5])
    const ip = octets.reduce((acc, o) => acc * 256 + o, 0)
    const size = 2 ** (32 - bits)
    const network = ip - (ip % size)
    this.first = network + 2
    this.last = network + size - 2 // the broadcast address is not handed out
    this.next = this.first
  }

  /** Reserve the next free address, or undefined when the range is exhausted. */
  allocate(): string | undefined {
    const span = this.last - this.first + 1
    for (let i = 0; i < span; i++) {
      const candidate = this.next
      this.next = this.next >= this.last ? this.first : this.next + 1
      if (!this.inUse.has(candidate)) {
        this.inUse.add(candidate)
        return format(candidate)
      }
    }
    return undefined
  }

  /** Is `ip` one this range hands out? */
  contains(ip: string): boolean {
    const n = parse(ip)
    return n !== undefined && n >= this.first && n <= this.last
  }

  /**
   * Mark an address as taken by a Pod that ran before the scenario (a bootstrap Pod); the next
   * allocation continues after the highest one reserved, as host-local does after its last
   * reservation. An address outside the range (a hostNetwork Pod's) is ignored.
   */
  reserve(ip: string): void {
    const n = parse(ip)
    if (n === undefined || n < this.first || n > this.last) return
    this.inUse.add(n)
    if (n >= this.next) this.next = n >= this.last ? this.first : n + 1
  }

  release(ip: string): void {
    const parts = ip.split('.').map(Number)
    this.inUse.delete(parts.reduce((acc, o) => acc * 256 + o, 0))
  }
}

function parse(ip: string): number | undefined {
  const m = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(ip)
  return m ? m.slice(1, 5).reduce((acc, o) => acc * 256 + Number(o), 0) : undefined
}

function format(n: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join('.')
}
