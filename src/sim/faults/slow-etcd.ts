/**
 * slow-etcd: from a moment on, etcd answers slowly.
 *
 * Stands for what makes etcd slow in real clusters: a slow or saturated disk (every write waits
 * for its fsync in the raft log), an overloaded member, or network latency between the apiserver
 * and etcd. `factor` multiplies each request's latency — the link's round trip and etcd's own
 * service time (a write's commit) — and `latencyMs` adds to every request, reads included. Every
 * API request that reads or writes etcd takes that much longer per etcd call, so a Pod's create
 * answers later, watch events (which follow the commits) arrive later, and everything downstream
 * shifts. Nothing times out: the apiserver's 60 s request timeout is far away for the delays this
 * is meant for. The slowdown lasts to the end of the run (a later slow-etcd replaces it; factor 1
 * with latencyMs 0 restores etcd).
 */
import { APISERVER, ETCD } from '../kernel/trace'
import { at, type FaultContext, type FaultDone, faultStep, injected } from './context'

export interface SlowEtcdFault {
  readonly type: 'slow-etcd'
  readonly atMs: number
  /** Latency multiplier (≥ 1; default 1). */
  readonly factor?: number
  /** Added to each request (whole milliseconds ≥ 0; default 0). */
  readonly latencyMs?: number
}

export function scheduleSlowEtcd(ctx: FaultContext, fault: SlowEtcdFault, done: FaultDone): void {
  ctx.kernel.at(fault.atMs, () => {
    const factor = fault.factor ?? 1
    const latencyMs = fault.latencyMs ?? 0
    const how = [factor !== 1 ? `latency ×${factor}` : '', latencyMs ? `+${at(latencyMs)} per request` : '']
      .filter(Boolean)
      .join(', ')
    faultStep(ctx.kernel, ETCD, `etcd slows down: ${how || 'back to normal'}`, {
      type: 'SlowEtcd',
      factor,
      latencyMs,
    })
    ctx.kernel.network.slow(APISERVER, ETCD, factor)
    ctx.etcd.slowDown(factor, latencyMs)
    done([injected(how ? `etcd slowed down (${how})` : 'etcd back to normal speed')])
  })
}
