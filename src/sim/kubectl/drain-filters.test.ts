import { describe, expect, it } from 'vitest'
import type { PodDeleteStatus } from '../../api/kubectl/drain-output'
import { notFound } from '../../api/status'
import type { KubeObject, Pod } from '../../api/types'
import type { ApiResult } from '../client/client'
import type { Proc } from '../kernel/kernel'
import type { DrainFlags } from '../scenario/scenario'
import { makePod } from '../testing/builders'
import { filterPods, MIRROR_POD_ANNOTATION } from './drain-filters'

/** Drive a process whose requests answer at once (the stub below never yields). */
function done<T>(proc: Proc<T>): T {
  const step = proc.next()
  if (!step.done) throw new Error('the filters waited for something')
  return step.value
}

const owned =
  (kind: string, name = 'owner') =>
  (p: Pod): Pod => ({
    ...p,
    metadata: {
      ...p.metadata,
      ownerReferences: [{ apiVersion: 'apps/v1', kind, name, uid: 'u', controller: true }],
    },
  })
const annotated = (p: Pod): Pod => ({
  ...p,
  metadata: { ...p.metadata, annotations: { [MIRROR_POD_ANNOTATION]: 'x' } },
})
const emptyDir = (p: Pod): Pod => ({
  ...p,
  spec: { ...(p.spec as Pod['spec'] & object), volumes: [{ name: 'cache', emptyDir: {} }] },
})
const phase =
  (value: string) =>
  (p: Pod): Pod => ({ ...p, status: { phase: value } })

const pod = (...edits: ((p: Pod) => Pod)[]) => edits.reduce((p, edit) => edit(p), makePod('p').build())

function statusOf(p: Pod, flags: DrainFlags = {}, daemonSets: string[] = ['owner']): PodDeleteStatus {
  const requested: string[] = []
  const get = function* (namespace: string, name: string): Proc<ApiResult<KubeObject>> {
    requested.push(`${namespace}/${name}`)
    return daemonSets.includes(name)
      ? { ok: true, code: 200, object: { apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name } } }
      : { ok: false, code: 404, status: notFound('daemonsets', name, 'apps') }
  }
  const [item] = done(filterPods([p], flags, get))
  return item?.status as PodDeleteStatus
}

const OK: PodDeleteStatus = { delete: true, reason: 'Okay' }

describe('kubectl drain filters, in upstream order', () => {
  it.each<[string, Pod, DrainFlags, Partial<PodDeleteStatus>]>([
    ['a ReplicaSet pod', pod(owned('ReplicaSet')), {}, OK],
    [
      'a bare pod',
      pod(),
      {},
      {
        delete: false,
        reason: 'Error',
        message: 'cannot delete Pods that declare no controller (use --force to override)',
      },
    ],
    [
      'a bare pod, --force',
      pod(),
      { force: true },
      { delete: true, reason: 'Warning', message: 'deleting Pods that declare no controller' },
    ],
    ['a finished bare pod', pod(phase('Succeeded')), {}, OK],
    [
      'a DaemonSet pod',
      pod(owned('DaemonSet')),
      {},
      {
        delete: false,
        reason: 'Error',
        message: 'DaemonSet-managed Pods (use --ignore-daemonsets to ignore)',
      },
    ],
    [
      'a DaemonSet pod, --ignore-daemonsets',
      pod(owned('DaemonSet')),
      { ignoreDaemonsets: true },
      { delete: false, reason: 'Warning', message: 'ignoring DaemonSet-managed Pods' },
    ],
    ['a failed DaemonSet pod', pod(owned('DaemonSet'), phase('Failed')), {}, OK],
    [
      'an orphan of a deleted DaemonSet',
      pod(owned('DaemonSet', 'gone')),
      {},
      { delete: false, reason: 'Error', message: 'daemonsets.apps "gone" not found' },
    ],
    // Deleted with --force; its warning is overwritten by the later filters' Okay, as upstream.
    ['an orphan of a deleted DaemonSet, --force', pod(owned('DaemonSet', 'gone')), { force: true }, OK],
    ['a mirror pod', pod(annotated), { force: true }, { delete: false, reason: 'Skip' }],
    [
      'a pod with emptyDir',
      pod(owned('ReplicaSet'), emptyDir),
      {},
      {
        delete: false,
        reason: 'Error',
        message: 'Pods with local storage (use --delete-emptydir-data to override)',
      },
    ],
    // The localStorage warning is overwritten by the next filter's Okay (upstream's own TODO).
    [
      'a pod with emptyDir, --delete-emptydir-data',
      pod(owned('ReplicaSet'), emptyDir),
      { deleteEmptydirData: true },
      OK,
    ],
    [
      'a bare pod with emptyDir, both flags',
      pod(emptyDir),
      { deleteEmptydirData: true, force: true },
      { delete: true, reason: 'Warning', message: 'deleting Pods that declare no controller' },
    ],
  ])('%s', (_, p, flags, want) => {
    expect(statusOf(p, flags)).toEqual(want)
  })

  it('asks for the DaemonSet only for an unfinished DaemonSet pod, in its namespace', () => {
    const asked: string[] = []
    const get = function* (namespace: string, name: string): Proc<ApiResult<KubeObject>> {
      asked.push(`${namespace}/${name}`)
      return { ok: true, code: 200, object: { apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name } } }
    }
    const pods = [
      pod(owned('ReplicaSet')),
      pod(owned('DaemonSet', 'proxy')),
      pod(owned('DaemonSet', 'x'), phase('Succeeded')),
    ]
    const items = done(filterPods(pods, { ignoreDaemonsets: true }, get))
    expect(asked).toEqual(['default/proxy'])
    expect(items.map((i) => i.status.reason)).toEqual(['Okay', 'Warning', 'Okay'])
  })
})
