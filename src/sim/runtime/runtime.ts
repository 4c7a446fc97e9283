/**
 * containerd on one node, behind the CRI: pod sandboxes (the pause container plus a network
 * namespace with an IP from the node's podCIDR), the image store and pulls from the registry,
 * and containers whose main process behaves as `behavior.ts` decides.
 *
 * Every change of a container's state is pushed to the kubelet as a ContainerEvent on the
 * GetContainerEvents stream; nothing is sent while nothing changes.
 *
 * Durations of the runtime's own work are fixed constants (below), so runs are deterministic;
 * only network latency jitter and pull transfer times vary with the scenario.
 */

import type { ContainerImage } from 'kubernetes-types/core/v1'
import type { Node } from '../../api/types'
import {
  type Component,
  call,
  type Kernel,
  type Proc,
  Signal,
  sleep,
  type Timer,
  wait,
} from '../kernel/kernel'
import {
  type ComponentId,
  type Message,
  type ObjectRef,
  REGISTRY,
  runtimeId,
  type Stage,
} from '../kernel/trace'
import { ANNOTATION_PREFIX, type ContainerBehavior, resolveBehavior } from './behavior'
import { type CatalogImage, findImage, findImageByName, PAUSE_IMAGE, unresolvableHost } from './catalog'
import {
  type ContainerConfig,
  type ContainerEvent,
  type ContainerEventType,
  type ContainerStatus,
  type CriError,
  type CriRequest,
  type CriResponse,
  type CriResults,
  containerEventSummary,
  type PodSandboxConfig,
  type PodSandboxStatus,
} from './cri'
import { EXEC_KILLED_EXIT_CODE, execNotRunning, execOutcome, execTimedOut } from './exec'
import { normalizedName, parseImageRef, registryHost } from './image-ref'
import { ImageStore } from './image-store'
import { IpAllocator } from './ip-allocator'
import type { ImageManifest, RegistryRequest, RegistryResponse } from './registry-api'
import {
  fetchFailed,
  manifestNotFound,
  noSuchHost,
  pullAccessDenied,
  requestSummary,
  requestUrl,
  statusLine,
  unexpectedStatus,
} from './registry-api'

/** Time containerd spends on each operation (virtual ms). */
export const RUNTIME_TIMINGS = {
  /** Create and start the pause container. */
  sandboxStartMs: 120,
  /** CNI ADD: veth pair, bridge, host-local IPAM. */
  cniAddMs: 90,
  cniDelMs: 30,
  createContainerMs: 35,
  startContainerMs: 60,
  removeMs: 10,
  /** A process that handles SIGTERM takes this long to exit. */
  gracefulExitMs: 80,
  /** DNS lookup failure for a host that cannot resolve (`*.invalid`). */
  dnsFailureMs: 5,
} as const

export interface RuntimeOptions {
  /** Download capacity of the node's link to the registries, bytes per second (default 40 MB/s). */
  readonly pullBytesPerSec?: number
  /** How fast layers are decompressed into the snapshotter, compressed bytes per second (default 150 MB/s). */
  readonly unpackBytesPerSec?: number
}

export const DEFAULT_PULL_BYTES_PER_SEC = 40_000_000
export const DEFAULT_UNPACK_BYTES_PER_SEC = 150_000_000
/** Used when the Node has no `spec.podCIDR` (the cluster assembly normally sets one). */
export const FALLBACK_POD_CIDR = '10.244.0.0/24'

interface Sandbox {
  readonly id: string
  readonly config: PodSandboxConfig
  state: PodSandboxStatus['state']
  readonly createdAtMs: number
  readonly ip: string
  /** A restored dual-stack Pod's other addresses (CNI in this simulation hands out one). */
  readonly additionalIps?: readonly { readonly ip: string }[]
  ipReleased: boolean
}

/** A bootstrap Pod's sandbox, as containerd had it before virtual time 0 (`restorePod`). */
export interface RestoredSandbox {
  readonly id: string
  readonly config: PodSandboxConfig
  /** The Pod's IP (from its node's podCIDR, or the node's own for a hostNetwork Pod). */
  readonly ip: string
  readonly additionalIps?: readonly { readonly ip: string }[]
  readonly createdAtMs: number
}

