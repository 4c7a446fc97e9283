/**
 * The cluster as it was when the scenario began: the objects kubeadm and the controllers had
 * already written (namespaces, their default ServiceAccounts, the controllers' ServiceAccounts,
 * the bootstrap RBAC policy, the system PriorityClasses, the `kubernetes` Service, the registered Nodes and their kubelets'
 * Leases), and the scenario's own setup objects (Namespaces, RBAC objects, ServiceAccounts,
 * ResourceQuotas, LimitRanges, PriorityClasses, webhook configurations), as its administrator had
 * created them, and as the controllers had completed them (a new Namespace's default
 * ServiceAccount and kube-root-ca.crt, a ResourceQuota's status), and the Pods already there
 * (bootstrap-pods.ts). They are put into etcd directly, before virtual time 0, so they are not
 * part of the trace; everything after is.
 */
import {
  etcdKey,
  NAMESPACES,
  NODES,
  PODS,
  type ResourceInfo,
  resourceByName,
  resourceForKind,
  SERVICE_ACCOUNTS,
} from '../../api/resources'
import { clone, type KubeObject, type Node, type Pod, writableMeta } from '../../api/types'
import { bootstrapPolicy, CONTROLLER_SERVICE_ACCOUNTS } from '../apiserver/authz/bootstrap-policy'
import { encode } from '../apiserver/codec'
import { newUid } from '../apiserver/names'
import { applyDecodeDefaults } from '../apiserver/registry/scheme-defaults'
import { rootCAConfigMap } from '../controllers/serviceaccount/controller'
import type { MvccStore } from '../etcd/mvcc'
import type { Kernel } from '../kernel/kernel'
import { NODE_LEASE_DURATION_SECONDS, NODE_LEASE_NAMESPACE } from '../kubelet/node-status'
import { formatList, parseList, type ResourceList, resourceNames, zero } from '../quota/quantity'
import { makeNode, nodeConditions } from './default-cluster'

const CONFIG_MAPS = resourceByName('', 'configmaps') as ResourceInfo
const SERVICES = resourceByName('', 'services') as ResourceInfo

/** The `kubernetes` Service's ClusterIP: the first address of 10.96.0.0/12. */
export const KUBERNETES_SERVICE_IP = '10.96.0.1'

export const SYSTEM_NAMESPACES = ['default', 'kube-node-lease', 'kube-public', 'kube-system'] as const

const PRIORITY_CLASSES = resourceByName('scheduling.k8s.io', 'priorityclasses') as ResourceInfo
const LEASES = resourceByName('coordination.k8s.io', 'leases') as ResourceInfo

/**
 * A node's Lease as its kubelet writes it (component-helpers lease controller newLease, with the
 * kubelet's setNodeOwnerFunc): named after the node, held by it, owned by the Node.
 */
export function nodeLease(node: Node, renewTime: string): KubeObject {
  const name = node.metadata?.name ?? ''
  return {
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: {
      name,
      namespace: NODE_LEASE_NAMESPACE,
      ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name, uid: node.metadata?.uid ?? '' }],
    },
    spec: { holderIdentity: name, leaseDurationSeconds: NODE_LEASE_DURATION_SECONDS, renewTime },
  } as KubeObject
}

/**
 * Write the initial objects straight into etcd, an hour before virtual time 0. `objects` (the
 * scenario's setup objects) come last, so one may replace a bootstrap object (a Namespace
 * `default` with Pod Security labels, say); a namespaced one without a namespace goes to
 * `default`, and its namespace must be a system one or one of the objects' Namespaces. What the
 * apiserver and the controllers add to them by time 0 is added here: a Namespace's
 * `kubernetes.io/metadata.name` label, finalizer and phase (the namespace strategy), a new
 * namespace's `default` ServiceAccount and kube-root-ca.crt ConfigMap (the serviceaccount and
 * root-ca-cert-publisher controllers), a ResourceQuota's status (`hard` from spec.hard, `used`
 * zero: nothing ran in the namespace yet; the resourcequota controller finds it up to date), a
 * PriorityClass's default preemptionPolicy.
 */
