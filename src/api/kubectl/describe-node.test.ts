import { describe, expect, it } from 'vitest'
import type { Node, Pod } from '../types'
import { nodeEvents } from './describe-events'
import { describeNode, type Lease, nonTerminatedPods } from './describe-node'
import type { AnyEvent } from './events'

const NOW = Date.parse('2025-05-01T10:05:00Z')

const node: Node = {
  apiVersion: 'v1',
  kind: 'Node',
  metadata: {
    name: 'worker-1',
    uid: 'n1',
    creationTimestamp: '2025-05-01T09:00:00Z',
    labels: { 'node-role.kubernetes.io/worker': '', 'kubernetes.io/hostname': 'worker-1' },
    annotations: { 'node.alpha.kubernetes.io/ttl': '0' },
  },
  spec: {
    podCIDR: '10.244.1.0/24',
    podCIDRs: ['10.244.1.0/24', 'fd00:10:244:1::/64'],
    taints: [
      { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: '2025-05-01T10:04:00Z' },
    ],
  },
  status: {
    capacity: {
      cpu: '2',
      memory: '4Gi',
      pods: '110',
      'ephemeral-storage': '61202244Ki',
      'hugepages-2Mi': '0',
      'nvidia.com/gpu': '1',
    },
    allocatable: {
      cpu: '1900m',
      memory: '4091904Ki',
      pods: '110',
      'ephemeral-storage': '56403987978',
      'hugepages-2Mi': '0',
      'nvidia.com/gpu': '1',
    },
    conditions: [
      {
        type: 'Ready',
        status: 'True',
        lastHeartbeatTime: '2025-05-01T10:04:40Z',
        lastTransitionTime: '2025-05-01T09:00:30Z',
        reason: 'KubeletReady',
        message: 'kubelet is posting ready status',
      },
    ],
    addresses: [
      { type: 'InternalIP', address: '172.18.0.3' },
      { type: 'Hostname', address: 'worker-1' },
    ],
    nodeInfo: {
      machineID: 'm1',
      systemUUID: 's1',
      bootID: 'b1',
      kernelVersion: '6.1.0-37-cloud-amd64',
      osImage: 'Debian GNU/Linux 12 (bookworm)',
      operatingSystem: 'linux',
      architecture: 'amd64',
      containerRuntimeVersion: 'containerd://2.0.5',
      kubeletVersion: 'v1.33.0',
      kubeProxyVersion: 'v1.33.0',
    },
  },
}

function pod(
  namespace: string,
  name: string,
  spec: Partial<NonNullable<Pod['spec']>>,
  extra: Partial<Pod> = {},
): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { namespace, name, creationTimestamp: '2025-05-01T10:00:00Z' },
    spec: { nodeName: 'worker-1', containers: [], ...spec },
    status: { phase: 'Running' },
    ...extra,
  }
}

const pods: Pod[] = [
  pod('default', 'web-a', {
    containers: [
      {
        name: 'app',
        resources: { requests: { cpu: '250m', memory: '128Mi' }, limits: { cpu: '500m', memory: '256Mi' } },
      },
    ],
  }),
  pod(
    'kube-system',
    'proxy',
    {
      initContainers: [
        { name: 'sidecar', restartPolicy: 'Always', resources: { requests: { cpu: '50m', memory: '64Mi' } } },
        { name: 'setup', resources: { requests: { cpu: '20m' } } },
      ],
      containers: [{ name: 'proxy', resources: { requests: { cpu: '100m' } } }],
    },
    { metadata: { namespace: 'kube-system', name: 'proxy', creationTimestamp: '2025-05-01T09:00:00Z' } },
  ),
  pod(
    'default',
    'gpu',
    {
      containers: [
        {
          name: 'cuda',
          resources: { requests: { 'nvidia.com/gpu': '1' }, limits: { 'nvidia.com/gpu': '1' } },
        },
      ],
    },
    { metadata: { namespace: 'default', name: 'gpu', creationTimestamp: '2025-05-01T10:04:00Z' } },
  ),
  pod(
    'default',
    'done',
    { containers: [{ name: 'c', resources: { requests: { cpu: '1' } } }] },
    { status: { phase: 'Succeeded' } },
  ),
  pod('default', 'elsewhere', {
    nodeName: 'worker-2',
    containers: [{ name: 'c', resources: { requests: { cpu: '1' } } }],
  }),
]