/** One container of a bootstrap Pod, running or exited (a previous attempt, a finished init container). */
export interface RestoredContainer {
  /** The CRI id (the Pod status's containerID without `containerd://`). */
  readonly id: string
  readonly config: ContainerConfig
  /** The image as the runtime reports it (`docker.io/library/nginx:1.27`). */
  readonly imageName: string
  /** The repo digest reported as imageID. */
  readonly imageRef: string
  readonly state: 'CONTAINER_RUNNING' | 'CONTAINER_EXITED'
  readonly createdAtMs: number
  readonly startedAtMs?: number
  readonly finishedAtMs?: number
  readonly exitCode: number
  readonly reason: string
}

/** What the runtime reports of a restored Pod (the kubelet's RuntimeView). */
export interface RestoredView {
  readonly sandbox: PodSandboxStatus
  readonly containers: readonly ContainerStatus[]
}

interface Container {
  readonly id: string
  readonly sandboxId: string
  readonly config: ContainerConfig
  readonly imageName: string
  readonly imageRef: string
  readonly behavior: ContainerBehavior
  state: ContainerStatus['state']
  readonly createdAtMs: number
  startedAtMs?: number
  finishedAtMs?: number
  exitCode: number
  reason: string
  exitTimer?: Timer
  /** Called when the container stops: the ExecSync processes running inside it end too. */
  readonly onExit: Array<() => void>
}

const HEX = '0123456789abcdef'

export class ContainerRuntime implements Component {
  readonly id: ComponentId
  readonly nodeName: string
  readonly images: ImageStore
  private readonly ips: IpAllocator
  private readonly pullBytesPerSec: number
  private readonly unpackBytesPerSec: number
  private readonly sandboxes = new Map<string, Sandbox>()
  private readonly containers = new Map<string, Container>()
  private readonly subscribers: ComponentId[] = []

  constructor(
    readonly kernel: Kernel,
    node: Node,
    options: RuntimeOptions = {},
  ) {
    this.nodeName = node.metadata?.name ?? ''
    this.id = runtimeId(this.nodeName)
    const preloaded: ContainerImage[] = [...(node.status?.images ?? [])]
    this.images = new ImageStore(preloaded)
    // The sandbox image is always on the node (kubeadm pre-pulls it; containerd pins it).
    if (!this.images.find(PAUSE_IMAGE)) {
      const pause = findImageByName(PAUSE_IMAGE) as CatalogImage
      this.images.add(pause, PAUSE_IMAGE)
    }
    this.ips = new IpAllocator(node.spec?.podCIDR ?? FALLBACK_POD_CIDR)
    this.pullBytesPerSec = options.pullBytesPerSec ?? DEFAULT_PULL_BYTES_PER_SEC
    this.unpackBytesPerSec = options.unpackBytesPerSec ?? DEFAULT_UNPACK_BYTES_PER_SEC
  }

  receive(message: Message): void {
    if (message.kind !== 'cri-request') {
      throw new Error(`${this.id}: unexpected message ${message.id} (${message.kind} ${message.summary})`)
    }
    const request = message.payload as CriRequest
    if (request.method === 'GetContainerEvents') {
      // A server stream: no reply now; events follow as things change.
      if (!this.subscribers.includes(message.from)) this.subscribers.push(message.from)
      return
    }
    this.kernel.spawn(this.serve(message, request), `${this.id} ${request.method}`)
  }

  private *serve(message: Message, request: CriRequest): Proc {
    const response = yield* this.handle(request, message.stage, message.object)
    this.kernel.send<CriResponse>({
      from: this.id,
      to: message.from,
      kind: 'cri-response',
      summary: response.ok ? request.method : `${request.method}: ${response.error.code}`,
      stage: message.stage,
      ...(message.object ? { object: message.object } : {}),
      replyTo: message.id,
      payload: response,
    })
  }