export function bootstrap(
  store: MvccStore,
  kernel: Kernel,
  nodes: readonly Node[],
  objects: readonly KubeObject[] = [],
  pods: readonly Pod[] = [],
): void {
  const created = kernel.wallTime(-3_600_000)
  const put = (info: ResourceInfo, obj: KubeObject) => {
    const meta = writableMeta(obj)
    meta.uid ??= newUid(kernel.rng)
    meta.creationTimestamp ??= created
    store.put(etcdKey(info, meta.namespace, meta.name ?? ''), encode(obj))
  }
  for (const ns of SYSTEM_NAMESPACES) {
    put(NAMESPACES, {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: ns, labels: { 'kubernetes.io/metadata.name': ns } },
      spec: { finalizers: ['kubernetes'] },
      status: { phase: 'Active' },
    } as KubeObject)
  }
  for (const ns of SYSTEM_NAMESPACES) {
    put(SERVICE_ACCOUNTS, {
      apiVersion: 'v1',
      kind: 'ServiceAccount',
      metadata: { name: 'default', namespace: ns },
    })
  }
  // root-ca-cert-publisher's ConfigMap, which the kube-api-access volumes project.
  for (const ns of SYSTEM_NAMESPACES) {
    put(CONFIG_MAPS, rootCAConfigMap(ns) as KubeObject)
  }
  // kube-controller-manager's clientbuilder creates these for --use-service-account-credentials.
  for (const name of CONTROLLER_SERVICE_ACCOUNTS) {
    put(SERVICE_ACCOUNTS, {
      apiVersion: 'v1',
      kind: 'ServiceAccount',
      metadata: { name, namespace: 'kube-system' },
    })
  }
  for (const obj of bootstrapPolicy()) {
    put(resourceForKind(obj.apiVersion, obj.kind) as ResourceInfo, obj)
  }
  for (const [name, value] of [
    ['system-cluster-critical', 2000000000],
    ['system-node-critical', 2000001000],
  ] as const) {
    put(PRIORITY_CLASSES, {
      apiVersion: 'scheduling.k8s.io/v1',
      kind: 'PriorityClass',
      metadata: { name },
      value,
      globalDefault: false,
      preemptionPolicy: 'PreemptLowerPriority',
      description:
        'Used for system critical pods that must run in the cluster, but can be moved to another node if necessary.',
    } as KubeObject)
  }
  // The `kubernetes` Service the apiserver's kubernetesservice controller keeps in `default`
  // (pkg/controlplane/controller/kubernetesservice): the first IP of kubeadm's service CIDR,
  // port 443 to the apiserver's secure port 6443, stored as the Service strategy would.
  put(SERVICES, {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: {
      name: 'kubernetes',
      namespace: 'default',
      labels: { component: 'apiserver', provider: 'kubernetes' },
    },
    spec: {
      clusterIP: KUBERNETES_SERVICE_IP,
      clusterIPs: [KUBERNETES_SERVICE_IP],
      internalTrafficPolicy: 'Cluster',
      ipFamilies: ['IPv4'],
      ipFamilyPolicy: 'SingleStack',
      ports: [{ name: 'https', port: 443, protocol: 'TCP', targetPort: 6443 }],
      sessionAffinity: 'None',
      type: 'ClusterIP',
    },
    status: { loadBalancer: {} },
  } as KubeObject)
  const registered = nodes.map((node) => {
    const copy = clone(node)
    put(NODES, copy)
    return copy
  })
  // Each kubelet's Lease, as last renewed at time 0 (the kubelets were running before the story).
  for (const node of registered) put(LEASES, nodeLease(node, kernel.microTime()))
  const namespaces = new Set<string>(SYSTEM_NAMESPACES)
  for (const obj of objects) {
    if (obj.apiVersion !== 'v1' || obj.kind !== 'Namespace') continue
    const name = obj.metadata?.name ?? ''
    if (namespaces.has(name)) continue
    namespaces.add(name)
    put(SERVICE_ACCOUNTS, {
      apiVersion: 'v1',
      kind: 'ServiceAccount',
      metadata: { name: 'default', namespace: name },
    })
    put(CONFIG_MAPS, rootCAConfigMap(name) as KubeObject)
  }
  for (const obj of objects) {
    const info = resourceForKind(obj.apiVersion, obj.kind)
    if (!info) throw new Error(`bootstrap: the apiserver serves no ${obj.apiVersion} ${obj.kind}`)
    const copy = clone(obj)
    const meta = writableMeta(copy)
    if (info.namespaced) meta.namespace ||= 'default'
    else delete meta.namespace
    if (meta.namespace && !namespaces.has(meta.namespace)) {
      throw new Error(`bootstrap: namespace "${meta.namespace}" of ${obj.kind} "${meta.name}" does not exist`)
    }
    // Created through the apiserver: decoded (canonical quantities) and defaulted as it would be.
    applyDecodeDefaults(copy, info.group, info.resource)
    completeSetupObject(copy)
    put(info, copy)
  }
  // The bootstrap Pods, completed by planBootstrapPods (bootstrap-pods.ts), after their namespaces.
  for (const pod of pods) {
    const namespace = pod.metadata?.namespace ?? 'default'
    if (!namespaces.has(namespace)) {
      throw new Error(`bootstrap: namespace "${namespace}" of Pod "${pod.metadata?.name}" does not exist`)
    }
    put(PODS, clone(pod))
  }
}

