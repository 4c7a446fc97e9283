/**
 * ConfigMaps and Secrets a Pod reads, through the whole cluster: a missing object or key makes
 * the container wait in CreateContainerConfigError with the kubelet's texts (kubelet_pods.go
 * makeEnvironmentVariables; the watch-based managers' NotFound), a later apply lets the next sync
 * start it, and a missing configMap or secret volume is a FailedMount with the pod left in
 * ContainerCreating.
 */
import { describe, expect, it } from 'vitest'
import { podSummary } from '../../api/kubectl/pods'
import type { Event, KubeObject, Pod } from '../../api/types'
import { Cluster } from '../cluster/cluster'
import { runResult } from '../scenario/result'
import type { UserAction } from '../scenario/scenario'

const configMap = (name: string, data: Record<string, string>): KubeObject =>
  ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data }) as KubeObject

const secret = (name: string, data: Record<string, string>): KubeObject =>
  ({ apiVersion: 'v1', kind: 'Secret', metadata: { name }, stringData: data }) as KubeObject

const pod = (container: Record<string, unknown>, spec: Record<string, unknown> = {}): KubeObject =>
  ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'app' },
    spec: { containers: [{ name: 'app', image: 'nginx:1.27', ...container }], ...spec },
  }) as KubeObject

interface Run {
  readonly pod: Pod
  readonly events: ReadonlyArray<readonly [string, string, string]>
  readonly cluster: Cluster
}

function run(objects: KubeObject[], untilMs: number, later?: { atMs: number; objects: KubeObject[] }): Run {
  const actions: UserAction[] = [{ type: 'apply', atMs: 0, objects }]
  if (later) actions.push({ type: 'apply', atMs: later.atMs, objects: later.objects })
  const cluster = new Cluster({ actions })
  cluster.run({ untilMs })
  const result = runResult(cluster)
  const found = result.pods.find((p) => p.metadata?.name === 'app') as Pod
  const events = result.events
    .filter((e: Event) => e.involvedObject?.name === 'app')
    .map((e) => [e.type ?? '', e.reason ?? '', e.message ?? ''] as const)
  return { pod: found, events, cluster }
}

const waiting = (p: Pod) => p.status?.containerStatuses?.[0]?.state?.waiting

