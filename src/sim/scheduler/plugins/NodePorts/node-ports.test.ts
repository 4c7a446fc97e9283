import type { ContainerPort } from 'kubernetes-types/core/v1'
import { describe, expect, it } from 'vitest'
import type { Pod } from '../../../../api/types'
import { CycleState } from '../../framework/cycle-state'
import { fitErrorMessage } from '../../framework/fit-error'
import type { ClusterEventWithHint } from '../../framework/interfaces'
import type { Registry } from '../../framework/registry'
import { statusMessage } from '../../framework/status'
import { makeNode, makePod, newState, nodeInfo } from '../../testing/builders'
import { harness } from '../../testing/harness'
import { IN_TREE_REGISTRY } from '../registry'
import { ERR_REASON, NAME, NodePorts, wantedHostPorts } from './node-ports'

/** A pod with one container exposing these ports. */
const withPorts = (name: string, ...ports: ContainerPort[]) => makePod(name).container(undefined, { ports })
const tcp = (hostPort: number, hostIP?: string): ContainerPort => ({
  containerPort: hostPort,
  hostPort,
  protocol: 'TCP',
  ...(hostIP ? { hostIP } : {}),
})
const udp = (hostPort: number, hostIP?: string): ContainerPort => ({
  ...tcp(hostPort, hostIP),
  protocol: 'UDP',
})

/** A pod whose only host port is on a sidecar (init container with restartPolicy Always). */
function sidecarWithPort(name: string, hostPort: number): Pod {
  const pod = makePod(name).container().obj()
  return {
    ...pod,
    spec: {
      ...pod.spec,
      containers: pod.spec?.containers ?? [],
      initContainers: [
        {
          name: 'proxy',
          image: 'envoy',
          restartPolicy: 'Always',
          ports: [{ containerPort: hostPort, hostPort }],
        },
      ],
    },
  }
}

describe('NodePorts PreFilter', () => {
  const pl = new NodePorts()
  const cases: { name: string; pod: Pod; want: 'Skip' | null }[] = [
    { name: 'no containers ports', pod: makePod().container().obj(), want: 'Skip' },
    {
      name: 'containerPort without hostPort',
      pod: withPorts('p', { containerPort: 8080 }).obj(),
      want: 'Skip',
    },
    // v1.33.0: only regular containers count (v1.33.6 adds sidecars).
    { name: 'a hostPort on a sidecar only', pod: sidecarWithPort('p', 8080), want: 'Skip' },
    { name: 'a hostPort', pod: withPorts('p', tcp(8080)).obj(), want: null },
  ]
  it.each(cases)('$name', ({ pod, want }) => {
    const out = pl.preFilter(newState(), pod)
    expect(out.result).toBeNull()
    if (want === null) expect(out.status).toBeNull()
    else expect(out.status).toMatchObject({ code: want })
  })

  it('defaults hostIP to 0.0.0.0 and protocol to TCP', () => {
    const pod = withPorts('p', { containerPort: 80, hostPort: 80 }, udp(53, '10.0.0.1')).obj()
    expect(wantedHostPorts(pod)).toEqual([
      { ip: '0.0.0.0', key: 'TCP/80' },
      { ip: '10.0.0.1', key: 'UDP/53' },
    ])
  })
})

describe('NodePorts Filter', () => {
  const pl = new NodePorts()
  const cases: { name: string; existing: Pod[]; pod: Pod; fits: boolean }[] = [
    { name: 'nothing running', existing: [], pod: withPorts('p', tcp(8080)).obj(), fits: true },
    {
      // The node holds 0.0.0.0 TCP/8080; the pod wants 0.0.0.0 TCP/8080.
      name: 'same port, same protocol, both on all IPs',
      existing: [withPorts('a', tcp(8080)).obj()],
      pod: withPorts('p', tcp(8080)).obj(),
      fits: false,
    },
    {
      // 127.0.0.1 TCP/8080 is taken; UDP/8080 is another protocol/port pair.
      name: 'same port, other protocol',
      existing: [withPorts('a', tcp(8080, '127.0.0.1')).obj()],
      pod: withPorts('p', udp(8080, '127.0.0.1')).obj(),
      fits: true,
    },
    {
      name: 'same port on another specific IP',
      existing: [withPorts('a', tcp(8080, '127.0.0.1')).obj()],
      pod: withPorts('p', tcp(8080, '127.0.0.2')).obj(),
      fits: true,
    },
    {
      name: 'same port on the same specific IP',
      existing: [withPorts('a', tcp(8080, '127.0.0.1')).obj()],
      pod: withPorts('p', tcp(8080, '127.0.0.1')).obj(),
      fits: false,
    },
    {
      // Wanting 0.0.0.0 checks TCP/8080 on every IP of the node.
      name: 'wanting all IPs when one IP holds the port',
      existing: [withPorts('a', tcp(8080, '127.0.0.1')).obj()],
      pod: withPorts('p', tcp(8080)).obj(),
      fits: false,
    },
    {
      // Wanting 10.0.0.1 checks 10.0.0.1 and 0.0.0.0.
      name: 'wanting one IP when all IPs hold the port',
      existing: [withPorts('a', tcp(8080)).obj()],
      pod: withPorts('p', tcp(8080, '10.0.0.1')).obj(),
      fits: false,
    },
    {
      // The existing pod omits the protocol: it is TCP.
      name: 'default protocol is TCP',
      existing: [withPorts('a', { containerPort: 9090, hostPort: 9090 }).obj()],
      pod: withPorts('p', tcp(9090)).obj(),
      fits: false,
    },
    {
      name: 'the second of several wanted ports is taken',
      existing: [withPorts('a', udp(53)).obj()],
      pod: withPorts('p', tcp(80), udp(53)).obj(),
      fits: false,
    },
    {
      name: 'other ports taken, in other pods',
      existing: [withPorts('a', tcp(80)).obj(), withPorts('b', udp(53)).obj()],
      pod: withPorts('p', tcp(8080), udp(8053)).obj(),
      fits: true,
    },
    {
      // NodeInfo counts regular containers only in v1.33.0.
      name: "a sidecar's host port is not counted on the node",
      existing: [sidecarWithPort('a', 8080)],
      pod: withPorts('p', tcp(8080)).obj(),
      fits: true,
    },
  ]
  it.each(cases)('$name', ({ existing, pod, fits }) => {
    const state = newState()
    pl.preFilter(state, pod)
    const s = pl.filter(state, pod, nodeInfo(makeNode('n1').obj(), ...existing))
    if (fits) expect(s).toBeNull()
    else expect(s).toEqual({ code: 'Unschedulable', reasons: [ERR_REASON], plugin: NAME })
  })
})

