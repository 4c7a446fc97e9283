/**
 * kube-controller-manager against the real kube-apiserver and etcd of the simulated cluster.
 */
import { describe, expect, it } from 'vitest'
import { DEPLOYMENTS, REPLICA_SETS, type ResourceInfo } from '../../api/resources'
import type { Deployment, KubeObject, ReplicaSet } from '../../api/types'
import { decode } from '../apiserver/codec'
import { Cluster } from '../cluster/cluster'
import { CONTROLLER_MANAGER } from '../kernel/trace'
import { runResult } from '../scenario/result'
import { ControllerManager } from './controller-manager'
import { computeHash } from './hash'
import type { ReconcileStep } from './steps'
import { nginxDeployment } from './testing/harness'

const BARE_POD: KubeObject = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'nginx' },
  spec: { containers: [{ name: 'nginx', image: 'nginx' }] },
} as KubeObject

function start(objects: KubeObject[]): Cluster {
  const cluster = new Cluster({ actions: [{ type: 'apply', atMs: 0, objects }] })
  // Until the cluster assembly starts kube-controller-manager itself.
  if (!cluster.kernel.component(CONTROLLER_MANAGER)) {
    const cm = new ControllerManager(cluster.kernel)
    cluster.kernel.register(cm)
    cm.start()
  }
  cluster.run()
  return cluster
}

function stored<T>(cluster: Cluster, info: ResourceInfo): T[] {
  return cluster.etcd.store.range(`${info.etcdPrefix}/`).map((kv) => decode(kv) as T)
}

describe('with the real apiserver', () => {
  const d = nginxDeployment(3)
  const cluster = start([d as KubeObject, BARE_POD])
  const result = runResult(cluster)
  const [deployment] = stored<Deployment>(cluster, DEPLOYMENTS)
  const rss = stored<ReplicaSet>(cluster, REPLICA_SETS)
  const hash = computeHash(deployment?.spec?.template)
  const rsName = `nginx-${hash}`

  it('creates the ReplicaSet and its three pods', () => {
    expect(rss.map((rs) => rs.metadata?.name)).toEqual([rsName])
    const owned = result.pods.filter((p) => p.metadata?.ownerReferences?.[0]?.name === rsName)
    expect(owned).toHaveLength(3)
    for (const p of owned)
      expect(p.metadata?.name).toMatch(new RegExp(`^${rsName}-[bcdfghjklmnpqrstvwxz2456789]{5}$`))
  })

  it('records the controllers’ events', () => {
    const lines = result.events.map((e) => `${e.source?.component} ${e.reason} ${e.message}`)
    expect(lines.filter((l) => l.startsWith('deployment-controller'))).toEqual([
      `deployment-controller ScalingReplicaSet Scaled up replica set ${rsName} from 0 to 3`,
    ])
    expect(lines.filter((l) => l.includes('SuccessfulCreate'))).toHaveLength(3)
  })

  it('leaves the bare Pod alone and says so', () => {
    const step = cluster.kernel.trace
      .filter((m) => m.kind === 'step' && m.from === CONTROLLER_MANAGER)
      .map((m) => m.payload as ReconcileStep)
      .find((s) => s.type === 'PodWithoutController')
    expect(step).toMatchObject({ pod: { name: 'nginx' }, outcome: 'ignored' })
    const bare = result.pods.find((p) => p.metadata?.name === 'nginx')
    expect(bare?.metadata?.ownerReferences).toBeUndefined()
  })

  it('writes the ReplicaSet status', () => {
    expect(rss[0]?.status).toMatchObject({ replicas: 3, observedGeneration: 1 })
  })
})

// Needs the system:controller:generic-garbage-collector binding of the bootstrap RBAC policy.
describe('deleting the Deployment (real apiserver)', () => {
  const cluster = new Cluster({
    actions: [
      { type: 'apply', atMs: 0, objects: [nginxDeployment(2) as KubeObject] },
      {
        type: 'delete',
        atMs: 1000,
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        namespace: 'default',
        name: 'nginx',
      },
    ],
  })
  if (!cluster.kernel.component(CONTROLLER_MANAGER)) {
    const cm = new ControllerManager(cluster.kernel)
    cluster.kernel.register(cm)
    cm.start()
  }
  cluster.run({ untilMs: 60_000 })

  it('garbage-collects the ReplicaSet and marks its pods for deletion', () => {
    expect(stored(cluster, REPLICA_SETS)).toEqual([])
    const pods = runResult(cluster).pods
    expect(pods.every((p) => p.metadata?.deletionTimestamp !== undefined)).toBe(true)
  })
})
