/**
 * The API resources the simulated apiserver serves: kind ↔ plural resource ↔ group/version,
 * scope, and the etcd key prefix the real apiserver uses (registry storage.go files).
 *
 * Resources the simulation does not model (Services, ConfigMaps, StatefulSets…) are still served
 * and stored, so real manifests apply cleanly; no controller acts on them.
 */
export interface ResourceInfo {
  readonly kind: string
  /** Plural lower-case resource name as in URLs and RBAC: `pods`. */
  readonly resource: string
  /** API group; '' for the core group. */
  readonly group: string
  readonly version: string
  readonly namespaced: boolean
  /** etcd key prefix without the trailing slash: `/registry/pods`. */
  readonly etcdPrefix: string
  readonly shortNames?: readonly string[]
  /** Subresources served (`status`, `binding`). */
  readonly subresources?: readonly string[]
}

const r = (
  kind: string,
  resource: string,
  group: string,
  version: string,
  namespaced: boolean,
  etcdPrefix: string,
  extra: Partial<Pick<ResourceInfo, 'shortNames' | 'subresources'>> = {},
): ResourceInfo => ({
  kind,
  resource,
  group,
  version,
  namespaced,
  etcdPrefix: `/registry/${etcdPrefix}`,
  ...extra,
})

export const RESOURCES: readonly ResourceInfo[] = [
  r('Pod', 'pods', '', 'v1', true, 'pods', {
    shortNames: ['po'],
    subresources: ['status', 'binding', 'eviction'],
  }),
  r('Node', 'nodes', '', 'v1', false, 'minions', { shortNames: ['no'], subresources: ['status'] }),
  r('Namespace', 'namespaces', '', 'v1', false, 'namespaces', {
    shortNames: ['ns'],
    subresources: ['status'],
  }),
  r('Event', 'events', '', 'v1', true, 'events', { shortNames: ['ev'] }),
  // events.k8s.io/v1 Events are stored under the same key as core/v1 Events.
  r('Event', 'events', 'events.k8s.io', 'v1', true, 'events'),
  r('ServiceAccount', 'serviceaccounts', '', 'v1', true, 'serviceaccounts', { shortNames: ['sa'] }),
  r('ConfigMap', 'configmaps', '', 'v1', true, 'configmaps', { shortNames: ['cm'] }),
  r('Secret', 'secrets', '', 'v1', true, 'secrets'),
  r('Service', 'services', '', 'v1', true, 'services/specs', {
    shortNames: ['svc'],
    subresources: ['status'],
  }),
  r('PersistentVolumeClaim', 'persistentvolumeclaims', '', 'v1', true, 'persistentvolumeclaims', {
    shortNames: ['pvc'],
  }),
  r('PersistentVolume', 'persistentvolumes', '', 'v1', false, 'persistentvolumes', { shortNames: ['pv'] }),
  r('LimitRange', 'limitranges', '', 'v1', true, 'limitranges', { shortNames: ['limits'] }),
  r('ResourceQuota', 'resourcequotas', '', 'v1', true, 'resourcequotas', {
    shortNames: ['quota'],
    subresources: ['status'],
  }),
  r('Deployment', 'deployments', 'apps', 'v1', true, 'deployments', {
    shortNames: ['deploy'],
    subresources: ['status', 'scale'],
  }),
  r('ReplicaSet', 'replicasets', 'apps', 'v1', true, 'replicasets', {
    shortNames: ['rs'],
    subresources: ['status', 'scale'],
  }),
  r('StatefulSet', 'statefulsets', 'apps', 'v1', true, 'statefulsets', {
    shortNames: ['sts'],
    subresources: ['status'],
  }),
  r('DaemonSet', 'daemonsets', 'apps', 'v1', true, 'daemonsets', {
    shortNames: ['ds'],
    subresources: ['status'],
  }),
  r('Job', 'jobs', 'batch', 'v1', true, 'jobs', { subresources: ['status'] }),
  r('CronJob', 'cronjobs', 'batch', 'v1', true, 'cronjobs', { shortNames: ['cj'], subresources: ['status'] }),
  r('Ingress', 'ingresses', 'networking.k8s.io', 'v1', true, 'ingress', { shortNames: ['ing'] }),
  r('NetworkPolicy', 'networkpolicies', 'networking.k8s.io', 'v1', true, 'networkpolicies', {
    shortNames: ['netpol'],
  }),
  r(
    'HorizontalPodAutoscaler',
    'horizontalpodautoscalers',
    'autoscaling',
    'v2',
    true,
    'horizontalpodautoscalers',
    {
      shortNames: ['hpa'],
    },
  ),
  r('PodDisruptionBudget', 'poddisruptionbudgets', 'policy', 'v1', true, 'poddisruptionbudgets', {
    shortNames: ['pdb'],
  }),
  r('PriorityClass', 'priorityclasses', 'scheduling.k8s.io', 'v1', false, 'priorityclasses', {
    shortNames: ['pc'],
  }),
  r('Lease', 'leases', 'coordination.k8s.io', 'v1', true, 'leases'),
  r('Role', 'roles', 'rbac.authorization.k8s.io', 'v1', true, 'roles'),
  r('RoleBinding', 'rolebindings', 'rbac.authorization.k8s.io', 'v1', true, 'rolebindings'),
  r('ClusterRole', 'clusterroles', 'rbac.authorization.k8s.io', 'v1', false, 'clusterroles'),
  r(
    'ClusterRoleBinding',
    'clusterrolebindings',
    'rbac.authorization.k8s.io',
    'v1',
    false,
    'clusterrolebindings',
  ),
  r('StorageClass', 'storageclasses', 'storage.k8s.io', 'v1', false, 'storageclasses', {
    shortNames: ['sc'],
  }),
  r('RuntimeClass', 'runtimeclasses', 'node.k8s.io', 'v1', false, 'runtimeclasses'),
  // The other v1.33 GA resources (test/integration/etcd/data.go lists each with its etcd path).
  r('PodTemplate', 'podtemplates', '', 'v1', true, 'podtemplates'),
  r('Endpoints', 'endpoints', '', 'v1', true, 'services/endpoints', { shortNames: ['ep'] }),
  r('ReplicationController', 'replicationcontrollers', '', 'v1', true, 'controllers', {
    shortNames: ['rc'],
    subresources: ['status', 'scale'],
  }),
  r('ControllerRevision', 'controllerrevisions', 'apps', 'v1', true, 'controllerrevisions'),
  r(
    'CertificateSigningRequest',
    'certificatesigningrequests',
    'certificates.k8s.io',
    'v1',
    false,
    'certificatesigningrequests',
    { shortNames: ['csr'], subresources: ['status', 'approval'] },
  ),
  r('EndpointSlice', 'endpointslices', 'discovery.k8s.io', 'v1', true, 'endpointslices'),
  r('IngressClass', 'ingressclasses', 'networking.k8s.io', 'v1', false, 'ingressclasses'),
  r('IPAddress', 'ipaddresses', 'networking.k8s.io', 'v1', false, 'ipaddresses', { shortNames: ['ip'] }),
  r('ServiceCIDR', 'servicecidrs', 'networking.k8s.io', 'v1', false, 'servicecidrs', {
    subresources: ['status'],
  }),
  r('FlowSchema', 'flowschemas', 'flowcontrol.apiserver.k8s.io', 'v1', false, 'flowschemas', {
    subresources: ['status'],
  }),
  r(
    'PriorityLevelConfiguration',
    'prioritylevelconfigurations',
    'flowcontrol.apiserver.k8s.io',
    'v1',
    false,
    'prioritylevelconfigurations',
    { subresources: ['status'] },
  ),
  r('VolumeAttachment', 'volumeattachments', 'storage.k8s.io', 'v1', false, 'volumeattachments', {
    subresources: ['status'],
  }),
  r('CSIDriver', 'csidrivers', 'storage.k8s.io', 'v1', false, 'csidrivers'),
  r('CSINode', 'csinodes', 'storage.k8s.io', 'v1', false, 'csinodes'),
  r('CSIStorageCapacity', 'csistoragecapacities', 'storage.k8s.io', 'v1', true, 'csistoragecapacities'),
  r(
    'ValidatingAdmissionPolicy',
    'validatingadmissionpolicies',
    'admissionregistration.k8s.io',
    'v1',
    false,
    'validatingadmissionpolicies',
    { subresources: ['status'] },
  ),
  r(
    'ValidatingAdmissionPolicyBinding',
    'validatingadmissionpolicybindings',
    'admissionregistration.k8s.io',
    'v1',
    false,
    'validatingadmissionpolicybindings',
  ),
  r(
    'APIService',
    'apiservices',
    'apiregistration.k8s.io',
    'v1',
    false,
    'apiregistration.k8s.io/apiservices',
    {
      subresources: ['status'],
    },
  ),
  r(
    'CustomResourceDefinition',
    'customresourcedefinitions',
    'apiextensions.k8s.io',
    'v1',
    false,
    'apiextensions.k8s.io/customresourcedefinitions',
    { shortNames: ['crd', 'crds'], subresources: ['status'] },
  ),
  r(
    'MutatingWebhookConfiguration',
    'mutatingwebhookconfigurations',
    'admissionregistration.k8s.io',
    'v1',
    false,
    'mutatingwebhookconfigurations',
  ),
  r(
    'ValidatingWebhookConfiguration',
    'validatingwebhookconfigurations',
    'admissionregistration.k8s.io',
    'v1',
    false,
    'validatingwebhookconfigurations',
  ),
]

