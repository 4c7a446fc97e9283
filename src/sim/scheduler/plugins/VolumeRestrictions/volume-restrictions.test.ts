import type { PersistentVolume, PersistentVolumeClaim, Volume } from 'kubernetes-types/core/v1'
import { describe, expect, it } from 'vitest'
import type { Pod } from '../../../../api/types'
import { fitErrorMessage } from '../../framework/fit-error'
import { staticListers } from '../../framework/listers'
import type { NodeInfo, NodeInfoLister } from '../../framework/node-info'
import { newPodInfo } from '../../framework/pod-info'
import { makeNode, makePod, newState, nodeInfo } from '../../testing/builders'
import { harness } from '../../testing/harness'
import { ANN_BIND_COMPLETED } from '../VolumeBinding/volume-binding'
import {
  ERR_REASON_DISK_CONFLICT,
  ERR_REASON_READ_WRITE_ONCE_POD_CONFLICT,
  isVolumeConflict,
  NAME,
  VolumeRestrictions,
} from './volume-restrictions'

function withVolumes(pod: Pod, ...volumes: Volume[]): Pod {
  return { ...pod, spec: { containers: [], ...pod.spec, volumes } }
}
const podWith = (name: string, ...volumes: Volume[]) => withVolumes(makePod(name).obj(), ...volumes)

const gce = (pdName: string, readOnly = false): Volume => ({
  name: 'v',
  gcePersistentDisk: { pdName, readOnly },
})
const ebs = (volumeID: string, readOnly = false): Volume => ({
  name: 'v',
  awsElasticBlockStore: { volumeID, readOnly },
})
const iscsi = (iqn: string, readOnly = false): Volume => ({
  name: 'v',
  iscsi: { iqn, readOnly, targetPortal: '10.0.0.1:3260', lun: 0 },
})
const rbd = (monitors: string[], image: string, pool?: string, readOnly = false): Volume => ({
  name: 'v',
  rbd: { monitors, image, readOnly, ...(pool ? { pool } : {}) },
})
const claimVol = (claimName: string): Volume => ({ name: claimName, persistentVolumeClaim: { claimName } })

/** A claim the PV controller has bound to `pv-<name>` (spec.volumeName and bind-completed). */
function pvc(name: string, accessModes: string[], namespace = 'default'): PersistentVolumeClaim {
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: { name, namespace, annotations: { [ANN_BIND_COMPLETED]: 'yes' } },
    spec: { accessModes, volumeName: `pv-${name}` },
    status: { phase: 'Bound', accessModes },
  }
}
/** The PersistentVolume a claim from `pvc` is bound to. */
function pvFor(claim: PersistentVolumeClaim): PersistentVolume {
  const { name = '', namespace = '' } = claim.metadata ?? {}
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolume',
    metadata: { name: claim.spec?.volumeName ?? '' },
    spec: {
      accessModes: claim.spec?.accessModes ?? [],
      capacity: { storage: '1Gi' },
      claimRef: { kind: 'PersistentVolumeClaim', namespace, name },
      csi: { driver: 'pd.csi.storage.gke.io', volumeHandle: `vol-${name}` },
    },
    status: { phase: 'Bound' },
  }
}

function lister(nodes: NodeInfo[]): NodeInfoLister {
  return {
    list: () => nodes,
    get: (name) => nodes.find((n) => n.name === name),
    havePodsWithAffinityList: () => [],
    havePodsWithRequiredAntiAffinityList: () => [],
    havePodsList: () => nodes.filter((n) => n.pods.length > 0),
  }
}

const plugin = (claims: PersistentVolumeClaim[] = [], nodes: NodeInfo[] = []) =>
  new VolumeRestrictions({
    listers: staticListers({ persistentVolumeClaims: claims }),
    snapshot: lister(nodes),
  })

