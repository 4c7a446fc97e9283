/**
 * A kernel, the fake apiserver and kube-controller-manager, plus a `kubectl` client, for scenario
 * tests of the controllers.
 */
import { DEPLOYMENTS, PODS } from '../../../api/resources'
import {
  clone,
  type Deployment,
  type Event,
  type KubeObject,
  type Pod,
  type ReplicaSet,
} from '../../../api/types'
import { ApiClient, type ApiResult } from '../../client/client'
import { Kernel, type Proc } from '../../kernel/kernel'
import { KUBECTL } from '../../kernel/trace'
import { ControllerManager } from '../controller-manager'
import { FakeApiServer, makePodReady } from './fake-apiserver'

export class Harness {
  readonly kernel: Kernel
  readonly api: FakeApiServer
  readonly cm: ControllerManager
  readonly kubectl: ApiClient

  constructor(seed: number | string = 1) {
    this.kernel = new Kernel({ seed })
    this.api = new FakeApiServer(this.kernel)
    this.cm = new ControllerManager(this.kernel)
    this.kernel.register(this.cm)
    this.kubectl = new ApiClient(this.kernel, KUBECTL, { token: 'admin' }, 'kubectl/v1.33.0')
    this.cm.start()
    this.run()
  }

  run(): void {
    this.kernel.run({ maxEvents: 100_000 })
  }

  /** Run a kubectl request to completion and return its result. */
  call<T>(proc: Proc<ApiResult<T>>): ApiResult<T> {
    const p = this.kernel.spawn(proc, 'kubectl')
    this.run()
    if (!p.done) throw new Error('kubectl call did not finish')
    return p.result as ApiResult<T>
  }

  createDeployment(d: Deployment): Deployment {
    const r = this.call(
      this.kubectl.create<Deployment>(DEPLOYMENTS, d.metadata?.namespace ?? 'default', d, 'submit'),
    )
    if (!r.ok) throw new Error(r.status.message)
    return r.object
  }

  /** kubectl edit: change the stored Deployment and PUT it back. */
  editDeployment(name: string, edit: (d: Deployment) => void, namespace = 'default'): Deployment {
    const cur = clone(this.api.get('deployments', namespace, name) as Deployment)
    edit(cur)
    const r = this.call(this.kubectl.update<Deployment>(DEPLOYMENTS, cur, 'submit'))
    if (!r.ok) throw new Error(r.status.message)
    return r.object
  }

  createPod(pod: Pod): Pod {
    const r = this.call(this.kubectl.create<Pod>(PODS, pod.metadata?.namespace ?? 'default', pod, 'submit'))
    if (!r.ok) throw new Error(r.status.message)
    return r.object
  }

  pods(): Pod[] {
    return this.api.list('pods') as Pod[]
  }

  replicaSets(): ReplicaSet[] {
    return this.api.list('replicasets') as ReplicaSet[]
  }

  deployment(name: string, namespace = 'default'): Deployment {
    return this.api.get('deployments', namespace, name) as Deployment
  }

  events(): Event[] {
    return this.api.list('events') as Event[]
  }

  /** Events as `source reason message`, in creation order. */
  eventLines(): string[] {
    return this.events()
      .slice()
      .sort((a, b) => Number(a.metadata?.resourceVersion) - Number(b.metadata?.resourceVersion))
      .map((e) => `${e.source?.component} ${e.reason} ${e.message}`)
  }

  /** Play the kubelets: every pending pod becomes Running and Ready. */
  readyAllPods(): void {
    for (const p of this.pods()) {
      if (p.status?.phase !== 'Running')
        makePodReady(this.api, p.metadata?.namespace ?? '', p.metadata?.name ?? '')
    }
    this.run()
  }
}

export function nginxDeployment(replicas = 3, image = 'nginx:1.27'): Deployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'nginx', namespace: 'default', labels: { app: 'nginx' } },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'nginx' } },
      template: {
        metadata: { labels: { app: 'nginx' } },
        spec: { containers: [{ name: 'nginx', image }] },
      },
    },
  }
}

export type { KubeObject }
