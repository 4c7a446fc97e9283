import type { PersistentVolume, PersistentVolumeClaim, Volume } from 'kubernetes-types/core/v1'
import { describe, expect, it } from 'vitest'
import type { Node, Pod } from '../../../../api/types'
import { fitErrorMessage } from '../../framework/fit-error'
import { staticListers } from '../../framework/listers'
import { makeNode, makePod, newState, nodeInfo } from '../../testing/builders'
import { harness } from '../../testing/harness'
import { ANN_BIND_COMPLETED } from '../VolumeBinding/volume-binding'
import { CSILimits, csiAttachLimitKey, ERR_REASON_MAX_VOLUME_COUNT_EXCEEDED, NAME } from './csi'

function withVolumes(pod: Pod, ...volumes: Volume[]): Pod {
  return { ...pod, spec: { containers: [], ...pod.spec, volumes } }
}
const podWith = (name: string, ...volumes: Volume[]) => withVolumes(makePod(name).obj(), ...volumes)
const claimVol = (claimName: string): Volume => ({ name: claimName, persistentVolumeClaim: { claimName } })

const DRIVER = 'ebs.csi.aws.com'

/** With a volume name, a claim the PV controller has bound (spec.volumeName and bind-completed). */
function pvc(name: string, volumeName?: string): PersistentVolumeClaim {
  return {
    metadata: {
      name,
      namespace: 'default',
      ...(volumeName ? { annotations: { [ANN_BIND_COMPLETED]: 'yes' } } : {}),
    },
    spec: { accessModes: ['ReadWriteOnce'], ...(volumeName ? { volumeName } : {}) },
    status: { phase: volumeName ? 'Bound' : 'Pending' },
  }
}
function csiPV(name: string, driver = DRIVER, handle = `vol-${name}`): PersistentVolume {
  return {
    metadata: { name },
    spec: { accessModes: ['ReadWriteOnce'], csi: { driver, volumeHandle: handle } },
    status: { phase: 'Bound' },
  }
}
const inTreePV = (name: string): PersistentVolume => ({
  metadata: { name },
  spec: { accessModes: ['ReadWriteOnce'], awsElasticBlockStore: { volumeID: `vol-${name}` } },
  status: { phase: 'Bound' },
})

/** Claims c1..c4 bound to CSI PVs pv1..pv4; c5 bound to an in-tree EBS PV; c6 unbound. */
const claims = [1, 2, 3, 4].map((i) => pvc(`c${i}`, `pv${i}`)).concat([pvc('c5', 'pv5'), pvc('c6')])
const volumes = [1, 2, 3, 4].map((i) => csiPV(`pv${i}`)).concat([inTreePV('pv5')])

const plugin = () =>
  new CSILimits({ listers: staticListers({ persistentVolumeClaims: claims, persistentVolumes: volumes }) })
const limitedNode = (limit: number): Node =>
  makeNode('n')
    .capacity({ [`attachable-volumes-csi-${DRIVER}`]: String(limit) })
    .obj()

describe('NodeVolumeLimits PreFilter', () => {
  const pl = plugin()
  it.each([
    { name: 'no volumes', pod: podWith('p'), skip: true },
    { name: 'emptyDir and configMap', pod: podWith('p', { name: 'a', emptyDir: {} }), skip: true },
    { name: 'a claim', pod: podWith('p', claimVol('c1')), skip: false },
    { name: 'an ephemeral volume', pod: podWith('p', { name: 'e', ephemeral: {} }), skip: false },
    {
      name: 'an inline EBS volume (migratable)',
      pod: podWith('p', { name: 'e', awsElasticBlockStore: { volumeID: 'x' } }),
      skip: false,
    },
    {
      name: 'an inline iSCSI volume (not migratable)',
      pod: podWith('p', { name: 'i', iscsi: { iqn: 'q', targetPortal: 't', lun: 0 } }),
      skip: true,
    },
  ])('$name', ({ pod, skip }) => {
    const { status } = pl.preFilter(newState(), pod)
    if (skip) expect(status).toMatchObject({ code: 'Skip' })
    else expect(status).toBeNull()
  })
})

