import { describe, expect, it } from 'vitest'
import type { Node } from '../types'
import { getNodes, nodeRoles, nodeStatus } from './nodes'

const NOW = Date.parse('2025-05-01T10:05:00Z')

function node(
  name: string,
  opts: { ready?: 'True' | 'False' | 'Unknown'; labels?: Record<string, string>; cordoned?: boolean } = {},
): Node {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, labels: opts.labels ?? {}, creationTimestamp: '2025-04-30T09:00:00Z' },
    spec: opts.cordoned ? { unschedulable: true } : {},
    status: {
      conditions: opts.ready ? [{ type: 'Ready', status: opts.ready }] : [],
      addresses: [
        { type: 'InternalIP', address: '172.18.0.2' },
        { type: 'Hostname', address: name },
      ],
      nodeInfo: {
        kubeletVersion: 'v1.33.0',
        osImage: 'Debian GNU/Linux 12 (bookworm)',
        kernelVersion: '6.1.0-18-amd64',
        containerRuntimeVersion: 'containerd://2.0.5',
        architecture: 'amd64',
        bootID: '',
        kubeProxyVersion: '',
        machineID: '',
        operatingSystem: 'linux',
        systemUUID: '',
      },
    },
  }
}

describe('nodeStatus', () => {
  it.each<[string, Node, string]>([
    ['ready', node('a', { ready: 'True' }), 'Ready'],
    ['not ready', node('a', { ready: 'False' }), 'NotReady'],
    ['unknown ready', node('a', { ready: 'Unknown' }), 'NotReady'],
    ['no Ready condition', node('a'), 'Unknown'],
    ['cordoned', node('a', { ready: 'True', cordoned: true }), 'Ready,SchedulingDisabled'],
  ])('%s', (_, n, want) => {
    expect(nodeStatus(n)).toBe(want)
  })
})

describe('nodeRoles', () => {
  it.each<[Record<string, string>, string[]]>([
    [{}, []],
    [{ 'node-role.kubernetes.io/control-plane': '' }, ['control-plane']],
    [{ 'kubernetes.io/role': 'worker', 'node-role.kubernetes.io/infra': '' }, ['infra', 'worker']],
    [{ 'node-role.kubernetes.io/': '', 'kubernetes.io/role': '' }, []],
  ])('%j', (labels, want) => {
    expect(nodeRoles(node('a', { labels }))).toEqual(want)
  })
})

describe('getNodes', () => {
  const nodes = [
    node('control-plane', { ready: 'True', labels: { 'node-role.kubernetes.io/control-plane': '' } }),
    node('worker-1', { ready: 'True', cordoned: true }),
  ]

  it('prints NAME STATUS ROLES AGE VERSION', () => {
    expect(getNodes(nodes, { nowMs: NOW })).toBe(
      [
        'NAME            STATUS                     ROLES           AGE   VERSION',
        'control-plane   Ready                      control-plane   25h   v1.33.0',
        'worker-1        Ready,SchedulingDisabled   <none>          25h   v1.33.0',
        '',
      ].join('\n'),
    )
  })

  it('adds addresses and node info with -o wide', () => {
    expect(getNodes(nodes.slice(0, 1), { nowMs: NOW, wide: true })).toBe(
      [
        'NAME            STATUS   ROLES           AGE   VERSION   INTERNAL-IP   EXTERNAL-IP   OS-IMAGE                         KERNEL-VERSION   CONTAINER-RUNTIME',
        'control-plane   Ready    control-plane   25h   v1.33.0   172.18.0.2    <none>        Debian GNU/Linux 12 (bookworm)   6.1.0-18-amd64   containerd://2.0.5',
        '',
      ].join('\n'),
    )
  })
})
