/**
 * Runs a console command as of the playback cursor. Reads (get, describe) are answered at once
 * from the objects in effect at the cursor, with kubectl's printers; writes (apply, delete,
 * cordon, uncordon, drain) go through a ConsoleBackend at the cursor's millisecond and answer when
 * the simulation does. Pure apart from the backend.
 */
import { DEFAULT_START_MS } from '../../api/time'
import { helpText } from './help'
import { parseConsoleInput } from './parse'
import { blocks, runRead, viewObjectsAt } from './reads'
import { type ConsoleContext, type ConsoleResult, type OutputBlock, stderr } from './types'
import { runWrite } from './writes'

export { runRead, viewObjectsAt } from './reads'
export type {
  ConsoleBackend,
  ConsoleContext,
  ConsoleResult,
  NodeActionOutput,
  OutputBlock,
  OutputStream,
} from './types'
export { applyOutput, deleteOutput } from './writes'

/**
 * Run what the user typed. Reads and refusals return their result; writes return a promise of
 * it (await works for both).
 */
export function execute(input: string, ctx: ConsoleContext): ConsoleResult | Promise<ConsoleResult> {
  const command = parseConsoleInput(input)
  const echo: OutputBlock = { text: input, stream: 'command' }
  const read = (exitCode: number, output: readonly OutputBlock[]): ConsoleResult => ({
    mode: 'read',
    atMs: ctx.cursorMs,
    exitCode,
    output: [echo, ...output],
  })
  switch (command.type) {
    case 'empty':
      return read(0, [])
    case 'clear':
      return { mode: 'clear', atMs: ctx.cursorMs, exitCode: 0, output: [echo] }
    case 'help':
      return read(0, [{ text: helpText(), stream: 'stdout' }])
    case 'error':
      return read(1, [stderr(command.message)])
    case 'get':
    case 'describe': {
      const out = runRead(
        command,
        viewObjectsAt(ctx.revisions, ctx.cursorMs),
        DEFAULT_START_MS + ctx.cursorMs,
      )
      return read(out.exitCode, blocks(out))
    }
    default: {
      const atMs = Math.round(ctx.cursorMs)
      return runWrite(command, atMs, ctx).then(
        ({ exitCode, output }) => ({ mode: 'write', atMs, exitCode, output: [echo, ...output] }),
        (e: unknown) => ({
          mode: 'write',
          atMs,
          exitCode: 1,
          output: [echo, stderr(`error: ${e instanceof Error ? e.message : String(e)}`)],
        }),
      )
    }
  }
}
