/**
 * One probe, as pkg/kubelet/prober/prober.go runs it: exec probes are CRI `ExecSync` calls to the
 * runtime; httpGet, tcpSocket and grpc probes are the kubelet's own requests to the pod IP, each
 * recorded as a step. What the process answers comes from its behaviour (runtime/behavior.ts
 * `probeOutcome`). A failure records a Warning `Unhealthy` event (`<Probe> probe failed:
 * <output>`); a probe that could not run is retried up to 3 times, then recorded as
 * `<Probe> probe errored and resulted in unknown state: <err>` and its result thrown away.
 */
import type { Probe } from 'kubernetes-types/core/v1'
import type { Container, Pod } from '../../../api/types'
import type { EventRecorder } from '../../client/events'
import { type Kernel, type Proc, sleep } from '../../kernel/kernel'
import type { ComponentId, ObjectRef, Stage } from '../../kernel/trace'
import { type ContainerBehavior, type ProbeKind, probeOutcome } from '../../runtime/behavior'
import { podRef } from '../image-manager'
import { containerFieldPath, probeErrored, probeFailed, UNHEALTHY } from './messages'

/** upstream's maxProbeRetries: a probe that errors is tried this many times. */
export const MAX_PROBE_RETRIES = 3

/** What the runtime answered to an ExecSync (CRI ExecSyncResponse, or the call's error). */
export type ExecSyncResult =
  | { readonly ok: true; readonly exitCode: number; readonly stdout: string; readonly stderr: string }
  | {
      readonly ok: false
      /** The runtime's DeadlineExceeded: the command did not finish within the timeout. */
      readonly timedOut?: boolean
      /** The error as the kubelet sees it (`rpc error: code = NotFound desc = …`). */
      readonly error: string
    }

/**
 * Run `cmd` in a container through the CRI (`ExecSync`), waiting at most `timeoutMs`
 * (the probe's timeoutSeconds). `object` is the pod, for the trace.
 */
export type ExecSyncFn = (
  containerId: string,
  cmd: readonly string[],
  timeoutMs: number,
  object: ObjectRef,
) => Proc<ExecSyncResult>

/** The part of an EventRecorder the prober uses. */
export type ProbeEventRecorder = Pick<EventRecorder, 'event'>

/** A probe result as the results managers hold it (results.Result). */
export type ProbeResult = 'success' | 'failure'

export interface ProberEnv {
  readonly kernel: Kernel
  /** The kubelet's component id: probe steps are recorded there. */
  readonly id: ComponentId
  readonly recorder: ProbeEventRecorder
  readonly exec: ExecSyncFn
  /** The pod's IP (status.podIP), where httpGet, tcpSocket and grpc probes connect. */
  readonly podIP: (pod: Pod) => string | undefined
  /** The trace stage of probe steps. */
  readonly stage: Stage
}

/** What one probe is about. */
export interface ProbeSubject {
  readonly kind: ProbeKind
  readonly pod: Pod
  readonly container: Container
  readonly spec: Probe
  readonly containerId: string
  readonly startedAtMs: number
  readonly behavior: ContainerBehavior
}

type Attempt =
  | { readonly result: ProbeResult; readonly output: string }
  | { readonly result: 'error'; readonly error: string }

/** prober.probe: run the probe (with retries on errors), record events; undefined = errored. */
export function* runProbe(env: ProberEnv, subject: ProbeSubject): Proc<ProbeResult | undefined> {
  let attempt: Attempt = { result: 'error', error: 'not run' }
  for (let i = 0; i < MAX_PROBE_RETRIES; i++) {
    attempt = yield* runOnce(env, subject)
    if (attempt.result !== 'error') break
  }
  const { pod, container, kind } = subject
  const fieldPath = containerFieldPath(pod, container.name)
  if (attempt.result === 'error') {
    env.recorder.event(pod, 'Warning', UNHEALTHY, probeErrored(kind, attempt.error), { fieldPath })
    return undefined
  }
  if (attempt.result === 'failure')
    env.recorder.event(pod, 'Warning', UNHEALTHY, probeFailed(kind, attempt.output), { fieldPath })
  return attempt.result
}

const handlerOf = (spec: Probe): string =>
  spec.exec ? 'exec' : spec.httpGet ? 'httpGet' : spec.tcpSocket ? 'tcpSocket' : spec.grpc ? 'grpc' : 'none'

/** prober.runProbe: one try. */
function* runOnce(env: ProberEnv, subject: ProbeSubject): Proc<Attempt> {
  const { kernel } = env
  const { kind, pod, container, spec, containerId } = subject
  const object = podRef(pod)
  const verdict = probeOutcome(subject.behavior, kind, kernel.nowMs - subject.startedAtMs, spec, {
    podIP: env.podIP(pod) ?? '',
    ...(container.ports ? { ports: container.ports } : {}),
  })
  const record = (attempt: Attempt, durationMs: number): void => {
    kernel.step(
      env.id,
      env.stage,
      `${kind} probe ${container.name}: ${attempt.result}`,
      {
        probe: kind,
        container: container.name,
        containerId,
        handler: handlerOf(spec),
        target: verdict.target,
        result: attempt.result,
        ...(attempt.result === 'error' ? { error: attempt.error } : { output: attempt.output }),
      },
      object,
      durationMs,
    )
  }

  if (spec.exec) {
    const cmd = spec.exec.command ?? []
    const timeoutMs = (spec.timeoutSeconds ?? 1) * 1000
    const answer = yield* env.exec(containerId, cmd, timeoutMs, object)
    let attempt: Attempt
    if (!answer.ok) {
      // cri-client turns DeadlineExceeded into a TimeoutError, which the exec prober reports as
      // a failure whose output is the error; any other error is an error.
      attempt = answer.timedOut
        ? { result: 'failure', output: `command ${JSON.stringify(cmd.join(' '))} timed out` }
        : { result: 'error', error: answer.error }
    } else if (answer.exitCode !== 0) {
      attempt = { result: 'failure', output: answer.stdout + answer.stderr }
    } else if (verdict.result === 'failure') {
      // The command ran; what it checks (a file, a port, a query) is not there: the behaviour says so.
      attempt = { result: 'failure', output: verdict.output }
    } else {
      attempt = { result: 'success', output: answer.stdout + answer.stderr }
    }
    record(attempt, 0)
    return attempt
  }

  const attempt: Attempt =
    verdict.result === 'error'
      ? { result: 'error', error: verdict.error }
      : { result: verdict.result, output: verdict.output }
  record(attempt, verdict.durationMs)
  // The request itself is foreground work (a probe in flight is not idle), unlike the timers that
  // start probes: a readiness run triggered by a status sync completes within a run "until idle".
  if (verdict.durationMs > 0) yield* sleep(verdict.durationMs)
  return attempt
}
