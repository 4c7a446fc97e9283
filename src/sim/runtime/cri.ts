/**
 * The Container Runtime Interface between the kubelet and containerd, as message payloads
 * (k8s.io/cri-api runtime/v1 api.proto, trimmed to what the simulation uses; field names are the
 * proto's JSON names). Requests travel as `cri-request` messages whose summary is the method name;
 * answers as `cri-response` messages with `replyTo`. Times are virtual milliseconds (`…Ms`) where
 * CRI uses Unix nanoseconds.
 */
export interface PodSandboxMetadata {
  readonly name: string
  readonly namespace: string
  readonly uid: string
  readonly attempt: number
}

/** PodSandboxConfig: what RunPodSandbox needs (the kubelet builds it from the Pod). */
export interface PodSandboxConfig {
  readonly metadata: PodSandboxMetadata
  readonly hostname: string
  readonly labels: Readonly<Record<string, string>>
  /** The Pod's annotations: the runtime reads `behavior.podflow.dev/*` from here. */
  readonly annotations: Readonly<Record<string, string>>
}

export interface ImageSpec {
  /** The image to use: a reference (`nginx:1.27`) or an image id (`sha256:…`). */
  readonly image: string
  /** What the user wrote in the Pod spec (CRI's user_specified_image). */
  readonly userSpecifiedImage?: string
}

export interface KeyValue {
  readonly key: string
  readonly value: string
}

export interface ContainerConfig {
  readonly metadata: { readonly name: string; readonly attempt: number }
  readonly image: ImageSpec
  readonly command?: readonly string[]
  readonly args?: readonly string[]
  readonly envs?: readonly KeyValue[]
  readonly stdin?: boolean
  readonly tty?: boolean
  /** The container's cgroup limits (LinuxContainerResources); memory is what the OOM killer enforces. */
  readonly linux?: { readonly resources?: { readonly memoryLimitInBytes?: number } }
  readonly labels: Readonly<Record<string, string>>
  readonly annotations: Readonly<Record<string, string>>
}

export type SandboxState = 'SANDBOX_READY' | 'SANDBOX_NOTREADY'
export type ContainerState =
  | 'CONTAINER_CREATED'
  | 'CONTAINER_RUNNING'
  | 'CONTAINER_EXITED'
  | 'CONTAINER_UNKNOWN'

export interface PodSandboxStatus {
  readonly id: string
  readonly metadata: PodSandboxMetadata
  readonly state: SandboxState
  readonly createdAtMs: number
  readonly network: { readonly ip: string; readonly additionalIps: readonly { readonly ip: string }[] }
}

export interface ContainerStatus {
  readonly id: string
  readonly podSandboxId: string
  readonly metadata: { readonly name: string; readonly attempt: number }
  readonly state: ContainerState
  readonly createdAtMs: number
  /** Absent until started. */
  readonly startedAtMs?: number
  /** Absent until exited. */
  readonly finishedAtMs?: number
  readonly exitCode: number
  /** The image name the runtime reports: `docker.io/library/nginx:latest`. */
  readonly image: ImageSpec
  /** The repo digest: `docker.io/library/nginx@sha256:…`. */
  readonly imageRef: string
  /** Set on exit by containerd: `Completed`, `Error`, `OOMKilled`. */
  readonly reason: string
  readonly message: string
}

export interface Image {
  /** The image id (config digest): `sha256:…`. */
  readonly id: string
  readonly repoTags: readonly string[]
  readonly repoDigests: readonly string[]
  /** Bytes, as the kubelet's `Image size:` and node.status.images report. */
  readonly size: number
  /** The image config's user when numeric (CRI Image.uid); absent when unset or a name. */
  readonly uid?: number
  /** The image config's user when not numeric (CRI Image.username, e.g. `nobody`). */
  readonly username?: string
  /**
   * Not CRI: the simulation's catalog does not know the image, so `size` is an estimate from its
   * name (the inspector says so).
   */
  readonly sizeEstimated?: true
}

