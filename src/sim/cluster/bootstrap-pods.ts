/**
 * Bootstrap Pods: Pods that exist when the scenario begins, as a real cluster has them (the cluster
 * tab's `kind: Pod` documents; an imported `kubectl get nodes,pods -A -o yaml`). They are written
 * to etcd before virtual time 0 like the Nodes and the setup objects, and what they are at time 0
 * depends on where they were:
 *
 * - **bound and running** (`spec.nodeName` set, phase Running, or no phase): running on that node.
 *   Its runtime has the sandbox (the Pod's IP) and the containers running, as the status says
 *   (containerID, startedAt, restartCount, the previous attempt in `lastState`, init containers
 *   finished); its kubelet has them in its pod cache, its probe results and its status manager,
 *   so the kubelet's first sync finds nothing to do: no image pull, no sandbox, no container
 *   start, no status write. A Pod written without a status gets the one its kubelet would have
 *   written (Running, Ready, started an hour before time 0, an IP from the node's podCIDR).
 * - **bound, Pending** (ContainerCreating when the dump was taken): its kubelet starts it at time 0.
 * - **not bound** (no `spec.nodeName`): Pending; the scheduler places it at time 0.
 * - **finished** (Succeeded, Failed): kept as they are; nothing runs them, they hold no resources.
 *
 * Everything the simulation does not model is kept in the object and ignored. The owners the
 * Pods name (ReplicaSets, DaemonSets, Jobs, a Node for a mirror Pod) are not created: they live
 * outside the simulated cluster, and the garbage collector is told so (`externalOwners`).
 */
import type { ContainerStatus as ApiContainerStatus, Container, Node, Pod } from '../../api/types'
import { clone, writableMeta } from '../../api/types'
import { newUid } from '../apiserver/names'
import { defaultPodSpec } from '../apiserver/registry/pod-defaults'
import { qosClass } from '../apiserver/registry/qos'
import type { Kernel } from '../kernel/kernel'
import { generatePodStatus } from '../kubelet/generate-status'
import type { RuntimeView } from '../kubelet/runtime-view'
import { withTransitionTimes } from '../kubelet/status-manager'
import { containerConfig, sandboxConfig } from '../kubelet/sync-pod'
import { digests, findImageByName } from '../runtime/catalog'
import type { ContainerStatus as CriContainerStatus } from '../runtime/cri'
import { normalizedName, parseImageRef } from '../runtime/image-ref'
import { IpAllocator } from '../runtime/ip-allocator'
import { FALLBACK_POD_CIDR, type RestoredContainer, type RestoredSandbox } from '../runtime/runtime'
import { sha256Hex } from '../runtime/sha256'

/** A bootstrap Pod running on a node at time 0, and what its runtime holds for it. */
export interface RunningPod {
  readonly node: string
  /** The Pod as written to etcd. */
  readonly pod: Pod
  readonly sandbox: RestoredSandbox
  readonly containers: readonly RestoredContainer[]
}

export interface BootstrapPods {
  /** Every bootstrap Pod, completed (namespace, uid, creationTimestamp, defaults, status). */
  readonly pods: readonly Pod[]
  /** Those running on a node, with their runtime state. */
  readonly running: readonly RunningPod[]
  /** The uids of the owners the Pods name: outside the simulated cluster. */
  readonly externalOwners: ReadonlySet<string>
}

/** How long before time 0 a bootstrap object was created when it does not say (as bootstrap.ts). */
const CREATED_BEFORE_MS = 3_600_000
const HEX = '0123456789abcdef'

const isRunningPhase = (phase: string | undefined): boolean =>
  phase !== 'Pending' && phase !== 'Succeeded' && phase !== 'Failed'

/**
 * Complete the bootstrap Pods and plan what runs at time 0. Throws when a Pod names a node the
 * cluster does not have (the cluster tab's parser says so first, at the Pod's line).
 */
