/**
 * What a simulated container's main process does once started: run until it is stopped, or exit
 * with a code after some time; when it is up; how it answers the kubelet's probes; how fast it
 * uses memory. It follows from the Pod's command where that is obvious, from the image's default
 * entrypoint otherwise, and a Pod annotation can always say it explicitly.
 *
 * ## The annotation
 *
 * `behavior.podflow.dev/<container-name>: "<clause>; <clause>; …"`, for example
 * `behavior.podflow.dev/app: "exit 1 after 5s"`. Clauses (durations are Go durations:
 * `500ms`, `5s`, `1m30s`, `2h`; every time counts from the process's start):
 *
 * | clause                  | meaning                                                           |
 * |-------------------------|-------------------------------------------------------------------|
 * | `run`                   | run until stopped (the default)                                   |
 * | `exit <code> [after D]` | the process exits with `<code>` D after it started (default 0s)   |
 * | `oom [after D]`         | killed by the kernel OOM killer: exit 137, reason `OOMKilled`     |
 * | `ignore sigterm`        | only SIGKILL stops it: deletion waits the whole grace period      |
 * | `start after D`         | not up until D: every probe fails until then (connection refused) |
 * | `ready after D`         | readiness probes fail until D                                     |
 * | `unready after D`       | readiness probes fail from D on                                   |
 * | `unhealthy after D`     | every probe (liveness, readiness, startup) fails from D on        |
 * | `memory <rate>`         | memory grows by `<rate>` (`10Mi/s`, `1Gi/m`); OOMKilled when it   |
 * |                         | reaches the container's `limits.memory` (no limit: no OOM)        |
 *
 * Every start of the container (each restart) runs the same behaviour again, so
 * `exit 1 after 5s` with `restartPolicy: Always` gives a CrashLoopBackOff, and
 * `unhealthy after 30s` with a liveness probe restarts the container 30 s plus up to
 * failureThreshold × periodSeconds after each start. `start after` does not move the other
 * times: `exit 1 after 5s; start after 10s` exits before it is ever up.
 *
 * `probeOutcome` turns a behaviour into what a probe sees, with upstream's texts
 * (pkg/probe/http, tcp, grpc, exec): a process that is not up refuses connections
 * (`dial tcp 10.244.1.5:8080: connect: connection refused`; gRPC waits for its timeout); an
 * unhealthy or unready one answers HTTP 503 / gRPC `NOT_SERVING` / exit code 1.
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
import type { ContainerPort, Probe } from 'kubernetes-types/core/v1'
import { parseQuantity } from '../../api/quantity'
import type { Entrypoint } from './catalog'

export interface ContainerBehavior {
  /** How the main process ends by itself; absent = it runs until stopped. */
  readonly exit?: { readonly code: number; readonly afterMs: number; readonly oomKilled?: boolean }
  /** PID 1 without a SIGTERM handler (a shell, `sleep`): StopContainer must wait for SIGKILL. */
  readonly ignoresSigterm?: boolean
  /** `start after D`: the process is up (answers probes) this long after it started. */
  readonly startAfterMs?: number
  /** `ready after D`: readiness probes fail until this long after the start. */
  readonly readyAfterMs?: number
  /** `unready after D`: readiness probes fail from this long after the start on. */
  readonly unreadyAfterMs?: number
  /** `unhealthy after D`: every probe fails from this long after the start on. */
  readonly unhealthyAfterMs?: number
  /** `memory <rate>`: memory use grows by this many bytes per second from the start. */
  readonly memoryBytesPerSec?: number
  /**
   * Files the command's script creates and removes (`touch F`, `echo … > F`, `rm -f F`), in time
   * order, ms after the start: what an exec probe such as `cat F` finds. Only files the script
   * names are tracked; a probe of any other file passes, as before.
   */
  readonly files?: readonly FileEvent[]
  /** The HTTP status an unhealthy process answers (default 503; agnhost `liveness` answers 500). */
  readonly unhealthyHttpStatus?: number
}

