import type { PersistentVolume, PersistentVolumeClaim, Volume } from 'kubernetes-types/core/v1'
import { describe, expect, it } from 'vitest'
import type { Pod } from '../../../../api/types'
import { fitErrorMessage } from '../../framework/fit-error'
import { staticListers } from '../../framework/listers'
import { makeNode, makePod, newState, nodeInfo } from '../../testing/builders'
import { harness } from '../../testing/harness'
import {
  ANN_BIND_COMPLETED,
  ERR_REASON_NODE_CONFLICT,
  ERR_REASON_PV_NOT_EXIST,
  ERR_REASON_UNBOUND_IMMEDIATE,
  NAME,
  VolumeBinding,
} from './volume-binding'

function withVolumes(pod: Pod, ...volumes: Volume[]): Pod {
  return { ...pod, spec: { containers: [], ...pod.spec, volumes } }
}
const claimVol = (claimName: string, name = claimName): Volume => ({
  name,
  persistentVolumeClaim: { claimName },
})

function pvc(
  name: string,
  opts: {
    volumeName?: string
    bound?: boolean
    phase?: string
    deleting?: boolean
    owner?: string
    namespace?: string
  } = {},
): PersistentVolumeClaim {
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: {
      name,
      namespace: opts.namespace ?? 'default',
      ...(opts.bound ? { annotations: { [ANN_BIND_COMPLETED]: 'yes' } } : {}),
      ...(opts.deleting ? { deletionTimestamp: '2025-05-01T10:00:00Z' } : {}),
      ...(opts.owner
        ? {
            ownerReferences: [
              { apiVersion: 'v1', kind: 'Pod', name: 'p', uid: opts.owner, controller: true },
            ],
          }
        : {}),
    },
    spec: { accessModes: ['ReadWriteOnce'], ...(opts.volumeName ? { volumeName: opts.volumeName } : {}) },
    status: { phase: opts.phase ?? (opts.bound ? 'Bound' : 'Pending') },
  }
}
const boundPVC = (name: string, pvName: string) => pvc(name, { volumeName: pvName, bound: true })

function pv(name: string, hostnames?: string[]): PersistentVolume {
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolume',
    metadata: { name },
    spec: {
      capacity: { storage: '1Gi' },
      ...(hostnames
        ? {
            nodeAffinity: {
              required: {
                nodeSelectorTerms: [
                  {
                    matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: hostnames }],
                  },
                ],
              },
            },
          }
        : {}),
    },
  }
}

const plugin = (claims: PersistentVolumeClaim[] = [], volumes: PersistentVolume[] = []) =>
  new VolumeBinding({
    listers: staticListers({ persistentVolumeClaims: claims, persistentVolumes: volumes }),
  })