  private *handle(request: CriRequest, stage: Stage, object: ObjectRef | undefined): Proc<CriResponse> {
    switch (request.method) {
      case 'RunPodSandbox':
        return yield* this.runPodSandbox(request.config, stage)
      case 'PodSandboxStatus': {
        const sandbox = this.sandboxes.get(request.podSandboxId)
        return sandbox
          ? ok<'PodSandboxStatus'>({ status: this.sandboxStatus(sandbox) })
          : notFound('sandbox', request.podSandboxId)
      }
      case 'StopPodSandbox':
        return yield* this.stopPodSandbox(request.podSandboxId, stage)
      case 'RemovePodSandbox':
        return yield* this.removePodSandbox(request.podSandboxId)
      case 'ImageStatus':
        return ok<'ImageStatus'>({ image: this.images.find(request.image.image) ?? null })
      case 'PullImage':
        return yield* this.pullImage(request.image.image, stage, object)
      case 'CreateContainer':
        return yield* this.createContainer(
          request.podSandboxId,
          request.config,
          request.sandboxConfig,
          stage,
          object,
        )
      case 'StartContainer':
        return yield* this.startContainer(request.containerId, stage, object)
      case 'StopContainer':
        return yield* this.stopContainer(request.containerId, request.timeout, stage, object)
      case 'RemoveContainer': {
        const c = this.containers.get(request.containerId)
        if (!c) return notFound('container', request.containerId)
        yield* sleep(RUNTIME_TIMINGS.removeMs)
        c.exitTimer?.cancel()
        for (const fn of c.onExit.splice(0)) fn()
        this.containers.delete(c.id)
        this.emit('CONTAINER_DELETED_EVENT', c.id, c.config.metadata.name, c.sandboxId)
        return ok<'RemoveContainer'>({})
      }
      case 'ContainerStatus': {
        const c = this.containers.get(request.containerId)
        return c
          ? ok<'ContainerStatus'>({ status: this.containerStatus(c) })
          : notFound('container', request.containerId)
      }
      case 'ExecSync':
        return yield* this.execSync(request.containerId, request.cmd, request.timeout, stage, object)
      case 'GetContainerEvents':
        return ok<'GetContainerEvents'>({})
    }
  }

  private newId(): string {
    return this.kernel.rng.string(HEX, 64)
  }

  private podRef(config: PodSandboxConfig): ObjectRef {
    const m = config.metadata
    return { resource: 'pods', namespace: m.namespace, name: m.name, uid: m.uid }
  }

  // ---- sandboxes ----

  private *runPodSandbox(config: PodSandboxConfig, stage: Stage): Proc<CriResponse> {
    const id = this.newId()
    const ref = this.podRef(config)
    this.kernel.step(
      this.id,
      stage,
      `start sandbox container ${id.slice(0, 13)} (${PAUSE_IMAGE})`,
      { podSandboxId: id, image: PAUSE_IMAGE },
      ref,
      RUNTIME_TIMINGS.sandboxStartMs,
    )
    yield* sleep(RUNTIME_TIMINGS.sandboxStartMs)
    const ip = this.ips.allocate()
    if (!ip) {
      return fail(
        'Unknown',
        `failed to setup network for sandbox "${id}": plugin type="bridge" name="cbr0" failed (add): failed to allocate for range 0: no IP addresses available in range set: ${this.ips.cidr}`,
      )
    }
    this.kernel.step(
      this.id,
      stage,
      `CNI ADD eth0 ${ip}`,
      { podSandboxId: id, ip, podCIDR: this.ips.cidr },
      ref,
      RUNTIME_TIMINGS.cniAddMs,
    )
    yield* sleep(RUNTIME_TIMINGS.cniAddMs)
    const sandbox: Sandbox = {
      id,
      config,
      state: 'SANDBOX_READY',
      createdAtMs: this.kernel.nowMs,
      ip,
      ipReleased: false,
    }
    this.sandboxes.set(id, sandbox)
    this.emit('CONTAINER_CREATED_EVENT', id, 'POD', id)
    this.emit('CONTAINER_STARTED_EVENT', id, 'POD', id)
    return ok<'RunPodSandbox'>({ podSandboxId: id })
  }