/** A script's file operation: `path` exists (or no longer does) from `atMs` after the start. */
export interface FileEvent {
  readonly path: string
  readonly atMs: number
  readonly exists: boolean
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
  /**
   * The container's memory limit in bytes (`resources.limits.memory`; CRI
   * `linux.resources.memory_limit_in_bytes`). With a `memory <rate>` clause the process is
   * OOMKilled when it reaches it; absent or 0 = no limit.
   */
  readonly memoryLimitBytes?: number
  /**
   * The image reference as the Pod names it, for programs whose behaviour depends on the image
   * (agnhost's `liveness` subcommand). Absent: only the command decides.
   */
  readonly image?: string
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

const KNOWN_CLAUSES =
  'run, exit <code> [after D], oom [after D], ignore sigterm, start after D, ready after D, ' +
  'unready after D, unhealthy after D, memory <rate>'

const RATE_UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000 }

/** `10Mi/s`, `1Gi/m`, `500k/s` → bytes per second; undefined when invalid. */
export function parseMemoryRate(text: string): number | undefined {
  const m = /^([^/\s]+)\/(s|m|h)$/.exec(text)
  if (!m) return undefined
  const bytes = parseQuantity(m[1] as string)
  if (bytes === undefined || bytes <= 0) return undefined
  return (bytes * 1000) / (RATE_UNIT_MS[m[2] as string] as number)
}

/** Parse the annotation notation (see the module comment). */
export function parseBehaviorAnnotation(text: string): AnnotationResult {
  let exit: ContainerBehavior['exit']
  let ignoresSigterm = false
  const times: {
    startAfterMs?: number
    readyAfterMs?: number
    unreadyAfterMs?: number
    unhealthyAfterMs?: number
    memoryBytesPerSec?: number
  } = {}
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
    /** `<head> after D`, where the `after D` part is required. */
    const requiredAfter = (): number | string =>
      rest.length === 0 ? `expected "after <duration>" in "${clause}"` : after(rest)
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
    } else if (head === 'start' || head === 'ready' || head === 'unready' || head === 'unhealthy') {
      const ms = requiredAfter()
      if (typeof ms === 'string') return { ok: false, error: ms }
      const field = (
        {
          start: 'startAfterMs',
          ready: 'readyAfterMs',
          unready: 'unreadyAfterMs',
          unhealthy: 'unhealthyAfterMs',
        } as const
      )[head]
      times[field] = ms
    } else if (head === 'memory') {
      const rate = rest.length === 1 ? parseMemoryRate(rest[0] as string) : undefined
      if (rate === undefined)
        return {
          ok: false,
          error: `invalid memory rate in "${clause}" (want a quantity per s, m or h, e.g. 10Mi/s)`,
        }
      times.memoryBytesPerSec = rate
    } else {
      return { ok: false, error: `unknown clause "${clause}" (known: ${KNOWN_CLAUSES})` }
    }
  }
  return {
    ok: true,
    behavior: { ...(exit ? { exit } : {}), ...(ignoresSigterm ? { ignoresSigterm } : {}), ...times },
  }
}

/**
 * When a process using memory at `memoryBytesPerSec` reaches `limitBytes`: ms after its start,
 * rounded up. Undefined without a rate or a limit (memory grows, nothing stops it).
 */
export function oomAfterMs(behavior: ContainerBehavior, limitBytes: number | undefined): number | undefined {
  const rate = behavior.memoryBytesPerSec
  if (!rate || !limitBytes || limitBytes <= 0) return undefined
  return Math.ceil((limitBytes / rate) * 1000)
}