const byKind = new Map<string, ResourceInfo>()
const byResource = new Map<string, ResourceInfo>()
for (const info of RESOURCES) {
  byKind.set(`${info.group}/${info.kind}`, info)
  byResource.set(`${info.group}/${info.resource}`, info)
}

/** `apps/v1` → `{group: 'apps', version: 'v1'}`; `v1` → core. */
export function parseApiVersion(apiVersion: string): { group: string; version: string } {
  const slash = apiVersion.indexOf('/')
  return slash < 0
    ? { group: '', version: apiVersion }
    : { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) }
}

export function apiVersionOf(info: ResourceInfo): string {
  return info.group ? `${info.group}/${info.version}` : info.version
}

/** The resource for an object's apiVersion and kind, or undefined when the apiserver has none. */
export function resourceForKind(
  apiVersion: string | undefined,
  kind: string | undefined,
): ResourceInfo | undefined {
  if (!apiVersion || !kind) return undefined
  const { group, version } = parseApiVersion(apiVersion)
  const info = byKind.get(`${group}/${kind}`)
  return info && info.version === version ? info : undefined
}

export function resourceByName(group: string, resource: string): ResourceInfo | undefined {
  return byResource.get(`${group}/${resource}`)
}

export const PODS = resourceByName('', 'pods') as ResourceInfo
export const NODES = resourceByName('', 'nodes') as ResourceInfo
export const NAMESPACES = resourceByName('', 'namespaces') as ResourceInfo
export const EVENTS = resourceByName('', 'events') as ResourceInfo
export const EVENTS_V1 = resourceByName('events.k8s.io', 'events') as ResourceInfo
export const SERVICE_ACCOUNTS = resourceByName('', 'serviceaccounts') as ResourceInfo
export const DEPLOYMENTS = resourceByName('apps', 'deployments') as ResourceInfo
export const REPLICA_SETS = resourceByName('apps', 'replicasets') as ResourceInfo

/** The REST path of a collection or object: `/apis/apps/v1/namespaces/default/deployments/web`. */
export function resourcePath(
  info: ResourceInfo,
  namespace?: string,
  name?: string,
  subresource?: string,
): string {
  let p = info.group ? `/apis/${info.group}/${info.version}` : `/api/${info.version}`
  if (info.namespaced && namespace) p += `/namespaces/${namespace}`
  p += `/${info.resource}`
  if (name) p += `/${name}`
  if (subresource) p += `/${subresource}`
  return p
}

/** The etcd key of an object: `/registry/pods/default/nginx`, `/registry/minions/worker-1`. */
export function etcdKey(info: ResourceInfo, namespace: string | undefined, name: string): string {
  return info.namespaced ? `${info.etcdPrefix}/${namespace}/${name}` : `${info.etcdPrefix}/${name}`
}