  private *stopPodSandbox(id: string, stage: Stage): Proc<CriResponse> {
    const sandbox = this.sandboxes.get(id)
    // StopPodSandbox is idempotent in CRI: stopping a missing sandbox succeeds.
    if (!sandbox) return ok<'StopPodSandbox'>({})
    for (const c of this.containers.values()) {
      if (c.sandboxId === id && c.state === 'CONTAINER_RUNNING') this.exit(c, 137, 'Error', stage, 'SIGKILL')
    }
    if (sandbox.state === 'SANDBOX_READY') {
      this.kernel.step(
        this.id,
        stage,
        `CNI DEL eth0 ${sandbox.ip}`,
        { podSandboxId: id, ip: sandbox.ip },
        this.podRef(sandbox.config),
        RUNTIME_TIMINGS.cniDelMs,
      )
      yield* sleep(RUNTIME_TIMINGS.cniDelMs)
      if (!sandbox.ipReleased) this.ips.release(sandbox.ip)
      sandbox.ipReleased = true
      sandbox.state = 'SANDBOX_NOTREADY'
      this.emit('CONTAINER_STOPPED_EVENT', id, 'POD', id)
    }
    return ok<'StopPodSandbox'>({})
  }

  private *removePodSandbox(id: string): Proc<CriResponse> {
    const sandbox = this.sandboxes.get(id)
    if (!sandbox) return ok<'RemovePodSandbox'>({})
    yield* sleep(RUNTIME_TIMINGS.removeMs)
    for (const c of [...this.containers.values()]) {
      if (c.sandboxId !== id) continue
      c.exitTimer?.cancel()
      for (const fn of c.onExit.splice(0)) fn()
      this.containers.delete(c.id)
    }
    if (!sandbox.ipReleased) this.ips.release(sandbox.ip)
    sandbox.ipReleased = true
    this.emit('CONTAINER_DELETED_EVENT', id, 'POD', id)
    this.sandboxes.delete(id)
    return ok<'RemovePodSandbox'>({})
  }

  private sandboxStatus(s: Sandbox): PodSandboxStatus {
    return {
      id: s.id,
      metadata: s.config.metadata,
      state: s.state,
      createdAtMs: s.createdAtMs,
      // containerd keeps reporting the sandbox's IP after it stopped.
      network: { ip: s.ip, additionalIps: s.additionalIps ?? [] },
    }
  }

  // ---- images ----

  private registryCall(
    request: RegistryRequest,
    stage: Stage,
    object: ObjectRef | undefined,
  ): Proc<Message<RegistryResponse>> {
    return call<RegistryResponse>({
      from: this.id,
      to: REGISTRY,
      kind: 'http-request',
      summary: requestSummary(request),
      stage,
      ...(object ? { object } : {}),
      payload: request,
    })
  }

  /** containerd's pull: resolve the tag, fetch the manifest, fetch the layers, unpack. */
  private *pullImage(image: string, stage: Stage, object: ObjectRef | undefined): Proc<CriResponse> {
    const parsed = parseImageRef(image)
    if (!parsed.ok) return fail('Unknown', `failed to pull and unpack image "${image}": ${parsed.error}`)
    const ref = parsed.ref
    const name = normalizedName(ref)
    const host = registryHost(ref.domain)
    const resolvePath = `/v2/${ref.path}/manifests/${ref.digest ?? ref.tag ?? 'latest'}`
    if (unresolvableHost(ref.domain)) {
      yield* sleep(RUNTIME_TIMINGS.dnsFailureMs)
      return failWith(noSuchHost(name, host, resolvePath))
    }
    const base = { host, linkBytesPerSec: this.pullBytesPerSec }
    const accept = {
      accept: 'application/vnd.oci.image.index.v1+json, application/vnd.oci.image.manifest.v1+json',
    }
    const headRequest: RegistryRequest = { ...base, method: 'HEAD', path: resolvePath, headers: accept }
    const head = yield* this.registryCall(headRequest, stage, object)
    const headStatus = head.payload.status
    if (headStatus === 401) return failWith(pullAccessDenied(name))
    if (headStatus === 404) return failWith(manifestNotFound(name))
    if (headStatus !== 200)
      return failWith(unexpectedStatus(name, 'HEAD', requestUrl(headRequest), statusLine(headStatus)))
    const digest = head.payload.headers['docker-content-digest'] as string
    const catalogImage = findImage(ref) as CatalogImage
    // Content already in the store (same manifest digest): nothing to fetch or unpack.
    const present = this.images.find(`${ref.domain}/${ref.path}@${digest}`)
    if (present) return ok<'PullImage'>({ imageRef: this.images.tag(present.id, image) })
    const manifestRequest: RegistryRequest = {
      ...base,
      method: 'GET',
      path: `/v2/${ref.path}/manifests/${digest}`,
      headers: accept,
    }
    const got = yield* this.registryCall(manifestRequest, stage, object)
    if (got.payload.status !== 200) {
      const code = got.payload.status
      return failWith(fetchFailed(name, requestUrl(manifestRequest), code, statusLine(code)))
    }
    const manifest = got.payload.body as ImageManifest
    for (const layer of manifest.layers) {
      const blobRequest: RegistryRequest = {
        ...base,
        method: 'GET',
        path: `/v2/${ref.path}/blobs/${layer.digest}`,
        headers: {},
      }
      const blob = yield* this.registryCall(blobRequest, stage, object)
      const code = blob.payload.status
      if (code === 404)
        return fail(
          'Unknown',
          `failed to pull and unpack image "${name}": failed to copy: httpReadSeeker: failed open: content at ${layer.digest} not found: not found`,
        )
      if (code !== 200) return failWith(fetchFailed(name, requestUrl(blobRequest), code, statusLine(code)))
    }
    const unpackMs = Math.ceil((catalogImage.sizeBytes * 1000) / this.unpackBytesPerSec)
    this.kernel.step(
      this.id,
      stage,
      `unpack ${name}`,
      {
        image: name,
        sizeBytes: catalogImage.sizeBytes,
        // The catalog does not know this image: its size is a guess from the name.
        ...(catalogImage.sizeEstimated ? { sizeEstimated: true } : {}),
      },
      object,
      unpackMs,
    )
    yield* sleep(unpackMs)
    const imageRef = this.images.add(catalogImage, image)
    return ok<'PullImage'>({ imageRef })
  }

