/**
 * The real etcd + kube-apiserver on a bare kernel (wired as src/sim/cluster/cluster.ts does, with
 * the bootstrap objects but no scheduler, controllers or kubelets), and a `TestClient` component
 * that owns an ApiClient, for unit tests of clients (ApiClient, Informer, EventRecorder, kubectl).
 * Test-only: excluded from tsconfig.sim.json.
 */
import type { KubeObject } from '../../api/types'
import { ApiServer, type ApiServerConfig } from '../apiserver/apiserver'
import { decode } from '../apiserver/codec'
import type { Credentials } from '../client/client'
import { bootstrap } from '../cluster/bootstrap'
import { DEFAULT_NODES, makeNode } from '../cluster/default-cluster'
import { ClientComponent } from '../component'
import { Etcd } from '../etcd/etcd'
import { Kernel, type KernelOptions, type Proc } from '../kernel/kernel'
import type { ComponentId, Message } from '../kernel/trace'

/** The kubeadm admin's client certificate (admin.conf). */
export const ADMIN_CERT: Credentials = {
  clientCert: { commonName: 'kubernetes-admin', organizations: ['kubeadm:cluster-admins'] },
}

/**
 * A component that talks to the apiserver through its `client`. Messages that are neither replies
 * nor watch events of its client are kept in `other` instead of throwing.
 */
export class TestClient extends ClientComponent {
  readonly other: Message[] = []
  /** While true, watch events are dropped (kept in `dropped`), as on a broken connection. */
  dropWatchEvents = false
  readonly dropped: Message[] = []

  constructor(kernel: Kernel, id: ComponentId = 'test-client', credentials: Credentials = ADMIN_CERT) {
    super(kernel, id, credentials, 'test-client/v0.0.0')
    kernel.register(this)
  }

  start(): void {}

  override receive(message: Message): void {
    if (this.dropWatchEvents && message.kind === 'watch-event') this.dropped.push(message)
    else super.receive(message)
  }

  protected override receiveOther(message: Message): void {
    this.other.push(message)
  }
}

export interface TestApiServer {
  readonly kernel: Kernel
  readonly etcd: Etcd
  readonly apiserver: ApiServer
  /** Run the kernel until idle. */
  run(): void
  /** Spawn `proc`, run until idle, and return its result (throws if it did not finish). */
  call<T>(proc: Proc<T>): T
  /** What etcd holds under `/registry/<prefix>/`, decoded (an observer's read: adds no messages). */
  stored(prefix: string): KubeObject[]
}

/** Kernel, etcd (with the bootstrap objects and the default nodes) and a started apiserver, idle. */
export function startApiServer(
  options: Partial<KernelOptions> & { apiserver?: ApiServerConfig } = {},
): TestApiServer {
  const { apiserver: config, seed = 1, ...rest } = options
  const kernel = new Kernel({ seed, ...rest })
  const etcd = new Etcd(kernel)
  kernel.register(etcd)
  bootstrap(
    etcd.store,
    kernel,
    DEFAULT_NODES.map((shape, i) => makeNode(shape, i)),
  )
  const apiserver = new ApiServer(kernel, config)
  kernel.register(apiserver)
  apiserver.start()
  const run = () => kernel.run({ maxEvents: 1_000_000 })
  run()
  return {
    kernel,
    etcd,
    apiserver,
    run,
    call<T>(proc: Proc<T>): T {
      const p = kernel.spawn(proc, 'test')
      run()
      if (!p.done) throw new Error(`test process did not finish`)
      if (p.error) throw p.error
      return p.result as T
    },
    stored: (prefix) => etcd.store.range(`/registry/${prefix}/`).map((kv) => decode(kv)),
  }
}
