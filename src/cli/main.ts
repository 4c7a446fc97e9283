/**
 * `npm run --silent sim -- [options] FILE...` — run the simulated control plane on manifests.
 */
import { readFileSync } from 'node:fs'
import { parseDuration } from './duration'
import { type CliOptions, type InputFile, runCli } from './run'

const USAGE = `Usage: npm run --silent sim -- [options] FILE...

Simulates a Kubernetes v1.33 control plane applying the manifests in FILE (YAML or JSON,
multi-document; "-" reads standard input). kind: Node objects replace the default cluster
(a control-plane node and three workers); one kind: KubeSchedulerConfiguration
(kubescheduler.config.k8s.io/v1) configures kube-scheduler; everything else is applied at
time 0 in file order, as "kubectl apply -f" would.

Options:
  --seed N          seed of the simulation's randomness (default 1)
  --until DURATION  run to this virtual time (e.g. 30s, 5m, 1h30m) instead of until idle
  -o, --output FMT  text (default): an event log; json: responses, pods, events, nodes, trace
  -h, --help        show this help
`

function main(argv: readonly string[]): number {
  const files: string[] = []
  let seed: number | string | undefined
  let untilMs: number | undefined
  let output: CliOptions['output'] = 'text'
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
      if (v !== 'text' && v !== 'json') throw new UsageError(`--output must be text or json, not "${v}"`)
      output = v
    } else if (arg.startsWith('-') && arg !== '-') {
      throw new UsageError(`unknown option ${arg}`)
    } else files.push(arg)
  }
  if (files.length === 0) throw new UsageError('no FILE given')
  const inputs: InputFile[] = files.map((f) => ({ name: f === '-' ? 'STDIN' : f, text: readInput(f) }))
  const result = runCli(inputs, {
    ...(seed !== undefined ? { seed } : {}),
    ...(untilMs !== undefined ? { untilMs } : {}),
    output,
  })
  process.stdout.write(result.stdout)
  process.stderr.write(result.stderr)
  return result.exitCode
}

function readInput(file: string): string {
  try {
    return readFileSync(file === '-' ? 0 : file, 'utf8')
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