  // ---- containers ----

  private *createContainer(
    sandboxId: string,
    config: ContainerConfig,
    sandboxConfig: PodSandboxConfig,
    stage: Stage,
    object: ObjectRef | undefined,
  ): Proc<CriResponse> {
    const sandbox = this.sandboxes.get(sandboxId)
    if (sandbox?.state !== 'SANDBOX_READY') return notFound('sandbox', sandboxId)
    const image = this.images.find(config.image.image)
    if (!image)
      return fail(
        'NotFound',
        `failed to get image "${config.image.image}": image "${config.image.image}": not found`,
      )
    yield* sleep(RUNTIME_TIMINGS.createContainerMs)
    const name = config.metadata.name
    const userImage = config.image.userSpecifiedImage ?? config.image.image
    const parsedUser = parseImageRef(userImage)
    const imageName = parsedUser.ok ? normalizedName(parsedUser.ref) : (image.repoTags[0] ?? image.id)
    const resolved = behaviorOf(config, sandboxConfig)
    const id = this.newId()
    const repository = parsedUser.ok ? `${parsedUser.ref.domain}/${parsedUser.ref.path}` : undefined
    const container: Container = {
      id,
      sandboxId,
      config,
      imageName,
      imageRef: this.images.repoDigestFor(image.id, repository),
      behavior: resolved.behavior,
      state: 'CONTAINER_CREATED',
      createdAtMs: this.kernel.nowMs,
      exitCode: 0,
      reason: '',
      onExit: [],
    }
    this.containers.set(id, container)
    this.kernel.step(
      this.id,
      stage,
      `create container ${name} (${id.slice(0, 13)})`,
      {
        containerId: id,
        name,
        behavior: resolved.behavior,
        behaviorSource: resolved.source,
        ...(resolved.annotationError ? { annotationError: resolved.annotationError } : {}),
      },
      object,
    )
    this.emit('CONTAINER_CREATED_EVENT', id, name, sandboxId)
    return ok<'CreateContainer'>({ containerId: id })
  }