export function planBootstrapPods(
  pods: readonly Pod[],
  nodes: readonly Node[],
  kernel: Kernel,
): BootstrapPods {
  const byName = new Map(nodes.map((n) => [n.metadata?.name ?? '', n]))
  const ips = new Map<string, IpAllocator>()
  const allocator = (node: Node): IpAllocator => {
    const name = node.metadata?.name ?? ''
    let a = ips.get(name)
    if (!a) {
      a = new IpAllocator(node.spec?.podCIDR ?? FALLBACK_POD_CIDR)
      ips.set(name, a)
    }
    return a
  }
  const completed = pods.map((p) => completePod(p, kernel))
  // First the addresses the Pods already have, then new ones for those that have none.
  for (const pod of completed) {
    const node = byName.get(pod.spec?.nodeName ?? '')
    if (pod.spec?.nodeName && !node) {
      throw new Error(
        `bootstrap: Pod "${pod.metadata?.namespace}/${pod.metadata?.name}" is bound to node "${pod.spec.nodeName}", which the cluster does not have`,
      )
    }
    if (node && isRunningPhase(pod.status?.phase) && pod.status?.podIP && !pod.spec?.hostNetwork)
      allocator(node).reserve(pod.status.podIP)
  }
  const running: RunningPod[] = []
  const out = completed.map((pod) => {
    const node = byName.get(pod.spec?.nodeName ?? '')
    if (!node || !isRunningPhase(pod.status?.phase)) return pod
    const r = planRunning(pod, node, kernel, allocator(node))
    running.push(r)
    return r.pod
  })
  const externalOwners = new Set<string>()
  for (const pod of out) for (const ref of pod.metadata?.ownerReferences ?? []) externalOwners.add(ref.uid)
  return { pods: out, running, externalOwners }
}

/** Namespace, uid, creationTimestamp, the scheme defaults, and a phase. */
function completePod(pod: Pod, kernel: Kernel): Pod {
  const copy = clone(pod)
  const meta = writableMeta(copy)
  meta.namespace ||= 'default'
  meta.uid ??= newUid(kernel.rng)
  meta.creationTimestamp ??= kernel.wallTime(-CREATED_BEFORE_MS)
  delete meta.resourceVersion
  const spec = (copy.spec ??= { containers: [] })
  spec.containers ??= []
  defaultPodSpec(spec)
  const status = { ...(copy.status ?? {}) }
  status.phase ??= spec.nodeName ? 'Running' : 'Pending'
  status.qosClass ??= qosClass(spec)
  Object.assign(copy, { status })
  return copy
}

/** Virtual ms of an RFC 3339 time, or `fallback` when absent or unreadable. */
function virtualMs(kernel: Kernel, time: string | undefined | null, fallback: number): number {
  const parsed = time ? Date.parse(time) : Number.NaN
  return Number.isFinite(parsed) ? parsed - kernel.epochMs : fallback
}

