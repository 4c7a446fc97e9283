import type {
  PersistentVolume,
  PersistentVolumeClaim,
  Volume,
  VolumeNodeAffinity,
} from 'kubernetes-types/core/v1'
import { describe, expect, it } from 'vitest'
import type { Node, Pod } from '../../../../api/types'
import { fitErrorMessage } from '../../framework/fit-error'
import { staticListers } from '../../framework/listers'
import { makeNode, makePod, newState, nodeInfo } from '../../testing/builders'
import { harness } from '../../testing/harness'
import {
  ANN_BIND_COMPLETED,
  ERR_REASON_NODE_CONFLICT,
  NAME as VOLUME_BINDING,
} from '../VolumeBinding/volume-binding'
import {
  ERR_REASON_CONFLICT,
  LABEL_FAILURE_DOMAIN_BETA_REGION,
  LABEL_FAILURE_DOMAIN_BETA_ZONE,
  LABEL_TOPOLOGY_REGION,
  LABEL_TOPOLOGY_ZONE,
  labelZonesToSet,
  NAME,
  VolumeZone,
} from './volume-zone'

function withVolumes(pod: Pod, ...volumes: Volume[]): Pod {
  return { ...pod, spec: { containers: [], ...pod.spec, volumes } }
}
const claimVol = (claimName: string): Volume => ({ name: claimName, persistentVolumeClaim: { claimName } })
const podWith = (...claims: string[]) => withVolumes(makePod('p').obj(), ...claims.map((c) => claimVol(c)))

/** With a volume name, a claim the PV controller has bound (spec.volumeName and bind-completed). */
function pvc(name: string, volumeName?: string, storageClassName?: string): PersistentVolumeClaim {
  return {
    metadata: {
      name,
      namespace: 'default',
      ...(volumeName ? { annotations: { [ANN_BIND_COMPLETED]: 'yes' } } : {}),
    },
    spec: { ...(volumeName ? { volumeName } : {}), ...(storageClassName ? { storageClassName } : {}) },
    status: { phase: volumeName ? 'Bound' : 'Pending' },
  }
}
/** A pre-provisioned PV with topology labels (and no node affinity unless given). */
const pv = (
  name: string,
  labels: Record<string, string> = {},
  nodeAffinity?: VolumeNodeAffinity,
): PersistentVolume => ({
  metadata: { name, labels },
  spec: {
    accessModes: ['ReadWriteOnce'],
    capacity: { storage: '10Gi' },
    csi: { driver: 'pd.csi.storage.gke.io', volumeHandle: `projects/p/zones/z/disks/${name}` },
    ...(nodeAffinity ? { nodeAffinity } : {}),
  },
  status: { phase: 'Bound' },
})

const claims = [
  pvc('zonal', 'pv-a'),
  pvc('regional', 'pv-region'),
  pvc('multi', 'pv-multi'),
  pvc('beta', 'pv-beta'),
  pvc('plain', 'pv-plain'),
  pvc('broken', 'pv-broken'),
  pvc('dangling', 'pv-gone'),
  pvc('unbound'),
  pvc('unbound-sc', undefined, 'fast'),
]
const volumes = [
  pv('pv-a', { [LABEL_TOPOLOGY_ZONE]: 'zone-a' }),
  pv('pv-region', { [LABEL_TOPOLOGY_REGION]: 'region-1' }),
  pv('pv-multi', { [LABEL_TOPOLOGY_ZONE]: 'zone-a__zone-b' }),
  pv('pv-beta', {
    [LABEL_FAILURE_DOMAIN_BETA_ZONE]: 'zone-b',
    [LABEL_FAILURE_DOMAIN_BETA_REGION]: 'region-1',
  }),
  pv('pv-plain'),
  pv('pv-broken', { [LABEL_TOPOLOGY_ZONE]: 'zone-a__' }),
]
const plugin = () =>
  new VolumeZone({ listers: staticListers({ persistentVolumeClaims: claims, persistentVolumes: volumes }) })

describe('VolumeZone labelZonesToSet', () => {
  it.each([
    { value: 'zone-a', want: ['zone-a'] },
    { value: 'zone-a__zone-b', want: ['zone-a', 'zone-b'] },
    { value: ' zone-a __ zone-b ', want: ['zone-a', 'zone-b'] },
    { value: 'zone-a__', want: null },
    { value: '', want: null },
  ])('$value', ({ value, want }) => {
    const got = labelZonesToSet(value)
    expect(got === null ? null : [...got]).toEqual(want)
  })
})