  private *startContainer(id: string, stage: Stage, object: ObjectRef | undefined): Proc<CriResponse> {
    const c = this.containers.get(id)
    if (!c) return notFound('container', id)
    if (c.state !== 'CONTAINER_CREATED')
      return fail('Unknown', `failed to start container "${id}": container is in ${c.state} state`)
    yield* sleep(RUNTIME_TIMINGS.startContainerMs)
    c.state = 'CONTAINER_RUNNING'
    c.startedAtMs = this.kernel.nowMs
    const exit = c.behavior.exit
    this.kernel.step(
      this.id,
      stage,
      `start container ${c.config.metadata.name}`,
      { containerId: id, behavior: c.behavior },
      object,
    )
    if (exit) {
      c.exitTimer = this.kernel.after(exit.afterMs, () => {
        c.exitTimer = undefined
        if (c.state === 'CONTAINER_RUNNING') {
          this.exit(
            c,
            exit.code,
            exit.oomKilled ? 'OOMKilled' : exit.code === 0 ? 'Completed' : 'Error',
            'containers',
            exit.oomKilled ? 'OOM killer' : 'exit',
          )
        }
      })
    }
    this.emit('CONTAINER_STARTED_EVENT', id, c.config.metadata.name, c.sandboxId)
    return ok<'StartContainer'>({})
  }

  /** SIGTERM, then SIGKILL after `timeoutSec` if the process is still there. */
  private *stopContainer(
    id: string,
    timeoutSec: number,
    stage: Stage,
    object: ObjectRef | undefined,
  ): Proc<CriResponse> {
    const c = this.containers.get(id)
    if (!c) return notFound('container', id)
    if (c.state !== 'CONTAINER_RUNNING') return ok<'StopContainer'>({})
    this.kernel.step(
      this.id,
      stage,
      `SIGTERM ${c.config.metadata.name}`,
      { containerId: id, timeoutSec },
      object,
    )
    if (c.behavior.ignoresSigterm) {
      yield* sleep(Math.max(0, timeoutSec * 1000))
      if (c.state === 'CONTAINER_RUNNING') this.exit(c, 137, 'Error', stage, 'SIGKILL')
    } else {
      yield* sleep(RUNTIME_TIMINGS.gracefulExitMs)
      if (c.state === 'CONTAINER_RUNNING') this.exit(c, 0, 'Completed', stage, 'SIGTERM')
    }
    return ok<'StopContainer'>({})
  }

  /**
   * ExecSync: run a command in a running container (`exec.ts` says what it does) and answer when
   * it ends, when `timeoutSec` (if not 0) passes, or when the container stops (the exec'd process
   * is killed with it: exit 137).
   */
  private *execSync(
    id: string,
    cmd: readonly string[],
    timeoutSec: number,
    stage: Stage,
    object: ObjectRef | undefined,
  ): Proc<CriResponse> {
    const c = this.containers.get(id)
    if (!c) return notFound('container', id)
    if (c.state !== 'CONTAINER_RUNNING') return fail('Unknown', execNotRunning(c.state))
    const outcome = execOutcome(cmd)
    const timeoutMs = timeoutSec > 0 ? timeoutSec * 1000 : undefined
    this.kernel.step(
      this.id,
      stage,
      `exec ${cmd.join(' ')} in ${c.config.metadata.name}`,
      { containerId: id, cmd, timeoutSec, exitCode: outcome.exitCode, durationMs: outcome.ms },
      object,
      typeof outcome.ms === 'number' ? outcome.ms : 0,
    )
    let ended: 'done' | 'timeout' | 'killed' | undefined
    const woken = new Signal()
    const end = (why: 'done' | 'timeout' | 'killed') => () => {
      if (ended) return
      ended = why
      this.kernel.notify(woken)
    }
    const timers: Timer[] = []
    if (typeof outcome.ms === 'number') timers.push(this.kernel.after(outcome.ms, end('done')))
    if (timeoutMs !== undefined) timers.push(this.kernel.after(timeoutMs, end('timeout')))
    const killed = end('killed')
    c.onExit.push(killed)
    try {
      while (!ended) yield* wait(woken)
    } finally {
      for (const t of timers) t.cancel()
      const i = c.onExit.indexOf(killed)
      if (i >= 0) c.onExit.splice(i, 1)
    }
    if (ended === 'timeout') return fail('DeadlineExceeded', execTimedOut(timeoutSec))
    const exitCode = ended === 'killed' ? EXEC_KILLED_EXIT_CODE : outcome.exitCode
    return ok<'ExecSync'>({ stdout: '', stderr: '', exitCode })
  }

