/**
 * The ConfigMaps and Secrets a Pod's containers and volumes read, as the kubelet resolves them
 * before it starts anything (pkg/kubelet/kubelet_pods.go makeEnvironmentVariables, and the
 * configMap and secret volume plugins' SetUp).
 *
 * The kubelet reads them through the apiserver: here a GET per object per sync, one message on
 * the graph each (the real kubelet's default, the watch-based configmap and secret managers of
 * pkg/kubelet/configmap and pkg/kubelet/secret, open one watch per referenced object and read
 * from it). A missing object reads as those managers report it, with the singular resource
 * (`corev1.Resource("configmap")`): `configmap "nope" not found`, `secret "s" not found`.
 *
 * - A container whose non-optional ConfigMap, Secret or key is missing is not created: waiting
 *   reason `CreateContainerConfigError`, the error as its message, and the event Warning
 *   `Failed` `Error: <error>` (kuberuntime_container.go startContainer). The next sync retries.
 * - A configMap or secret volume whose object is missing fails to mount: Warning `FailedMount`
 *   `MountVolume.SetUp failed for volume "<v>" : <error>`, and the pod stays ContainerCreating
 *   (no sandbox yet) until a later sync finds it.
 */
import { base64Decode } from '../../api/base64'
import { type ResourceInfo, resourceByName } from '../../api/resources'
import type { Container, KubeObject, Pod } from '../../api/types'
import type { ApiClient } from '../client/client'
import type { Proc } from '../kernel/kernel'
import type { Stage } from '../kernel/trace'

const CONFIG_MAPS = resourceByName('', 'configmaps') as ResourceInfo
const SECRETS = resourceByName('', 'secrets') as ResourceInfo

/** kuberuntime ErrCreateContainerConfig: the waiting reason of a container config error. */
export const CREATE_CONTAINER_CONFIG_ERROR = 'CreateContainerConfigError'
/** pkg/kubelet/events FailedMountVolume. */
export const FAILED_MOUNT = 'FailedMount'

/** `MountVolume.SetUp failed for volume "<v>" : <err>` (operation_generator.go, GenerateMountVolumeFunc). */
export const mountSetUpFailed = (volume: string, err: string): string =>
  `MountVolume.SetUp failed for volume "${volume}" : ${err}`

type Kind = 'configmap' | 'secret'

interface ConfigObject {
  readonly data?: Record<string, string>
  readonly stringData?: Record<string, string>
}

/** The objects read during one sync, by kind and name (makeEnvironmentVariables' per-call maps). */
export class ConfigReader {
  private readonly cache = new Map<string, ConfigObject | 'missing'>()

  constructor(
    private readonly client: ApiClient,
    private readonly namespace: string,
    private readonly stage: Stage,
  ) {}

  /** The object, or the manager's NotFound text; other failures read as missing too. */
  *get(kind: Kind, name: string): Proc<ConfigObject | { readonly error: string }> {
    const key = `${kind}/${name}`
    let found = this.cache.get(key)
    if (found === undefined) {
      const info = kind === 'configmap' ? CONFIG_MAPS : SECRETS
      const got = yield* this.client.get<KubeObject>(info, this.namespace, name, this.stage)
      found = got.ok ? (got.object as ConfigObject) : 'missing'
      this.cache.set(key, found)
    }
    return found === 'missing' ? { error: `${kind} "${name}" not found` } : found
  }
}

export interface EnvVarValue {
  readonly key: string
  readonly value: string
}

export type EnvResult =
  | { readonly ok: true; readonly envs: readonly EnvVarValue[] }
  | { readonly ok: false; readonly message: string }

/** Whether the container reads a ConfigMap or a Secret through env or envFrom. */
export function readsConfig(c: Container): boolean {
  return (
    (c.envFrom ?? []).some((e) => e.configMapRef || e.secretRef) ||
    (c.env ?? []).some((e) => e.valueFrom?.configMapKeyRef || e.valueFrom?.secretKeyRef)
  )
}

/** A data value as the container sees it: a Secret's data is base64, a ConfigMap's plain. */
function dataValue(kind: Kind, obj: ConfigObject, key: string): string | undefined {
  const data = obj.data?.[key]
  if (kind === 'configmap') return data
  if (data !== undefined) return base64Decode(data) ?? data
  return obj.stringData?.[key]
}

function keysOf(kind: Kind, obj: ConfigObject): string[] {
  const keys = Object.keys(obj.data ?? {})
  if (kind === 'secret')
    for (const k of Object.keys(obj.stringData ?? {})) if (!keys.includes(k)) keys.push(k)
  return keys
}

/**
 * makeEnvironmentVariables for the ConfigMap and Secret sources: envFrom first (each source's
 * keys, with its prefix), then env in order (later names win). A missing object that is not
 * optional, or a missing key that is not optional, ends it with the kubelet's error text.
 */
export function* makeEnvironmentVariables(
  reader: ConfigReader,
  pod: Pod,
  container: Container,
): Proc<EnvResult> {
  const namespace = pod.metadata?.namespace ?? 'default'
  const env = new Map<string, string>()
  for (const from of container.envFrom ?? []) {
    const ref = from.configMapRef ?? from.secretRef
    if (!ref) continue
    const kind: Kind = from.configMapRef ? 'configmap' : 'secret'
    const got = yield* reader.get(kind, ref.name ?? '')
    if ('error' in got) {
      if (ref.optional === true) continue
      return { ok: false, message: got.error }
    }
    for (const k of keysOf(kind, got)) env.set(`${from.prefix ?? ''}${k}`, dataValue(kind, got, k) ?? '')
  }
  for (const e of container.env ?? []) {
    const ref = e.valueFrom?.configMapKeyRef ?? e.valueFrom?.secretKeyRef
    if (!ref) {
      env.set(e.name, e.value ?? '')
      continue
    }
    const kind: Kind = e.valueFrom?.configMapKeyRef ? 'configmap' : 'secret'
    const name = ref.name ?? ''
    const got = yield* reader.get(kind, name)
    if ('error' in got) {
      if (ref.optional === true) continue
      return { ok: false, message: got.error }
    }
    const value = dataValue(kind, got, ref.key)
    if (value === undefined) {
      if (ref.optional === true) continue
      const kindName = kind === 'configmap' ? 'ConfigMap' : 'Secret'
      return { ok: false, message: `couldn't find key ${ref.key} in ${kindName} ${namespace}/${name}` }
    }
    env.set(e.name, value)
  }
  return { ok: true, envs: [...env].map(([key, value]) => ({ key, value })) }
}

/**
 * The configMap and secret volumes that cannot be set up: each missing, non-optional object, in
 * the pod's volume order, with the SetUp error.
 */
export function* unmountableVolumes(
  reader: ConfigReader,
  pod: Pod,
): Proc<Array<{ readonly volume: string; readonly error: string }>> {
  const failed: Array<{ volume: string; error: string }> = []
  for (const v of pod.spec?.volumes ?? []) {
    const source = v.configMap
      ? { kind: 'configmap' as const, name: v.configMap.name ?? '', optional: v.configMap.optional }
      : v.secret
        ? { kind: 'secret' as const, name: v.secret.secretName ?? '', optional: v.secret.optional }
        : undefined
    if (!source) continue
    const got = yield* reader.get(source.kind, source.name)
    if ('error' in got && source.optional !== true) failed.push({ volume: v.name, error: got.error })
  }
  return failed
}

/** Whether any volume is a configMap or secret volume (only then does the kubelet read one). */
export function mountsConfig(pod: Pod): boolean {
  return (pod.spec?.volumes ?? []).some((v) => v.configMap || v.secret)
}
