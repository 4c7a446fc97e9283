/**
 * What workload controllers ask of every object they own, at every sync, read once per object.
 *
 * A ReplicaSet's sync walks all of its Pods, as upstream's syncReplicaSet lists them: which
 * controller each has, whether it is active, Ready and since when, and whether the selector still
 * selects it. With thousands of Pods that walk was most of a large run's time, because decoded
 * objects come in many shapes and every property read on them is a slow one. Objects from an
 * informer are frozen and a change replaces the object, so what was read from one stays true for
 * it: the answers are kept beside it, in a WeakMap. An object that is not frozen (built by a test,
 * say) could still change, so it is read afresh every time.
 */
import type { OwnerReference } from 'kubernetes-types/meta/v1'
import { type Labels, matches, type Selector } from '../../api/labels'
import { timeMs } from '../../api/time'
import type { KubeObject, Pod, PodCondition } from '../../api/types'

export class ObjectFacts {
  /** metav1.GetControllerOf: the owner reference with `controller: true`. */
  readonly controller: OwnerReference | undefined
  /** controller.IsPodActive: not Succeeded or Failed, and not being deleted. */
  readonly active: boolean
  /** The Pod's Ready condition. */
  readonly readyCondition: PodCondition | undefined
  /** podutil.IsPodReady: the Ready condition is True. */
  readonly ready: boolean
  /** When a ready Pod became Ready (epoch ms); undefined when not ready or the time is absent or invalid. */
  readonly readySinceMs: number | undefined
  private readonly labels: Labels
  // One selector and one set of template labels are asked about at a time (the owner's), so the
  // last answer for each is kept.
  private selector: Selector | undefined
  private selected = false
  private template: Labels
  private labeled = false
  /** Whether `labeled` answers for `template` yet (undefined is a template too: no labels). */
  private templateAsked = false

  constructor(obj: KubeObject) {
    const meta = obj.metadata
    this.labels = meta?.labels ?? undefined
    this.controller = controllerRef(meta?.ownerReferences)
    const status = (obj as Pod).status
    const phase = status?.phase
    this.active = phase !== 'Succeeded' && phase !== 'Failed' && !meta?.deletionTimestamp
    this.readyCondition = readyCondition(status?.conditions)
    this.ready = this.readyCondition?.status === 'True'
    this.readySinceMs = this.ready ? timeMs(this.readyCondition?.lastTransitionTime) : undefined
  }

  /**
   * podutil.IsPodAvailable: ready, and ready for at least minReadySeconds (strictly before now).
   * `nowMs` is wall-clock epoch milliseconds.
   */
  availableAt(minReadySeconds: number, nowMs: number): boolean {
    if (!this.ready) return false
    if (minReadySeconds === 0) return true
    const since = this.readySinceMs
    return since !== undefined && since + minReadySeconds * 1000 < nowMs
  }

  /** Does this parsed selector select the object? */
  selectedBy(selector: Selector): boolean {
    if (selector !== this.selector) {
      this.selector = selector
      this.selected = matches(this.labels, selector)
    }
    return this.selected
  }

  /** Does the object carry every one of these labels with the same value (fullyLabeledReplicas)? */
  hasAll(want: Labels): boolean {
    if (!this.templateAsked || want !== this.template || !Object.isFrozen(want)) {
      this.templateAsked = true
      this.template = want
      this.labeled = hasAll(this.labels, want)
    }
    return this.labeled
  }
}

const facts = new WeakMap<KubeObject, ObjectFacts>()

export function factsOf(obj: KubeObject): ObjectFacts {
  let f = facts.get(obj)
  if (f === undefined) {
    f = new ObjectFacts(obj)
    if (Object.isFrozen(obj)) facts.set(obj, f)
  }
  return f
}

// Loops rather than `find` with a closure: these run for every object read the first time.
function controllerRef(refs: readonly OwnerReference[] | null | undefined): OwnerReference | undefined {
  if (!refs) return undefined
  for (let i = 0; i < refs.length; i++) if ((refs[i] as OwnerReference).controller === true) return refs[i]
  return undefined
}

function readyCondition(conditions: readonly PodCondition[] | null | undefined): PodCondition | undefined {
  if (!conditions) return undefined
  for (let i = 0; i < conditions.length; i++)
    if ((conditions[i] as PodCondition).type === 'Ready') return conditions[i]
  return undefined
}

function hasAll(have: Labels, want: Labels): boolean {
  for (const k in want) if (have?.[k] !== want[k]) return false
  return true
}
