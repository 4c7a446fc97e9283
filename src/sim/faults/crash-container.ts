/**
 * crash-container: a running container's main process dies.
 *
 * Stands for a bug that crashes the program (a panic, a segfault: exit code 1 or another non-zero
 * code) or for something outside killing it (`kill -9`: exit 137, reason Error — not OOMKilled,
 * which only the kernel's OOM killer causes). containerd reports the exit on its event stream; the
 * kubelet's PLEG sees the container exited and the pod worker applies restartPolicy: `Always` (and
 * `OnFailure` for a non-zero code) restarts it, the first time at once, then with the 10 s doubling
 * back-off (CrashLoopBackOff) while it keeps crashing; `Never` leaves it terminated and the Pod
 * Failed once no container runs.
 */
import { runtimeId } from '../kernel/trace'
import { at, type FaultContext, type FaultDone, faultStep, injected, missed } from './context'

export interface CrashContainerFault {
  readonly type: 'crash-container'
  readonly atMs: number
  readonly namespace: string
  readonly pod: string
  readonly container: string
  /** The process's exit code: 1 when absent (137 for a SIGKILL from outside). */
  readonly exitCode?: number
}

export const DEFAULT_CRASH_EXIT_CODE = 1

export function scheduleCrashContainer(ctx: FaultContext, fault: CrashContainerFault, done: FaultDone): void {
  ctx.kernel.at(fault.atMs, () => {
    const { namespace, pod, container } = fault
    const exitCode = fault.exitCode ?? DEFAULT_CRASH_EXIT_CODE
    const name = `container "${container}" of pod ${namespace}/${pod}`
    for (const [node, runtime] of ctx.nodeSide.runtimes) {
      if (!runtime.findRunningContainer(namespace, pod, container)) continue
      faultStep(
        ctx.kernel,
        runtimeId(node),
        `crash ${container} of ${namespace}/${pod}: exit code ${exitCode}`,
        { type: 'CrashContainer', namespace, pod, container, exitCode, node },
        { resource: 'pods', namespace, name: pod },
      )
      const id = runtime.crashContainer(namespace, pod, container, exitCode)
      done([
        injected(`${name} on ${node} (containerd://${(id ?? '').slice(0, 13)}) exited with code ${exitCode}`),
      ])
      return
    }
    done([missed(`no running ${name} at ${at(fault.atMs)}: nothing crashed`)])
  })
}