/** Fold `memory <rate>` and the limit into `exit`: the OOM kill wins when it comes first. */
function withMemoryLimit(behavior: ContainerBehavior, limitBytes: number | undefined): ContainerBehavior {
  const oomMs = oomAfterMs(behavior, limitBytes)
  if (oomMs === undefined) return behavior
  if (behavior.exit && behavior.exit.afterMs <= oomMs) return behavior
  return { ...behavior, exit: { code: 137, afterMs: oomMs, oomKilled: true } }
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
  /** Files the script touched and removed before it ended or ran forever. */
  readonly files?: readonly FileEvent[]
}

/** How fast `stress --vm` dirties the memory it allocates (a malloc + memset loop). */
export const STRESS_BYTES_PER_SEC = 1024 ** 3
/**
 * When a script's file operation lands after its command began: the fork and exec of `touch` or
 * `rm` (a millisecond). A probe at the very moment the previous `sleep 30` ends still sees the
 * file, as it would on a real node.
 */
export const FILE_OP_MS = 1
/** How long `wget` of one small page takes (DNS, connect, a few kB). */
export const WGET_MS = 250
/** `perl -Mbignum=bpi -e 'print bpi(N)'`: about a millisecond per digit (N = 2000: 2 s). */
const BPI_MS_PER_DIGIT = 1

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
    case 'wget':
      // busybox wget: one URL fetched and written (-O file), or `wget: URL missing` and 1.
      return rest.some((a) => /^[a-z]+:\/\//.test(a))
        ? { ms: WGET_MS, code: 0 }
        : { ms: INSTANT_EXIT_MS, code: 1 }
    case 'perl':
      return runPerl(rest)
    default:
      return INSTANT.has(cmd) ? { ms: 0, code: 0 } : { ms: 'forever', code: 0 }
  }
}

/** `perl [-flags] -e SCRIPT` (also `-le`, `-wle`): a one-liner that prints and ends with 0. */
function runPerl(args: readonly string[]): Outcome {
  const e = args.findIndex((a) => /^-[a-zA-Z]*e$/.test(a))
  const script = e >= 0 ? args[e + 1] : undefined
  if (script === undefined) return { ms: 'forever', code: 0 } // reads a program from stdin
  const bpi = /\bbpi\((\d+)\)/.exec(script)
  return { ms: Math.max(bpi ? Number(bpi[1]) * BPI_MS_PER_DIGIT : 0, INSTANT_EXIT_MS), code: 0 }
}

/**
 * `stress --vm N --vm-bytes B [--vm-hang S] [--timeout T]` (polinux/stress, as the Kubernetes
 * documentation's memory examples run it): N workers each keep B bytes dirty. Over the container's
 * memory limit the kernel's OOM killer ends it as soon as the limit is reached; under it, it runs
 * until stopped (or `--timeout`).
 */
function runStress(
  args: readonly string[],
  memoryLimitBytes: number | undefined,
): ContainerBehavior | undefined {
  const opt = (long: string, short: string): string | undefined => {
    const i = args.findIndex((a) => a === long || a === short)
    return i >= 0 ? args[i + 1] : undefined
  }
  const workers = Number(opt('--vm', '-m') ?? 0)
  const bytesText = opt('--vm-bytes', '--vm-bytes') ?? '256M'
  // stress reads B/K/M/G suffixes as powers of 1024.
  const m = /^(\d+(?:\.\d+)?)([bBkKmMgG]?)$/.exec(bytesText)
  const perWorker = m
    ? Number(m[1]) *
      1024 **
        ({ '': 0, b: 0, k: 1, m: 2, g: 3 }[(m[2] ?? '').toLowerCase() as '' | 'b' | 'k' | 'm' | 'g'] ?? 0)
    : undefined
  const timeout = opt('--timeout', '-t')
  const timeoutMs = timeout !== undefined ? parseSleep(timeout) : undefined
  const ends =
    typeof timeoutMs === 'number' ? { code: 0, afterMs: Math.max(timeoutMs, INSTANT_EXIT_MS) } : undefined
  if (!Number.isFinite(workers) || workers <= 0 || perWorker === undefined) return ends ? { exit: ends } : {}
  const total = workers * perWorker
  if (memoryLimitBytes && memoryLimitBytes > 0 && total > memoryLimitBytes) {
    const afterMs = Math.max(Math.ceil((memoryLimitBytes / STRESS_BYTES_PER_SEC) * 1000), INSTANT_EXIT_MS)
    if (!ends || afterMs < ends.afterMs) return { exit: { code: 137, afterMs, oomKilled: true } }
  }
  return ends ? { exit: ends } : {}
}