describe('VolumeRestrictions disk conflicts (isVolumeConflict)', () => {
  const cases: { name: string; volume: Volume; existing: Volume; conflict: boolean }[] = [
    { name: 'GCE PD, same disk, both read-write', volume: gce('d1'), existing: gce('d1'), conflict: true },
    {
      name: 'GCE PD, same disk, both read-only',
      volume: gce('d1', true),
      existing: gce('d1', true),
      conflict: false,
    },
    { name: 'GCE PD, one read-only', volume: gce('d1', true), existing: gce('d1'), conflict: true },
    { name: 'GCE PD, other disk', volume: gce('d1'), existing: gce('d2'), conflict: false },
    {
      name: 'EBS, same volume even read-only',
      volume: ebs('vol-1', true),
      existing: ebs('vol-1', true),
      conflict: true,
    },
    { name: 'EBS, other volume', volume: ebs('vol-1'), existing: ebs('vol-2'), conflict: false },
    { name: 'iSCSI, same IQN', volume: iscsi('iqn.a'), existing: iscsi('iqn.a'), conflict: true },
    {
      name: 'iSCSI, same IQN, both read-only',
      volume: iscsi('iqn.a', true),
      existing: iscsi('iqn.a', true),
      conflict: false,
    },
    {
      name: 'RBD, a shared monitor, same pool and image',
      volume: rbd(['m1', 'm2'], 'img', 'p'),
      existing: rbd(['m2', 'm3'], 'img', 'p'),
      conflict: true,
    },
    {
      name: 'RBD, no shared monitor',
      volume: rbd(['m1'], 'img', 'p'),
      existing: rbd(['m2'], 'img', 'p'),
      conflict: false,
    },
    {
      name: 'RBD, missing pool is the default "rbd"',
      volume: rbd(['m1'], 'img'),
      existing: rbd(['m1'], 'img', 'rbd'),
      conflict: true,
    },
    {
      name: 'RBD, other pool',
      volume: rbd(['m1'], 'img', 'a'),
      existing: rbd(['m1'], 'img', 'b'),
      conflict: false,
    },
    {
      name: 'RBD, both read-only',
      volume: rbd(['m1'], 'img', 'p', true),
      existing: rbd(['m1'], 'img', 'p', true),
      conflict: false,
    },
    { name: 'different kinds never conflict', volume: gce('x'), existing: ebs('x'), conflict: false },
  ]
  it.each(cases)('$name', ({ volume, existing, conflict }) => {
    expect(isVolumeConflict(volume, podWith('existing', existing))).toBe(conflict)
  })
})

describe('VolumeRestrictions PreFilter and Filter', () => {
  const rwop = pvc('data', ['ReadWriteOncePod'])
  const rwo = pvc('shared', ['ReadWriteOnce'])
  const user = podWith('user', claimVol('data'))
  const cases: {
    name: string
    pod: Pod
    claims?: PersistentVolumeClaim[]
    /** Pods already on the node under test. */
    onNode?: Pod[]
    /** Pods on another node of the cluster. */
    elsewhere?: Pod[]
    preFilter: 'ok' | 'Skip' | string
    filter?: null | string
  }[] = [
    { name: 'no volumes: Skip', pod: podWith('p'), preFilter: 'Skip' },
    { name: 'emptyDir only: Skip', pod: podWith('p', { name: 'c', emptyDir: {} }), preFilter: 'Skip' },
    {
      name: 'ReadWriteOnce claim: Skip',
      pod: podWith('p', claimVol('shared')),
      claims: [rwo],
      preFilter: 'Skip',
    },
    {
      name: 'ReadWriteOncePod claim nobody uses: Skip',
      pod: podWith('p', claimVol('data')),
      claims: [rwop],
      preFilter: 'Skip',
    },
    {
      name: 'missing claim',
      pod: podWith('p', claimVol('data')),
      preFilter: 'persistentvolumeclaim "data" not found',
    },
    {
      name: 'inline disk, node free',
      pod: podWith('p', ebs('vol-1')),
      onNode: [podWith('other', ebs('vol-2'))],
      preFilter: 'ok',
      filter: null,
    },
    {
      name: 'inline disk already mounted on the node',
      pod: podWith('p', ebs('vol-1')),
      onNode: [podWith('other', ebs('vol-1'))],
      preFilter: 'ok',
      filter: ERR_REASON_DISK_CONFLICT,
    },
    {
      name: 'ReadWriteOncePod claim used on another node rejects this node too',
      pod: podWith('p', claimVol('data')),
      claims: [rwop],
      elsewhere: [user],
      preFilter: 'ok',
      filter: ERR_REASON_READ_WRITE_ONCE_POD_CONFLICT,
    },
    {
      name: 'same claim name in another namespace is not a conflict',
      pod: podWith('p', claimVol('data')),
      claims: [rwop],
      elsewhere: [{ ...user, metadata: { ...user.metadata, namespace: 'other' } }],
      preFilter: 'Skip',
    },
    {
      name: 'disk conflict is reported before the ReadWriteOncePod one',
      pod: podWith('p', claimVol('data'), gce('d1')),
      claims: [rwop],
      onNode: [podWith('other', gce('d1'))],
      elsewhere: [user],
      preFilter: 'ok',
      filter: ERR_REASON_DISK_CONFLICT,
    },
  ]
  it.each(cases)('$name', ({ pod, claims, onNode, elsewhere, preFilter, filter }) => {
    const here = nodeInfo(makeNode('here').obj(), ...(onNode ?? []))
    const there = nodeInfo(makeNode('there').obj(), ...(elsewhere ?? []))
    const pl = plugin(claims, [here, there])
    const state = newState()
    const { status } = pl.preFilter(state, pod)
    if (preFilter === 'ok') expect(status).toBeNull()
    else if (preFilter === 'Skip') expect(status).toMatchObject({ code: 'Skip' })
    else expect(status).toEqual({ code: 'UnschedulableAndUnresolvable', reasons: [preFilter], plugin: NAME })
    if (filter === undefined) return
    const s = pl.filter(state, pod, here)
    if (filter === null) expect(s).toBeNull()
    else expect(s).toEqual({ code: 'Unschedulable', reasons: [filter], plugin: NAME })
  })

  it('PreFilterExtensions: removing the claim user (preemption) clears the conflict on a copy', () => {
    const node = nodeInfo(makeNode('n').obj(), user)
    const pl = plugin([rwop], [node])
    const pod = podWith('p', claimVol('data'))
    const state = newState()
    expect(pl.preFilter(state, pod).status).toBeNull()
    const copy = state.clone()
    const userInfo = newPodInfo({ ...user, spec: { ...user.spec, containers: [], nodeName: 'n' } })
    expect(pl.preFilterExtensions.removePod(copy, pod, userInfo, node)).toBeNull()
    expect(pl.filter(copy, pod, nodeInfo(makeNode('n').obj()))).toBeNull()
    // The original state is untouched.
    expect(pl.filter(state, pod, node)).toMatchObject({ reasons: [ERR_REASON_READ_WRITE_ONCE_POD_CONFLICT] })
    expect(pl.preFilterExtensions.addPod(copy, pod, userInfo, node)).toBeNull()
    expect(pl.filter(copy, pod, node)).toMatchObject({ reasons: [ERR_REASON_READ_WRITE_ONCE_POD_CONFLICT] })
  })
})

