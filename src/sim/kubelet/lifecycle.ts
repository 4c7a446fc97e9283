/**
 * The kubelet's lifecycle handler runner (pkg/kubelet/lifecycle/handlers.go, v1.33): runs a
 * container's postStart or preStop handler.
 *
 * - `exec`: CRI `ExecSync` in the container, without a timeout (the runtime decides what the
 *   command does, `runtime/exec.ts`); a non-zero exit or a CRI error fails the hook.
 * - `httpGet`: the kubelet sends the GET itself, to the pod IP unless `host` is set. It is recorded
 *   as a kubelet step carrying the URL; it succeeds while the container is running (the process
 *   answers), and fails with a connection error otherwise.
 * - `sleep`: the kubelet waits `seconds` (PodLifecycleSleepAction, on by default since v1.30).
 * - `tcpSocket`: accepted by the API for compatibility only; it always fails.
 *
 * The failure message is what the kubelet keeps as the container's waiting message
 * (PostStartHookError); events only say `PostStartHook failed` / `PreStopHook failed`.
 */
import type { LifecycleHandler } from 'kubernetes-types/core/v1'
import type { Container, Pod } from '../../api/types'
import { type Proc, sleep } from '../kernel/kernel'
import type { Stage } from '../kernel/trace'
import type { ContainerState } from '../runtime/cri'
import type { KubeletContext } from './context'
import { execExitedWith, execHookFailed, formatPod, httpHookFailed } from './events'
import { podRef } from './image-manager'
import { criErrorText } from './runtime-client'

export type HookName = 'postStart' | 'preStop'

export interface HookResult {
  readonly ok: boolean
  /** Why it failed (handlers.go's message); empty on success. */
  readonly message: string
}

const OK: HookResult = { ok: true, message: '' }

/** What the runtime component exposes about a container's process to clients on the node. */
interface ContainerProbeable {
  containerState?(id: string): ContainerState | undefined
}

/** resolvePort (handlers.go / probe util): a number, a numeric string, or a named container port. */
export function resolvePort(port: number | string | undefined, container: Container): number | string {
  if (port === undefined || port === '') return 80
  if (typeof port === 'number') return port
  if (/^\d+$/.test(port)) return Number(port)
  const named = (container.ports ?? []).find((p) => p.name === port)
  return named ? named.containerPort : `couldn't find port: ${port} in ${container.name}`
}

/** The URL of an httpGet action, as NewRequestForHTTPGetAction builds it. */
export function httpGetUrl(
  action: NonNullable<LifecycleHandler['httpGet']>,
  host: string,
  port: number,
): string {
  const scheme = (action.scheme ?? 'HTTP').toLowerCase()
  const path = action.path ?? ''
  const hostPort = host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`
  return `${scheme}://${hostPort}${path.startsWith('/') || path === '' ? path : `/${path}`}`
}

/** handlerRunner.Run: run one lifecycle handler of `container` (running as `containerId`). */
export function* runLifecycleHandler(
  ctx: KubeletContext,
  pod: Pod,
  container: Container,
  containerId: string,
  handler: LifecycleHandler,
  hook: HookName,
  podIP: string | undefined,
  stage: Stage,
): Proc<HookResult> {
  const object = podRef(pod)
  if (handler.exec) {
    const cmd = handler.exec.command ?? []
    const reply = yield* ctx.runtime.call<'ExecSync'>(
      { method: 'ExecSync', containerId, cmd, timeout: 0 },
      stage,
      object,
    )
    let error: string | undefined
    let output = ''
    if (!reply.ok) error = criErrorText(reply.error)
    else {
      output = reply.stdout + reply.stderr
      if (reply.exitCode !== 0) error = execExitedWith(cmd, reply.exitCode, reply.stderr)
    }
    if (error === undefined) return OK
    return { ok: false, message: execHookFailed(cmd, container.name, pod, error, output) }
  }
  if (handler.httpGet) {
    const action = handler.httpGet
    const path = action.path ?? ''
    const host = action.host || podIP
    const port = resolvePort(action.port as number | string | undefined, container)
    if (!host) {
      return {
        ok: false,
        message: httpHookFailed(
          path,
          container.name,
          pod,
          `failed to find networking container for pod ${formatPod(pod)}`,
        ),
      }
    }
    if (typeof port === 'string')
      return { ok: false, message: httpHookFailed(path, container.name, pod, port) }
    const url = httpGetUrl(action, host, port)
    const runtime = ctx.kernel.component(ctx.runtime.runtime) as ContainerProbeable | undefined
    const answered = runtime?.containerState?.(containerId) === 'CONTAINER_RUNNING'
    ctx.kernel.step(
      ctx.id,
      stage,
      `${hook} hook GET ${url}`,
      { hook, container: container.name, containerId, url, ok: answered },
      object,
    )
    if (answered) return OK
    const error = `Get "${url}": dial tcp ${host}:${port}: connect: connection refused`
    return { ok: false, message: httpHookFailed(path, container.name, pod, error) }
  }
  if (handler.sleep) {
    const seconds = handler.sleep.seconds
    ctx.kernel.step(
      ctx.id,
      stage,
      `${hook} hook sleep ${seconds}s`,
      { hook, container: container.name, containerId, seconds },
      object,
      seconds * 1000,
    )
    yield* sleep(seconds * 1000)
    return OK
  }
  return { ok: false, message: `Cannot run handler: invalid handler: ${JSON.stringify(handler)}` }
}
