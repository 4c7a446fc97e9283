/**
 * The admission chain's contract (apiserver/pkg/admission): each plugin may mutate the object
 * (mutating phase) and/or reject it (validating phase). Plugins run in the v1.33 order of
 * AllOrderedPlugins; each decision becomes a visible step in the trace.
 */
import type { KubeObject, Status } from '../../../api/types'
import type { Proc } from '../../kernel/kernel'
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
}

/** Read access to the apiserver's caches, as admission plugins use informers/listers. */
export interface AdmissionLister {
  get(group: string, resource: string, namespace: string | undefined, name: string): KubeObject | undefined
  list(group: string, resource: string, namespace?: string): KubeObject[]
}

export type AdmissionOutcome =
  | { readonly allowed: true; readonly warnings?: readonly string[]; readonly note?: string }
  | { readonly allowed: false; readonly status: Status }

export interface AdmissionPlugin {
  readonly name: string
  /** Whether the plugin looks at this request at all (its step is only recorded if so). */
  handles(attrs: AdmissionAttributes): boolean
  admit?(attrs: AdmissionAttributes, lister: AdmissionLister): Proc<AdmissionOutcome>
  validate?(attrs: AdmissionAttributes, lister: AdmissionLister): Proc<AdmissionOutcome>
}
