import { describe, expect, it } from 'vitest'
import type { Node } from '../../api/types'
import { call, Kernel, type Proc } from '../kernel/kernel'
import { INSTANT_EXIT_MS } from './behavior'
import { nodeImages } from './catalog'
import type { CriRequest, CriResponse, PodSandboxConfig } from './cri'
import { execOutcome } from './exec'
import { Registry } from './registry'
import { ContainerRuntime } from './runtime'

describe('execOutcome', () => {
  it.each([
    [['sleep', '5'], { ms: 5000, exitCode: 0 }],
    [['sh', '-c', 'exit 1'], { ms: INSTANT_EXIT_MS, exitCode: 1 }],
    [['false'], { ms: INSTANT_EXIT_MS, exitCode: 1 }],
    [['sh', '-c', 'sleep 2; exit 3'], { ms: 2000, exitCode: 3 }],
    [['cat', '/tmp/healthy'], { ms: INSTANT_EXIT_MS, exitCode: 0 }],
    // A program the simulation does not know succeeds.
    [['/usr/sbin/nginx', '-s', 'quit'], { ms: INSTANT_EXIT_MS, exitCode: 0 }],
    [['sleep', 'infinity'], { ms: 'forever', exitCode: 0 }],
    [['sh', '-c', 'while true; do sleep 1; done'], { ms: 'forever', exitCode: 0 }],
    [['tail', '-f', '/dev/null'], { ms: 'forever', exitCode: 0 }],
  ] as const)('%j → %j', (cmd, outcome) => {
    expect(execOutcome(cmd)).toEqual(outcome)
  })
})

const NODE: Node = {
  metadata: { name: 'worker-1' },
  spec: { podCIDR: '10.244.1.0/24' },
  status: { images: nodeImages(['registry.k8s.io/pause:3.10', 'busybox:1.37']) },
}

const sandboxConfig: PodSandboxConfig = {
  metadata: { name: 'p', namespace: 'default', uid: 'uid-p', attempt: 0 },
  hostname: 'p',
  labels: {},
  annotations: {},
}

/** A runtime with one sandbox and one running container (`command`); `script` then talks CRI. */
function withContainer(
  command: string[],
  script: (id: string, cri: (r: CriRequest) => Proc<CriResponse>, kernel: Kernel) => Proc,
) {
  const kernel = new Kernel({ seed: 1 })
  const runtime = new ContainerRuntime(kernel, NODE)
  kernel.register(new Registry(kernel))
  kernel.register(runtime)
  kernel.register({ id: 'kubelet/worker-1', receive: () => {} })
  const cri = function* (request: CriRequest): Proc<CriResponse> {
    const reply = yield* call<CriResponse>({
      from: 'kubelet/worker-1',
      to: 'runtime/worker-1',
      kind: 'cri-request',
      summary: request.method,
      stage: 'containers',
      payload: request,
    })
    return reply.payload
  }
  kernel.spawn(
    (function* (): Proc {
      const sb = (yield* cri({ method: 'RunPodSandbox', config: sandboxConfig })) as { podSandboxId: string }
      const c = (yield* cri({
        method: 'CreateContainer',
        podSandboxId: sb.podSandboxId,
        config: {
          metadata: { name: 'app', attempt: 0 },
          image: { image: 'busybox:1.37' },
          command,
          labels: {},
          annotations: {},
        },
        sandboxConfig,
      })) as { containerId: string }
      yield* cri({ method: 'StartContainer', containerId: c.containerId })
      yield* script(c.containerId, cri, kernel)
    })(),
  )
  kernel.run()
  return { kernel, runtime }
}

describe('ContainerRuntime ExecSync', () => {
  it('answers with the exit code once the command ends, and records an exec step', () => {
    const answers: Array<[number, CriResponse]> = []
    const { kernel } = withContainer(['sleep', '3600'], function* (id, cri, kernel) {
      const t0 = kernel.nowMs
      answers.push([0, yield* cri({ method: 'ExecSync', containerId: id, cmd: ['sleep', '2'], timeout: 0 })])
      answers.push([
        kernel.nowMs - t0,
        yield* cri({ method: 'ExecSync', containerId: id, cmd: ['sh', '-c', 'exit 3'], timeout: 0 }),
      ])
      yield* cri({ method: 'StopContainer', containerId: id, timeout: 0 })
    })
    expect(answers.map(([, a]) => a)).toEqual([
      { ok: true, stdout: '', stderr: '', exitCode: 0 },
      { ok: true, stdout: '', stderr: '', exitCode: 3 },
    ])
    expect(answers[1]?.[0]).toBeGreaterThanOrEqual(2000)
    expect(
      kernel.trace.filter((m) => m.kind === 'step' && m.summary.startsWith('exec')).map((m) => m.summary),
    ).toEqual(['exec sleep 2 in app', 'exec sh -c exit 3 in app'])
  })

  it('times out with DeadlineExceeded', () => {
    let answer: CriResponse | undefined
    withContainer(['sleep', '3600'], function* (id, cri) {
      answer = yield* cri({ method: 'ExecSync', containerId: id, cmd: ['sleep', '10'], timeout: 1 })
      yield* cri({ method: 'StopContainer', containerId: id, timeout: 0 })
    })
    expect(answer).toEqual({
      ok: false,
      error: {
        code: 'DeadlineExceeded',
        message: 'failed to exec in container: timeout 1s exceeded: context deadline exceeded',
      },
    })
  })

  it('ends with 137 when the container dies under it, and refuses a container that is not running', () => {
    let during: CriResponse | undefined
    let after: CriResponse | undefined
    withContainer(['sleep', '5'], function* (id, cri) {
      during = yield* cri({ method: 'ExecSync', containerId: id, cmd: ['sleep', 'infinity'], timeout: 0 })
      after = yield* cri({ method: 'ExecSync', containerId: id, cmd: ['true'], timeout: 0 })
    })
    expect(during).toEqual({ ok: true, stdout: '', stderr: '', exitCode: 137 })
    expect(after).toEqual({
      ok: false,
      error: {
        code: 'Unknown',
        message: 'failed to exec in container: container is in CONTAINER_EXITED state',
      },
    })
  })
})