/** What a script does to files: `touch F`, `echo … > F` create F; `rm [-f] F` removes it. */
function fileEffects(
  argv: readonly string[],
  redirect: string | undefined,
): { path: string; exists: boolean }[] {
  const cmd = base(argv[0] ?? '')
  const operands = argv.slice(1).filter((a) => !a.startsWith('-'))
  if (cmd === 'touch') return operands.map((path) => ({ path, exists: true }))
  if (cmd === 'rm') return operands.map((path) => ({ path, exists: false }))
  return redirect ? [{ path: redirect, exists: true }] : []
}

/** Whether `path` exists `ms` after the start, by the script's file events; undefined when untracked. */
export function fileExists(behavior: ContainerBehavior, path: string, ms: number): boolean | undefined {
  let tracked = false
  let exists = false
  for (const f of behavior.files ?? []) {
    if (f.path !== path) continue
    tracked = true
    if (f.atMs <= ms) exists = f.exists
  }
  return tracked ? exists : undefined
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
  const files: FileEvent[] = []
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
      return withFiles(
        { ms: Math.max(elapsed, INSTANT_EXIT_MS), code: Number.isInteger(code) ? code & 255 : 2 },
        files,
      )
    }
    if (argv[0] === 'exec') argv.shift()
    // `cmd > file` / `cmd >> file`: the file exists once the command ran.
    let redirect: string | undefined
    const r = argv.findIndex((w) => w === '>' || w === '>>')
    if (r >= 0) {
      redirect = argv[r + 1]
      argv.splice(r)
    } else {
      const glued = argv.findIndex((w) => /^>>?[^>]/.test(w))
      if (glued >= 0) {
        redirect = (argv[glued] as string).replace(/^>>?/, '')
        argv.splice(glued)
      }
    }
    const outcome = runArgv(argv, stdin)
    if (outcome.ms !== 'forever' && outcome.code === 0)
      for (const f of fileEffects(argv, redirect))
        files.push({ ...f, atMs: elapsed + outcome.ms + FILE_OP_MS })
    if (outcome.ms === 'forever') return withFiles(outcome, files)
    elapsed += outcome.ms
    status = outcome.code
  }
  return withFiles({ ms: Math.max(elapsed, INSTANT_EXIT_MS), code: status }, files)
}

const withFiles = (o: Outcome, files: readonly FileEvent[]): Outcome => (files.length ? { ...o, files } : o)

/** True when PID 1 is a shell or `sleep`: they install no SIGTERM handler, so SIGTERM is ignored. */
function pid1IgnoresSigterm(argv: readonly string[]): boolean {
  const cmd = base(argv[0] ?? '')
  return SHELLS.has(cmd) || cmd === 'sleep' || cmd === 'tail'
}

function fromOutcome(o: Outcome): ContainerBehavior['exit'] {
  return o.ms === 'forever' ? undefined : { code: o.code, afterMs: Math.max(o.ms, INSTANT_EXIT_MS) }
}

/** agnhost's `liveness` server: /healthz answers 200 for 10 s after the start, then 500. */
export const AGNHOST_LIVENESS_HEALTHY_MS = 10_000

/**
 * Programs that are more than a time and an exit code: `stress --vm` (memory against the limit)
 * and agnhost's `liveness` subcommand (healthy, then not), as the Kubernetes documentation's
 * examples run them.
 */
