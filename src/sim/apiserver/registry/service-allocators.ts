/**
 * The Service REST's allocators (pkg/registry/core/service/storage/alloc.go allocateCreate), for
 * a single-stack IPv4 cluster with kubeadm's defaults: ClusterIPs from the service CIDR
 * 10.96.0.0/12 (--service-cluster-ip-range) and NodePorts from 30000-32767
 * (--service-node-port-range).
 *
 * Both allocators split their range as KEP-3070/KEP-3668 do: dynamic allocation starts at a random
 * offset in the upper band and walks forward (wrapping inside the band), and only falls back to
 * the lower band (kept for static picks such as kube-dns's 10.96.0.10) when the upper one is full
 * (ipallocator/ipallocator.go allocateNextService, calculateRangeOffset: min(max(16, size/16),
 * 256); portallocator/allocator.go calculateRangeOffset: min(max(16, size/32), 128)). Randomness
 * comes from the kernel's seeded RNG where upstream seeds from the clock.
 *
 * What is taken is read from the apiserver's Service watch cache (upstream reads the IPAddress
 * informer and creates an IPAddress object per ClusterIP; the simulation does not write
 * IPAddress objects, so releasing a ClusterIP is implicit in deleting its Service).
 */
import type { Service, ServicePort } from 'kubernetes-types/core/v1'
import { type FieldError, invalidValue } from '../../../api/status'
import type { Rng } from '../../kernel/rng'
import type { BeginCreateResult } from './begin-create'

/** kubeadm's default --service-cluster-ip-range. */
export const SERVICE_CIDR = '10.96.0.0/12'
/** The apiserver's default --service-node-port-range. */
export const NODE_PORT_RANGE = { base: 30000, size: 2768 } as const

const CIDR_BASE = ipToNumber('10.96.0.0')
const CIDR_BITS = 12
/** Usable addresses: the network and broadcast addresses are never handed out (IPv4). */
const IP_COUNT = 2 ** (32 - CIDR_BITS) - 2
const FIRST_IP = CIDR_BASE + 1

export function ipToNumber(ip: string): number {
  const parts = ip.split('.').map((p) => Number(p))
  return (
    ((parts[0] ?? 0) * 2 ** 24 + (parts[1] ?? 0) * 2 ** 16 + (parts[2] ?? 0) * 2 ** 8 + (parts[3] ?? 0)) >>> 0
  )
}

