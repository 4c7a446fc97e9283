import { describe, expect, it } from 'vitest'
import type { Pod } from '../../api/types'
import { makeMessage } from '../model/testing'
import { imagesOf, inFlightAt, runningContainers, webhookServers } from './targets'

describe('what-if targets', () => {
  it('offers a message only while it is on the wire, and not a step or a lost one', () => {
    const m = makeMessage({ id: 7, from: 'a', to: 'b', kind: 'http-request', sentAtMs: 10, deliverAtMs: 20 })
    expect(inFlightAt(m, 9)).toBeUndefined()
    expect(inFlightAt(m, 10)).toBe(m)
    expect(inFlightAt(m, 19)).toBe(m)
    expect(inFlightAt(m, 20)).toBeUndefined()
    expect(inFlightAt({ ...m, lostAtMs: 15 }, 16)).toBeUndefined()
    expect(inFlightAt({ ...m, kind: 'step' }, 15)).toBeUndefined()
    expect(inFlightAt(undefined, 15)).toBeUndefined()
  })

  it("lists a Pod's running containers and its images once each", () => {
    const pod = {
      spec: {
        initContainers: [{ name: 'init', image: 'busybox' }],
        containers: [
          { name: 'app', image: 'nginx:1.27' },
          { name: 'log', image: 'busybox' },
        ],
      },
      status: {
        containerStatuses: [
          { name: 'app', state: { running: {} } },
          { name: 'log', state: { waiting: { reason: 'CrashLoopBackOff' } } },
        ],
      },
    } as unknown as Pod
    expect(runningContainers(pod)).toEqual(['app'])
    expect(imagesOf(pod)).toEqual(['busybox', 'nginx:1.27'])
    expect(runningContainers(undefined)).toEqual([])
  })

  it('finds the webhook servers of the cluster tab, and none in YAML that does not parse', () => {
    const yaml =
      'apiVersion: podflow.dev/v1alpha1\nkind: WebhookServer\nmetadata:\n  name: injector\n  namespace: webhooks\n---\nkind: Node\nmetadata:\n  name: n1\n'
    expect(webhookServers(yaml)).toEqual(['webhooks/injector'])
    expect(webhookServers('')).toEqual([])
    expect(webhookServers('a: [')).toEqual([])
  })
})