const nodeEvent = (
  name: string,
  uid: string,
  reason: string,
  message: string,
  component: string,
  at: string,
): AnyEvent => ({
  apiVersion: 'v1',
  kind: 'Event',
  metadata: { name, namespace: 'default' },
  involvedObject: { kind: 'Node', name: 'worker-1', uid },
  reason,
  message,
  type: 'Normal',
  source: component === 'kubelet' ? { component, host: 'worker-1' } : { component },
  firstTimestamp: at,
  lastTimestamp: at,
  count: 1,
})

const events: AnyEvent[] = [
  nodeEvent(
    'worker-1.1',
    'n1',
    'RegisteredNode',
    'Node worker-1 event: Registered Node worker-1 in Controller',
    'node-controller',
    '2025-05-01T09:00:10Z',
  ),
  nodeEvent('worker-1.2', 'worker-1', 'Starting', 'Starting kubelet.', 'kubelet', '2025-05-01T09:00:05Z'),
  {
    ...nodeEvent('web-a.1', 'p', 'Pulled', 'x', 'kubelet', '2025-05-01T10:00:00Z'),
    involvedObject: { kind: 'Pod', name: 'web-a', namespace: 'default' },
  },
]

const lease: Lease = {
  apiVersion: 'coordination.k8s.io/v1',
  kind: 'Lease',
  metadata: { name: 'worker-1', namespace: 'kube-node-lease' },
  spec: { holderIdentity: 'worker-1', leaseDurationSeconds: 40, renewTime: '2025-05-01T10:04:58.000000Z' },
}

