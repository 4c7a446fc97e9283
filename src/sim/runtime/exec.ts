/**
 * What a command run inside a running container does (CRI ExecSync: the kubelet's exec lifecycle
 * hooks, and exec probes). The command is read as a container's command is (`behavior.ts`):
 * `sleep 5` ends with 0 after 5 s, `exit 1` / `false` / `sh -c "…; exit 3"` fail at once with
 * their code. A program the simulation does not know (`nginx -s quit`, `/app/drain.sh`) is taken
 * to succeed at once, since an exec that names a real tool of the image normally does; only
 * commands that plainly never end (`sleep infinity`, `while true; …`, `tail -f`) hang, until the
 * caller's timeout or the container's end.
 */
import { INSTANT_EXIT_MS, resolveBehavior } from './behavior'

export interface ExecOutcome {
  /** How long the command runs; 'forever' when it does not end by itself. */
  readonly ms: number | 'forever'
  readonly exitCode: number
}

/** Commands that never end by themselves. */
const FOREVER =
  /\bsleep\s+(infinity|inf)\b|\bwhile\s+(true|:)\b|\buntil\s+false\b|\btail\s+(?:-\S+\s+)*-[fF]\b/

/** What `cmd` does when it is executed in a running container. */
export function execOutcome(cmd: readonly string[]): ExecOutcome {
  if (cmd.length === 0) return { ms: INSTANT_EXIT_MS, exitCode: 0 }
  const exit = resolveBehavior({ command: cmd }).behavior.exit
  if (exit) return { ms: exit.afterMs, exitCode: exit.code }
  if (FOREVER.test(cmd.join(' '))) return { ms: 'forever', exitCode: 0 }
  return { ms: INSTANT_EXIT_MS, exitCode: 0 }
}

/** Exit status of an exec'd process killed because its container's init process died (SIGKILL). */
export const EXEC_KILLED_EXIT_CODE = 137

/** containerd's ExecSync error for a container that is not running [M]. */
export const execNotRunning = (state: string): string =>
  `failed to exec in container: container is in ${state} state`

/** containerd's ExecSync error when the request's timeout passes first [M]. */
export const execTimedOut = (timeoutSec: number): string =>
  `failed to exec in container: timeout ${timeoutSec}s exceeded: context deadline exceeded`
