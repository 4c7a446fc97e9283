/**
 * Two kube-controller-manager controllers that keep an object in every namespace, so that a Pod
 * created there can pass ServiceAccount admission and mount its token volume:
 *
 * - the ServiceAccounts controller (pkg/controller/serviceaccount/serviceaccounts_controller.go,
 *   one worker, client `service-account-controller`): for each Active namespace, create the
 *   `default` ServiceAccount if its informer does not have it (namespace added or updated, or the
 *   ServiceAccount deleted). AlreadyExists is fine.
 * - root-ca-cert-publisher (pkg/controller/certificates/rootcacertpublisher/publisher.go, one
 *   worker): for each namespace, create the `kube-root-ca.crt` ConfigMap with the cluster CA under
 *   `ca.crt`, or update it when its data differs; a namespace being terminated refuses the create,
 *   which is not an error.
 *
 * A user who creates a Namespace and at once a Pod in it races these controllers: the Pod's
 * ServiceAccount admission re-reads for about a second before refusing it.
 */
import type { ConfigMap, Namespace, ServiceAccount } from 'kubernetes-types/core/v1'
import { type ResourceInfo, resourceByName, SERVICE_ACCOUNTS } from '../../../api/resources'
import type { Informer } from '../../client/informer'
import type { Proc } from '../../kernel/kernel'
import { ApiError, type ControllerDeps, QueueController } from '../base'

const CONFIG_MAPS = resourceByName('', 'configmaps') as ResourceInfo

export const DEFAULT_SERVICE_ACCOUNT = 'default'
export const ROOT_CA_CONFIG_MAP = 'kube-root-ca.crt'
/** publisher.go's DescriptionAnnotation on the ConfigMap. */
export const ROOT_CA_DESCRIPTION =
  'Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. No other usage is guaranteed across distributions of Kubernetes clusters.'
/** The cluster CA (a stand-in PEM: the simulation has no keys). */
export const CLUSTER_CA_PEM =
  '-----BEGIN CERTIFICATE-----\nMIIDBTCCAe2gAwIBAgIIAAAAAAAAAAAwDQYJKoZIhvcNAQELBQAwFTETMBEGA1UE\nAxMKa3ViZXJuZXRlczAeFw0yNTA1MDEwOTAwMDBaFw0zNTA0MjkwOTA1MDBaMBUx\nEzARBgNVBAMTCmt1YmVybmV0ZXMwggEiMA0GCSqGSIb3DQEBAQUAA4IBDwAwggEK\nc2ltdWxhdGVkIGNsdXN0ZXIgQ0EgKHBvZGZsb3cpOiBub3QgYSByZWFsIGtleQ==\n-----END CERTIFICATE-----\n'

/** The ConfigMap root-ca-cert-publisher writes (also written at bootstrap in system namespaces). */
export function rootCAConfigMap(namespace: string): ConfigMap {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: {
      name: ROOT_CA_CONFIG_MAP,
      namespace,
      annotations: { 'kubernetes.io/description': ROOT_CA_DESCRIPTION },
    },
    data: { 'ca.crt': CLUSTER_CA_PEM },
  }
}

const isActive = (ns: Namespace) => (ns.status?.phase ?? 'Active') === 'Active'

export class ServiceAccountsController extends QueueController {
  constructor(
    deps: ControllerDeps,
    private readonly namespaces: Informer<Namespace>,
    private readonly serviceAccounts: Informer<ServiceAccount>,
  ) {
    super('service-account-controller', deps)
    namespaces.addEventHandler({
      add: (ns) => this.queue.add(ns.metadata?.name ?? ''),
      update: (_old, ns) => this.queue.add(ns.metadata?.name ?? ''),
    })
    serviceAccounts.addEventHandler({
      delete: (sa) => {
        if (sa.metadata?.name === DEFAULT_SERVICE_ACCOUNT) this.queue.add(sa.metadata?.namespace ?? '')
      },
    })
  }