function programBehavior(argv: readonly string[], input: BehaviorInput): ContainerBehavior | undefined {
  const cmd = base(argv[0] ?? '')
  if (cmd === 'stress') return runStress(argv.slice(1), input.memoryLimitBytes)
  // `args: [liveness]` with agnhost's entrypoint, or `command: [/agnhost, liveness]`.
  const agnhost = input.image === undefined || /(^|\/)agnhost(:|@|$)/.test(input.image)
  const sub = cmd === 'agnhost' ? argv[1] : input.command?.length ? undefined : argv[0]
  if (agnhost && sub === 'liveness')
    return { unhealthyAfterMs: AGNHOST_LIVENESS_HEALTHY_MS, unhealthyHttpStatus: 500 }
  return undefined
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
      const special = programBehavior(argv, input)
      if (special) return { behavior: special, source: 'command' }
      const outcome = runArgv(argv, stdin)
      const exit = fromOutcome(outcome)
      return {
        behavior: {
          ...(exit ? { exit } : {}),
          ...(pid1IgnoresSigterm(argv) ? { ignoresSigterm: true } : {}),
          ...(outcome.files ? { files: outcome.files } : {}),
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
    if (parsed.ok)
      return { behavior: withMemoryLimit(parsed.behavior, input.memoryLimitBytes), source: 'annotation' }
    annotationError = parsed.error
  }
  const resolved = fromCommand()
  return annotationError ? { ...resolved, annotationError } : resolved
}

// ---- probes ----

/** The kubelet's probe kinds. */
export type ProbeKind = 'startup' | 'liveness' | 'readiness'

/** Where the kubelet sends a probe. */
export interface ProbeTarget {
  /** The pod's IP (status.podIP): the host of httpGet and tcpSocket without `host`, and of grpc. */
  readonly podIP?: string
  /** The container's ports, to resolve a named probe port (`port: http`). */
  readonly ports?: readonly ContainerPort[]
}

/** How long the kubelet's own checks take against a local pod (virtual ms). */
export const PROBE_TIMINGS = {
  /** A TCP connect, accepted or refused. */
  connectMs: 1,
  /** An HTTP GET or a gRPC health Check, answered. */
  requestMs: 3,
} as const

/**
 * What one probe sees. `output` is what upstream's prober returns as the probe's output: for a
 * failure, the text after `<Probe> probe failed: ` in the Unhealthy event. `error` is a probe that
 * could not run (an unknown named port): upstream throws the result away and records
 * `<Probe> probe errored and resulted in unknown state: <error>`.
 */
export type ProbeOutcome =
  | {
      readonly result: 'success' | 'failure'
      readonly output: string
      /** How long the check takes; a gRPC connect that never succeeds waits for the timeout. */
      readonly durationMs: number
      /** What was probed, for the trace: `GET http://10.244.1.5:8080/healthz`, `tcp 10.244.1.5:5432`, `exec cat /tmp/healthy`. */
      readonly target: string
      /** Exec probes: the exit code the command returns. */
      readonly exitCode?: number
    }
  | { readonly result: 'error'; readonly error: string; readonly durationMs: number; readonly target: string }

/** Why a probe fails at this moment, if it does. */
type ProcessState = 'up' | 'down' | 'unhealthy'

function processState(behavior: ContainerBehavior, kind: ProbeKind, msSinceStart: number): ProcessState {
  if (behavior.startAfterMs !== undefined && msSinceStart < behavior.startAfterMs) return 'down'
  if (behavior.unhealthyAfterMs !== undefined && msSinceStart >= behavior.unhealthyAfterMs) return 'unhealthy'
  if (kind === 'readiness') {
    if (behavior.readyAfterMs !== undefined && msSinceStart < behavior.readyAfterMs) return 'unhealthy'
    if (behavior.unreadyAfterMs !== undefined && msSinceStart >= behavior.unreadyAfterMs) return 'unhealthy'
  }
  return 'up'
}

/** Go's net.JoinHostPort: IPv6 hosts in brackets. */
const joinHostPort = (host: string, port: number): string =>
  host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`

/** Go's time.Duration String for whole seconds: `1s`, `1m30s`, `1h0m0s`. */
function goSeconds(seconds: number): string {
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = seconds % 60
  if (h > 0) return `${h}h${m}m${s}s`
  if (m > 0) return `${m}m${s}s`
  return `${s}s`
}

/** pkg/probe ResolveContainerPort: a number, a named container port, or a number in a string. */
export function resolveProbePort(
  port: number | string | undefined,
  ports: readonly ContainerPort[] = [],
): { readonly port: number } | { readonly error: string } {
  let n: number
  if (typeof port === 'number') n = port
  else if (typeof port === 'string') {
    const named = ports.find((p) => p.name === port)
    if (named) n = named.containerPort
    else if (/^[+-]?\d+$/.test(port)) n = Number(port)
    else return { error: `strconv.Atoi: parsing ${JSON.stringify(port)}: invalid syntax` }
  } else return { error: `intOrString had no kind: ${String(port)}` }
  return n > 0 && n < 65536 ? { port: n } : { error: `invalid port number: ${n}` }
}

/**
 * What an exec probe's command prints when it fails. Only `cat <file>` says something (busybox's
 * text, as in the Kubernetes documentation's liveness example); other commands fail silently,
 * so the event reads `Liveness probe failed: ` as it does upstream for a silent command.
 */
export function execFailureOutput(command: readonly string[]): string {
  let argv = command
  const c = argv.indexOf('-c')
  if (SHELLS.has(base(argv[0] ?? '')) && c >= 0 && argv[c + 1] !== undefined)
    argv = words((argv[c + 1] as string).split(/&&|\|\||;|\n/)[0] ?? '')
  if (base(argv[0] ?? '') === 'cat' && argv[1] !== undefined)
    return `cat: can't open '${argv[1]}': No such file or directory`
  return ''
}

