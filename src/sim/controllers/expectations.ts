/**
 * Controller expectations: what a controller has asked the apiserver to do and not yet seen come
 * back through its informer. Until its expectations are met (or expire), the ReplicaSet controller
 * does not create or delete pods again for that ReplicaSet, because its cache still shows the old
 * world and it would create the same pods twice.
 *
 * kube-controller-manager: pkg/controller/controller_utils.go (ControllerExpectations,
 * UIDTrackingControllerExpectations: deletions are tracked per pod key, so one deletion is
 * counted once whether the informer sees the deletionTimestamp or the DELETED event).
 */

/** ExpectationsTimeout: expectations older than this are ignored and the controller syncs again. */
export const EXPECTATIONS_TIMEOUT_MS = 5 * 60 * 1000

interface Expectation {
  add: number
  del: number
  setAtMs: number
  /** Pod keys whose deletion is expected. */
  readonly deleting: Set<string>
}

export interface ExpectationsView {
  readonly add: number
  readonly del: number
}

export class ControllerExpectations {
  private readonly byKey = new Map<string, Expectation>()

  constructor(private readonly nowMs: () => number) {}

  /** SatisfiedExpectations: no record, all observed, or expired. */
  satisfied(key: string): boolean {
    const e = this.byKey.get(key)
    if (!e) return true
    if (e.add <= 0 && e.del <= 0) return true
    return this.nowMs() - e.setAtMs > EXPECTATIONS_TIMEOUT_MS
  }

  get(key: string): ExpectationsView | undefined {
    const e = this.byKey.get(key)
    return e ? { add: e.add, del: e.del } : undefined
  }

  expectCreations(key: string, count: number): void {
    this.byKey.set(key, { add: count, del: 0, setAtMs: this.nowMs(), deleting: new Set() })
  }

  expectDeletions(key: string, podKeys: readonly string[]): void {
    this.byKey.set(key, { add: 0, del: podKeys.length, setAtMs: this.nowMs(), deleting: new Set(podKeys) })
  }

  creationObserved(key: string): void {
    const e = this.byKey.get(key)
    if (e) e.add--
  }

  /** Counted once per pod key, and only for pods whose deletion was expected. */
  deletionObserved(key: string, podKey: string): void {
    const e = this.byKey.get(key)
    if (e?.deleting.delete(podKey)) e.del--
  }

  delete(key: string): void {
    this.byKey.delete(key)
  }
}
