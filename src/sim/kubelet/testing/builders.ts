/**
 * Builders for node-side unit tests: Pods (`kpod('web').container('app', 'nginx')…`), and the
 * runtime's view of a pod (`sandbox()`, `running('app')`, `exited('app', 1)`). Test-only.
 */
import type { Container, Pod, PodStatus } from '../../../api/types'
import type { ContainerStatus, PodSandboxStatus } from '../../runtime/cri'
import type { RuntimeView } from '../runtime-view'

export const EPOCH_MS = Date.UTC(2025, 4, 1, 10, 0, 0)

export class KPodBuilder {
  pod: Pod

  constructor(name: string) {
    this.pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name, namespace: 'default', uid: `uid-${name}` },
      spec: { nodeName: 'worker-1', containers: [] },
      status: {
        phase: 'Pending',
        conditions: [{ type: 'PodScheduled', status: 'True', lastTransitionTime: '2025-05-01T10:00:00Z' }],
        qosClass: 'BestEffort',
      },
    }
  }

  container(name: string, image = 'nginx', extra: Partial<Container> = {}): this {
    this.pod.spec?.containers.push({ name, image, ...extra })
    return this
  }

  restartPolicy(policy: 'Always' | 'OnFailure' | 'Never'): this {
    ;(this.pod.spec as { restartPolicy?: string }).restartPolicy = policy
    return this
  }

  status(status: PodStatus): this {
    this.pod = { ...this.pod, status }
    return this
  }

  deleting(): this {
    ;(this.pod.metadata as { deletionTimestamp?: string }).deletionTimestamp = '2025-05-01T10:01:00Z'
    return this
  }

  build(): Pod {
    return this.pod
  }
}

export const kpod = (name = 'web'): KPodBuilder => new KPodBuilder(name)

export function sandbox(ready = true, ip = '10.244.1.2'): PodSandboxStatus {
  return {
    id: 'sandbox-1',
    metadata: { name: 'web', namespace: 'default', uid: 'uid-web', attempt: 0 },
    state: ready ? 'SANDBOX_READY' : 'SANDBOX_NOTREADY',
    createdAtMs: 100,
    network: { ip, additionalIps: [] },
  }
}

let nextId = 0
const id = (): string => `c${++nextId}`.padEnd(64, '0')

export function running(name: string, attempt = 0, startedAtMs = 3_000): ContainerStatus {
  return {
    id: id(),
    podSandboxId: 'sandbox-1',
    metadata: { name, attempt },
    state: 'CONTAINER_RUNNING',
    createdAtMs: startedAtMs - 50,
    startedAtMs,
    exitCode: 0,
    image: { image: 'docker.io/library/nginx:latest' },
    imageRef: 'docker.io/library/nginx@sha256:abc',
    reason: '',
    message: '',
  }
}

export function exited(name: string, exitCode: number, attempt = 0, finishedAtMs = 8_000): ContainerStatus {
  return {
    ...running(name, attempt, finishedAtMs - 5_000),
    state: 'CONTAINER_EXITED',
    finishedAtMs,
    exitCode,
    reason: exitCode === 0 ? 'Completed' : exitCode === 137 ? 'OOMKilled' : 'Error',
  }
}

export function created(name: string, attempt = 0): ContainerStatus {
  const { startedAtMs: _, ...rest } = running(name, attempt)
  return { ...rest, state: 'CONTAINER_CREATED' }
}

export const view = (sb: PodSandboxStatus | undefined, ...containers: ContainerStatus[]): RuntimeView =>
  sb ? { sandbox: sb, containers } : { containers }