/** The file an exec check reads (`cat F`, `test -e F`, `ls F`, also inside `sh -c`), if any. */
function checkedFile(command: readonly string[]): string | undefined {
  let argv = command
  const c = argv.indexOf('-c')
  if (SHELLS.has(base(argv[0] ?? '')) && c >= 0 && argv[c + 1] !== undefined)
    argv = words((argv[c + 1] as string).split(/&&|\|\||;|\n/)[0] ?? '')
  const cmd = base(argv[0] ?? '')
  const operands = argv.slice(1).filter((a) => !a.startsWith('-'))
  return cmd === 'cat' || cmd === 'test' || cmd === 'ls' || cmd === '[' ? operands[0] : undefined
}

/**
 * What a probe of `kind` sees `msSinceStart` after the process started, given its behaviour.
 * httpGet/tcpSocket/grpc: the kubelet's own request to `target.podIP` (or the probe's `host`);
 * exec: what the command returns (the kubelet runs it through the runtime's ExecSync; this is
 * the verdict of the behaviour, to combine with what the runtime answered).
 *
 * Texts (pkg/probe/http/http.go, tcp/tcp.go, grpc/grpc.go, exec/exec.go): a refused connection is
 * Go's dial error, `Get "http://10.244.1.5:8080/healthz": dial tcp 10.244.1.5:8080: connect:
 * connection refused` for HTTP and `dial tcp 10.244.1.5:8080: connect: connection refused` for
 * TCP; gRPC's blocking dial waits for the timeout: `timeout: failed to connect service
 * "10.244.1.5:9090" within 1s: context deadline exceeded`. An unhealthy server answers HTTP 503
 * (`HTTP probe failed with statuscode: 503`), gRPC `NOT_SERVING` (`service unhealthy (responded
 * with "NOT_SERVING")`); an unhealthy TCP server refuses connections; an exec check exits 1.
 */
