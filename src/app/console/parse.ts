/**
 * What the user typed into the console, as a command: the kubectl subset the console runs (get,
 * describe, apply -f -, delete, cordon, uncordon, drain) and its own `help` and `clear`. Pure.
 *
 * Mistakes are answered with kubectl v1.33's own texts (cobra, pflag, cmd/get, cmd/delete,
 * cmd/drain, cli-runtime's builder), so the console teaches the real tool. What kubectl has but the
 * console does not do gets one line saying what it does instead of a made-up kubectl error.
 */
import type { ViewResource } from '../../api/kubectl/view'
import { viewResource } from '../../api/kubectl/view'
import { lastValue, parseFlags } from './flags'
import {
  commandSuggestions,
  type DeleteKind,
  deleteKind,
  isKubernetesResource,
  KUBECTL_COMMANDS,
} from './names'
import { splitInput } from './shell'
import { COMMANDS, GLOBAL } from './specs'

export type OutputFormat = 'table' | 'wide' | 'yaml' | 'json' | 'name'

/**
 * What cordon, uncordon and drain ask of the cluster (see ConsoleBackend.nodeAction): the shape of
 * the scenario's node actions (src/sim/scenario/scenario.ts NodeAction) without its time and user,
 * which the executor adds.
 */
export type NodeAction =
  | { readonly type: 'cordon' | 'uncordon'; readonly node: string }
  | {
      readonly type: 'drain'
      readonly node: string
      readonly force: boolean
      readonly ignoreDaemonsets: boolean
      readonly deleteEmptydirData: boolean
      /** --grace-period; -1 (kubectl's default): each Pod's own terminationGracePeriodSeconds. */
      readonly gracePeriodSeconds: number
    }

export interface DeleteCommandTarget {
  readonly apiVersion: string
  readonly kind: string
  readonly namespace?: string
  readonly name: string
  /** kubectl's name for it in `pod "nginx" deleted`. */
  readonly printed: string
}

export type ConsoleCommand =
  | { readonly type: 'empty' }
  | { readonly type: 'help' }
  | { readonly type: 'clear' }
  /** Refused before running: `message` is what goes to stderr (exit code 1). */
  | { readonly type: 'error'; readonly message: string }
  | {
      readonly type: 'get'
      readonly resource: ViewResource
      readonly name?: string
      readonly output: OutputFormat
      readonly namespace?: string
      readonly allNamespaces: boolean
    }
  | {
      readonly type: 'describe'
      readonly resource: ViewResource
      readonly name?: string
      readonly namespace?: string
      readonly allNamespaces: boolean
    }
  | { readonly type: 'apply'; readonly stdin: string }
  | { readonly type: 'delete'; readonly target: DeleteCommandTarget }
  | { readonly type: 'node'; readonly action: NodeAction }

const RUNS = 'get, describe, apply -f -, delete, cordon, uncordon and drain'

/** The console's input (the command line, then its stdin) as a command. */
export function parseConsoleInput(input: string): ConsoleCommand {
  const shell = splitInput(input)
  if (!shell.ok) return error(shell.error)
  const { words, stdin } = shell
  if (words.length === 0) return { type: 'empty' }
  const prefixed = words[0] === 'kubectl'
  const argv = prefixed ? words.slice(1) : words
  // The console's own commands, when typed without `kubectl`.
  if (!prefixed && argv.length === 1 && (argv[0] === 'clear' || argv[0] === 'help'))
    return { type: argv[0] === 'clear' ? 'clear' : 'help' }

  const at = commandIndex(argv)
  if (at < 0) {
    // `kubectl` alone (or with global flags) prints its help.
    const flags = parseFlags(argv, GLOBAL)
    if (!flags.ok) return flagError(flags, 'kubectl', `it runs ${RUNS}`)
    return { type: 'help' }
  }
  const name = argv[at] as string
  const rest = [...argv.slice(0, at), ...argv.slice(at + 1)]
  if (name === 'help') return { type: 'help' }
  const spec = COMMANDS[name]
  if (!spec) {
    if (KUBECTL_COMMANDS.includes(name))
      return error(`error: the console does not run "kubectl ${name}"; it runs ${RUNS} (type help)`)
    return error(`error: unknown command ${goQuote(name)} for "kubectl"${commandSuggestions(name)}`)
  }
  const flags = parseFlags(rest, [...spec.flags, ...GLOBAL])
  if (!flags.ok) return flagError(flags, `kubectl ${name}`, `${name} supports ${spec.supports}`)
  if (flags.help) return { type: 'help' }
  if (stdin !== undefined && name !== 'apply')
    return error('error: only "apply -f -" reads the lines below the command; run one command at a time')
  const namespace = lastValue(flags.values, 'namespace')
  const all = lastValue(flags.values, 'all-namespaces') === 'true'
  const opts = { namespace, all }
  switch (name) {
    case 'get':
      return parseGet(flags.args, lastValue(flags.values, 'output'), opts)
    case 'describe':
      return parseDescribe(flags.args, opts)
    case 'apply':
      return parseApply(flags.args, flags.values.get('filename') ?? [], namespace, stdin)
    case 'delete':
      return parseDelete(flags.args, namespace)
    default:
      return parseNodeCommand(name as 'cordon' | 'uncordon' | 'drain', flags.args, flags.values)
  }
}