export function numberToIp(n: number): string {
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.')
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/

export function isIPv4(ip: string): boolean {
  return IPV4.test(ip)
}

/** min(max(min, size/step), max), 0 when the range is no bigger than min. */
function rangeOffset(size: number, min: number, max: number, step: number): number {
  if (size <= min) return 0
  return Math.min(Math.max(min, Math.floor(size / step)), max)
}

/**
 * Walk `count` slots of [first, first + count) starting at a random offset, then the lower band;
 * the first free slot wins. Undefined when both bands are full.
 */
function allocateNext(
  rng: Rng,
  first: number,
  size: number,
  offset: number,
  taken: (n: number) => boolean,
): number | undefined {
  const bands: [number, number][] = [
    [first + offset, size - offset],
    [first, offset],
  ]
  for (const [start, count] of bands) {
    if (count <= 0) continue
    const from = rng.intn(count)
    for (let i = 0; i < count; i++) {
      const n = start + ((from + i) % count)
      if (!taken(n)) return n
    }
  }
  return undefined
}

/** What the cluster's Services already hold: ClusterIPs and NodePorts. */
export interface Allocated {
  readonly clusterIPs: ReadonlySet<string>
  readonly nodePorts: ReadonlySet<number>
}

export function allocatedBy(services: readonly Service[]): Allocated {
  const clusterIPs = new Set<string>()
  const nodePorts = new Set<number>()
  for (const svc of services) {
    for (const ip of svc.spec?.clusterIPs ?? (svc.spec?.clusterIP ? [svc.spec.clusterIP] : [])) {
      if (ip !== 'None') clusterIPs.add(ip)
    }
    for (const p of svc.spec?.ports ?? []) if (p.nodePort) nodePorts.add(p.nodePort)
    if (svc.spec?.healthCheckNodePort) nodePorts.add(svc.spec.healthCheckNodePort)
  }
  return { clusterIPs, nodePorts }
}

/** A random free ClusterIP (ipallocator.go allocateNextService). */
export function allocateClusterIP(rng: Rng, taken: ReadonlySet<string>): string | undefined {
  const offset = rangeOffset(IP_COUNT + 2, 16, 256, 16)
  const n = allocateNext(rng, FIRST_IP, IP_COUNT, offset, (x) => taken.has(numberToIp(x)))
  return n === undefined ? undefined : numberToIp(n)
}

/** Why a requested ClusterIP cannot be had (ErrNotInRange, ErrAllocated), or undefined. */
export function clusterIPProblem(ip: string, taken: ReadonlySet<string>): string | undefined {
  const n = ipToNumber(ip)
  if (n < FIRST_IP || n >= FIRST_IP + IP_COUNT) {
    return `the provided IP (${ip}) is not in the valid range. The range of valid IPs is ${SERVICE_CIDR}`
  }
  if (taken.has(ip)) return 'provided IP is already allocated'
  return undefined
}

/** A random free NodePort (portallocator: the bitmap allocator with its offset). */
export function allocateNodePort(rng: Rng, taken: ReadonlySet<number>): number | undefined {
  const { base, size } = NODE_PORT_RANGE
  return allocateNext(rng, base, size, rangeOffset(size, 16, 128, 32), (n) => taken.has(n))
}

function nodePortProblem(port: number, taken: ReadonlySet<number>): string | undefined {
  const { base, size } = NODE_PORT_RANGE
  if (port < base || port >= base + size) {
    return `provided port is not in the valid range. The range of valid ports is ${base}-${base + size - 1}`
  }
  if (taken.has(port)) return 'provided port is already allocated'
  return undefined
}

type WritableSpec = { -readonly [K in keyof NonNullable<Service['spec']>]: NonNullable<Service['spec']>[K] }

/**
 * allocateCreate for this cluster: initIPFamilyFields (SingleStack IPv4, or RequireDualStack for
 * a selectorless headless Service, which on a single-stack cluster keeps one family), the
 * ClusterIP (`clusterIPs` = [clusterIP]), then NodePorts for NodePort and LoadBalancer Services
 * (one per distinct port number, as initNodePorts shares them) and a LoadBalancer's
 * healthCheckNodePort with externalTrafficPolicy Local.
 */
export function allocateCreate(svc: Service, rng: Rng, allocated: Allocated): BeginCreateResult {
  const spec = (svc.spec ?? {}) as WritableSpec
  if (spec.type === 'ExternalName') return { ok: true }
  // normalizeClusterIPs: clusterIP and clusterIPs[0] agree before anyone looks at them.
  if (spec.clusterIP && !spec.clusterIPs?.length) spec.clusterIPs = [spec.clusterIP]
  else if (!spec.clusterIP && spec.clusterIPs?.length) spec.clusterIP = spec.clusterIPs[0]
  const headless = spec.clusterIP === 'None'
  const selectorless = Object.keys(spec.selector ?? {}).length === 0
  spec.ipFamilyPolicy ??= headless && selectorless ? 'RequireDualStack' : 'SingleStack'
  const errors: FieldError[] = []
  if (spec.ipFamilyPolicy === 'RequireDualStack' && !(headless && selectorless)) {
    errors.push(
      invalidValue(
        'spec.ipFamilyPolicy',
        spec.ipFamilyPolicy,
        'this cluster is not configured for dual-stack services',
      ),
    )
  }
  ;(spec.ipFamilies ?? []).forEach((family, i) => {
    if (family !== 'IPv4')
      errors.push(invalidValue(`spec.ipFamilies[${i}]`, family, 'not configured on this cluster'))
  })
  if (errors.length) return { ok: false, errors }
  if (!spec.ipFamilies?.length) spec.ipFamilies = ['IPv4']
  if (!headless) {
    const requested = spec.clusterIP
    if (requested) {
      const problem = isIPv4(requested) ? clusterIPProblem(requested, allocated.clusterIPs) : undefined
      if (problem) {
        return {
          ok: false,
          errors: [
            {
              ...invalidValue(
                'spec.clusterIPs',
                spec.clusterIPs,
                `failed to allocate IP ${requested}: ${problem}`,
              ),
              badValueText: goStrings(spec.clusterIPs ?? []),
            },
          ],
        }
      }
    } else {
      const ip = allocateClusterIP(rng, allocated.clusterIPs)
      if (!ip) return { ok: false, internal: 'failed to allocate a serviceIP: range is full' }
      spec.clusterIP = ip
      spec.clusterIPs = [ip]
    }
  }
  if (spec.type === 'NodePort' || spec.type === 'LoadBalancer') {
    const ports = allocateNodePorts(spec, rng, allocated.nodePorts)
    if (!ports.ok) return ports
  }
  return { ok: true }
}

function allocateNodePorts(spec: WritableSpec, rng: Rng, taken: ReadonlySet<number>): BeginCreateResult {
  const used = new Set(taken)
  const byPort = new Map<number, number>()
  // shouldAllocateNodePorts: LoadBalancers may opt out (allocateLoadBalancerNodePorts: false).
  const allocate = spec.type === 'NodePort' || spec.allocateLoadBalancerNodePorts !== false
  const ports = (spec.ports ?? []) as ServicePort[]
  for (const [i, p] of ports.entries()) {
    if (!p.nodePort && !allocate) continue
    const shared = byPort.get(p.port)
    if (shared !== undefined && (!p.nodePort || p.nodePort === shared)) {
      ;(p as { nodePort?: number }).nodePort = shared
      continue
    }
    // findRequestedNodePort: a later entry with the same port number may name the node port.
    const requested = p.nodePort || ports.slice(i).find((q) => q.port === p.port && q.nodePort)?.nodePort
    if (requested) {
      const problem = nodePortProblem(requested, used)
      if (problem)
        return { ok: false, errors: [invalidValue(`spec.ports[${i}].nodePort`, requested, problem)] }
      used.add(requested)
      ;(p as { nodePort?: number }).nodePort = requested
      byPort.set(p.port, requested)
    } else {
      const port = allocateNodePort(rng, used)
      if (port === undefined) return { ok: false, internal: 'failed to allocate a nodePort: range is full' }
      used.add(port)
      ;(p as { nodePort?: number }).nodePort = port
      byPort.set(p.port, port)
    }
  }
  // NeedsHealthCheck: a LoadBalancer with externalTrafficPolicy Local gets a health check port.
  if (spec.type === 'LoadBalancer' && spec.externalTrafficPolicy === 'Local') {
    if (spec.healthCheckNodePort) {
      const problem = nodePortProblem(spec.healthCheckNodePort, used)
      if (problem) {
        return {
          ok: false,
          internal: `failed to allocate requested HealthCheck NodePort ${spec.healthCheckNodePort}: ${problem}`,
        }
      }
    } else {
      const port = allocateNodePort(rng, used)
      if (port === undefined)
        return { ok: false, internal: 'failed to allocate a HealthCheck NodePort 0: range is full' }
      spec.healthCheckNodePort = port
    }
  }
  return { ok: true }
}

/** Go's %#v of a []string: `[]string{"10.0.0.1"}`. */
function goStrings(values: readonly string[]): string {
  return `[]string{${values.map((v) => JSON.stringify(v)).join(', ')}}`
}
