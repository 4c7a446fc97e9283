/**
 * The console's vocabulary: what a command prints (blocks of stdout, stderr, or the command echo),
 * what it runs against (the revisions at the cursor, a backend for changes), and its result.
 */
import type { ApplyOutcome, DeleteTarget } from '../bridge'
import type { RevisionIndex } from '../model/objects'
import type { NodeAction } from './parse'

export type OutputStream = 'stdout' | 'stderr' | 'command'

/** One piece of the scrollback: the command as typed, or what it printed on stdout or stderr. */
export interface OutputBlock {
  readonly text: string
  readonly stream: OutputStream
}

/** What a node action printed (kubectl's lines, stdout and stderr interleaved) and its exit code. */
export interface NodeActionOutput {
  readonly exitCode: number
  readonly output: readonly { readonly text: string; readonly stream: 'stdout' | 'stderr' }[]
}

/**
 * How the console changes the cluster. Each call forks the simulation at `atMs`, acting as the
 * cluster's user `as` (undefined: the admin). apply and delete answer as the bridge does; a
 * rejection (the simulation stopped, a new scenario was loaded) is printed as an error.
 */
export interface ConsoleBackend {
  apply(yaml: string, atMs: number, as: string | undefined): Promise<ApplyOutcome>
  delete(target: DeleteTarget, atMs: number, as: string | undefined): Promise<ApplyOutcome>
  nodeAction(action: NodeAction, atMs: number, as: string | undefined): Promise<NodeActionOutput>
}

export interface ConsoleContext {
  readonly revisions: RevisionIndex
  readonly cursorMs: number
  /** The cluster's user kubectl acts as; undefined: the admin. */
  readonly as: string | undefined
  readonly backend: ConsoleBackend
}

export interface ConsoleResult {
  /** read: a snapshot at the cursor; write: a change made at `atMs`; clear: empty the scrollback. */
  readonly mode: 'read' | 'write' | 'clear'
  /** Virtual time read at (the cursor) or written at (the cursor, rounded to the millisecond). */
  readonly atMs: number
  readonly exitCode: number
  /** The command as typed first, then what it printed. */
  readonly output: readonly OutputBlock[]
}

const withNewline = (text: string) => (text.endsWith('\n') ? text : `${text}\n`)
export const stdout = (text: string): OutputBlock => ({ text: withNewline(text), stream: 'stdout' })
export const stderr = (text: string): OutputBlock => ({ text: withNewline(text), stream: 'stderr' })
