/**
 * The record of one scheduling attempt, as data: what each plugin said about each node, the
 * scores, the choice. It is the payload of the scheduler's `filter` and `score` trace steps and
 * what the UI and the CLI's `scheduling` output read. Nodes Filter did not look at are absent
 * (`search` says how many were looked at).
 *
 * `full` records per-node, per-plugin results; `summary` keeps only the counts and the outcome, for
 * runs with thousands of nodes.
 */
import type { SearchStats } from '../algorithm/schedule-pod'
import type { StatusCode } from '../framework/status'

export type RecordingMode = 'full' | 'summary'

/** A plugin's verdict on a node: passed, or its status. */
export type FilterOutcome = 'passed' | { readonly code: StatusCode; readonly reasons: readonly string[] }

/** What a PreFilter/PreScore plugin answered for the pod as a whole. */
export type PreOutcome =
  | 'passed'
  | 'skipped'
  | { readonly code: StatusCode; readonly reasons: readonly string[] }
  | { readonly nodeNames: readonly string[] }

export type AttemptResult = 'Scheduled' | 'Unschedulable' | 'Error'

/** Payload of the `filter` step. */
export interface FilterRecord {
  readonly pod: string
  readonly podUid: string
  /** 1 for the first attempt of this pod. */
  readonly attempt: number
  /** The scheduler's scheduling cycle number. */
  readonly cycle: number
  readonly atMs: number
  readonly mode: RecordingMode
  /** null when the attempt ended before Filter (no nodes, PreFilter error). */
  readonly search: SearchStats | null
  readonly result: AttemptResult
  /** The FailedScheduling text when result is not Scheduled. */
  readonly message?: string
  /** Full mode. */
  readonly preFilter?: Readonly<Record<string, PreOutcome>>
  /** Full mode: node → plugin → outcome, in the order Filter looked at them. */
  readonly filter?: Readonly<Record<string, Readonly<Record<string, FilterOutcome>>>>
  /** The plugins that rejected the pod somewhere (why it waits, and for which events). */
  readonly unschedulablePlugins?: readonly string[]
  readonly postFilter?: { readonly plugin: string; readonly message: string }
  /** Set when preemption nominated a node: the node and the pods it evicts there (`ns/name`). */
  readonly preemption?: { readonly nominatedNode: string; readonly victims: readonly string[] }
}

/** Payload of the `score` step (only when a node was chosen). */
export interface ScoreRecord {
  readonly pod: string
  readonly podUid: string
  readonly attempt: number
  readonly atMs: number
  readonly mode: RecordingMode
  /** false when exactly one node was feasible and Score was skipped. */
  readonly scored: boolean
  readonly selectedNode: string
  /** Full mode. */
  readonly preScore?: Readonly<Record<string, PreOutcome>>
  /** Full mode: node → plugin → raw score. */
  readonly score?: Readonly<Record<string, Readonly<Record<string, number>>>>
  /** Full mode: node → plugin → normalized score (0–100). */
  readonly normalized?: Readonly<Record<string, Readonly<Record<string, number>>>>
  /** Full mode: node → plugin → normalized × weight. */
  readonly weighted?: Readonly<Record<string, Readonly<Record<string, number>>>>
  /** Full mode: node → total.*/
  readonly total?: Readonly<Record<string, number>>
  readonly weights?: Readonly<Record<string, number>>
  /**
   * Present when several nodes shared the top score: the seeded RNG picked selectedNode among
   * `count` nodes. Summary mode keeps only the first 3 names (a 5,000-node cluster can tie on
   * hundreds, for every Pod); full mode keeps them all.
   */
  readonly tieBreak?: {
    readonly candidates: readonly string[]
    readonly count: number
    readonly maxScore: number
  }
}

export interface AttemptRecord {
  readonly filter: FilterRecord
  readonly score?: ScoreRecord
}
