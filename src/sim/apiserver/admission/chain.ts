/**
 * The enabled admission plugins in v1.33 order (pkg/kubeapiserver/options/plugins.go
 * AllOrderedPlugins). Plugins that are on by default but not modelled yet are listed in
 * docs/fidelity.md; they come with the API server fidelity issue.
 */
import { defaultTolerationSeconds } from './default-toleration-seconds'
import { namespaceLifecycle } from './namespace-lifecycle'
import { priority } from './priority'
import type { AdmissionPlugin } from './types'

export const DEFAULT_ADMISSION_CHAIN: readonly AdmissionPlugin[] = [
  namespaceLifecycle,
  priority,
  defaultTolerationSeconds,
]
