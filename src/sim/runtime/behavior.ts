/**
 * What a simulated container's main process does once started: run until it is stopped, or exit
 * with a code after some time. It follows from the Pod's command where that is obvious, from the
 * image's default entrypoint otherwise, and a Pod annotation can always say it explicitly.
 *
 * ## The annotation
 *
 * `behavior.podflow.dev/<container-name>: "<clause>; <clause>; …"`, for example
 * `behavior.podflow.dev/app: "exit 1 after 5s"`. Clauses (durations are Go durations:
 * `500ms`, `5s`, `1m30s`, `2h`):
 *
 * | clause                  | meaning                                                        |
 * |-------------------------|----------------------------------------------------------------|
 * | `run`                   | run until stopped (the default)                                |
 * | `exit <code> [after D]` | the process exits with `<code>` D after it started (default 0s)|
 * | `oom [after D]`         | killed by the kernel OOM killer: exit 137, reason `OOMKilled`  |
 * | `ignore sigterm`        | only SIGKILL stops it: deletion waits the whole grace period   |
 *
 * Every start of the container (each restart) runs the same behaviour again, so
 * `exit 1 after 5s` with `restartPolicy: Always` gives a CrashLoopBackOff.
 * Reserved for later (issue 5): `start after D`, `unready after D`, `memory <rate>`.
 *
 * ## Commands understood without an annotation
 *
 * `command` + `args` (or the image's entrypoint when the Pod gives neither; `args` alone are read
 * as the command line, since official images' entrypoints exec "$@"):
 * `sleep N` (N in seconds, or with s/m/h/d; `infinity`), `true`, `false`, `exit N`, `echo …` and
 * similar instant commands, and `sh -c` / `bash -c` scripts made of those joined by `;`, `&&`,
 * `||` or new lines (`sleep 5; exit 3`). `while true`, `tail -f`, and any command not listed run
 * until stopped. A shell or REPL without `stdin: true` exits 0 at once, as `busybox` does.
 */
import type { Entrypoint } from './catalog'

export interface ContainerBehavior {
  /** How the main process ends by itself; absent = it runs until stopped. */
  readonly exit?: { readonly code: number; readonly afterMs: number; readonly oomKilled?: boolean }
  /** PID 1 without a SIGTERM handler (a shell, `sleep`): StopContainer must wait for SIGKILL. */
  readonly ignoresSigterm?: boolean
}

export const ANNOTATION_PREFIX = 'behavior.podflow.dev/'

export interface BehaviorInput {
  /** The value of `behavior.podflow.dev/<name>`, if the Pod has one. */
  readonly annotation?: string
  readonly command?: readonly string[]
  readonly args?: readonly string[]
  /** The image's default entrypoint (from the catalog); absent for unknown images. */
  readonly entrypoint?: Entrypoint
  readonly stdin?: boolean
  /** Names of the container's environment variables. */
  readonly env?: readonly string[]
}

export interface ResolvedBehavior {
  readonly behavior: ContainerBehavior
  readonly source: 'annotation' | 'command' | 'image' | 'default'
  /** Set when the annotation did not parse; the behaviour then comes from the command. */
  readonly annotationError?: string
}

/** Time a finished-at-once command takes, so that startedAt ≤ finishedAt with a visible gap. */
export const INSTANT_EXIT_MS = 20
/** A server that refuses to start without configuration fails after this long. */
export const CONFIG_ERROR_EXIT_MS = 300

const UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
}

/** Parse a Go duration (`1m30s`, `500ms`, `2.5s`) to milliseconds; undefined when invalid. */
export function parseGoDuration(text: string): number | undefined {
  const t = text.trim()
  if (t === '0') return 0
  const re = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)/y
  let total = 0
  let pos = 0
  while (pos < t.length) {
    re.lastIndex = pos
    const m = re.exec(t)
    if (!m) return undefined
    total += Number(m[1]) * (UNIT_MS[m[2] as string] as number)
    pos = re.lastIndex
  }
  return pos === 0 ? undefined : Math.round(total)
}