describe('VolumeBinding PreFilter', () => {
  const pod = (...volumes: Volume[]) => withVolumes(makePod('p').obj(), ...volumes)
  const cases: {
    name: string
    pod: Pod
    claims?: PersistentVolumeClaim[]
    want: null | 'Skip' | string
  }[] = [
    { name: 'no volumes: Skip', pod: pod(), want: 'Skip' },
    {
      name: 'only non-claim volumes: Skip',
      pod: pod({ name: 'cache', emptyDir: {} }, { name: 'cfg', configMap: { name: 'c' } }),
      want: 'Skip',
    },
    { name: 'bound claim', pod: pod(claimVol('data')), claims: [boundPVC('data', 'pv-1')], want: null },
    {
      name: 'missing claim',
      pod: pod(claimVol('data')),
      want: 'persistentvolumeclaim "data" not found',
    },
    {
      name: 'claim in another namespace is missing',
      pod: pod(claimVol('data')),
      claims: [pvc('data', { namespace: 'other', volumeName: 'pv-1', bound: true })],
      want: 'persistentvolumeclaim "data" not found',
    },
    {
      name: 'the first problem in volume order is reported',
      pod: pod(claimVol('a'), claimVol('b')),
      claims: [pvc('a'), pvc('b', { deleting: true })],
      want: 'persistentvolumeclaim "b" is being deleted',
    },
    {
      name: 'Lost claim',
      pod: pod(claimVol('data')),
      claims: [pvc('data', { volumeName: 'gone', bound: true, phase: 'Lost' })],
      want: 'persistentvolumeclaim "data" bound to non-existent persistentvolume "gone"',
    },
    {
      name: 'claim being deleted',
      pod: pod(claimVol('data')),
      claims: [pvc('data', { volumeName: 'pv-1', bound: true, deleting: true })],
      want: 'persistentvolumeclaim "data" is being deleted',
    },
    {
      name: 'unbound claim (no StorageClass: Immediate)',
      pod: pod(claimVol('data')),
      claims: [pvc('data')],
      want: ERR_REASON_UNBOUND_IMMEDIATE,
    },
    {
      name: 'volumeName without bind-completed is pre-bound, still unbound',
      pod: pod(claimVol('data')),
      claims: [pvc('data', { volumeName: 'pv-1' })],
      want: ERR_REASON_UNBOUND_IMMEDIATE,
    },
    {
      name: 'one unbound claim among bound ones',
      pod: pod(claimVol('a'), claimVol('b')),
      claims: [boundPVC('a', 'pv-a'), pvc('b')],
      want: ERR_REASON_UNBOUND_IMMEDIATE,
    },
    {
      name: 'ephemeral volume before its claim exists',
      pod: pod({ name: 'scratch', ephemeral: {} }),
      want: 'waiting for ephemeral volume controller to create the persistentvolumeclaim "p-scratch"',
    },
    {
      name: 'ephemeral claim not controlled by the pod',
      pod: pod({ name: 'scratch', ephemeral: {} }),
      claims: [pvc('p-scratch', { volumeName: 'pv-1', bound: true, owner: 'someone-else' })],
      want: 'PVC default/p-scratch was not created for pod default/p (pod is not owner)',
    },
    {
      name: 'ephemeral claim owned by the pod and bound',
      pod: pod({ name: 'scratch', ephemeral: {} }),
      claims: [pvc('p-scratch', { volumeName: 'pv-1', bound: true, owner: 'uid-p' })],
      want: null,
    },
  ]
  it.each(cases)('$name', ({ pod, claims, want }) => {
    const { result, status } = plugin(claims).preFilter(newState(), pod)
    expect(result).toBeNull()
    if (want === null) expect(status).toBeNull()
    else if (want === 'Skip') expect(status).toMatchObject({ code: 'Skip' })
    else expect(status).toEqual({ code: 'UnschedulableAndUnresolvable', reasons: [want], plugin: NAME })
  })
})

describe('VolumeBinding Filter', () => {
  const node = makeNode('worker-1').labels({ 'topology.kubernetes.io/zone': 'a' }).obj()
  const pod = (...claims: string[]) => withVolumes(makePod('p').obj(), ...claims.map((c) => claimVol(c)))
  const cases: {
    name: string
    pod: Pod
    claims: PersistentVolumeClaim[]
    volumes: PersistentVolume[]
    want: null | string
  }[] = [
    {
      name: 'PV without node affinity',
      pod: pod('data'),
      claims: [boundPVC('data', 'pv-1')],
      volumes: [pv('pv-1')],
      want: null,
    },
    {
      name: 'PV pinned to this node',
      pod: pod('data'),
      claims: [boundPVC('data', 'pv-1')],
      volumes: [pv('pv-1', ['worker-1'])],
      want: null,
    },
    {
      name: 'PV pinned to another node',
      pod: pod('data'),
      claims: [boundPVC('data', 'pv-1')],
      volumes: [pv('pv-1', ['worker-2'])],
      want: ERR_REASON_NODE_CONFLICT,
    },
    {
      name: 'one of two PVs conflicts',
      pod: pod('a', 'b'),
      claims: [boundPVC('a', 'pv-a'), boundPVC('b', 'pv-b')],
      volumes: [pv('pv-a', ['worker-1']), pv('pv-b', ['worker-2'])],
      want: ERR_REASON_NODE_CONFLICT,
    },
    {
      name: 'bound PV does not exist',
      pod: pod('data'),
      claims: [boundPVC('data', 'pv-1')],
      volumes: [],
      want: ERR_REASON_PV_NOT_EXIST,
    },
    {
      name: 'matchFields metadata.name never matches: CheckNodeAffinity sees labels only',
      pod: pod('data'),
      claims: [boundPVC('data', 'pv-1')],
      volumes: [
        {
          ...pv('pv-1'),
          spec: {
            nodeAffinity: {
              required: {
                nodeSelectorTerms: [
                  { matchFields: [{ key: 'metadata.name', operator: 'In', values: ['worker-1'] }] },
                ],
              },
            },
          },
        },
      ],
      want: ERR_REASON_NODE_CONFLICT,
    },
  ]
  it.each(cases)('$name', ({ pod, claims, volumes, want }) => {
    const pl = plugin(claims, volumes)
    const state = newState()
    expect(pl.preFilter(state, pod).status).toBeNull()
    const s = pl.filter(state, pod, nodeInfo(node))
    if (want === null) expect(s).toBeNull()
    else expect(s).toEqual({ code: 'UnschedulableAndUnresolvable', reasons: [want], plugin: NAME })
  })

  it('Reserve and PreBind succeed without API calls (all claims bound)', () => {
    const pl = plugin()
    expect(pl.reserve(newState(), makePod().obj(), 'worker-1')).toBeNull()
    const it = pl.preBind(newState(), makePod().obj(), 'worker-1')
    expect(it.next()).toEqual({ done: true, value: null })
  })
})

