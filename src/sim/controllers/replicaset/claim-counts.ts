/**
 * A ReplicaSet's claim and status counts, kept from the Pod informer's events instead of read off
 * every Pod at every sync. Upstream's syncReplicaSet lists all of a ReplicaSet's Pods, claims them
 * and counts them at every sync, and a sync follows nearly every change to one of its Pods: over a
 * rollout of N replicas that is N syncs of N Pods each, which made the ReplicaSet controller most
 * of a 10,000-Pod run. What a sync needs of its Pods, when it neither adopts, releases nor
 * deletes any, is four numbers; each Pod's share of them is kept here (by key) and moved when the
 * informer tells of a change, so a sync reads the sums.
 *
 * A tally is exact for the selector and template labels it was made with: a ReplicaSet whose
 * selector or template labels differ gets a new tally, made from its Pods in the informer.
 */
import type { LabelSelector } from 'kubernetes-types/meta/v1'
import { type Labels, parsedLabelSelector, type Selector } from '../../../api/labels'
import { objectKey, type Pod, type ReplicaSet } from '../../../api/types'
import { factsOf } from '../object-facts'

/** What calculateStatus counts over a ReplicaSet's claimed (active, controlled, selected) Pods. */
export interface ReplicaCounts {
  readonly replicas: number
  readonly labeled: number
  readonly ready: number
  readonly available: number
}

// A Pod's share, as bits: claimed (owned), to release (controlled, not selected), and of the
// claimed, fully labeled and Ready.
const OWNED = 1
const RELEASE = 2
const LABELED = 4
const READY = 8

/** The counts over one ReplicaSet's Pods (those whose controller reference has its uid). */
export class Tally {
  owned = 0
  release = 0
  labeled = 0
  ready = 0
  private readonly shares = new Map<string, number>()
  private readonly selector: Selector | undefined

  constructor(
    readonly uid: string,
    readonly selectorKey: string,
    readonly templateKey: string,
    selector: LabelSelector | undefined,
    private readonly template: Labels,
  ) {
    this.selector = parsedLabelSelector(selector)
  }

  /** planClaims and calculateStatus for one Pod this ReplicaSet controls (not being deleted). */
  shareOf(pod: Pod): number {
    const facts = factsOf(pod)
    if (!facts.active) return 0
    if (this.selector === undefined || !facts.selectedBy(this.selector)) return RELEASE
    return OWNED | (facts.hasAll(this.template) ? LABELED : 0) | (facts.ready ? READY : 0)
  }

  set(key: string, share: number): void {
    this.add(this.shares.get(key) ?? 0, -1)
    this.add(share, 1)
    if (share === 0) this.shares.delete(key)
    else this.shares.set(key, share)
  }

  private add(share: number, sign: 1 | -1): void {
    if (share & OWNED) this.owned += sign
    if (share & RELEASE) this.release += sign
    if (share & LABELED) this.labeled += sign
    if (share & READY) this.ready += sign
  }
}

export class ClaimCounts {
  /** By ReplicaSet uid. */
  private readonly tallies = new Map<string, Tally>()
  /** By Pod key: the tally holding the Pod's share. */
  private readonly holders = new Map<string, Tally>()

  /** `podsOf(uid)`: the informer's Pods whose controller reference has this uid. */
  constructor(private readonly podsOf: (uid: string) => readonly Pod[]) {}

  /** A Pod was added, updated (`pod` is its new state) or deleted (`pod` undefined). */
  observe(key: string, pod: Pod | undefined): void {
    this.holders.get(key)?.set(key, 0)
    this.holders.delete(key)
    const uid = pod === undefined ? undefined : factsOf(pod).controller?.uid
    const tally = uid === undefined ? undefined : this.tallies.get(uid)
    if (tally === undefined || pod === undefined) return
    tally.set(key, tally.shareOf(pod))
    this.holders.set(key, tally)
  }

  /** The ReplicaSet's tally, made from its Pods if it has none for its selector and template yet. */
  tally(rs: ReplicaSet): Tally {
    const uid = rs.metadata?.uid ?? ''
    const selector = rs.spec?.selector
    const template = rs.spec?.template?.metadata?.labels ?? undefined
    const selectorKey = JSON.stringify(selector ?? null)
    const templateKey = JSON.stringify(template ?? null)
    const kept = this.tallies.get(uid)
    if (kept !== undefined && kept.selectorKey === selectorKey && kept.templateKey === templateKey)
      return kept
    const tally = new Tally(uid, selectorKey, templateKey, selector, template)
    this.tallies.set(uid, tally)
    for (const pod of this.podsOf(uid)) {
      // Its share in the tally this one replaces no longer counts: that tally is gone.
      const key = objectKey(pod)
      tally.set(key, tally.shareOf(pod))
      this.holders.set(key, tally)
    }
    return tally
  }

  /** The ReplicaSet is gone: its tally goes with it. */
  forget(uid: string | undefined): void {
    if (uid !== undefined) this.tallies.delete(uid)
  }
}