/** coreutils/busybox `sleep` operands: seconds, with an optional s/m/h/d suffix. */
function parseSleep(operand: string): number | 'forever' | undefined {
  if (operand === 'infinity' || operand === 'inf') return 'forever'
  const m = /^(\d+(?:\.\d*)?|\.\d+)([smhd]?)$/.exec(operand)
  if (!m) return undefined
  const mult = { '': 1000, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[
    m[2] as '' | 's' | 'm' | 'h' | 'd'
  ]
  return Math.round(Number(m[1]) * mult)
}

export type AnnotationResult =
  | { readonly ok: true; readonly behavior: ContainerBehavior }
  | { readonly ok: false; readonly error: string }

/** Parse the annotation notation (see the module comment). */
export function parseBehaviorAnnotation(text: string): AnnotationResult {
  let exit: ContainerBehavior['exit']
  let ignoresSigterm = false
  const clauses = text
    .split(/[;\n]/)
    .map((c) => c.trim())
    .filter((c) => c !== '')
  for (const clause of clauses) {
    const words = clause.split(/\s+/)
    const [head, ...rest] = words
    const after = (from: string[]): number | string => {
      if (from.length === 0) return 0
      if (from[0] !== 'after' || from.length !== 2) return `expected "after <duration>" in "${clause}"`
      const ms = parseGoDuration(from[1] as string)
      return ms === undefined
        ? `invalid duration "${from[1]}" in "${clause}" (want e.g. 5s, 1m30s, 500ms)`
        : ms
    }
    if (head === 'run' && rest.length === 0) {
      exit = undefined
    } else if (head === 'exit') {
      const code = Number(rest[0])
      if (rest.length === 0 || !Number.isInteger(code) || code < 0 || code > 255)
        return { ok: false, error: `invalid exit code in "${clause}" (want 0-255)` }
      const ms = after(rest.slice(1))
      if (typeof ms === 'string') return { ok: false, error: ms }
      exit = { code, afterMs: ms }
    } else if (head === 'oom') {
      const ms = after(rest)
      if (typeof ms === 'string') return { ok: false, error: ms }
      exit = { code: 137, afterMs: ms, oomKilled: true }
    } else if (clause === 'ignore sigterm') {
      ignoresSigterm = true
    } else {
      return {
        ok: false,
        error: `unknown clause "${clause}" (known: run, exit <code> [after D], oom [after D], ignore sigterm)`,
      }
    }
  }
  return { ok: true, behavior: { ...(exit ? { exit } : {}), ...(ignoresSigterm ? { ignoresSigterm } : {}) } }
}

/** Commands that finish at once with status 0. */
const INSTANT = new Set([
  'echo',
  'printf',
  'date',
  'env',
  'printenv',
  'cat',
  'ls',
  'hostname',
  'whoami',
  'id',
  'uname',
  'pwd',
  'touch',
  'mkdir',
  'cp',
  'mv',
  'rm',
  'ln',
  'chmod',
  'chown',
  'df',
  'du',
  'ps',
  'nslookup',
  'ping',
])
const SHELLS = new Set(['sh', 'bash', 'ash', 'dash', 'zsh'])
const REPLS = new Set(['python', 'python3', 'node'])

interface Outcome {
  /** Time the program takes; 'forever' when it never ends by itself. */
  readonly ms: number | 'forever'
  readonly code: number
}

const base = (word: string): string => word.slice(word.lastIndexOf('/') + 1)

/** What one simple command (argv) does. */
function runArgv(argv: readonly string[], stdin: boolean): Outcome {
  const [cmd0, ...rest] = argv
  if (cmd0 === undefined) return { ms: 0, code: 0 }
  const cmd = base(cmd0)
  if (SHELLS.has(cmd)) {
    const c = rest.indexOf('-c')
    if (c >= 0 && rest[c + 1] !== undefined) return runScript(rest[c + 1] as string, stdin)
    return stdin ? { ms: 'forever', code: 0 } : { ms: INSTANT_EXIT_MS, code: 0 }
  }
  if (REPLS.has(cmd) && rest.length === 0)
    return stdin ? { ms: 'forever', code: 0 } : { ms: INSTANT_EXIT_MS, code: 0 }
  switch (cmd) {
    case 'sleep': {
      let total = 0
      for (const operand of rest) {
        const ms = parseSleep(operand)
        if (ms === 'forever') return { ms: 'forever', code: 0 }
        if (ms === undefined) return { ms: INSTANT_EXIT_MS, code: 1 } // sleep: invalid time interval
        total += ms
      }
      return rest.length === 0 ? { ms: INSTANT_EXIT_MS, code: 1 } : { ms: total, code: 0 }
    }
    case 'true':
    case ':':
      return { ms: 0, code: 0 }
    case 'false':
      return { ms: 0, code: 1 }
    case 'exit': {
      const code = rest.length === 0 ? 0 : Number(rest[0])
      return { ms: 0, code: Number.isInteger(code) ? code & 255 : 2 }
    }
    case 'curl':
      return rest.length === 0 ? { ms: INSTANT_EXIT_MS, code: 2 } : { ms: 'forever', code: 0 }
    case 'tail':
      return rest.includes('-f') || rest.includes('-F') ? { ms: 'forever', code: 0 } : { ms: 0, code: 0 }
    default:
      return INSTANT.has(cmd) ? { ms: 0, code: 0 } : { ms: 'forever', code: 0 }
  }
}

/** Split a shell word list, honouring simple quotes. */
function words(text: string): string[] {
  const out: string[] = []
  const re = /"([^"]*)"|'([^']*)'|(\S+)/g
  for (let m = re.exec(text); m; m = re.exec(text)) out.push(m[1] ?? m[2] ?? m[3] ?? '')
  return out
}

