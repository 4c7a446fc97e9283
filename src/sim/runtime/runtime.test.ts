import { describe, expect, it } from 'vitest'
import type { Node } from '../../api/types'
import { call, Kernel, type Proc } from '../kernel/kernel'
import type { Message } from '../kernel/trace'
import { nodeImages } from './catalog'
import type { ContainerEvent, CriRequest, CriResponse, PodSandboxConfig } from './cri'
import { Registry } from './registry'
import { ContainerRuntime } from './runtime'

const NODE: Node = {
  metadata: { name: 'worker-1' },
  spec: { podCIDR: '10.244.1.0/24' },
  status: { images: nodeImages(['registry.k8s.io/pause:3.10', 'busybox:1.37']) },
}

const sandboxConfig = (name: string, annotations: Record<string, string> = {}): PodSandboxConfig => ({
  metadata: { name, namespace: 'default', uid: `uid-${name}`, attempt: 0 },
  hostname: name,
  labels: {},
  annotations,
})

/** A bare kernel with the registry, one runtime, and a fake kubelet that records container events. */
function setup() {
  const kernel = new Kernel({ seed: 1 })
  const runtime = new ContainerRuntime(kernel, NODE)
  kernel.register(new Registry(kernel))
  kernel.register(runtime)
  const events: Array<[number, ContainerEvent]> = []
  kernel.register({
    id: 'kubelet/worker-1',
    receive: (m: Message) => events.push([kernel.nowMs, m.payload as ContainerEvent]),
  })
  kernel.send({
    from: 'kubelet/worker-1',
    to: 'runtime/worker-1',
    kind: 'cri-request',
    summary: 'GetContainerEvents',
    stage: 'boot',
    payload: { method: 'GetContainerEvents' },
  })
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
  const results: Record<string, CriResponse> = {}
  const run = (script: () => Proc) => {
    kernel.spawn(script())
    kernel.run()
  }
  return { kernel, runtime, events, cri, results, run }
}