export function probeOutcome(
  behavior: ContainerBehavior,
  kind: ProbeKind,
  msSinceStart: number,
  probe: Probe,
  target: ProbeTarget = {},
): ProbeOutcome {
  const state = processState(behavior, kind, msSinceStart)
  const podIP = target.podIP ?? ''
  if (probe.exec) {
    const command = probe.exec.command ?? []
    const text = `exec ${command.join(' ')}`
    const checked = checkedFile(command)
    const missing =
      state === 'up' && checked !== undefined && fileExists(behavior, checked, msSinceStart) === false
    return state === 'up' && !missing
      ? { result: 'success', output: '', durationMs: 0, target: text, exitCode: 0 }
      : { result: 'failure', output: execFailureOutput(command), durationMs: 0, target: text, exitCode: 1 }
  }
  if (probe.httpGet) {
    const get = probe.httpGet
    const resolved = resolveProbePort(get.port, target.ports)
    const scheme = (get.scheme ?? 'HTTP').toLowerCase()
    const host = get.host || podIP
    const path = get.path ?? ''
    if ('error' in resolved)
      return {
        result: 'error',
        error: resolved.error,
        durationMs: 0,
        target: `GET ${scheme}://${host}${path}`,
      }
    const hostPort = joinHostPort(host, resolved.port)
    const url = `${scheme}://${hostPort}${path !== '' && !path.startsWith('/') ? '/' : ''}${path}`
    const text = `GET ${url}`
    if (state === 'down')
      return {
        result: 'failure',
        output: `Get "${url}": dial tcp ${hostPort}: connect: connection refused`,
        durationMs: PROBE_TIMINGS.connectMs,
        target: text,
      }
    if (state === 'unhealthy')
      return {
        result: 'failure',
        output: `HTTP probe failed with statuscode: ${behavior.unhealthyHttpStatus ?? 503}`,
        durationMs: PROBE_TIMINGS.requestMs,
        target: text,
      }
    return { result: 'success', output: '', durationMs: PROBE_TIMINGS.requestMs, target: text }
  }
  if (probe.tcpSocket) {
    const resolved = resolveProbePort(probe.tcpSocket.port, target.ports)
    const host = probe.tcpSocket.host || podIP
    if ('error' in resolved)
      return { result: 'error', error: resolved.error, durationMs: 0, target: `tcp ${host}` }
    const hostPort = joinHostPort(host, resolved.port)
    return state === 'up'
      ? { result: 'success', output: '', durationMs: PROBE_TIMINGS.connectMs, target: `tcp ${hostPort}` }
      : {
          result: 'failure',
          output: `dial tcp ${hostPort}: connect: connection refused`,
          durationMs: PROBE_TIMINGS.connectMs,
          target: `tcp ${hostPort}`,
        }
  }
  if (probe.grpc) {
    const hostPort = joinHostPort(podIP, probe.grpc.port)
    const text = `grpc ${hostPort}${probe.grpc.service ? ` ${probe.grpc.service}` : ''}`
    const timeoutSeconds = probe.timeoutSeconds ?? 1
    if (state === 'down')
      return {
        result: 'failure',
        output: `timeout: failed to connect service "${hostPort}" within ${goSeconds(timeoutSeconds)}: context deadline exceeded`,
        durationMs: timeoutSeconds * 1000,
        target: text,
      }
    if (state === 'unhealthy')
      return {
        result: 'failure',
        output: 'service unhealthy (responded with "NOT_SERVING")',
        durationMs: PROBE_TIMINGS.requestMs,
        target: text,
      }
    return { result: 'success', output: 'service healthy', durationMs: PROBE_TIMINGS.requestMs, target: text }
  }
  return { result: 'error', error: 'missing probe handler', durationMs: 0, target: '' }
}