interface Scope {
  readonly namespace: string | undefined
  readonly all: boolean
}

function parseGet(args: readonly string[], output: string | undefined, scope: Scope): ConsoleCommand {
  if (args.length === 0)
    return error(
      'You must specify the type of resource to get. Use "kubectl api-resources" for a complete list of supported resources.\n\n' +
        'error: Required resource not specified.\n' +
        'Use "kubectl explain <resource>" for a detailed description of that resource (e.g. kubectl explain pods).\n' +
        "See 'kubectl get -h' for help and examples",
    )
  const format = outputFormat(output)
  if (typeof format !== 'string') return format
  const target = resourceAndName(args, 'get', 'pods, nodes and events')
  if ('type' in target) return target
  if (target.name !== undefined && scope.all)
    return error('error: a resource cannot be retrieved by name across all namespaces')
  return {
    type: 'get',
    resource: target.resource,
    ...(target.name !== undefined ? { name: target.name } : {}),
    output: format,
    ...(scope.namespace !== undefined ? { namespace: scope.namespace } : {}),
    allNamespaces: scope.all,
  }
}

function parseDescribe(args: readonly string[], scope: Scope): ConsoleCommand {
  if (args.length === 0)
    return error(
      'error: You must specify the type of resource to describe. Use "kubectl api-resources" for a complete list of supported resources.',
    )
  const target = resourceAndName(args, 'describe', 'pods and nodes')
  if ('type' in target) return target
  if (target.name !== undefined && scope.all)
    return error('error: a resource cannot be retrieved by name across all namespaces')
  return {
    type: 'describe',
    resource: target.resource,
    ...(target.name !== undefined ? { name: target.name } : {}),
    ...(scope.namespace !== undefined ? { namespace: scope.namespace } : {}),
    allNamespaces: scope.all,
  }
}

function parseApply(
  args: readonly string[],
  files: readonly string[],
  namespace: string | undefined,
  stdin: string | undefined,
): ConsoleCommand {
  if (args.length)
    return error(`error: Unexpected args: [${args.join(' ')}]\nSee 'kubectl apply -h' for help and examples`)
  if (files.length === 0) return error('error: must specify one of -f and -k')
  const file = files.find((f) => f !== '-')
  if (file !== undefined)
    return error(
      `error: the path ${goQuote(file)} does not exist (the console has no files: use apply -f - with the YAML on the lines below)`,
    )
  if (files.length > 1) return error('error: standard input cannot be used for multiple arguments')
  if (namespace !== undefined)
    return error('error: the console does not support -n with apply; set metadata.namespace in the YAML')
  if (stdin === undefined || stdin.trim() === '') return error('error: no objects passed to apply')
  return { type: 'apply', stdin }
}

function parseDelete(args: readonly string[], namespace: string | undefined): ConsoleCommand {
  if (args.length === 0)
    return error(
      "error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'",
    )
  const parts = splitTypeAndName(args)
  if ('type' in parts) return parts
  const kind: DeleteKind | undefined = deleteKind(parts.word)
  if (!kind) return unknownResource(parts.word, 'delete', 'pods, deployments, replicasets and nodes')
  if (parts.name === undefined) return error('error: resource(s) were provided, but no name was specified')
  return {
    type: 'delete',
    target: {
      apiVersion: kind.apiVersion,
      kind: kind.kind,
      ...(kind.namespaced ? { namespace: namespace ?? 'default' } : {}),
      name: parts.name,
      printed: kind.printed,
    },
  }
}

