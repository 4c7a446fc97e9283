/**
 * Flags the way kubectl (cobra + pflag) reads them: anywhere among the arguments, `--name=value`
 * or `--name value`, `-n value`, `-nvalue`, `-n=value`, bool shorthands combined (`-Aowide`), `--`
 * ending the flags. The errors are pflag's texts; kubectl adds `See 'kubectl get --help' for
 * usage.` (templates.FlagErrorFunc), which the caller does, knowing the command.
 *
 * A flag kubectl has but the console does not support is `supported: false`: the caller answers
 * with one line saying what the console does support, rather than pretending to obey it.
 */

export type FlagType = 'string' | 'bool' | 'int'

export interface FlagSpec {
  readonly name: string
  readonly short?: string
  readonly type: FlagType
  readonly supported: boolean
}

export type FlagParse =
  | {
      readonly ok: true
      /** The values given, by flag name, in order (a flag may be repeated: `-f a -f b`). */
      readonly values: ReadonlyMap<string, readonly string[]>
      readonly args: readonly string[]
      /** `-h` / `--help` was given. */
      readonly help: boolean
    }
  /** pflag's error, without kubectl's `error: ` prefix and usage line. */
  | { readonly ok: false; readonly error: string }
  /** A kubectl flag the console does not support, as written (`--selector`, `-l`). */
  | { readonly ok: false; readonly unsupported: string }

export function parseFlags(argv: readonly string[], specs: readonly FlagSpec[]): FlagParse {
  const values = new Map<string, string[]>()
  const args: string[] = []
  let help = false
  const set = (spec: FlagSpec, value: string): string | undefined => {
    const invalid = checkValue(spec, value)
    if (invalid) return invalid
    values.set(spec.name, [...(values.get(spec.name) ?? []), spec.type === 'bool' ? goBool(value) : value])
    return undefined
  }

  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string
    if (a === '--') {
      args.push(...argv.slice(i + 1))
      break
    }
    if (a.startsWith('--')) {
      const eq = a.indexOf('=')
      const name = eq < 0 ? a.slice(2) : a.slice(2, eq)
      if (name === 'help') {
        help = true
        continue
      }
      const spec = specs.find((s) => s.name === name)
      if (!spec) return { ok: false, error: `unknown flag: --${name}` }
      if (!spec.supported) return { ok: false, unsupported: `--${name}` }
      let value: string
      if (eq >= 0) value = a.slice(eq + 1)
      else if (spec.type === 'bool') value = 'true'
      // pflag takes the next argument as the value even when it starts with a dash.
      else if (i + 1 < argv.length) value = argv[++i] as string
      else return { ok: false, error: `flag needs an argument: ${a}` }
      const invalid = set(spec, value)
      if (invalid) return { ok: false, error: invalid }
    } else if (a.startsWith('-') && a.length > 1) {
      const shorthands = a.slice(1)
      for (let j = 0; j < shorthands.length; j++) {
        const c = shorthands[j] as string
        if (c === 'h') {
          help = true
          continue
        }
        const spec = specs.find((s) => s.short === c)
        if (!spec) return { ok: false, error: `unknown shorthand flag: '${c}' in -${shorthands}` }
        if (!spec.supported) return { ok: false, unsupported: `-${c}` }
        const rest = shorthands.slice(j + 1)
        let value: string
        // A bool shorthand takes one character; any other takes the rest of the word.
        let tookRest = true
        if (rest.startsWith('=')) value = rest.slice(1)
        else if (spec.type === 'bool') {
          value = 'true'
          tookRest = false
        } else if (rest) value = rest
        else if (i + 1 < argv.length) value = argv[++i] as string
        else return { ok: false, error: `flag needs an argument: '${c}' in -${shorthands}` }
        if (tookRest) j = shorthands.length
        const invalid = set(spec, value)
        if (invalid) return { ok: false, error: invalid }
      }
    } else {
      args.push(a)
    }
  }
  return { ok: true, values, args, help }
}

/** The last value of a flag (the one that wins when repeated), if given. */
export function lastValue(values: ReadonlyMap<string, readonly string[]>, name: string): string | undefined {
  const list = values.get(name)
  return list?.[list.length - 1]
}

/** strconv.ParseBool's spellings. */
const TRUE = new Set(['1', 't', 'T', 'TRUE', 'true', 'True'])
const FALSE = new Set(['0', 'f', 'F', 'FALSE', 'false', 'False'])

function goBool(value: string): string {
  return TRUE.has(value) ? 'true' : 'false'
}

/** pflag's "invalid argument" error for a value its type does not parse. */
function checkValue(spec: FlagSpec, value: string): string | undefined {
  const flag = spec.short ? `-${spec.short}, --${spec.name}` : `--${spec.name}`
  if (spec.type === 'bool' && !TRUE.has(value) && !FALSE.has(value))
    return `invalid argument ${goQuote(value)} for ${goQuote(flag)} flag: strconv.ParseBool: parsing ${goQuote(value)}: invalid syntax`
  if (spec.type === 'int' && !/^[+-]?\d+$/.test(value))
    return `invalid argument ${goQuote(value)} for ${goQuote(flag)} flag: strconv.ParseInt: parsing ${goQuote(value)}: invalid syntax`
  return undefined
}

/** Go's %q for plain strings. */
function goQuote(s: string): string {
  return JSON.stringify(s)
}