describe('describeNode', () => {
  it('lists the non-terminated Pods bound to the node, in list order', () => {
    expect(nonTerminatedPods(node, pods).map((p) => p.metadata?.name)).toEqual(['gpu', 'web-a', 'proxy'])
  })

  it('prints a node as kubectl describe node does', () => {
    expect(describeNode(node, pods, nodeEvents(node, events), { nowMs: NOW, lease })).toBe(
      [
        'Name:               worker-1',
        'Roles:              worker',
        'Labels:             kubernetes.io/hostname=worker-1',
        '                    node-role.kubernetes.io/worker=',
        'Annotations:        node.alpha.kubernetes.io/ttl: 0',
        'CreationTimestamp:  Thu, 01 May 2025 09:00:00 +0000',
        'Taints:             node.kubernetes.io/unreachable:NoExecute',
        '                    dedicated=gpu:NoSchedule',
        'Unschedulable:      false',
        'Lease:',
        '  HolderIdentity:  worker-1',
        '  AcquireTime:     <unset>',
        '  RenewTime:       Thu, 01 May 2025 10:04:58 +0000',
        'Conditions:',
        '  Type    Status  LastHeartbeatTime                 LastTransitionTime                Reason         Message',
        '  ----    ------  -----------------                 ------------------                ------         -------',
        '  Ready   True    Thu, 01 May 2025 10:04:40 +0000   Thu, 01 May 2025 09:00:30 +0000   KubeletReady   kubelet is posting ready status',
        'Addresses:',
        '  InternalIP:  172.18.0.3',
        '  Hostname:    worker-1',
        'Capacity:',
        '  cpu:                2',
        '  ephemeral-storage:  61202244Ki',
        '  hugepages-2Mi:      0',
        '  memory:             4Gi',
        '  nvidia.com/gpu:     1',
        '  pods:               110',
        'Allocatable:',
        '  cpu:                1900m',
        '  ephemeral-storage:  56403987978',
        '  hugepages-2Mi:      0',
        '  memory:             3996Mi',
        '  nvidia.com/gpu:     1',
        '  pods:               110',
        'System Info:',
        '  Machine ID:                 m1',
        '  System UUID:                s1',
        '  Boot ID:                    b1',
        '  Kernel Version:             6.1.0-37-cloud-amd64',
        '  OS Image:                   Debian GNU/Linux 12 (bookworm)',
        '  Operating System:           linux',
        '  Architecture:               amd64',
        '  Container Runtime Version:  containerd://2.0.5',
        '  Kubelet Version:            v1.33.0',
        '  Kube-Proxy Version:         v1.33.0',
        'PodCIDR:                      10.244.1.0/24',
        'PodCIDRs:                     10.244.1.0/24,fd00:10:244:1::/64',
        'Non-terminated Pods:          (3 in total)',
        '  Namespace                   Name     CPU Requests  CPU Limits  Memory Requests  Memory Limits  Age',
        '  ---------                   ----     ------------  ----------  ---------------  -------------  ---',
        '  default                     gpu      0 (0%)        0 (0%)      0 (0%)           0 (0%)         60s',
        '  default                     web-a    250m (13%)    500m (26%)  128Mi (3%)       256Mi (6%)     5m',
        '  kube-system                 proxy    150m (7%)     0 (0%)      64Mi (1%)        0 (0%)         65m',
        'Allocated resources:',
        '  (Total limits may be over 100 percent, i.e., overcommitted.)',
        '  Resource           Requests    Limits',
        '  --------           --------    ------',
        '  cpu                400m (21%)  500m (26%)',
        '  memory             192Mi (4%)  256Mi (6%)',
        '  ephemeral-storage  0 (0%)      0 (0%)',
        '  hugepages-2Mi      0 (0%)      0 (0%)',
        '  nvidia.com/gpu     1           1',
        'Events:',
        '  Type    Reason          Age   From             Message',
        '  ----    ------          ----  ----             -------',
        '  Normal  Starting        64m   kubelet          Starting kubelet.',
        '  Normal  RegisteredNode  64m   node-controller  Node worker-1 event: Registered Node worker-1 in Controller',
        '',
      ].join('\n'),
    )
  })

  it('reports a missing Lease as kubectl does, and Events: <none> in the last block', () => {
    const bare: Node = { metadata: { name: 'lonely' }, status: { capacity: { cpu: '1', memory: '1Gi' } } }
    const out = describeNode(bare, [], [], { nowMs: NOW })
    expect(out).toBe(
      [
        'Name:               lonely',
        'Roles:              <none>',
        'Labels:             <none>',
        'Annotations:        <none>',
        'CreationTimestamp:  Mon, 01 Jan 0001 00:00:00 +0000',
        'Taints:             <none>',
        'Unschedulable:      false',
        'Lease:              Failed to get lease: leases.coordination.k8s.io "lonely" not found',
        'Addresses:',
        'Capacity:',
        '  cpu:     1',
        '  memory:  1Gi',
        'System Info:',
        '  Machine ID:                 ',
        '  System UUID:                ',
        '  Boot ID:                    ',
        '  Kernel Version:             ',
        '  OS Image:                   ',
        '  Operating System:           ',
        '  Architecture:               ',
        '  Container Runtime Version:  ',
        '  Kubelet Version:            ',
        '  Kube-Proxy Version:         ',
        'Non-terminated Pods:          (0 in total)',
        '  Namespace                   Name    CPU Requests  CPU Limits  Memory Requests  Memory Limits  Age',
        '  ---------                   ----    ------------  ----------  ---------------  -------------  ---',
        'Allocated resources:',
        '  (Total limits may be over 100 percent, i.e., overcommitted.)',
        '  Resource           Requests  Limits',
        '  --------           --------  ------',
        '  cpu                0 (0%)    0 (0%)',
        '  memory             0 (0%)    0 (0%)',
        '  ephemeral-storage  0 (0%)    0 (0%)',
        'Events:              <none>',
        '',
      ].join('\n'),
    )
  })
})