function parseNodeCommand(
  verb: 'cordon' | 'uncordon' | 'drain',
  args: readonly string[],
  values: ReadonlyMap<string, readonly string[]>,
): ConsoleCommand {
  if (args.length === 0)
    return error(`error: USAGE: ${verb} NODE [flags]\nSee 'kubectl ${verb} -h' for help and examples`)
  if (args.length > 1) return error(`error: the console ${verb}s one node at a time: ${verb} NODE`)
  const node = args[0] as string
  if (verb !== 'drain') return { type: 'node', action: { type: verb, node } }
  const bool = (name: string) => lastValue(values, name) === 'true'
  return {
    type: 'node',
    action: {
      type: verb,
      node,
      force: bool('force'),
      ignoreDaemonsets: bool('ignore-daemonsets'),
      deleteEmptydirData: bool('delete-emptydir-data'),
      gracePeriodSeconds: Number(lastValue(values, 'grace-period') ?? -1),
    },
  }
}

/** `-o`: the formats the console prints, kubectl's error for an unknown one. */
function outputFormat(value: string | undefined): OutputFormat | ConsoleCommand {
  if (value === undefined || value === '') return 'table'
  if (value === 'wide' || value === 'yaml' || value === 'json' || value === 'name') return value
  const known = ['custom-columns', 'custom-columns-file', 'go-template', 'go-template-file', 'jsonpath']
    .concat(['jsonpath-as-json', 'jsonpath-file', 'template', 'templatefile'])
    .includes(value.split('=')[0] as string)
  if (known) return error(`error: the console prints -o wide, yaml, json or name, not ${value.split('=')[0]}`)
  return error(
    `error: unable to match a printer suitable for the output format ${goQuote(value)}, allowed formats are: custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml`,
  )
}

/** `TYPE [NAME]` or `TYPE/NAME`: the view resource and the name, or the error to print. */
function resourceAndName(
  args: readonly string[],
  verb: 'get' | 'describe',
  prints: string,
): { resource: ViewResource; name?: string } | ConsoleCommand {
  const parts = splitTypeAndName(args)
  if ('type' in parts) return parts
  const resource = viewResource(parts.word)
  // describe prints pods and nodes; events go to runView, which says to use get.
  if (!resource) return unknownResource(parts.word, verb, prints)
  return { resource, ...(parts.name !== undefined ? { name: parts.name } : {}) }
}

function splitTypeAndName(args: readonly string[]): { word: string; name?: string } | ConsoleCommand {
  const first = args[0] as string
  if (first.includes('/')) {
    const [word, ...name] = first.split('/')
    if (!word || name.length !== 1 || !name[0])
      return error('error: arguments in resource/name form must have a single resource and name')
    if (args.length > 1) return error('error: the console takes one object at a time: TYPE/NAME')
    return { word, name: name[0] }
  }
  if (first.includes(',')) return error('error: the console takes one resource type at a time')
  if (args.slice(1).some((a) => a.includes('/')))
    return error(
      "error: there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'",
    )
  if (args.length > 2) return error('error: the console takes one NAME at a time')
  return { word: first, ...(args[1] !== undefined ? { name: args[1] } : {}) }
}

function unknownResource(word: string, verb: string, prints: string): ConsoleCommand {
  if (isKubernetesResource(word))
    return error(`error: the console can ${verb} ${prints}, not ${goQuote(word)}`)
  return error(`error: the server doesn't have a resource type ${goQuote(word)}`)
}

/**
 * Where the subcommand is: the first word that is not a flag or a global flag's value (cobra
 * finds it the same way, so `kubectl -n kube-system get pods` works).
 */
function commandIndex(argv: readonly string[]): number {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string
    if (a === '--') return i + 1 < argv.length ? i + 1 : -1
    if (!a.startsWith('-') || a === '-') return i
    if (a.includes('=')) continue
    const spec = a.startsWith('--')
      ? GLOBAL.find((s) => s.name === a.slice(2))
      : a.length === 2
        ? GLOBAL.find((s) => s.short === a[1])
        : undefined
    if (spec && spec.type !== 'bool') i++
  }
  return -1
}

function flagError(
  result: { ok: false; error: string } | { ok: false; unsupported: string },
  command: string,
  supports: string,
): ConsoleCommand {
  if ('unsupported' in result)
    return error(`error: the console does not support ${result.unsupported}; ${supports}`)
  // templates.FlagErrorFunc adds the usage line; checkErr the `error: ` prefix.
  return error(`error: ${result.error}\nSee '${command} --help' for usage.`)
}

function error(message: string): ConsoleCommand {
  return { type: 'error', message }
}

/** Go's %q for plain strings. */
function goQuote(s: string): string {
  return JSON.stringify(s)
}
