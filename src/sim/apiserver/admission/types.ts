/**
 * The admission chain's contract (apiserver/pkg/admission): each plugin may mutate the object
 * (mutating phase) and/or reject it (validating phase). Plugins run in the v1.33 order of
 * AllOrderedPlugins; each decision becomes a visible step in the trace.
 */
import type { KubeObject, Status } from '../../../api/types'
import type { Kernel, Proc } from '../../kernel/kernel'
import type { Rng } from '../../kernel/rng'
import type { ObjectRef, Stage } from '../../kernel/trace'
import type { UserInfo } from '../authn'
import type { RequestInfo } from '../request-info'

export type Operation = 'CREATE' | 'UPDATE' | 'DELETE'

export interface AdmissionAttributes {
  readonly operation: Operation
  readonly request: RequestInfo
  readonly user: UserInfo
  /** The object being admitted; mutating plugins change it in place (it is a private copy). */
  readonly object: KubeObject
  readonly oldObject?: KubeObject
  /**
   * The apiserver's name generator (names.SimpleNameGenerator), drawing from the kernel's seeded
   * RNG; set on CREATE (the ServiceAccount plugin names its `kube-api-access-xxxxx` volume).
   */
  readonly rng?: Rng
}

/** Read access to the apiserver's caches, as admission plugins use informers/listers. */
export interface AdmissionLister {
  get(group: string, resource: string, namespace: string | undefined, name: string): KubeObject | undefined
  list(group: string, resource: string, namespace?: string): KubeObject[]
  /**
   * A number that changes whenever the cached objects of the resource change (absent: unknown,
   * nothing derived from them may be kept).
   */
  version?(group: string, resource: string): number
}

/** Annotations a plugin adds to the request's audit event (e.g. PodSecurity's audit mode). */
export type AuditAnnotations = Readonly<Record<string, string>>

export type AdmissionOutcome =
  | {
      readonly allowed: true
      readonly warnings?: readonly string[]
      readonly note?: string
      readonly auditAnnotations?: AuditAnnotations
    }
  | { readonly allowed: false; readonly status: Status; readonly auditAnnotations?: AuditAnnotations }

/**
 * What a plugin that calls out of the apiserver (the admission webhooks) needs of the request
 * being served: the kernel (to record steps and draw uids), the story stage of this request's
 * admission steps (the stage of the calls it makes), and a wait for a watch cache to sync (the
 * webhook plugins' ReadyFunc).
 */
export interface AdmissionContext {
  readonly kernel: Kernel
  readonly stage: Stage
  readonly object?: ObjectRef
  synced(group: string, resource: string): Proc<unknown>
}

/** See AdmissionPlugin.mutates. */
export interface MutationScope {
  /** The path of the object whose keys change (`['spec']`): admit must not replace that object. */
  readonly under: readonly string[]
  readonly keys: ReadonlySet<string>
}

export interface AdmissionPlugin {
  readonly name: string
  /** Whether the plugin looks at this request at all (its step is only recorded if so). */
  handles(attrs: AdmissionAttributes, lister: AdmissionLister): boolean
  /**
   * Whether `admit` may change this request's object; absent means it may. The chain diffs the
   * object after every mutating plugin to show its JSON Patch, and most of them change nothing:
   * a plugin answers false only when its admit certainly leaves the object as it is (the patch is
   * then empty without comparing).
   */
  mayMutate?(attrs: AdmissionAttributes, lister: AdmissionLister): boolean
  /**
   * Where `admit` may change the object, when that is a few keys of one object inside it: the
   * chain then copies and compares only those keys (a Pod's tolerations, not the whole Pod) and
   * gives the JSON Patch a diff of the whole object would. Absent: anywhere. When the object at
   * `under` does not exist before admit, the chain compares the whole object.
   */
  readonly mutates?: MutationScope
  admit?(
    attrs: AdmissionAttributes,
    lister: AdmissionLister,
    context: AdmissionContext,
  ): Proc<AdmissionOutcome>
  validate?(
    attrs: AdmissionAttributes,
    lister: AdmissionLister,
    context: AdmissionContext,
  ): Proc<AdmissionOutcome>
}