  /**
   * The main process of a running container exits now with `exitCode` (a crash-container fault):
   * `Error` for a non-zero code (137 stands for a SIGKILL from outside, not the OOM killer),
   * `Completed` for 0. Returns the container's id, or undefined when no container of that name
   * runs in a sandbox of that pod.
   */
  crashContainer(namespace: string, pod: string, container: string, exitCode: number): string | undefined {
    const id = this.findRunningContainer(namespace, pod, container)
    const c = id === undefined ? undefined : this.containers.get(id)
    if (!c) return undefined
    this.exit(c, exitCode, exitCode === 0 ? 'Completed' : 'Error', 'containers', 'fault')
    return c.id
  }

  /** The id of the running container named `container` in a sandbox of pod `namespace/pod`. */
  findRunningContainer(namespace: string, pod: string, container: string): string | undefined {
    for (const c of this.containers.values()) {
      if (c.state !== 'CONTAINER_RUNNING' || c.config.metadata.name !== container) continue
      const meta = this.sandboxes.get(c.sandboxId)?.config.metadata
      if (meta?.namespace === namespace && meta.name === pod) return c.id
    }
    return undefined
  }

  private exit(c: Container, code: number, reason: string, stage: Stage, cause: string): void {
    c.exitTimer?.cancel()
    c.exitTimer = undefined
    c.state = 'CONTAINER_EXITED'
    c.finishedAtMs = this.kernel.nowMs
    c.exitCode = code
    c.reason = reason
    for (const fn of c.onExit.splice(0)) fn()
    const sandbox = this.sandboxes.get(c.sandboxId)
    this.kernel.step(
      this.id,
      stage,
      `container ${c.config.metadata.name} exited with code ${code}`,
      { containerId: c.id, exitCode: code, reason, cause },
      sandbox ? this.podRef(sandbox.config) : undefined,
    )
    this.emit('CONTAINER_STOPPED_EVENT', c.id, c.config.metadata.name, c.sandboxId)
  }

  private containerStatus(c: Container): ContainerStatus {
    return {
      id: c.id,
      podSandboxId: c.sandboxId,
      metadata: c.config.metadata,
      state: c.state,
      createdAtMs: c.createdAtMs,
      ...(c.startedAtMs !== undefined ? { startedAtMs: c.startedAtMs } : {}),
      ...(c.finishedAtMs !== undefined ? { finishedAtMs: c.finishedAtMs } : {}),
      exitCode: c.exitCode,
      image: { image: c.imageName },
      imageRef: c.imageRef,
      reason: c.reason,
      message: '',
    }
  }

  /** Push one event, with the pod's whole state, to every GetContainerEvents subscriber. */
  private emit(
    type: ContainerEventType,
    containerId: string,
    containerName: string,
    sandboxId: string,
  ): void {
    const sandbox = this.sandboxes.get(sandboxId)
    if (!sandbox) return
    const event: ContainerEvent = {
      containerId,
      containerEventType: type,
      createdAtMs: this.kernel.nowMs,
      containerName,
      podSandboxStatus: this.sandboxStatus(sandbox),
      containersStatuses: [...this.containers.values()]
        .filter(
          (c) => c.sandboxId === sandboxId && !(type === 'CONTAINER_DELETED_EVENT' && c.id === containerId),
        )
        .map((c) => this.containerStatus(c)),
    }
    for (const to of this.subscribers) {
      this.kernel.send<ContainerEvent>({
        from: this.id,
        to,
        kind: 'cri-response',
        summary: containerEventSummary(event),
        stage: 'containers',
        object: this.podRef(sandbox.config),
        payload: event,
      })
    }
  }

