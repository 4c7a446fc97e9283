/**
 * `npm run --silent sim -- [options] FILE...` — run the simulated control plane on manifests.
 * `npm run --silent sim -- get|describe …` — kubectl's printers over the objects in files.
 */
import { readFileSync } from 'node:fs'
import { parseDuration } from '../api/parse-duration'
import { type CliOptions, type InputFile, OUTPUT_FORMATS, type OutputFormat, runCli } from './run'
import { runView, type ViewCommand, viewResource } from './view'

const USAGE = `Usage: npm run --silent sim -- [options] FILE...
       npm run --silent sim -- get pods|nodes|events [-o wide] [-A] [-n NS] [--now TIME] FILE...
       npm run --silent sim -- describe pod|node NAME [-n NS] [--now TIME] FILE...

Simulates a Kubernetes v1.33 control plane applying the manifests in FILE (YAML or JSON,
multi-document; "-" reads standard input) at time 0, every object in file order, as
"kubectl apply -f" does. The simulated machines and servers are the cluster wherever they are
written: kind: Node objects replace the default cluster (a control-plane node and three
workers); one KubeSchedulerConfiguration (kubescheduler.config.k8s.io/v1) configures
kube-scheduler; Users, NodeFailures and WebhookServers (podflow.dev/v1alpha1) are the
cluster's users, faults and simulated webhook servers.

Options:
  --cluster FILE    what exists before the story begins, as the app's Cluster tab holds it
                    (repeatable): besides the documents above, setup objects an administrator
                    made (Namespaces, RBAC objects, ServiceAccounts, ResourceQuotas,
                    LimitRanges, PriorityClasses, webhook configurations) and the Pods
                    already running (bound to a node: running there at time 0)
  --seed N          seed of the simulation's randomness (default 1)
  --as USER         apply as this user (a bearer-token user; default: the admin,
                    kubernetes-admin); it has the rights the --cluster RBAC objects grant it
  --as-group GROUP  a group of --as's user (repeatable)
  --until DURATION  run to this virtual time (e.g. 30s, 5m, 1h30m) instead of until idle
  -o, --output FMT  text (default): an event log and the final Pods; json: responses, pods,
                    events, nodes, scheduling, trace; get-pods, get-nodes, get-events: that
                    kubectl table at the end of the run; describe: kubectl describe of every Pod

get and describe print kubectl's output for the objects in FILE exactly as they are (manifests,
or the JSON of -o json); nothing is simulated. Ages are counted to --now (RFC 3339, e.g.
2025-05-01T10:05:00Z; default: the current time).
  -o wide             get: the wide columns
  -A, --all-namespaces  get: a NAMESPACE column
  -n, --namespace NS  only objects in NS (objects without a namespace are in default)
`

function main(argv: readonly string[]): number {
  if (argv[0] === 'get' || argv[0] === 'describe') return view(argv[0], argv.slice(1))
  const files: string[] = []
  const clusterFiles: string[] = []
  let seed: number | string | undefined
  let untilMs: number | undefined
  let output: CliOptions['output'] = 'text'
  let as: string | undefined
  const asGroups: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    const value = () => {
      const v = argv[++i]
      if (v === undefined) throw new UsageError(`${arg} needs a value`)
      return v
    }
    if (arg === '-h' || arg === '--help') {
      process.stdout.write(USAGE)
      return 0
    } else if (arg === '--cluster' || arg.startsWith('--cluster=')) {
      const v = arg === '--cluster' ? value() : arg.slice('--cluster='.length)
      if (v === '') throw new UsageError('--cluster needs a file')
      clusterFiles.push(v)
    } else if (arg === '--seed') {
      const v = value()
      seed = /^\d+$/.test(v) ? Number(v) : v
    } else if (arg === '--until') {
      const v = value()
      untilMs = parseDuration(v)
      if (untilMs === undefined)
        throw new UsageError(`--until: invalid duration "${v}" (use e.g. 30s, 5m, 1h30m)`)
    } else if (arg === '-o' || arg === '--output') {
      const v = value()
      if (!(OUTPUT_FORMATS as readonly string[]).includes(v))
        throw new UsageError(`--output must be one of ${OUTPUT_FORMATS.join(', ')}, not "${v}"`)
      output = v as OutputFormat
    } else if (arg === '--as' || arg.startsWith('--as=')) {
      as = arg === '--as' ? value() : arg.slice('--as='.length)
      if (as === '') throw new UsageError('--as needs a user name')
    } else if (arg === '--as-group' || arg.startsWith('--as-group=')) {
      const v = arg === '--as-group' ? value() : arg.slice('--as-group='.length)
      if (v === '') throw new UsageError('--as-group needs a group name')
      asGroups.push(v)
    } else if (arg.startsWith('-') && arg !== '-') {
      throw new UsageError(`unknown option ${arg}`)
    } else files.push(arg)
  }
  if (files.length === 0 && clusterFiles.length === 0) throw new UsageError('no FILE given')
  // kubectl: "requesting uid, groups or user-extra for  without impersonating a user"
  if (asGroups.length && as === undefined) throw new UsageError('--as-group needs --as (the user to act as)')
  const input = (f: string): InputFile => ({ name: f === '-' ? 'STDIN' : f, bytes: readInput(f) })
  const result = runCli(files.map(input), {
    ...(clusterFiles.length ? { cluster: clusterFiles.map(input) } : {}),
    ...(seed !== undefined ? { seed } : {}),
    ...(untilMs !== undefined ? { untilMs } : {}),
    output,
    ...(as !== undefined ? { as } : {}),
    ...(asGroups.length ? { asGroups } : {}),
  })
  process.stdout.write(result.stdout)
  process.stderr.write(result.stderr)
  return result.exitCode
}