/** The CRI id in a status's `containerd://<id>` (any runtime's prefix), or a new one. */
function criId(kernel: Kernel, containerID: string | undefined): string {
  const id = containerID?.replace(/^[a-z-]+:\/\//, '')
  return id || kernel.rng.string(HEX, 64)
}

/** The image as containerd reports it (`docker.io/library/nginx:1.27`). */
function reportedImage(image: string): string {
  const parsed = parseImageRef(image)
  return parsed.ok ? normalizedName(parsed.ref) : image
}

/** The repo digest an image is reported under when the status gives none. */
function defaultImageRef(image: string): string {
  const known = findImageByName(image)
  return known
    ? `${known.repository}@${digests(known).manifestDigest}`
    : `sha256:${sha256Hex(`podflow preloaded ${reportedImage(image)}`)}`
}

function planRunning(pod: Pod, node: Node, kernel: Kernel, ips: IpAllocator): RunningPod {
  const status = pod.status ?? {}
  const hostIPs = (node.status?.addresses ?? []).filter((a) => a.type === 'InternalIP').map((a) => a.address)
  const createdMs = virtualMs(kernel, pod.metadata?.creationTimestamp, -CREATED_BEFORE_MS)
  const startMs = virtualMs(kernel, status.startTime, createdMs)
  const ip = status.podIP ?? (pod.spec?.hostNetwork ? hostIPs[0] : undefined) ?? ips.allocate() ?? ips.cidr
  const sandbox: RestoredSandbox = {
    id: kernel.rng.string(HEX, 64),
    config: sandboxConfig(pod),
    ip,
    additionalIps: (status.podIPs ?? []).slice(1).map((p) => ({ ip: p.ip ?? '' })),
    createdAtMs: startMs,
  }
  const shown = new Map<string, ApiContainerStatus>(
    [...(status.initContainerStatuses ?? []), ...(status.containerStatuses ?? [])].map((s) => [s.name, s]),
  )
  const written = status.containerStatuses !== undefined
  const containers: RestoredContainer[] = []
  const restore = (container: Container, init: boolean) => {
    const s = shown.get(container.name)
    const image = container.image ?? ''
    const imageName = s?.image || reportedImage(image)
    const imageRef = s?.imageID || defaultImageRef(image)
    const attempt = s?.restartCount ?? 0
    const base = (id: string, n: number) => ({
      id,
      config: containerConfig(pod, container, imageRef, n),
      imageName,
      imageRef,
    })
    const last = s?.lastState?.terminated
    if (last && attempt > 0) {
      const finished = virtualMs(kernel, last.finishedAt, startMs)
      containers.push({
        ...base(criId(kernel, last.containerID), attempt - 1),
        state: 'CONTAINER_EXITED',
        createdAtMs: virtualMs(kernel, last.startedAt, finished),
        startedAtMs: virtualMs(kernel, last.startedAt, finished),
        finishedAtMs: finished,
        exitCode: last.exitCode,
        reason: last.reason ?? '',
      })
    }
    const sidecar = init && container.restartPolicy === 'Always'
    const terminated = s?.state?.terminated
    if (terminated || (!s && !written && init && !sidecar)) {
      // A finished init container (or a regular one that exited and waits for its restart).
      const finished = virtualMs(kernel, terminated?.finishedAt, startMs)
      const started = virtualMs(kernel, terminated?.startedAt, finished)
      containers.push({
        ...base(criId(kernel, s?.containerID ?? terminated?.containerID), attempt),
        state: 'CONTAINER_EXITED',
        createdAtMs: started,
        startedAtMs: started,
        finishedAtMs: finished,
        exitCode: terminated?.exitCode ?? 0,
        reason: terminated?.reason ?? 'Completed',
      })
      return
    }
    if (s?.state?.running || (!s && !written)) {
      const started = virtualMs(kernel, s?.state?.running?.startedAt, startMs)
      containers.push({
        ...base(criId(kernel, s?.containerID), attempt),
        state: 'CONTAINER_RUNNING',
        createdAtMs: started,
        startedAtMs: started,
        exitCode: 0,
        reason: '',
      })
    }
    // Waiting (CrashLoopBackOff, ContainerCreating…): nothing runs; the kubelet starts it.
  }
  for (const c of pod.spec?.initContainers ?? []) restore(c, true)
  for (const c of pod.spec?.containers ?? []) restore(c, false)
  if (written) return { node: node.metadata?.name ?? '', pod, sandbox, containers }
  // No status written: the one its kubelet would have written, with the runtime as planned.
  const view: RuntimeView = {
    sandbox: {
      id: sandbox.id,
      metadata: sandbox.config.metadata,
      state: 'SANDBOX_READY',
      createdAtMs: sandbox.createdAtMs,
      network: { ip: sandbox.ip, additionalIps: sandbox.additionalIps ?? [] },
    },
    containers: containers.map(
      (c): CriContainerStatus => ({
        id: c.id,
        podSandboxId: sandbox.id,
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
      }),
    ),
  }
  const generated = generatePodStatus({
    pod,
    runtime: view,
    reasons: new Map(),
    hostIPs,
    podIsTerminal: false,
    epochMs: kernel.epochMs,
  })
  const startTime = kernel.wallTime(startMs)
  const stamped = withTransitionTimes(generated, { startTime }, startTime)
  const completed = clone(pod)
  Object.assign(completed, { status: { ...status, ...stamped } })
  return { node: node.metadata?.name ?? '', pod: completed, sandbox, containers }
}