  /**
   * A Pod that was already running when the scenario began (a bootstrap Pod): its sandbox and
   * containers are put in place as containerd had them, before virtual time 0, without events
   * (nothing changes: the kubelet finds them as they are). Running containers keep running; a
   * process whose behaviour ends it (`sleep 3600`) exits when it would have, counted from its
   * start, or runs on if that moment has already passed (the Pod's status says it runs). Their
   * images are on the node. Returns the pod as the runtime now reports it.
   */
  restorePod(sandbox: RestoredSandbox, containers: readonly RestoredContainer[]): RestoredView {
    this.ips.reserve(sandbox.ip)
    this.sandboxes.set(sandbox.id, {
      id: sandbox.id,
      config: sandbox.config,
      state: 'SANDBOX_READY',
      createdAtMs: sandbox.createdAtMs,
      ip: sandbox.ip,
      ipReleased: !this.ips.contains(sandbox.ip),
      ...(sandbox.additionalIps?.length ? { additionalIps: sandbox.additionalIps } : {}),
    })
    for (const r of containers) {
      const userImage = r.config.image.userSpecifiedImage ?? r.config.image.image
      this.images.adopt(userImage, r.imageRef)
      const container: Container = {
        id: r.id,
        sandboxId: sandbox.id,
        config: r.config,
        imageName: r.imageName,
        imageRef: r.imageRef,
        behavior: behaviorOf(r.config, sandbox.config).behavior,
        state: r.state,
        createdAtMs: r.createdAtMs,
        ...(r.startedAtMs !== undefined ? { startedAtMs: r.startedAtMs } : {}),
        ...(r.finishedAtMs !== undefined ? { finishedAtMs: r.finishedAtMs } : {}),
        exitCode: r.exitCode,
        reason: r.reason,
        onExit: [],
      }
      this.containers.set(r.id, container)
      const exit = container.behavior.exit
      const exitAtMs = exit && r.startedAtMs !== undefined ? r.startedAtMs + exit.afterMs : undefined
      if (exit && r.state === 'CONTAINER_RUNNING' && exitAtMs !== undefined && exitAtMs > 0) {
        container.exitTimer = this.kernel.at(exitAtMs, () => {
          container.exitTimer = undefined
          if (container.state === 'CONTAINER_RUNNING') {
            this.exit(
              container,
              exit.code,
              exit.oomKilled ? 'OOMKilled' : exit.code === 0 ? 'Completed' : 'Error',
              'containers',
              exit.oomKilled ? 'OOM killer' : 'exit',
            )
          }
        })
      }
    }
    const s = this.sandboxes.get(sandbox.id) as Sandbox
    return {
      sandbox: this.sandboxStatus(s),
      containers: [...this.containers.values()]
        .filter((c) => c.sandboxId === sandbox.id)
        .map((c) => this.containerStatus(c)),
    }
  }

  /** The sandboxes this runtime knows (for tests and the UI's node view). */
  listSandboxes(): PodSandboxStatus[] {
    return [...this.sandboxes.values()].map((s) => this.sandboxStatus(s))
  }

  /**
   * A container's state as a client on the node's network finds it (the kubelet's httpGet
   * lifecycle hooks reach the container's port, not the CRI). Not a CRI call: nothing is traced.
   */
  containerState(id: string): ContainerStatus['state'] | undefined {
    return this.containers.get(id)?.state
  }

  listContainers(): ContainerStatus[] {
    return [...this.containers.values()].map((c) => this.containerStatus(c))
  }
}

/** What a container's main process does: its annotation, else its command, else its image's entrypoint. */
function behaviorOf(config: ContainerConfig, sandboxConfig: PodSandboxConfig) {
  const name = config.metadata.name
  const parsedUser = parseImageRef(config.image.userSpecifiedImage ?? config.image.image)
  const entrypoint = parsedUser.ok ? findImage(parsedUser.ref)?.entrypoint : undefined
  return resolveBehavior({
    ...(sandboxConfig.annotations[ANNOTATION_PREFIX + name] !== undefined
      ? { annotation: sandboxConfig.annotations[ANNOTATION_PREFIX + name] }
      : {}),
    ...(config.command ? { command: config.command } : {}),
    ...(config.args ? { args: config.args } : {}),
    ...(entrypoint ? { entrypoint } : {}),
    stdin: config.stdin === true,
    env: (config.envs ?? []).map((e) => e.key),
    ...(config.linux?.resources?.memoryLimitInBytes
      ? { memoryLimitBytes: config.linux.resources.memoryLimitInBytes }
      : {}),
  })
}

function ok<M extends keyof CriResults>(result: CriResults[M]): CriResponse {
  return { ok: true, ...result } as CriResponse
}

function fail(code: CriError['code'], message: string): CriResponse {
  return { ok: false, error: { code, message } }
}

function failWith(error: CriError): CriResponse {
  return { ok: false, error }
}

function notFound(what: 'sandbox' | 'container', id: string): CriResponse {
  return what === 'sandbox'
    ? fail('NotFound', `an error occurred when try to find sandbox: not found`)
    : fail('NotFound', `an error occurred when try to find container "${id}": not found`)
}