describe('ContainerRuntime', () => {
  it('creates sandboxes with IPs from the podCIDR and reports them as events', () => {
    const t = setup()
    t.run(function* () {
      t.results.a = yield* t.cri({ method: 'RunPodSandbox', config: sandboxConfig('a') })
      t.results.b = yield* t.cri({ method: 'RunPodSandbox', config: sandboxConfig('b') })
    })
    expect(t.runtime.listSandboxes().map((s) => [s.metadata.name, s.network.ip, s.state])).toEqual([
      ['a', '10.244.1.2', 'SANDBOX_READY'],
      ['b', '10.244.1.3', 'SANDBOX_READY'],
    ])
    expect(t.events.map(([, e]) => `${e.containerEventType} ${e.containerName}`)).toEqual([
      'CONTAINER_CREATED_EVENT POD',
      'CONTAINER_STARTED_EVENT POD',
      'CONTAINER_CREATED_EVENT POD',
      'CONTAINER_STARTED_EVENT POD',
    ])
    expect(t.results.a).toMatchObject({ ok: true, podSandboxId: expect.stringMatching(/^[0-9a-f]{64}$/) })
  })

  it('pulls through the registry: manifest, then one blob timed by size and bandwidth', () => {
    const t = setup()
    t.run(function* () {
      t.results.pull = yield* t.cri({ method: 'PullImage', image: { image: 'nginx:latest' } })
      t.results.status = yield* t.cri({ method: 'ImageStatus', image: { image: 'docker.io/library/nginx' } })
    })
    const registryCalls = t.kernel.trace.filter((m) => m.to === 'registry').map((m) => m.summary)
    expect(registryCalls).toEqual([
      'HEAD /v2/library/nginx/manifests/latest',
      expect.stringMatching(/^GET \/v2\/library\/nginx\/manifests\/sha256:[0-9a-f]{64}$/),
      expect.stringMatching(/^GET \/v2\/library\/nginx\/blobs\/sha256:[0-9a-f]{64}$/),
    ])
    const blob = t.kernel.trace.find((m) => m.from === 'registry' && m.deliverAtMs - m.sentAtMs > 1000)
    expect(blob).toBeDefined()
    expect(t.results.pull).toMatchObject({ ok: true, imageRef: expect.stringMatching(/^sha256:/) })
    expect(t.results.status).toMatchObject({
      ok: true,
      image: { size: 72_404_038, repoTags: ['docker.io/library/nginx:latest'] },
    })
  })

  it("fails a pull with containerd's texts and gRPC codes", () => {
    const t = setup()
    t.run(function* () {
      t.results.repo = yield* t.cri({ method: 'PullImage', image: { image: 'nginxx:latest' } })
      t.results.tag = yield* t.cri({ method: 'PullImage', image: { image: 'nginx:nope' } })
      t.results.host = yield* t.cri({ method: 'PullImage', image: { image: 'registry.invalid/app:1' } })
    })
    expect(t.results.repo).toMatchObject({
      ok: false,
      error: { code: 'Unknown', message: expect.stringContaining('pull access denied') },
    })
    expect(t.results.tag).toMatchObject({
      ok: false,
      error: {
        code: 'NotFound',
        message: expect.stringContaining('docker.io/library/nginx:nope: not found'),
      },
    })
    expect(t.results.host).toMatchObject({
      ok: false,
      error: { code: 'Unknown', message: expect.stringContaining('no such host') },
    })
  })

  it('pulls an image the catalog does not know, with an estimated size and the user it runs as', () => {
    const t = setup()
    t.run(function* () {
      t.results.pull = yield* t.cri({
        method: 'PullImage',
        image: { image: 'registry.example.com/team/app:v3' },
      })
      t.results.status = yield* t.cri({
        method: 'ImageStatus',
        image: { image: 'registry.example.com/team/app:v3' },
      })
      yield* t.cri({ method: 'PullImage', image: { image: 'registry.k8s.io/pause:3.9' } })
      t.results.pause = yield* t.cri({ method: 'ImageStatus', image: { image: 'registry.k8s.io/pause:3.9' } })
      yield* t.cri({ method: 'PullImage', image: { image: 'quay.io/prometheus/prometheus:v3.4.0' } })
      t.results.prometheus = yield* t.cri({
        method: 'ImageStatus',
        image: { image: 'quay.io/prometheus/prometheus:v3.4.0' },
      })
    })
    expect(t.results.pull).toMatchObject({ ok: true })
    const status = t.results.status as { image: { size: number; sizeEstimated?: true; uid?: number } }
    expect(status.image.sizeEstimated).toBe(true)
    expect(status.image.size).toBeGreaterThanOrEqual(19_000_000)
    expect(status.image.size).toBeLessThanOrEqual(210_000_000)
    expect(status.image).not.toHaveProperty('uid')
    const unpack = t.kernel.trace.find((m) => m.summary === 'unpack registry.example.com/team/app:v3')
    expect(unpack?.payload).toMatchObject({ sizeEstimated: true })
    // The manifest fetched by digest is the tag's: the blob is 321,520 bytes on the wire.
    expect(t.results.pause).toMatchObject({ image: { uid: 65535, size: 321_520 } })
    const pauseBlob = t.kernel.trace.find(
      (m) =>
        m.from === 'registry' &&
        (m.payload as { headers?: Record<string, string> }).headers?.['content-length'] === '321520',
    )
    expect(pauseBlob).toBeDefined()
    expect(t.results.pause).not.toHaveProperty('image.sizeEstimated')
    expect(t.results.prometheus).toMatchObject({ image: { username: 'nobody' } })
  })

  it('runs a container as its command says, reports the exit, and stops with SIGTERM or SIGKILL', () => {
    const t = setup()
    t.run(function* () {
      const sb = (yield* t.cri({ method: 'RunPodSandbox', config: sandboxConfig('job') })) as {
        podSandboxId: string
      }
      const config = (name: string, command: string[]) => ({
        metadata: { name, attempt: 0 },
        image: { image: 'busybox:1.37', userSpecifiedImage: 'busybox:1.37' },
        command,
        labels: {},
        annotations: {},
      })
      const sandboxId = sb.podSandboxId
      const short = (yield* t.cri({
        method: 'CreateContainer',
        podSandboxId: sandboxId,
        config: config('short', ['sleep', '5']),
        sandboxConfig: sandboxConfig('job'),
      })) as { containerId: string }
      yield* t.cri({ method: 'StartContainer', containerId: short.containerId })
      const long = (yield* t.cri({
        method: 'CreateContainer',
        podSandboxId: sandboxId,
        config: config('long', ['sleep', '3600']),
        sandboxConfig: sandboxConfig('job'),
      })) as { containerId: string }
      yield* t.cri({ method: 'StartContainer', containerId: long.containerId })
      t.results.stop = yield* t.cri({ method: 'StopContainer', containerId: long.containerId, timeout: 30 })
    })
    const [short, long] = t.runtime.listContainers()
    expect([short?.state, short?.exitCode, short?.reason, short?.image.image]).toEqual([
      'CONTAINER_EXITED',
      0,
      'Completed',
      'docker.io/library/busybox:1.37',
    ])
    expect((short?.finishedAtMs ?? 0) - (short?.startedAtMs ?? 0)).toBe(5000)
    // `sleep` as PID 1 ignores SIGTERM: it dies by SIGKILL when the 30 s grace period ends.
    expect([long?.exitCode, long?.reason]).toEqual([137, 'Error'])
    expect((long?.finishedAtMs ?? 0) - (long?.startedAtMs ?? 0)).toBeGreaterThanOrEqual(30_000)
    expect(short?.imageRef).toMatch(/^docker\.io\/library\/busybox@sha256:[0-9a-f]{64}$/)
    const stopped = t.events.filter(([, e]) => e.containerEventType === 'CONTAINER_STOPPED_EVENT')
    expect(stopped.map(([, e]) => e.containerName)).toEqual(['short', 'long'])
  })

  it('follows the behaviour annotation', () => {
    const t = setup()
    t.run(function* () {
      const sbc = sandboxConfig('oom', { 'behavior.podflow.dev/app': 'oom after 2s' })
      const sb = (yield* t.cri({ method: 'RunPodSandbox', config: sbc })) as { podSandboxId: string }
      const c = (yield* t.cri({
        method: 'CreateContainer',
        podSandboxId: sb.podSandboxId,
        config: {
          metadata: { name: 'app', attempt: 0 },
          image: { image: 'busybox:1.37' },
          labels: {},
          annotations: {},
        },
        sandboxConfig: sbc,
      })) as { containerId: string }
      yield* t.cri({ method: 'StartContainer', containerId: c.containerId })
    })
    expect(t.runtime.listContainers().map((c) => [c.exitCode, c.reason])).toEqual([[137, 'OOMKilled']])
  })
})
