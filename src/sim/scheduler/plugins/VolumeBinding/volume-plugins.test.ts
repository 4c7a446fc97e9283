/**
 * The four volume plugins together in the default profile, in upstream order (VolumeRestrictions,
 * NodeVolumeLimits, VolumeBinding, VolumeZone): which one speaks first for a given problem. The
 * harness runs the full default profile of the in-tree registry, where all four are registered.
 */
import type { PersistentVolume, PersistentVolumeClaim, Volume } from 'kubernetes-types/core/v1'
import { describe, expect, it } from 'vitest'
import type { Pod } from '../../../../api/types'
import { fitErrorMessage } from '../../framework/fit-error'
import { staticListers } from '../../framework/listers'
import { makeNode, makePod } from '../../testing/builders'
import { harness } from '../../testing/harness'
import { NAME as NODE_VOLUME_LIMITS } from '../NodeVolumeLimits/csi'
import { NAME as VOLUME_RESTRICTIONS } from '../VolumeRestrictions/volume-restrictions'
import { NAME as VOLUME_ZONE } from '../VolumeZone/volume-zone'
import { ANN_BIND_COMPLETED, NAME as VOLUME_BINDING } from './volume-binding'

const bound = (name: string, pvName: string): PersistentVolumeClaim => ({
  metadata: { name, namespace: 'default', annotations: { [ANN_BIND_COMPLETED]: 'yes' } },
  spec: { volumeName: pvName },
  status: { phase: 'Bound' },
})
const pv = (name: string, zone: string): PersistentVolume => ({
  metadata: { name, labels: { 'topology.kubernetes.io/zone': zone } },
  spec: {
    accessModes: ['ReadWriteOnce'],
    capacity: { storage: '10Gi' },
    csi: { driver: 'pd.csi.storage.gke.io', volumeHandle: `projects/p/zones/${zone}/disks/${name}` },
  },
  status: { phase: 'Bound' },
})
const withClaims = (...claims: string[]): Pod => {
  const pod = makePod('web').obj()
  const volumes: Volume[] = claims.map((c) => ({ name: c, persistentVolumeClaim: { claimName: c } }))
  return { ...pod, spec: { ...pod.spec, containers: [], volumes } }
}
const nodes = [makeNode('worker-1').zone('zone-a').obj(), makeNode('worker-2').zone('zone-b').obj()]

function message(pod: Pod, claims: PersistentVolumeClaim[], volumes: PersistentVolume[]): string {
  const listers = staticListers({ persistentVolumeClaims: claims, persistentVolumes: volumes })
  const out = harness(nodes, [], { listers }).schedule(pod)
  return out.kind === 'unschedulable' ? fitErrorMessage(out.fitError) : out.kind
}

describe('volume plugins in the default profile', () => {
  it('all four take part in PreFilter and Filter, in upstream order', () => {
    const h = harness(nodes, [])
    const volumeOnes = (plugins: readonly { name: string }[]) =>
      plugins.map((p) => p.name).filter((n) => n.startsWith('Volume') || n === NODE_VOLUME_LIMITS)
    const order = [VOLUME_RESTRICTIONS, NODE_VOLUME_LIMITS, VOLUME_BINDING, VOLUME_ZONE]
    expect(volumeOnes(h.fwk.preFilterPlugins)).toEqual(order)
    expect(volumeOnes(h.fwk.filterPlugins)).toEqual(order)
  })

  it.each([
    {
      name: 'a missing claim is reported by VolumeRestrictions, the first to look it up',
      pod: withClaims('data'),
      claims: [],
      volumes: [],
      want: '0/2 nodes are available: persistentvolumeclaim "data" not found.',
    },
    {
      name: 'a bound claim whose PV is gone stops in VolumeZone PreFilter',
      pod: withClaims('data'),
      claims: [bound('data', 'pv-1')],
      volumes: [],
      want: '0/2 nodes are available: persistentvolume "pv-1" not found.',
    },
    {
      name: 'volumes in two zones: no node can take the pod',
      pod: withClaims('a', 'b'),
      claims: [bound('a', 'pv-a'), bound('b', 'pv-b')],
      volumes: [pv('pv-a', 'zone-a'), pv('pv-b', 'zone-b')],
      want: '0/2 nodes are available: 2 node(s) had no available volume zone.',
    },
    {
      name: 'a zonal volume picks its node',
      pod: withClaims('a'),
      claims: [bound('a', 'pv-a')],
      volumes: [pv('pv-a', 'zone-b')],
      want: 'scheduled',
    },
  ])('$name', ({ pod, claims, volumes, want }) => {
    expect(message(pod, claims, volumes)).toBe(want)
  })
})