describe('NodePorts queueing hints', () => {
  const events = new NodePorts().eventsToRegister()
  const podDelete = events.find((e) => e.event.resource === 'Pod') as ClusterEventWithHint

  it('registers Pod Delete with a hint and Node Add without one', () => {
    expect(events.map((e) => [e.event.resource, e.event.actionType, e.hint !== undefined])).toEqual([
      ['Pod', 2, true],
      ['Node', 1, false],
    ])
  })

  const cases: { name: string; deleted: Pod; pod: Pod; want: 'Queue' | 'QueueSkip' }[] = [
    {
      name: 'an unscheduled pod held nothing',
      deleted: withPorts('d', tcp(80)).obj(),
      pod: withPorts('p', tcp(80)).obj(),
      want: 'QueueSkip',
    },
    {
      name: 'a bound pod freed the wanted port',
      deleted: withPorts('d', tcp(80)).nodeName('n1').obj(),
      pod: withPorts('p', tcp(80)).obj(),
      want: 'Queue',
    },
    {
      name: 'a pod nominated to a node freed the wanted port',
      deleted: { ...withPorts('d', tcp(80)).obj(), status: { nominatedNodeName: 'n1' } },
      pod: withPorts('p', tcp(80)).obj(),
      want: 'Queue',
    },
    {
      name: 'a bound pod without host ports',
      deleted: makePod('d').container().nodeName('n1').obj(),
      pod: withPorts('p', tcp(80)).obj(),
      want: 'QueueSkip',
    },
    {
      name: 'a bound pod freed another port',
      deleted: withPorts('d', tcp(81)).nodeName('n1').obj(),
      pod: withPorts('p', tcp(80)).obj(),
      want: 'QueueSkip',
    },
    {
      name: 'a bound pod freed the port on one IP, the pod wants all IPs',
      deleted: withPorts('d', tcp(80, '127.0.0.1')).nodeName('n1').obj(),
      pod: withPorts('p', tcp(80)).obj(),
      want: 'Queue',
    },
    {
      name: 'a bound pod freed the port on another IP',
      deleted: withPorts('d', tcp(80, '127.0.0.1')).nodeName('n1').obj(),
      pod: withPorts('p', tcp(80, '127.0.0.2')).obj(),
      want: 'QueueSkip',
    },
  ]
  it.each(cases)('$name', ({ deleted, pod, want }) => {
    expect(podDelete.hint?.(pod, deleted, undefined)).toBe(want)
  })
})

describe('NodePorts in the framework', () => {
  const registry: Registry = new Map([...IN_TREE_REGISTRY, [NAME, () => new NodePorts()]])
  const nodes = [makeNode('node-a').obj(), makeNode('node-b').obj()]
  const web = (name: string) => withPorts(name, tcp(80))

  it('runs at its upstream place and sends the pod to the node whose port is free', () => {
    const h = harness(nodes, [web('a').nodeName('node-a').obj()], { registry })
    expect(h.fwk.filterPlugins.map((p) => p.name)).toContain(NAME)
    const out = h.schedule(web('p').obj())
    expect(out).toMatchObject({ kind: 'scheduled', suggestedHost: 'node-b' })
  })

  it('explains a port taken everywhere, and preemption finds no victims of equal priority', () => {
    const h = harness(nodes, [web('a').nodeName('node-a').obj(), web('b').nodeName('node-b').obj()], {
      registry,
    })
    const pod = web('p').obj()
    const state = new CycleState()
    const out = h.algorithm.schedulePod(h.fwk, state, pod)
    expect(out.kind).toBe('unschedulable')
    if (out.kind !== 'unschedulable') return
    const post = h.fwk.runPostFilterPlugins(state, pod, out.fitError.diagnosis.nodeToStatus)
    out.fitError.diagnosis.postFilterMsg = statusMessage(post.status)
    expect(fitErrorMessage(out.fitError)).toBe(
      "0/2 nodes are available: 2 node(s) didn't have free ports for the requested pod ports. preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod.",
    )
  })

  it('rejects with Unschedulable, so preemption may free the port', () => {
    const h = harness(nodes, [web('a').nodeName('node-a').obj(), web('b').nodeName('node-b').obj()], {
      registry,
    })
    const out = h.schedule(web('p').obj())
    expect(out.kind).toBe('unschedulable')
    if (out.kind !== 'unschedulable') return
    for (const node of ['node-a', 'node-b']) {
      expect(out.fitError.diagnosis.nodeToStatus.get(node)).toMatchObject({
        code: 'Unschedulable',
        plugin: NAME,
      })
    }
    expect([...out.fitError.diagnosis.unschedulablePlugins]).toEqual([NAME])
  })
})
