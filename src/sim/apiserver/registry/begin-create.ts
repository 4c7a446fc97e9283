/**
 * The contract of a registry's BeginCreate hook (apiserver/pkg/registry/generic/registry/store.go
 * Create calls it before BeforeCreate): a Service's REST allocates its ClusterIPs and NodePorts
 * there (pkg/registry/core/service/storage/storage.go beginCreate). It runs once per create
 * attempt, after mutating admission, before PrepareForCreate and validation.
 */
import type { FieldError } from '../../../api/status'
import type { Rng } from '../../kernel/rng'
import type { AdmissionLister } from '../admission/types'

/** What a BeginCreate hook may use: the apiserver's seeded RNG and its watch caches. */
export interface CreateEnv {
  readonly rng: Rng
  readonly lister: AdmissionLister
}

/** Field errors answer 422 (`errors.NewInvalid`); `internal` answers 500 (`NewInternalError`). */
export type BeginCreateResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly errors: readonly FieldError[] }
  | { readonly ok: false; readonly internal: string }