/** What the apiserver and the controllers had added to a setup object by time 0. */
function completeSetupObject(obj: KubeObject): void {
  const o = obj as KubeObject & Record<string, unknown>
  const meta = writableMeta(obj)
  if (obj.apiVersion === 'v1' && obj.kind === 'Namespace') {
    // pkg/registry/core/namespace/strategy.go PrepareForCreate, and the label the apiserver adds.
    meta.labels = { ...(meta.labels ?? {}), 'kubernetes.io/metadata.name': meta.name ?? '' }
    const spec = (o.spec ?? {}) as { finalizers?: string[] }
    o.spec = { ...spec, finalizers: spec.finalizers ?? ['kubernetes'] }
    o.status = { phase: 'Active' }
  } else if (obj.apiVersion === 'v1' && obj.kind === 'ResourceQuota') {
    const hard = parseList((o.spec as { hard?: Record<string, string> } | undefined)?.hard)
    const used: ResourceList = {}
    for (const name of resourceNames(hard)) used[name] = zero()
    o.status = { hard: formatList(hard), used: formatList(used) }
  } else if (obj.kind === 'PriorityClass') {
    o.preemptionPolicy ??= 'PreemptLowerPriority'
  }
}

/**
 * Fill what a Node from a scenario file leaves out, as its kubelet would report it: capacity and
 * allocatable (4 CPU, 8Gi, 110 pods), the Ready condition, node info, a pod CIDR, the pause image.
 */
export function completeNode(node: Node, index: number): Node {
  const name = node.metadata?.name ?? `node-${index}`
  const base = makeNode({ name, cpu: '4', memory: '8Gi' }, index)
  const out = clone(node)
  const meta = writableMeta(out)
  meta.labels = { ...(base.metadata?.labels ?? {}), ...(meta.labels ?? {}) }
  const spec = (out.spec ??= {})
  spec.podCIDR ??= base.spec?.podCIDR
  spec.podCIDRs ??= spec.podCIDR ? [spec.podCIDR] : base.spec?.podCIDRs
  const status = { ...(out.status ?? {}) }
  const baseStatus = base.status ?? {}
  status.capacity ??= status.allocatable ?? baseStatus.capacity
  status.allocatable ??= status.capacity
  status.capacity = { pods: '110', ...status.capacity }
  status.allocatable = { pods: '110', ...status.allocatable }
  status.conditions ??= nodeConditions()
  status.addresses ??= baseStatus.addresses
  status.nodeInfo ??= baseStatus.nodeInfo
  status.images ??= baseStatus.images
  status.daemonEndpoints ??= baseStatus.daemonEndpoints
  Object.assign(out, { status })
  return out
}
