/**
 * apply, delete and the node actions through a ConsoleBackend, and what kubectl prints for the
 * simulation's answer: apply's lines (apply-output.ts), delete's `pod "x" deleted`, the apiserver's
 * errors as checkErr words them.
 */
import { formatApplyResult } from '../../api/kubectl/apply-output'
import type { ObjectResult, ParseProblem } from '../../protocol/messages'
import type { ApplyOutcome } from '../bridge'
import type { ConsoleCommand, DeleteCommandTarget } from './parse'
import { type ConsoleContext, type OutputBlock, stderr, stdout } from './types'

export type WriteCommand = Extract<ConsoleCommand, { type: 'apply' | 'delete' | 'node' }>

export async function runWrite(
  command: WriteCommand,
  atMs: number,
  ctx: ConsoleContext,
): Promise<{ exitCode: number; output: OutputBlock[] }> {
  if (command.type === 'node') {
    const r = await ctx.backend.nodeAction(command.action, atMs, ctx.as)
    return {
      exitCode: r.exitCode,
      output: r.output.map((l) => (l.stream === 'stdout' ? stdout(l.text) : stderr(l.text))),
    }
  }
  if (command.type === 'apply') return applyOutput(await ctx.backend.apply(command.stdin, atMs, ctx.as))
  const { printed: _, ...target } = command.target
  return deleteOutput(await ctx.backend.delete(target, atMs, ctx.as), command.target)
}

/**
 * What `kubectl apply -f -` prints: per object its warnings (stderr) and its line (stdout); the
 * errors last, as checkErr prints the aggregate when the command ends.
 */
export function applyOutput(outcome: ApplyOutcome): { exitCode: number; output: OutputBlock[] } {
  if (outcome.type === 'parse-error') return { exitCode: 1, output: outcome.problems.map(problem) }
  if (outcome.results.length === 0)
    return { exitCode: 1, output: [stderr('error: no objects passed to apply')] }
  const failed = outcome.results.filter((r) => r.status || r.error !== undefined)
  const output: OutputBlock[] = []
  for (const r of outcome.results) {
    for (const w of r.warnings ?? []) output.push(stderr(`Warning: ${w}`))
    if (!failed.includes(r)) output.push(stdout(formatApplyResult(r)))
  }
  for (const r of failed)
    output.push(stderr(formatApplyResult(r, 'STDIN', { onlyError: failed.length === 1 })))
  return { exitCode: failed.length ? 1 : 0, output }
}

/** What `kubectl delete TYPE NAME` prints (cmd/delete PrintObj, v1.33: no namespace yet). */
export function deleteOutput(
  outcome: ApplyOutcome,
  target: DeleteCommandTarget,
): { exitCode: number; output: OutputBlock[] } {
  if (outcome.type === 'parse-error') return { exitCode: 1, output: outcome.problems.map(problem) }
  const r: ObjectResult | undefined = outcome.results[0]
  if (!r) return { exitCode: 1, output: [stderr('error: the simulation gave no answer to the delete')] }
  if (r.error !== undefined)
    return { exitCode: 1, output: [stderr(r.error.startsWith('error: ') ? r.error : `error: ${r.error}`)] }
  if (r.status) {
    const message = r.status.message ?? ''
    const text =
      r.status.reason === 'Unauthorized'
        ? `error: You must be logged in to the server (${message})`
        : r.status.reason
          ? `Error from server (${r.status.reason}): ${message}`
          : `Error from server: ${message}`
    return { exitCode: 1, output: [stderr(text)] }
  }
  return {
    exitCode: 0,
    output: [
      ...(r.warnings ?? []).map((w) => stderr(`Warning: ${w}`)),
      stdout(`${target.printed} ${JSON.stringify(target.name)} deleted`),
    ],
  }
}

/** A parse problem as kubectl words it: `error: …`, with the line unless the message has it. */
function problem(p: ParseProblem): OutputBlock {
  return stderr(`error: ${/\bline \d+/.test(p.message) ? p.message : `line ${p.line}: ${p.message}`}`)
}