  protected *sync(namespace: string): Proc {
    const ns = this.namespaces.get(namespace)
    if (!ns || !isActive(ns)) return
    if (this.serviceAccounts.get(`${namespace}/${DEFAULT_SERVICE_ACCOUNT}`)) return
    this.decide(
      `create ServiceAccount ${namespace}/${DEFAULT_SERVICE_ACCOUNT}`,
      {
        type: 'EnsureServiceAccount',
        controller: 'service-account-controller',
        namespace,
        name: DEFAULT_SERVICE_ACCOUNT,
        action: 'create',
      },
      { resource: 'namespaces', name: namespace },
    )
    const sa: ServiceAccount = {
      apiVersion: 'v1',
      kind: 'ServiceAccount',
      metadata: { name: DEFAULT_SERVICE_ACCOUNT, namespace },
    }
    const r = yield* this.client.create(SERVICE_ACCOUNTS, namespace, sa, 'reconcile')
    if (!r.ok && r.code !== 409) throw new ApiError(r.code, r.status)
  }
}

export class RootCACertPublisher extends QueueController {
  constructor(
    deps: ControllerDeps,
    private readonly namespaces: Informer<Namespace>,
    private readonly configMaps: Informer<ConfigMap>,
  ) {
    super('root-ca-cert-publisher', deps)
    namespaces.addEventHandler({
      add: (ns) => this.queue.add(ns.metadata?.name ?? ''),
      update: (_old, ns) => this.queue.add(ns.metadata?.name ?? ''),
    })
    const changed = (cm: ConfigMap) => {
      if (cm.metadata?.name === ROOT_CA_CONFIG_MAP) this.queue.add(cm.metadata?.namespace ?? '')
    }
    configMaps.addEventHandler({ update: (_old, cm) => changed(cm), delete: changed })
  }

  protected *sync(namespace: string): Proc {
    const ns = this.namespaces.get(namespace)
    if (!ns) return
    const cm = this.configMaps.get(`${namespace}/${ROOT_CA_CONFIG_MAP}`)
    const want = rootCAConfigMap(namespace)
    if (!cm) {
      if (!isActive(ns)) return
      this.decide(
        `create ConfigMap ${namespace}/${ROOT_CA_CONFIG_MAP}`,
        {
          type: 'PublishRootCA',
          controller: 'root-ca-cert-publisher',
          namespace,
          name: ROOT_CA_CONFIG_MAP,
          action: 'create',
        },
        { resource: 'namespaces', name: namespace },
      )
      const r = yield* this.client.create(CONFIG_MAPS, namespace, want, 'reconcile')
      // AlreadyExists, or Forbidden because the namespace is being terminated: nothing to do.
      if (!r.ok && r.code !== 409 && r.code !== 403) throw new ApiError(r.code, r.status)
      return
    }
    const same =
      cm.data?.['ca.crt'] === CLUSTER_CA_PEM &&
      cm.metadata?.annotations?.['kubernetes.io/description'] === ROOT_CA_DESCRIPTION
    if (same) return
    this.decide(
      `update ConfigMap ${namespace}/${ROOT_CA_CONFIG_MAP}`,
      {
        type: 'PublishRootCA',
        controller: 'root-ca-cert-publisher',
        namespace,
        name: ROOT_CA_CONFIG_MAP,
        action: 'update',
      },
      { resource: 'configmaps', namespace, name: ROOT_CA_CONFIG_MAP },
    )
    const updated: ConfigMap = {
      ...cm,
      metadata: {
        ...cm.metadata,
        annotations: {
          ...(cm.metadata?.annotations ?? {}),
          'kubernetes.io/description': ROOT_CA_DESCRIPTION,
        },
      },
      data: { ...(cm.data ?? {}), 'ca.crt': CLUSTER_CA_PEM },
    }
    const r = yield* this.client.update(CONFIG_MAPS, updated, 'reconcile')
    if (!r.ok && r.code !== 404) throw new ApiError(r.code, r.status)
  }
}
