import { describe, expect, it } from 'vitest'
import { Kernel } from '../kernel/kernel'
import { SCHEDULER } from '../kernel/trace'
import type { FilterRecord, ScoreRecord } from './recording/record'
import { SCHEDULER_USER_AGENT, Scheduler } from './scheduler'
import { makeNode, makePod } from './testing/builders'
import { FakeApiserver } from './testing/fake-apiserver'

function cluster(options: ConstructorParameters<typeof Scheduler>[1] = {}) {
  const kernel = new Kernel({ seed: 7 })
  const api = new FakeApiserver(kernel)
  api.addNode(
    makeNode('control-plane').taint('node-role.kubernetes.io/control-plane', undefined, 'NoSchedule').obj(),
  )
  api.addNode(makeNode('worker-1').capacity({ cpu: '2', memory: '4Gi' }).obj())
  api.addNode(makeNode('worker-2').capacity({ cpu: '4', memory: '8Gi' }).obj())
  const scheduler = new Scheduler(kernel, options)
  kernel.register(scheduler)
  scheduler.start()
  kernel.run()
  return { kernel, api, scheduler }
}

const events = (api: FakeApiserver) =>
  api.bodies('POST', '/events') as { reason: string; note: string; action: string; type: string }[]

describe('Scheduler component', () => {
  it('lists and watches as kube-scheduler, then binds a pod and emits Scheduled', () => {
    const { kernel, api, scheduler } = cluster()
    const lists = api.requests.filter((r) => r.method === 'GET' && !r.query?.watch)
    expect(lists.map((r) => r.path).sort()).toEqual([
      '/api/v1/namespaces',
      '/api/v1/nodes',
      '/api/v1/persistentvolumeclaims',
      '/api/v1/persistentvolumes',
      '/api/v1/pods',
      '/api/v1/services',
      '/apis/apps/v1/replicasets',
    ])
    expect(lists.find((r) => r.path === '/api/v1/pods')?.query?.fieldSelector).toBe(
      'status.phase!=Succeeded,status.phase!=Failed',
    )
    expect(lists[0]?.headers['user-agent']).toBe(SCHEDULER_USER_AGENT)
    expect(lists[0]?.headers['x-client-certificate']).toBe('CN=system:kube-scheduler')

    api.addPod(makePod('nginx').requests({ cpu: '100m', memory: '64Mi' }).obj())
    kernel.run()
    expect(api.bodies('POST', '/binding')).toEqual([
      {
        apiVersion: 'v1',
        kind: 'Binding',
        metadata: { name: 'nginx', namespace: 'default', uid: 'uid-nginx' },
        target: { kind: 'Node', name: 'worker-2' },
      },
    ])
    expect(events(api)).toMatchObject([
      {
        type: 'Normal',
        reason: 'Scheduled',
        action: 'Binding',
        note: 'Successfully assigned default/nginx to worker-2',
      },
    ])
    expect(api.pods.get('default/nginx')?.spec?.nodeName).toBe('worker-2')
    expect(scheduler.view.queueLengths).toEqual({ active: 0, backoff: 0, unschedulable: 0, inFlight: 0 })
    expect(scheduler.cache.get('worker-2')?.pods.map((p) => p.key)).toEqual(['default/nginx'])
    expect(scheduler.cache.isAssumedPod(api.pods.get('default/nginx') as never)).toBe(false)

    // The attempt is in the trace: a filter step, then a score step, then the binding request.
    const steps = kernel.trace.filter((m) => m.from === SCHEDULER && m.kind === 'step')
    const filter = steps.find((m) => m.stage === 'filter')?.payload as FilterRecord
    const score = steps.find((m) => m.stage === 'score')?.payload as ScoreRecord
    expect(filter).toMatchObject({ pod: 'default/nginx', attempt: 1, result: 'Scheduled' })
    expect(Object.keys(filter.filter ?? {})).toEqual(['control-plane', 'worker-1', 'worker-2'])
    expect(score).toMatchObject({ selectedNode: 'worker-2', scored: true })
    const bind = kernel.trace.find((m) => m.kind === 'http-request' && m.summary.endsWith('/binding'))
    expect(bind?.stage).toBe('bind')
    // Scheduled: the attempt lives on in the trace only.
    expect(scheduler.view.lastAttempt('default/nginx')).toBeUndefined()
  })

  it('reports an unschedulable pod once, then retries it when a big enough node joins', () => {
    const { kernel, api, scheduler } = cluster()
    api.addPod(makePod('big').requests({ cpu: '6' }).obj())
    kernel.run()
    const message =
      '0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 Insufficient cpu. preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.'
    expect(events(api)).toMatchObject([
      { type: 'Warning', reason: 'FailedScheduling', action: 'Scheduling', note: message },
    ])
    const patches = api.bodies('PATCH', '/status')
    expect(patches).toEqual([
      {
        status: {
          conditions: [
            {
              type: 'PodScheduled',
              status: 'False',
              reason: 'Unschedulable',
              message,
              lastProbeTime: null,
              lastTransitionTime: '2025-05-01T10:00:00Z',
            },
          ],
        },
      },
    ])
    expect(scheduler.view.queueLengths.unschedulable).toBe(1)
    expect(scheduler.view.lastAttempt('default/big')?.filter).toMatchObject({
      attempt: 1,
      result: 'Unschedulable',
    })
    expect(kernel.idle).toBe(true)

    // A node label change does not help NodeResourcesFit or TaintToleration: nothing happens.
    api.addNode(makeNode('worker-1').capacity({ cpu: '2', memory: '4Gi' }).labels({ tier: 'x' }).obj())
    kernel.run()
    expect(events(api)).toHaveLength(1)

    // A bigger node: the pod is requeued (the trace says why) and bound.
    api.addNode(makeNode('worker-3').capacity({ cpu: '8', memory: '16Gi' }).obj())
    kernel.run()
    const requeue = kernel.trace.find((m) => m.kind === 'step' && m.summary.includes('(NodeAdd)'))
    expect(requeue?.payload).toMatchObject({ pod: 'default/big', event: 'NodeAdd' })
    expect(events(api).at(-1)).toMatchObject({
      reason: 'Scheduled',
      note: 'Successfully assigned default/big to worker-3',
    })
    expect(scheduler.view.lastAttempt('default/big')).toBeUndefined()
  })

  it('forgets a waiting Pod’s last attempt when the Pod is deleted', () => {
    const { kernel, api, scheduler } = cluster()
    api.addPod(makePod('big').requests({ cpu: '6' }).obj())
    kernel.run()
    expect(scheduler.view.lastAttempt('default/big')?.filter.result).toBe('Unschedulable')
    api.deletePod('default', 'big')
    kernel.run()
    expect(scheduler.view.lastAttempt('default/big')).toBeUndefined()
  })

  it('does not PATCH an unchanged condition on a retry', () => {
    const { kernel, api } = cluster()
    api.addPod(makePod('big').requests({ cpu: '6' }).obj())
    kernel.run()
    // An irrelevant-but-wildcard retry: the 5-minute flush.
    kernel.run({ untilMs: 6 * 60 * 1000 })
    expect(events(api).filter((e) => e.reason === 'FailedScheduling').length).toBe(2)
    expect(api.bodies('PATCH', '/status')).toHaveLength(1)
  })

  it('says when there are no nodes', () => {
    const kernel = new Kernel({ seed: 1 })
    const api = new FakeApiserver(kernel)
    const scheduler = new Scheduler(kernel)
    kernel.register(scheduler)
    scheduler.start()
    api.addPod(makePod('lonely').obj())
    kernel.run()
    expect(events(api)).toMatchObject([
      { reason: 'FailedScheduling', note: 'no nodes available to schedule pods' },
    ])
    expect(api.bodies('PATCH', '/status')).toMatchObject([
      {
        status: { conditions: [{ reason: 'Unschedulable', message: 'no nodes available to schedule pods' }] },
      },
    ])
  })

  it('forgets the assumed pod and retries after a failed binding', () => {
    const { kernel, api, scheduler } = cluster()
    api.failBindings = 1
    api.addPod(makePod('web').requests({ cpu: '100m' }).obj())
    kernel.run({ untilMs: 5000 })
    const names = events(api).map((e) => `${e.reason}: ${e.note}`)
    expect(names[0]).toBe(
      'FailedScheduling: running Bind plugin "DefaultBinder": Operation cannot be fulfilled on pods/binding "web": pod web is being deleted, cannot be assigned to a host',
    )
    expect(names.at(-1)).toBe('Scheduled: Successfully assigned default/web to worker-2')
    expect(api.bodies('POST', '/binding')).toHaveLength(2)
    expect(api.bodies('PATCH', '/status')).toMatchObject([
      { status: { conditions: [{ reason: 'SchedulerError' }] } },
    ])
    expect(scheduler.cache.get('worker-2')?.pods).toHaveLength(1)
  })

  it('skips pods of other schedulers and pods being deleted', () => {
    const { kernel, api } = cluster()
    api.addPod(makePod('mine-not').schedulerName('my-scheduler').obj())
    api.addPod(makePod('going').deleting().obj())
    kernel.run()
    expect(api.bodies('POST', '/binding')).toHaveLength(0)
    expect(events(api)).toMatchObject([
      {
        type: 'Warning',
        reason: 'FailedScheduling',
        action: 'Scheduling',
        note: 'skip schedule deleting pod: default/going',
      },
    ])
  })

  it('is deterministic for a seed', () => {
    const run = () => {
      const { kernel, api } = cluster()
      for (let i = 0; i < 5; i++) api.addPod(makePod(`p${i}`).requests({ cpu: '100m' }).obj())
      kernel.run()
      return JSON.stringify(kernel.trace)
    }
    expect(run()).toBe(run())
  })

  it('summary recording keeps the trace small', () => {
    const { kernel, api } = cluster({ recording: 'summary' })
    api.addPod(makePod('nginx').requests({ cpu: '100m' }).obj())
    kernel.run()
    const filter = kernel.trace.find((m) => m.stage === 'filter' && m.kind === 'step')
      ?.payload as FilterRecord
    expect(filter.filter).toBeUndefined()
    expect(filter.search?.feasibleNodes).toBe(2)
  })
})