describe('VolumeZone PreFilter', () => {
  const pl = plugin()
  it.each([
    { name: 'no claims', pod: podWith(), want: 'Skip' },
    { name: 'PV without topology labels', pod: podWith('plain'), want: 'Skip' },
    { name: 'malformed zone label is ignored', pod: podWith('broken'), want: 'Skip' },
    { name: 'zonal PV', pod: podWith('zonal'), want: null },
    { name: 'missing claim', pod: podWith('nope'), want: 'persistentvolumeclaim "nope" not found' },
    { name: 'missing PV', pod: podWith('dangling'), want: 'persistentvolume "pv-gone" not found' },
    {
      name: 'unbound claim without a class',
      pod: podWith('unbound'),
      want: 'PersistentVolumeClaim had no pv name and storageClass name',
    },
    {
      name: 'unbound claim naming a class that does not exist',
      pod: podWith('unbound-sc'),
      want: 'storageclass.storage.k8s.io "fast" not found',
    },
  ])('$name', ({ pod, want }) => {
    const { status } = pl.preFilter(newState(), pod)
    if (want === null) expect(status).toBeNull()
    else if (want === 'Skip') expect(status).toMatchObject({ code: 'Skip' })
    else expect(status).toEqual({ code: 'UnschedulableAndUnresolvable', reasons: [want], plugin: NAME })
  })
})

describe('VolumeZone Filter', () => {
  const node = (labels: Record<string, string>): Node => makeNode('n').labels(labels).obj()
  const inA = node({ [LABEL_TOPOLOGY_ZONE]: 'zone-a', [LABEL_TOPOLOGY_REGION]: 'region-1' })
  const inB = node({ [LABEL_TOPOLOGY_ZONE]: 'zone-b', [LABEL_TOPOLOGY_REGION]: 'region-1' })
  const cases: { name: string; pod: Pod; node: Node; fits: boolean }[] = [
    { name: 'same zone', pod: podWith('zonal'), node: inA, fits: true },
    { name: 'other zone', pod: podWith('zonal'), node: inB, fits: false },
    {
      name: 'node without topology labels fits',
      pod: podWith('zonal'),
      node: makeNode('n').obj(),
      fits: true,
    },
    {
      name: 'node with only a region label lacks the zone',
      pod: podWith('zonal'),
      node: node({ [LABEL_TOPOLOGY_REGION]: 'region-1' }),
      fits: false,
    },
    { name: 'multi-zone PV, second zone', pod: podWith('multi'), node: inB, fits: true },
    { name: 'regional PV', pod: podWith('regional'), node: inB, fits: true },
    { name: 'beta PV labels match the GA node labels', pod: podWith('beta'), node: inB, fits: true },
    { name: 'beta PV labels, other zone', pod: podWith('beta'), node: inA, fits: false },
    {
      name: 'beta node labels',
      pod: podWith('beta'),
      node: node({
        [LABEL_FAILURE_DOMAIN_BETA_ZONE]: 'zone-b',
        [LABEL_FAILURE_DOMAIN_BETA_REGION]: 'region-1',
      }),
      fits: true,
    },
    {
      name: 'GA PV labels are not matched by beta node labels',
      pod: podWith('zonal'),
      node: node({ [LABEL_FAILURE_DOMAIN_BETA_ZONE]: 'zone-a' }),
      fits: false,
    },
    { name: 'every PV must match', pod: podWith('zonal', 'beta'), node: inA, fits: false },
  ]
  it.each(cases)('$name', ({ pod, node, fits }) => {
    const pl = plugin()
    const state = newState()
    expect(pl.preFilter(state, pod).status).toBeNull()
    const s = pl.filter(state, pod, nodeInfo(node))
    if (fits) expect(s).toBeNull()
    else
      expect(s).toEqual({
        code: 'UnschedulableAndUnresolvable',
        reasons: [ERR_REASON_CONFLICT],
        plugin: NAME,
      })
  })
})