describe('CreateContainerConfigError (makeEnvironmentVariables)', () => {
  it.each<[string, Record<string, unknown>, KubeObject[], string]>([
    [
      'env from a missing ConfigMap',
      { env: [{ name: 'MODE', valueFrom: { configMapKeyRef: { name: 'nope', key: 'mode' } } }] },
      [],
      'configmap "nope" not found',
    ],
    [
      'env from a missing key of a ConfigMap',
      { env: [{ name: 'MODE', valueFrom: { configMapKeyRef: { name: 'cm', key: 'k' } } }] },
      [configMap('cm', { other: 'x' })],
      "couldn't find key k in ConfigMap default/cm",
    ],
    [
      'env from a missing Secret',
      { env: [{ name: 'PASSWORD', valueFrom: { secretKeyRef: { name: 's', key: 'password' } } }] },
      [],
      'secret "s" not found',
    ],
    [
      'env from a missing key of a Secret',
      { env: [{ name: 'PASSWORD', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } }] },
      [secret('s', { password: 'hunter2' })],
      "couldn't find key k in Secret default/s",
    ],
    [
      'envFrom a missing ConfigMap',
      { envFrom: [{ configMapRef: { name: 'nope' } }] },
      [],
      'configmap "nope" not found',
    ],
    [
      'envFrom a missing Secret',
      { envFrom: [{ secretRef: { name: 'creds' } }] },
      [],
      'secret "creds" not found',
    ],
  ])('%s: waiting reason, message and the Failed event', (_, container, objects, message) => {
    const r = run([...objects, pod(container)], 60_000)
    expect(waiting(r.pod)).toEqual({ reason: 'CreateContainerConfigError', message })
    expect(podSummary(r.pod, Date.parse('2025-05-01T10:01:00Z')).status).toBe('CreateContainerConfigError')
    expect(r.events).toContainEqual(['Warning', 'Failed', `Error: ${message}`])
    // The image is pulled first; the container is never created.
    expect(r.events.map((e) => e[1])).toContain('Pulled')
    expect(r.cluster.kernel.trace.some((m) => m.summary === 'CreateContainer')).toBe(false)
  })

  it('reads the ConfigMap through the apiserver: a GET from the kubelet, answered 404', () => {
    const r = run([pod({ envFrom: [{ configMapRef: { name: 'nope' } }] })], 30_000)
    const gets = r.cluster.kernel.trace.filter(
      (m) => m.kind === 'http-request' && m.summary === 'GET /api/v1/namespaces/default/configmaps/nope',
    )
    expect(gets.length).toBeGreaterThan(0)
    expect(gets[0]?.from).toMatch(/^kubelet/)
  })

  it('an optional ConfigMap, Secret or key that is missing is skipped: the container runs', () => {
    const r = run(
      [
        configMap('cm', {}),
        pod({
          envFrom: [{ configMapRef: { name: 'nope', optional: true } }],
          env: [
            { name: 'A', valueFrom: { configMapKeyRef: { name: 'cm', key: 'a', optional: true } } },
            { name: 'B', valueFrom: { secretKeyRef: { name: 's', key: 'b', optional: true } } },
          ],
        }),
      ],
      30_000,
    )
    expect(r.pod.status?.containerStatuses?.[0]?.state?.running).toBeDefined()
  })

  it('the values reach the container: envFrom (with its prefix) first, then env, Secret data decoded', () => {
    const r = run(
      [
        configMap('cm', { mode: 'prod', level: 'debug' }),
        secret('s', { password: 'hunter2' }),
        pod({
          envFrom: [{ prefix: 'CFG_', configMapRef: { name: 'cm' } }],
          env: [
            { name: 'PLAIN', value: 'x' },
            { name: 'PASSWORD', valueFrom: { secretKeyRef: { name: 's', key: 'password' } } },
          ],
        }),
      ],
      30_000,
    )
    const create = r.cluster.kernel.trace.find((m) => m.summary === 'CreateContainer')
    const envs = (create?.payload as { config: { envs: unknown } } | undefined)?.config.envs
    expect(envs).toEqual([
      { key: 'CFG_mode', value: 'prod' },
      { key: 'CFG_level', value: 'debug' },
      { key: 'PLAIN', value: 'x' },
      { key: 'PASSWORD', value: 'hunter2' },
    ])
  })

  it('a ConfigMap created later: the next sync retry starts the container', () => {
    const r = run(
      [pod({ env: [{ name: 'MODE', valueFrom: { configMapKeyRef: { name: 'cm', key: 'mode' } } }] })],
      90_000,
      { atMs: 30_000, objects: [configMap('cm', { mode: 'prod' })] },
    )
    expect(r.pod.status?.containerStatuses?.[0]?.state?.running).toBeDefined()
    const created = r.cluster.kernel.trace.find((m) => m.summary === 'CreateContainer')
    expect(created?.sentAtMs).toBeGreaterThan(30_000)
    expect(r.events).toContainEqual(['Warning', 'Failed', 'Error: configmap "cm" not found'])
  })
})

describe('FailedMount (configMap and secret volumes)', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['configMap', { configMap: { name: 'cfg' } }, 'configmap "cfg" not found'],
    ['secret', { secret: { secretName: 'tls' } }, 'secret "tls" not found'],
  ])('a %s volume whose object is missing: FailedMount, ContainerCreating, no sandbox', (_, source, err) => {
    const r = run(
      [pod({ volumeMounts: [{ name: 'v', mountPath: '/etc/v' }] }, { volumes: [{ name: 'v', ...source }] })],
      60_000,
    )
    expect(r.events).toContainEqual([
      'Warning',
      'FailedMount',
      `MountVolume.SetUp failed for volume "v" : ${err}`,
    ])
    expect(podSummary(r.pod, Date.parse('2025-05-01T10:01:00Z')).status).toBe('ContainerCreating')
    expect(r.cluster.kernel.trace.some((m) => m.summary === 'RunPodSandbox')).toBe(false)
  })

  it('an optional volume source that is missing mounts (empty): the pod runs', () => {
    const r = run([pod({}, { volumes: [{ name: 'v', configMap: { name: 'cfg', optional: true } }] })], 30_000)
    expect(r.pod.status?.phase).toBe('Running')
  })

  it('the ConfigMap created later: a later sync mounts it and the pod runs', () => {
    const r = run([pod({}, { volumes: [{ name: 'v', configMap: { name: 'cfg' } }] })], 90_000, {
      atMs: 20_000,
      objects: [configMap('cfg', { a: 'b' })],
    })
    expect(r.pod.status?.phase).toBe('Running')
  })
})