describe('NodeVolumeLimits Filter', () => {
  const cases: { name: string; node: Node; onNode?: Pod[]; pod: Pod; want: null | 'exceeded' | string }[] = [
    {
      name: 'no limit on the node',
      node: makeNode('n').obj(),
      onNode: [podWith('o', claimVol('c1'))],
      pod: podWith('p', claimVol('c2')),
      want: null,
    },
    {
      name: 'under the limit',
      node: limitedNode(2),
      onNode: [podWith('o', claimVol('c1'))],
      pod: podWith('p', claimVol('c2')),
      want: null,
    },
    {
      name: 'over the limit',
      node: limitedNode(1),
      onNode: [podWith('o', claimVol('c1'))],
      pod: podWith('p', claimVol('c2')),
      want: 'exceeded',
    },
    {
      name: 'the pod alone exceeds it',
      node: limitedNode(1),
      pod: podWith('p', claimVol('c1'), claimVol('c2')),
      want: 'exceeded',
    },
    {
      name: 'a volume already attached for another pod counts once',
      node: limitedNode(1),
      onNode: [podWith('o', claimVol('c1'))],
      pod: podWith('p', claimVol('c1')),
      want: null,
    },
    {
      name: 'another driver has its own limit',
      node: makeNode('n').capacity({ 'attachable-volumes-csi-other.csi.io': '0' }).obj(),
      pod: podWith('p', claimVol('c1')),
      want: null,
    },
    {
      name: 'in-tree PV is not counted without CSINode',
      node: limitedNode(0),
      pod: podWith('p', claimVol('c5')),
      want: null,
    },
    {
      name: 'unbound claim is not counted (no StorageClass)',
      node: limitedNode(0),
      pod: podWith('p', claimVol('c6')),
      want: null,
    },
    {
      name: 'inline EBS volume is not counted without CSINode',
      node: limitedNode(0),
      pod: podWith('p', { name: 'e', awsElasticBlockStore: { volumeID: 'x' } }),
      want: null,
    },
    {
      name: "the pod's missing claim",
      node: limitedNode(5),
      pod: podWith('p', claimVol('nope')),
      want: 'looking up PVC default/nope: persistentvolumeclaim "nope" not found',
    },
    {
      name: "an existing pod's missing claim is ignored",
      node: limitedNode(1),
      onNode: [podWith('o', claimVol('nope'))],
      pod: podWith('p', claimVol('c1')),
      want: null,
    },
  ]
  it.each(cases)('$name', ({ node, onNode, pod, want }) => {
    const s = plugin().filter(newState(), pod, nodeInfo(node, ...(onNode ?? [])))
    if (want === null) expect(s).toBeNull()
    else if (want === 'exceeded')
      expect(s).toEqual({
        code: 'Unschedulable',
        reasons: [ERR_REASON_MAX_VOLUME_COUNT_EXCEEDED],
        plugin: NAME,
      })
    else expect(s).toEqual({ code: 'UnschedulableAndUnresolvable', reasons: [want], plugin: NAME })
  })

  it('limit keys: long driver names use a hashed key podflow does not compute', () => {
    expect(csiAttachLimitKey('ebs.csi.aws.com')).toBe('attachable-volumes-csi-ebs.csi.aws.com')
    expect(csiAttachLimitKey('x'.repeat(39))).toBe(`attachable-volumes-csi-${'x'.repeat(39)}`)
    expect(csiAttachLimitKey('x'.repeat(40))).toBeNull()
  })
})

describe('NodeVolumeLimits queueing hints', () => {
  const [podDelete, pvcAdd] = plugin().eventsToRegister()
  const pod = podWith('p', claimVol('c1'))
  it('Pod delete: only a bound pod with claim or migratable volumes', () => {
    expect(
      podDelete?.hint?.(
        pod,
        { ...podWith('d', claimVol('x')), spec: { containers: [], nodeName: 'n', volumes: [claimVol('x')] } },
        undefined,
      ),
    ).toBe('Queue')
    expect(podDelete?.hint?.(pod, podWith('d', claimVol('x')), undefined)).toBe('QueueSkip')
  })
  it('PVC add: only a claim the pod uses', () => {
    expect(pvcAdd?.hint?.(pod, undefined, pvc('c1'))).toBe('Queue')
    expect(pvcAdd?.hint?.(pod, undefined, pvc('c2'))).toBe('QueueSkip')
  })
})

/**
 * The full default profile (the in-tree registry, the harness's default). The claims are bound to
 * existing PVs, so VolumeBinding lets the pods through; the PVs carry no zone labels or node
 * affinity, so VolumeZone and VolumeBinding's Filter accept every node.
 */
describe('NodeVolumeLimits in the default profile', () => {
  const listers = staticListers({ persistentVolumeClaims: claims, persistentVolumes: volumes })
  const full = (name: string) =>
    makeNode(name)
      .capacity({ [`attachable-volumes-csi-${DRIVER}`]: '1' })
      .obj()
  const on = (pod: Pod, nodeName: string): Pod => ({
    ...pod,
    spec: { ...pod.spec, containers: [], nodeName },
  })

  it('goes to the node with attach capacity left; FailedScheduling when none has', () => {
    const pods = [on(podWith('a', claimVol('c1')), 'worker-1')]
    const h = harness([full('worker-1'), full('worker-2')], pods, { listers })
    const out = h.schedule(podWith('new', claimVol('c2')))
    expect(out.kind === 'scheduled' && out.suggestedHost).toBe('worker-2')

    const busy = [...pods, on(podWith('b', claimVol('c3')), 'worker-2')]
    const none = harness([full('worker-1'), full('worker-2')], busy, { listers }).schedule(
      podWith('new', claimVol('c2')),
    )
    expect(none.kind).toBe('unschedulable')
    if (none.kind !== 'unschedulable') return
    expect(none.fitError.diagnosis.nodeToStatus.get('worker-1')).toMatchObject({
      code: 'Unschedulable',
      plugin: NAME,
    })
    expect(fitErrorMessage(none.fitError)).toBe('0/2 nodes are available: 2 node(s) exceed max volume count.')
  })
})