describe('VolumeRestrictions queueing hints', () => {
  const [podDelete, , pvcAdd] = plugin().eventsToRegister()
  const pod = podWith('p', ebs('vol-1'), claimVol('data'))
  it.each([
    { name: 'deleted pod held the same disk', deleted: podWith('d', ebs('vol-1')), want: 'Queue' },
    { name: 'deleted pod used the same claim', deleted: podWith('d', claimVol('data')), want: 'Queue' },
    { name: 'unrelated pod', deleted: podWith('d', ebs('vol-2')), want: 'QueueSkip' },
  ])('Pod delete: $name', ({ deleted, want }) => {
    expect(podDelete?.hint?.(pod, deleted, undefined)).toBe(want)
  })
  it('PVC add: only a claim the pod names', () => {
    expect(pvcAdd?.hint?.(pod, undefined, pvc('data', []))).toBe('Queue')
    expect(pvcAdd?.hint?.(pod, undefined, pvc('other', []))).toBe('QueueSkip')
  })
})

/** The full default profile (the in-tree registry, the harness's default). */
describe('VolumeRestrictions in the default profile', () => {
  const node = (name: string) => makeNode(name).obj()
  const on = (pod: Pod, nodeName: string): Pod => ({
    ...pod,
    spec: { ...pod.spec, containers: [], nodeName },
  })

  it('avoids the node where the EBS volume is already attached', () => {
    const h = harness([node('worker-1'), node('worker-2')], [on(podWith('old', ebs('vol-1')), 'worker-1')])
    const out = h.schedule(podWith('new', ebs('vol-1')))
    expect(out.kind === 'scheduled' && out.suggestedHost).toBe('worker-2')
  })

  it('FailedScheduling when every node has the disk, and for a ReadWriteOncePod claim in use', () => {
    const disk = harness(
      [node('worker-1'), node('worker-2')],
      [on(podWith('a', gce('pd-1')), 'worker-1'), on(podWith('b', gce('pd-1')), 'worker-2')],
    ).schedule(podWith('new', gce('pd-1')))
    expect(disk.kind === 'unschedulable' && fitErrorMessage(disk.fitError)).toBe(
      '0/2 nodes are available: 2 node(s) had no available disk.',
    )

    // A bound claim on an existing PV, so VolumeBinding (whose PreFilter runs after this plugin's,
    // Filter too) lets the pod through and the ReadWriteOncePod conflict is what is reported.
    const data = pvc('data', ['ReadWriteOncePod'])
    const listers = staticListers({ persistentVolumeClaims: [data], persistentVolumes: [pvFor(data)] })
    const out = harness(
      [node('worker-1'), node('worker-2')],
      [on(podWith('user', claimVol('data')), 'worker-1')],
      { listers },
    ).schedule(podWith('new', claimVol('data')))
    expect(out.kind).toBe('unschedulable')
    if (out.kind !== 'unschedulable') return
    expect(out.fitError.diagnosis.nodeToStatus.get('worker-2')).toMatchObject({
      code: 'Unschedulable',
      plugin: NAME,
    })
    expect(fitErrorMessage(out.fitError)).toBe(
      `0/2 nodes are available: 2 ${ERR_REASON_READ_WRITE_ONCE_POD_CONFLICT}.`,
    )
  })
})
