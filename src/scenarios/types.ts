/**
 * The scenario library's types: a scenario the app can load (its `input`), the texts that teach
 * with it, and the documented result (`outcome`) that check.ts verifies against a run of the real
 * simulation, so a text never promises what the simulation does not show.
 *
 * Data only: the app imports the library, so nothing here may import the simulation.
 */
import type { ScenarioInput } from '../protocol/messages'

/** A text in both of the app's languages. */
export interface Text {
  readonly en: string
  readonly zh: string
}

export interface LibraryScenario {
  /** kebab-case and stable: share links name a scenario by it. */
  readonly id: string
  readonly title: Text
  /** One sentence: what the learner will see. */
  readonly goal: Text
  /** Teaching notes: what to watch and why, each a short paragraph. */
  readonly notes: readonly Text[]
  readonly input: ScenarioInput
  readonly outcome: Outcome
}

/**
 * The state the app shows with its cursor at `untilMs` (what `kubectl get` would print then), as
 * the scenario's texts describe it. Every part is optional except the time; check.ts reports each
 * difference.
 */
export interface Outcome {
  /** Virtual time, in ms, at which the outcome holds. */
  readonly untilMs: number
  /**
   * The Pods at `untilMs`. Unless `otherPods` is true, every live Pod must be counted by at least
   * one of these entries (no surprise Pods).
   */
  readonly pods?: readonly PodOutcome[]
  /** Some live Pods are deliberately not described. */
  readonly otherPods?: boolean
  /** Events that exist at `untilMs`, each matched by at least one Event. */
  readonly events?: readonly EventOutcome[]
  /** No Warning Event exists at `untilMs`. */
  readonly noWarnings?: boolean
  /** kubectl's answers to the scenario's actions. */
  readonly applyResults?: readonly ApplyOutcome[]
  /** What kubectl printed for node actions (cordon, uncordon, drain). */
  readonly output?: readonly OutputOutcome[]
  /** `kubectl get nodes` STATUS of some Nodes at `untilMs`. */
  readonly nodes?: readonly NodeOutcome[]
}

/** A node name, any but one, or one of a few. */
export type NodeMatch = string | { readonly not: string } | { readonly oneOf: readonly string[] }

/**
 * Pods in one namespace (`default` when absent) chosen by `name` or `namePrefix`, and what
 * `kubectl get pods -o wide` shows of them. Exactly `count` (default 1) of the chosen Pods must
 * have every listed property.
 */
export interface PodOutcome {
  readonly name?: string
  /** A prefix of a controller's Pods' names (`web-`), whose suffixes are random. */
  readonly namePrefix?: string
  readonly namespace?: string
  /** The STATUS column (`Running`, `Pending`, `CrashLoopBackOff`, `Init:0/1`, …). */
  readonly status: string
  /** The READY column (`1/1`). */
  readonly ready?: string
  /** The NODE column (`spec.nodeName`). */
  readonly node?: NodeMatch
  /** The RESTARTS column is at least this. */
  readonly minRestarts?: number
  readonly count?: number
  /** No node holds more than this many of the counted Pods. */
  readonly maxPerNode?: number
  /**
   * STATUS values each counted Pod went through, in this order (others may come between), as
   * the timeline shows them.
   */
  readonly path?: readonly string[]
}

/** An Event as `kubectl get events` lists it. */
export interface EventOutcome {
  readonly reason: string
  readonly type?: 'Normal' | 'Warning'
  /** The OBJECT column (`pod/nginx`, `replicaset/web-…`), or a prefix of it. */
  readonly object?: string
  readonly messageIncludes?: string
}

/** kubectl's answer for one object of one action. */
export interface ApplyOutcome {
  /** Index of the action in `input.actions`. */
  readonly action: number
  /** Index of the object in the action's YAML (default 0). */
  readonly object?: number
  /** HTTP code of kubectl's request for it (201 created, 403 forbidden, …). */
  readonly code: number
  /** Part of the apiserver's message (the Status), as kubectl prints it after `Error from server`. */
  readonly messageIncludes?: string
}

/** Lines kubectl printed for one action, in this order (others may come between), each a part of a line. */
export interface OutputOutcome {
  /** Index of the action in `input.actions`. */
  readonly action: number
  readonly lines: readonly string[]
}

export interface NodeOutcome {
  readonly name: string
  /** The STATUS column of `kubectl get nodes` (`Ready`, `NotReady`, `Ready,SchedulingDisabled`). */
  readonly status: string
}