/** A tiny interpreter for `sh -c` scripts made of simple commands. */
function runScript(script: string, stdin: boolean): Outcome {
  if (/\bwhile\s+(true|:)\b|\buntil\s+false\b/.test(script)) return { ms: 'forever', code: 0 }
  // Split into (operator, command) pairs; quotes are not split (good enough for one-liners).
  const parts = script.split(/(&&|\|\||;|\n)/)
  let elapsed = 0
  let status = 0
  let op = ';'
  for (const part of parts) {
    if (part === '&&' || part === '||' || part === ';' || part === '\n') {
      op = part === '\n' ? ';' : part
      continue
    }
    const argv = words(part.trim())
    if (argv.length === 0) continue
    if ((op === '&&' && status !== 0) || (op === '||' && status === 0)) continue
    if (argv[0] === 'exit') {
      const code = argv.length > 1 ? Number(argv[1]) : status
      return { ms: Math.max(elapsed, INSTANT_EXIT_MS), code: Number.isInteger(code) ? code & 255 : 2 }
    }
    if (argv[0] === 'exec') argv.shift()
    const outcome = runArgv(argv, stdin)
    if (outcome.ms === 'forever') return outcome
    elapsed += outcome.ms
    status = outcome.code
  }
  return { ms: Math.max(elapsed, INSTANT_EXIT_MS), code: status }
}

/** True when PID 1 is a shell or `sleep`: they install no SIGTERM handler, so SIGTERM is ignored. */
function pid1IgnoresSigterm(argv: readonly string[]): boolean {
  const cmd = base(argv[0] ?? '')
  return SHELLS.has(cmd) || cmd === 'sleep' || cmd === 'tail'
}

function fromOutcome(o: Outcome): ContainerBehavior['exit'] {
  return o.ms === 'forever' ? undefined : { code: o.code, afterMs: Math.max(o.ms, INSTANT_EXIT_MS) }
}

/** Decide the behaviour of one container (see the module comment for the rules). */
export function resolveBehavior(input: BehaviorInput): ResolvedBehavior {
  const stdin = input.stdin === true
  let annotationError: string | undefined
  const fromCommand = (): ResolvedBehavior => {
    const argv = input.command?.length
      ? [...input.command, ...(input.args ?? [])]
      : input.args?.length
        ? [...input.args]
        : undefined
    if (argv) {
      const exit = fromOutcome(runArgv(argv, stdin))
      return {
        behavior: {
          ...(exit ? { exit } : {}),
          ...(pid1IgnoresSigterm(argv) ? { ignoresSigterm: true } : {}),
        },
        source: 'command',
      }
    }
    const ep = input.entrypoint
    if (!ep) return { behavior: {}, source: 'default' }
    switch (ep.kind) {
      case 'server': {
        const needs = ep.requiresOneOfEnv
        if (needs && !needs.some((n) => input.env?.includes(n)))
          return { behavior: { exit: { code: 1, afterMs: CONFIG_ERROR_EXIT_MS } }, source: 'image' }
        return { behavior: {}, source: 'image' }
      }
      case 'shell':
        return stdin
          ? { behavior: { ignoresSigterm: true }, source: 'image' }
          : {
              behavior: { exit: { code: 0, afterMs: INSTANT_EXIT_MS }, ignoresSigterm: true },
              source: 'image',
            }
      case 'command': {
        const exit = fromOutcome(runArgv(ep.argv, stdin))
        return { behavior: exit ? { exit } : {}, source: 'image' }
      }
    }
  }
  if (input.annotation !== undefined) {
    const parsed = parseBehaviorAnnotation(input.annotation)
    if (parsed.ok) return { behavior: parsed.behavior, source: 'annotation' }
    annotationError = parsed.error
  }
  const resolved = fromCommand()
  return annotationError ? { ...resolved, annotationError } : resolved
}
