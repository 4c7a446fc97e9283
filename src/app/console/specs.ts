/**
 * The flags of the commands the console runs: kubectl v1.33's own (so a flag kubectl has is
 * recognised, and answered with what the console supports instead), marked supported where the
 * console obeys them. Global flags first: every kubectl command has them.
 */
import type { FlagSpec } from './flags'

const flag = (name: string, type: FlagSpec['type'], supported: boolean, short?: string): FlagSpec => ({
  name,
  type,
  supported,
  ...(short ? { short } : {}),
})

/** kubectl's global flags (every command has them); only -n means something here. */
export const GLOBAL: readonly FlagSpec[] = [
  flag('namespace', 'string', true, 'n'),
  flag('server', 'string', false, 's'),
  flag('v', 'int', false, 'v'),
  ...['context', 'cluster', 'user', 'kubeconfig', 'as', 'as-group', 'as-uid', 'token', 'request-timeout']
    .concat(['certificate-authority', 'client-certificate', 'client-key', 'tls-server-name', 'username'])
    .concat(['password', 'cache-dir', 'profile', 'profile-output', 'vmodule', 'kuberc'])
    .map((name) => flag(name, 'string', false)),
  ...['insecure-skip-tls-verify', 'match-server-version', 'warnings-as-errors', 'disable-compression'].map(
    (name) => flag(name, 'bool', false),
  ),
]

const unsupportedStrings = (...names: string[]) => names.map((n) => flag(n, 'string', false))
const unsupportedBools = (...names: string[]) => names.map((n) => flag(n, 'bool', false))

/** Each command's flags (beyond the global ones) and, for errors, what the console supports. */
export const COMMANDS: Readonly<Record<string, { flags: readonly FlagSpec[]; supports: string }>> = {
  get: {
    supports: '-o wide|yaml|json|name, -n NAMESPACE and -A',
    flags: [
      flag('output', 'string', true, 'o'),
      flag('all-namespaces', 'bool', true, 'A'),
      flag('selector', 'string', false, 'l'),
      flag('label-columns', 'string', false, 'L'),
      flag('watch', 'bool', false, 'w'),
      flag('filename', 'string', false, 'f'),
      flag('kustomize', 'string', false, 'k'),
      flag('recursive', 'bool', false, 'R'),
      flag('chunk-size', 'int', false),
      ...unsupportedStrings('sort-by', 'field-selector', 'raw', 'subresource', 'template'),
      ...unsupportedBools('watch-only', 'show-labels', 'no-headers', 'ignore-not-found', 'show-kind'),
      ...unsupportedBools('output-watch-events', 'show-managed-fields', 'server-print'),
      ...unsupportedBools('allow-missing-template-keys'),
    ],
  },
  describe: {
    supports: '-n NAMESPACE and -A',
    flags: [
      flag('all-namespaces', 'bool', true, 'A'),
      flag('selector', 'string', false, 'l'),
      flag('filename', 'string', false, 'f'),
      flag('kustomize', 'string', false, 'k'),
      flag('recursive', 'bool', false, 'R'),
      flag('chunk-size', 'int', false),
      flag('show-events', 'bool', false),
    ],
  },
  apply: {
    supports: '-f - (the YAML on the lines below the command)',
    flags: [
      flag('filename', 'string', true, 'f'),
      flag('output', 'string', false, 'o'),
      flag('selector', 'string', false, 'l'),
      flag('kustomize', 'string', false, 'k'),
      flag('recursive', 'bool', false, 'R'),
      flag('grace-period', 'int', false),
      ...unsupportedStrings('dry-run', 'validate', 'field-manager', 'cascade', 'timeout', 'prune-allowlist'),
      ...unsupportedBools('server-side', 'force', 'prune', 'overwrite', 'wait', 'force-conflicts', 'all'),
      ...unsupportedBools('record', 'show-managed-fields'),
    ],
  },
  delete: {
    supports: 'TYPE NAME or TYPE/NAME, and -n NAMESPACE',
    flags: [
      flag('filename', 'string', false, 'f'),
      flag('selector', 'string', false, 'l'),
      flag('output', 'string', false, 'o'),
      flag('all-namespaces', 'bool', false, 'A'),
      flag('interactive', 'bool', false, 'i'),
      flag('kustomize', 'string', false, 'k'),
      flag('recursive', 'bool', false, 'R'),
      flag('grace-period', 'int', false),
      ...unsupportedStrings('cascade', 'dry-run', 'timeout', 'field-selector', 'raw'),
      ...unsupportedBools('all', 'force', 'now', 'wait', 'ignore-not-found'),
    ],
  },
  cordon: {
    supports: 'a node name only',
    flags: [flag('selector', 'string', false, 'l'), flag('dry-run', 'string', false)],
  },
  uncordon: {
    supports: 'a node name only',
    flags: [flag('selector', 'string', false, 'l'), flag('dry-run', 'string', false)],
  },
  drain: {
    supports: '--force, --ignore-daemonsets, --delete-emptydir-data and --grace-period=N',
    flags: [
      flag('force', 'bool', true),
      flag('ignore-daemonsets', 'bool', true),
      flag('delete-emptydir-data', 'bool', true),
      flag('grace-period', 'int', true),
      flag('selector', 'string', false, 'l'),
      flag('chunk-size', 'int', false),
      flag('skip-wait-for-delete-timeout', 'int', false),
      ...unsupportedStrings('timeout', 'pod-selector', 'dry-run'),
      ...unsupportedBools('disable-eviction', 'delete-local-data'),
    ],
  },
}