/** gRPC status codes that the simulated runtime returns. */
export type GrpcCode =
  | 'Unknown'
  | 'NotFound'
  | 'InvalidArgument'
  | 'FailedPrecondition'
  | 'Canceled'
  | 'DeadlineExceeded'

export interface CriError {
  readonly code: GrpcCode
  readonly message: string
}

export type CriRequest =
  | { readonly method: 'RunPodSandbox'; readonly config: PodSandboxConfig }
  | { readonly method: 'PodSandboxStatus'; readonly podSandboxId: string }
  | { readonly method: 'StopPodSandbox'; readonly podSandboxId: string }
  | { readonly method: 'RemovePodSandbox'; readonly podSandboxId: string }
  | { readonly method: 'ImageStatus'; readonly image: ImageSpec }
  | { readonly method: 'PullImage'; readonly image: ImageSpec; readonly sandboxConfig?: PodSandboxConfig }
  | {
      readonly method: 'CreateContainer'
      readonly podSandboxId: string
      readonly config: ContainerConfig
      readonly sandboxConfig: PodSandboxConfig
    }
  | { readonly method: 'StartContainer'; readonly containerId: string }
  /** `timeout` in seconds: SIGTERM, then SIGKILL when it passes. */
  | { readonly method: 'StopContainer'; readonly containerId: string; readonly timeout: number }
  | { readonly method: 'RemoveContainer'; readonly containerId: string }
  | { readonly method: 'ContainerStatus'; readonly containerId: string }
  /**
   * Run a command inside a running container and wait for it (lifecycle hooks, exec probes).
   * `timeout` in seconds; 0 means no timeout (what the kubelet passes for lifecycle hooks).
   */
  | {
      readonly method: 'ExecSync'
      readonly containerId: string
      readonly cmd: readonly string[]
      readonly timeout: number
    }
  /** Opens the event stream; the runtime answers with ContainerEvent messages as things change. */
  | { readonly method: 'GetContainerEvents' }

export type CriMethod = CriRequest['method']

/** The successful answer of each method. */
export interface CriResults {
  RunPodSandbox: { readonly podSandboxId: string }
  PodSandboxStatus: { readonly status: PodSandboxStatus }
  StopPodSandbox: Record<string, never>
  RemovePodSandbox: Record<string, never>
  ImageStatus: { readonly image: Image | null }
  PullImage: { readonly imageRef: string }
  CreateContainer: { readonly containerId: string }
  StartContainer: Record<string, never>
  StopContainer: Record<string, never>
  RemoveContainer: Record<string, never>
  ContainerStatus: { readonly status: ContainerStatus }
  ExecSync: { readonly stdout: string; readonly stderr: string; readonly exitCode: number }
  GetContainerEvents: Record<string, never>
}

export type CriResponse<M extends CriMethod = CriMethod> =
  | ({ readonly ok: true } & CriResults[M])
  | { readonly ok: false; readonly error: CriError }

export type ContainerEventType =
  | 'CONTAINER_CREATED_EVENT'
  | 'CONTAINER_STARTED_EVENT'
  | 'CONTAINER_STOPPED_EVENT'
  | 'CONTAINER_DELETED_EVENT'

/**
 * One event of the GetContainerEvents stream (ContainerEventResponse): what changed, plus the
 * whole pod's state at that moment, which is what the kubelet's pod cache needs.
 */
export interface ContainerEvent {
  /** The container (or the sandbox's pause container) the event is about. */
  readonly containerId: string
  readonly containerEventType: ContainerEventType
  readonly createdAtMs: number
  /** The container's name, or `POD` for the sandbox (as containerd names the pause container). */
  readonly containerName: string
  readonly podSandboxStatus: PodSandboxStatus
  readonly containersStatuses: readonly ContainerStatus[]
}

/** The summary of a container event message in the trace. */
export const containerEventSummary = (e: ContainerEvent): string => `ContainerEvent ${e.containerEventType}`

/** gRPC's error text, `rpc error: code = NotFound desc = …` (what the kubelet's errors show). */
export const grpcErrorText = (e: CriError): string => `rpc error: code = ${e.code} desc = ${e.message}`
