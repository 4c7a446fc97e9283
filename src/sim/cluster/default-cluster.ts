/**
 * The default cluster: what `kubeadm init` plus three `kubeadm join`s of different sizes look like
 * to the API in v1.33 — a control-plane node tainted NoSchedule and three workers.
 */
import type { Node } from '../../api/types'
import { nodeImages, PAUSE_IMAGE } from '../runtime/catalog'

export interface NodeShape {
  readonly name: string
  readonly cpu: string
  readonly memory: string
  readonly controlPlane?: boolean
  readonly labels?: Readonly<Record<string, string>>
}

export const DEFAULT_NODES: readonly NodeShape[] = [
  { name: 'control-plane', cpu: '2', memory: '4Gi', controlPlane: true },
  { name: 'worker-1', cpu: '2', memory: '4Gi' },
  { name: 'worker-2', cpu: '4', memory: '8Gi' },
  { name: 'worker-3', cpu: '8', memory: '16Gi' },
]

/**
 * The images a kubeadm node already holds: the pause image (with the digest the simulated
 * registry serves) and kube-proxy.
 */
const NODE_IMAGES = [
  ...nodeImages([PAUSE_IMAGE]),
  { names: ['registry.k8s.io/kube-proxy:v1.33.0'], sizeBytes: 30930232 },
]

const CONTROL_PLANE_IMAGES = [
  { names: ['registry.k8s.io/etcd:3.5.21-0'], sizeBytes: 58938593 },
  { names: ['registry.k8s.io/kube-apiserver:v1.33.0'], sizeBytes: 30071307 },
  { names: ['registry.k8s.io/kube-controller-manager:v1.33.0'], sizeBytes: 27646671 },
  { names: ['registry.k8s.io/kube-scheduler:v1.33.0'], sizeBytes: 21776238 },
  { names: ['registry.k8s.io/coredns/coredns:v1.12.0'], sizeBytes: 20939036 },
]

/** The Node object a kubelet registers, with status as its first heartbeat reports it. */
export function makeNode(shape: NodeShape, index: number): Node {
  const labels: Record<string, string> = {
    'beta.kubernetes.io/arch': 'amd64',
    'beta.kubernetes.io/os': 'linux',
    'kubernetes.io/arch': 'amd64',
    'kubernetes.io/hostname': shape.name,
    'kubernetes.io/os': 'linux',
    ...(shape.controlPlane
      ? {
          'node-role.kubernetes.io/control-plane': '',
          'node.kubernetes.io/exclude-from-external-load-balancers': '',
        }
      : {}),
    ...(shape.labels ?? {}),
  }
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name: shape.name,
      labels,
      annotations: {
        'kubeadm.alpha.kubernetes.io/cri-socket': 'unix:///run/containerd/containerd.sock',
        'node.alpha.kubernetes.io/ttl': '0',
        'volumes.kubernetes.io/controller-managed-attach-detach': 'true',
      },
    },
    spec: {
      podCIDR: `10.244.${index}.0/24`,
      podCIDRs: [`10.244.${index}.0/24`],
      ...(shape.controlPlane
        ? { taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }] }
        : {}),
    },
    status: {
      capacity: {
        cpu: shape.cpu,
        memory: shape.memory,
        pods: '110',
        'ephemeral-storage': '61202244Ki',
        'hugepages-2Mi': '0',
      },
      // kubelet default: no reservations except the memory.available<100Mi eviction threshold.
      allocatable: {
        cpu: shape.cpu,
        memory: subtractMi(shape.memory, 100),
        pods: '110',
        'ephemeral-storage': '56403987978',
        'hugepages-2Mi': '0',
      },
      conditions: nodeConditions(),
      addresses: [
        { type: 'InternalIP', address: `172.18.0.${index + 2}` },
        { type: 'Hostname', address: shape.name },
      ],
      daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
      nodeInfo: {
        machineID: hex32(`machine-${shape.name}`),
        systemUUID: hex32(`system-${shape.name}`),
        bootID: hex32(`boot-${shape.name}`),
        kernelVersion: '6.1.0-37-cloud-amd64',
        osImage: 'Debian GNU/Linux 12 (bookworm)',
        containerRuntimeVersion: 'containerd://2.0.5',
        kubeletVersion: 'v1.33.0',
        kubeProxyVersion: 'v1.33.0',
        operatingSystem: 'linux',
        architecture: 'amd64',
      },
      images: shape.controlPlane ? [...CONTROL_PLANE_IMAGES, ...NODE_IMAGES] : [...NODE_IMAGES],
    },
  }
}

export function nodeConditions(): NonNullable<NonNullable<Node['status']>['conditions']> {
  const t = '2025-05-01T09:00:00Z'
  const c = (type: string, status: string, reason: string, message: string) => ({
    type,
    status,
    lastHeartbeatTime: t,
    lastTransitionTime: t,
    reason,
    message,
  })
  return [
    c('MemoryPressure', 'False', 'KubeletHasSufficientMemory', 'kubelet has sufficient memory available'),
    c('DiskPressure', 'False', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure'),
    c('PIDPressure', 'False', 'KubeletHasSufficientPID', 'kubelet has sufficient PID available'),
    c('Ready', 'True', 'KubeletReady', 'kubelet is posting ready status'),
  ]
}

function subtractMi(memory: string, mi: number): string {
  const m = /^(\d+)(Gi|Mi)$/.exec(memory)
  if (!m) return memory
  const total = Number(m[1]) * (m[2] === 'Gi' ? 1024 : 1)
  return `${(total - mi) * 1024}Ki`
}

function hex32(seed: string): string {
  let h = 0x811c9dc5
  let out = ''
  for (let round = 0; out.length < 32; round++) {
    for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193)
    h = Math.imul(h ^ round, 0x01000193)
    out += (h >>> 0).toString(16).padStart(8, '0')
  }
  return out.slice(0, 32)
}