/** `get …` / `describe …` over the objects in files. */
function view(verb: 'get' | 'describe', argv: readonly string[]): number {
  const positional: string[] = []
  let wide = false
  let allNamespaces = false
  let namespace: string | undefined
  let nowMs = Date.now()
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    const value = () => {
      const v = argv[++i]
      if (v === undefined) throw new UsageError(`${arg} needs a value`)
      return v
    }
    if (arg === '-h' || arg === '--help') {
      process.stdout.write(USAGE)
      return 0
    } else if (arg === '-o' || arg === '--output' || arg.startsWith('-o') || arg.startsWith('--output=')) {
      const v = arg === '-o' || arg === '--output' ? value() : arg.replace(/^(-o=?|--output=)/, '')
      if (verb !== 'get' || v !== 'wide') throw new UsageError(`${verb}: unsupported output format "${v}"`)
      wide = true
    } else if (arg === '-A' || arg === '--all-namespaces') {
      allNamespaces = true
    } else if (arg === '-n' || arg === '--namespace') {
      namespace = value()
    } else if (arg === '--now') {
      const v = value()
      const ms = Date.parse(v)
      if (!/^\d{4}-\d{2}-\d{2}T/.test(v) || Number.isNaN(ms))
        throw new UsageError(`--now: invalid time "${v}" (use RFC 3339, e.g. 2025-05-01T10:05:00Z)`)
      nowMs = ms
    } else if (arg.startsWith('-') && arg !== '-') {
      throw new UsageError(`unknown option ${arg}`)
    } else positional.push(arg)
  }
  const [word, ...rest] = positional
  if (word === undefined) throw new UsageError(`${verb}: which resource? (pods, nodes, events)`)
  const resource = viewResource(word)
  if (!resource || (verb === 'describe' && resource === 'events'))
    throw new UsageError(`${verb}: unsupported resource "${word}"`)
  let name: string | undefined
  if (verb === 'describe') {
    name = rest.shift()
    if (name === undefined) throw new UsageError(`describe ${word}: NAME is required`)
  }
  if (rest.length === 0) throw new UsageError('no FILE given')
  const inputs: InputFile[] = rest.map((f) => ({ name: f === '-' ? 'STDIN' : f, bytes: readInput(f) }))
  const command: ViewCommand = {
    verb,
    resource,
    nowMs,
    ...(name !== undefined ? { name } : {}),
    ...(wide ? { wide } : {}),
    ...(allNamespaces ? { allNamespaces } : {}),
    ...(namespace !== undefined ? { namespace } : {}),
  }
  const result = runView(command, inputs)
  process.stdout.write(result.stdout)
  process.stderr.write(result.stderr)
  return result.exitCode
}

/** The file's bytes: runCli decodes them, and says where they are not UTF-8. */
function readInput(file: string): Uint8Array {
  try {
    return readFileSync(file === '-' ? 0 : file)
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`)
  }
}

class UsageError extends Error {}

try {
  process.exitCode = main(process.argv.slice(2))
} catch (e) {
  if (!(e instanceof UsageError)) throw e
  process.stderr.write(`error: ${e.message}\n\n${USAGE}`)
  process.exitCode = 2
}