describe('VolumeBinding queueing hints', () => {
  const pl = plugin()
  const [pvcEvent] = pl.eventsToRegister()
  const pod = withVolumes(makePod('p').obj(), claimVol('data'))
  it('queues the pod when one of its claims changes', () => {
    expect(pvcEvent?.hint?.(pod, undefined, pvc('data'))).toBe('Queue')
    expect(pvcEvent?.hint?.(pod, undefined, pvc('other'))).toBe('QueueSkip')
    expect(pvcEvent?.hint?.(pod, undefined, pvc('data', { namespace: 'x' }))).toBe('QueueSkip')
  })
})

/** The full default profile (the in-tree registry, the harness's default). */
describe('VolumeBinding in the default profile', () => {
  const nodes = ['worker-1', 'worker-2', 'worker-3'].map((n) => makeNode(n).obj())

  it('a local PV pins the pod to its node', () => {
    const h = harness(nodes, [], {
      listers: staticListers({
        persistentVolumeClaims: [boundPVC('data', 'local-pv')],
        persistentVolumes: [pv('local-pv', ['worker-2'])],
      }),
    })
    const out = h.schedule(withVolumes(makePod('db').obj(), claimVol('data')))
    expect(out.kind).toBe('scheduled')
    if (out.kind !== 'scheduled') return
    expect(out.suggestedHost).toBe('worker-2')
  })

  it('every node conflicting with the PV gives the FailedScheduling text', () => {
    const h = harness(nodes, [], {
      listers: staticListers({
        persistentVolumeClaims: [boundPVC('data', 'local-pv')],
        persistentVolumes: [pv('local-pv', ['gone-node'])],
      }),
    })
    const out = h.schedule(withVolumes(makePod('db').obj(), claimVol('data')))
    expect(out.kind).toBe('unschedulable')
    if (out.kind !== 'unschedulable') return
    expect(out.fitError.diagnosis.nodeToStatus.get('worker-1')).toMatchObject({
      code: 'UnschedulableAndUnresolvable',
      reasons: [ERR_REASON_NODE_CONFLICT],
      plugin: NAME,
    })
    expect(fitErrorMessage(out.fitError)).toBe(
      '0/3 nodes are available: 3 node(s) had volume node affinity conflict.',
    )
  })

  it('an unbound claim stops the pod in PreFilter', () => {
    const h = harness(nodes, [], {
      listers: staticListers({ persistentVolumeClaims: [pvc('data')] }),
    })
    const out = h.schedule(withVolumes(makePod('db').obj(), claimVol('data')))
    expect(out.kind).toBe('unschedulable')
    if (out.kind !== 'unschedulable') return
    expect(fitErrorMessage(out.fitError)).toBe(
      '0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims.',
    )
  })
})