describe('VolumeZone queueing hints', () => {
  const [, pvcEvent, pvEvent] = plugin().eventsToRegister()
  it('PVC: only a claim the pod names', () => {
    expect(pvcEvent?.hint?.(podWith('zonal'), undefined, pvc('zonal'))).toBe('Queue')
    expect(pvcEvent?.hint?.(podWith('zonal'), undefined, pvc('other'))).toBe('QueueSkip')
  })
  it('PV: a new one, or changed topology labels', () => {
    const before = pv('x', { [LABEL_TOPOLOGY_ZONE]: 'zone-a' })
    expect(pvEvent?.hint?.(podWith(), undefined, before)).toBe('Queue')
    expect(pvEvent?.hint?.(podWith(), before, pv('x', { [LABEL_TOPOLOGY_ZONE]: 'zone-b' }))).toBe('Queue')
    expect(pvEvent?.hint?.(podWith(), before, pv('x', { [LABEL_TOPOLOGY_ZONE]: 'zone-a', app: 'db' }))).toBe(
      'QueueSkip',
    )
  })
})

/**
 * The full default profile (the in-tree registry, the harness's default). The claims are bound to
 * existing PVs, so VolumeBinding's PreFilter lets the pods through, and the zonal PV has only
 * topology labels (no spec.nodeAffinity), so VolumeBinding's Filter, which runs before this one,
 * accepts every node.
 */
describe('VolumeZone in the default profile', () => {
  const listers = staticListers({ persistentVolumeClaims: claims, persistentVolumes: volumes })
  const nodes = [
    makeNode('worker-1').zone('zone-a', 'region-1').obj(),
    makeNode('worker-2').zone('zone-b', 'region-1').obj(),
    makeNode('worker-3').zone('zone-c', 'region-1').obj(),
  ]

  it('the pod follows its volume to zone-a', () => {
    const out = harness(nodes, [], { listers }).schedule(podWith('zonal'))
    expect(out.kind === 'scheduled' && out.suggestedHost).toBe('worker-1')
  })

  it('FailedScheduling names the nodes in other zones', () => {
    const out = harness(nodes.slice(1), [], { listers }).schedule(podWith('zonal'))
    expect(out.kind).toBe('unschedulable')
    if (out.kind !== 'unschedulable') return
    expect(out.fitError.diagnosis.nodeToStatus.get('worker-2')).toMatchObject({
      code: 'UnschedulableAndUnresolvable',
      reasons: [ERR_REASON_CONFLICT],
      plugin: NAME,
    })
    expect(fitErrorMessage(out.fitError)).toBe(
      '0/2 nodes are available: 2 node(s) had no available volume zone.',
    )
  })

  it('a PV that also has zonal node affinity is rejected by VolumeBinding first', () => {
    // A dynamically provisioned PV usually carries the zone in spec.nodeAffinity too. Upstream runs
    // VolumeBinding's Filter before VolumeZone's and stops at the first failure, so the nodes in
    // other zones are reported as a volume node affinity conflict, not as no available volume zone.
    const zonalAffinity: VolumeNodeAffinity = {
      required: {
        nodeSelectorTerms: [
          { matchExpressions: [{ key: LABEL_TOPOLOGY_ZONE, operator: 'In', values: ['zone-a'] }] },
        ],
      },
    }
    const both = staticListers({
      persistentVolumeClaims: [pvc('zonal', 'pv-a')],
      persistentVolumes: [pv('pv-a', { [LABEL_TOPOLOGY_ZONE]: 'zone-a' }, zonalAffinity)],
    })
    const out = harness(nodes.slice(1), [], { listers: both }).schedule(podWith('zonal'))
    expect(out.kind).toBe('unschedulable')
    if (out.kind !== 'unschedulable') return
    expect(out.fitError.diagnosis.nodeToStatus.get('worker-2')).toMatchObject({
      code: 'UnschedulableAndUnresolvable',
      reasons: [ERR_REASON_NODE_CONFLICT],
      plugin: VOLUME_BINDING,
    })
    expect(fitErrorMessage(out.fitError)).toBe(
      '0/2 nodes are available: 2 node(s) had volume node affinity conflict.',
    )
    const ok = harness(nodes, [], { listers: both }).schedule(podWith('zonal'))
    expect(ok.kind === 'scheduled' && ok.suggestedHost).toBe('worker-1')
  })
})
