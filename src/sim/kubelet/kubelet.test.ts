/**
 * Scenario tests for the node side: the real apiserver and etcd, the registry, and per node a
 * runtime and a kubelet (test Pods name their node, so no scheduler is involved).
 */
import { describe, expect, it } from 'vitest'
import type { KubeObject, Pod } from '../../api/types'
import type { HttpRequest } from '../apiserver/http'
import { nodeHarness } from './testing/node-harness'

const pod = (name: string, spec: Record<string, unknown>, annotations?: Record<string, string>): KubeObject =>
  ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, ...(annotations ? { annotations } : {}) },
    spec: { nodeName: 'worker-1', ...spec },
  }) as KubeObject
const one = (image: string, extra: Record<string, unknown> = {}) => ({
  containers: [{ name: 'app', image, ...extra }],
})

function scenario(objects: KubeObject[], until?: number) {
  const h = nodeHarness([{ type: 'apply', atMs: 0, objects }])
  h.run(until)
  return h
}

const waiting = (p: Pod | undefined) => p?.status?.containerStatuses?.[0]?.state?.waiting
const terminated = (p: Pod | undefined) => p?.status?.containerStatuses?.[0]?.state?.terminated

describe('a plain nginx Pod on worker-1', () => {
  const h = scenario([pod('nginx', { containers: [{ name: 'nginx', image: 'nginx' }] })])
  const p = h.pod('nginx')

  it('runs, with the four kubelet events in order', () => {
    expect(p?.status?.phase).toBe('Running')
    const events = h.events('nginx')
    expect(events.map(([r]) => r)).toEqual(['Pulling', 'Pulled', 'Created', 'Started'])
    expect(events[0]?.[1]).toBe('Pulling image "nginx"')
    expect(events[1]?.[1]).toMatch(
      /^Successfully pulled image "nginx" in \d+\.\d+s \(\d+\.\d+s including waiting\)\. Image size: 72404038 bytes\.$/,
    )
    expect(events.slice(2)).toEqual([
      ['Created', 'Created container: nginx'],
      ['Started', 'Started container nginx'],
    ])
  })

  it('reports the real status shape', () => {
    const s = p?.status
    expect(s?.conditions?.map((c) => [c.type, c.status])).toEqual([
      ['PodReadyToStartContainers', 'True'],
      ['Initialized', 'True'],
      ['Ready', 'True'],
      ['ContainersReady', 'True'],
      ['PodScheduled', 'True'],
    ])
    expect([s?.hostIP, s?.podIP, s?.podIPs]).toEqual(['172.18.0.3', '10.244.1.2', [{ ip: '10.244.1.2' }]])
    const cs = s?.containerStatuses?.[0]
    expect(cs).toMatchObject({
      name: 'nginx',
      ready: true,
      started: true,
      restartCount: 0,
      image: 'docker.io/library/nginx:latest',
      state: { running: { startedAt: expect.stringMatching(/^2025-05-01T10:00:0\dZ$/) } },
    })
    expect(cs?.imageID).toMatch(/^docker\.io\/library\/nginx@sha256:[0-9a-f]{64}$/)
    expect(cs?.containerID).toMatch(/^containerd:\/\/[0-9a-f]{64}$/)
  })

  it('talks to the apiserver as system:node:worker-1 with strategic merge patches on pods/status', () => {
    const patches = h
      .trace()
      .filter((m) => m.summary === 'PATCH /api/v1/namespaces/default/pods/nginx/status')
    expect(patches.length).toBeGreaterThanOrEqual(2)
    const req = patches[0]?.payload as HttpRequest
    expect(req.headers['content-type']).toBe('application/strategic-merge-patch+json')
    expect(req.headers['x-client-certificate']).toBe('CN=system:node:worker-1,O=system:nodes')
    expect(req.headers['user-agent']).toMatch(/^kubelet\/v1\.33\.0 \(linux\/amd64\) kubernetes\//)
    // A diff against what the apiserver holds (phase Pending is already there), with the uid as precondition.
    expect(req.body).toMatchObject({
      metadata: { uid: p?.metadata?.uid },
      status: { containerStatuses: [{ name: 'nginx', state: { waiting: { reason: 'ContainerCreating' } } }] },
    })
    expect((req.body as { status: object }).status).not.toHaveProperty('phase')
    expect(patches[0]?.stage).toBe('status')
  })

  it('uses the CRI in the SyncPod order, with the stages of the story', () => {
    const cri = h
      .trace()
      .filter(
        (m) =>
          m.kind === 'cri-request' && m.from === 'kubelet/worker-1' && m.summary !== 'GetContainerEvents',
      )
      .map((m) => `${m.summary}@${m.stage}`)
    expect(cri).toEqual([
      'RunPodSandbox@sandbox',
      'PodSandboxStatus@sandbox',
      'PullImage@pull',
      'ImageStatus@pull',
      'CreateContainer@containers',
      'StartContainer@containers',
    ])
  })

  it('notices container changes at PLEG relist ticks on a 1 s grid', () => {
    const pleg = h.trace().filter((m) => m.kind === 'step' && m.summary.startsWith('PLEG'))
    expect(pleg.map((m) => m.summary)).toEqual([
      'PLEG ContainerStarted sandbox',
      'PLEG ContainerStarted nginx',
    ])
    for (const m of pleg) expect(m.sentAtMs % 1000).toBe(0)
  })
})

describe('image pull policies', () => {
  it('IfNotPresent uses an image already on the node', () => {
    const h = scenario([pod('pause', one('registry.k8s.io/pause:3.10'))])
    expect(h.events('pause')[0]).toEqual([
      'Pulled',
      'Container image "registry.k8s.io/pause:3.10" already present on machine',
    ])
    expect(h.pod('pause')?.status?.phase).toBe('Running')
  })

  it('Never fails with ErrImageNeverPull when the image is absent', () => {
    const h = scenario([pod('never', one('nginx:1.27', { imagePullPolicy: 'Never' }))])
    expect(h.events('never').slice(0, 2)).toEqual([
      ['ErrImageNeverPull', 'Container image "nginx:1.27" is not present with pull policy of Never'],
      ['Failed', 'Error: ErrImageNeverPull'],
    ])
    expect(waiting(h.pod('never'))).toEqual({
      reason: 'ErrImageNeverPull',
      message: 'Container image "nginx:1.27" is not present with pull policy of Never',
    })
  })

  it('an unknown repository ends, once idle, in ImagePullBackOff with the previous error', () => {
    const h = scenario([pod('typo', one('nginxx'))])
    const denied =
      'failed to pull and unpack image "docker.io/library/nginxx:latest": failed to resolve reference "docker.io/library/nginxx:latest": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed'
    expect(h.events('typo').slice(0, 5)).toEqual([
      ['Pulling', 'Pulling image "nginxx"'],
      ['Failed', `Failed to pull image "nginxx": ${denied}`],
      ['Failed', 'Error: ErrImagePull'],
      ['BackOff', 'Back-off pulling image "nginxx"'],
      ['Failed', 'Error: ImagePullBackOff'],
    ])
    expect(waiting(h.pod('typo'))).toEqual({
      reason: 'ImagePullBackOff',
      message: `Back-off pulling image "nginxx": ErrImagePull: ${denied}`,
    })
    expect(h.pod('typo')?.status?.phase).toBe('Pending')
  })

  it('an unknown tag is a gRPC NotFound', () => {
    const h = scenario([pod('tag', one('nginx:nope'))])
    expect(h.events('tag')[1]?.[1]).toBe(
      'Failed to pull image "nginx:nope": rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:nope": failed to resolve reference "docker.io/library/nginx:nope": docker.io/library/nginx:nope: not found',
    )
  })

  it('pulls one image at a time: the second Pulled counts the wait', () => {
    const h = scenario([pod('a', one('nginx:1.25')), pod('b', one('redis:7.4'))])
    const durations = (name: string) => {
      const msg = h.events(name).find(([r]) => r === 'Pulled')?.[1] ?? ''
      const m = /in ([\d.]+)s \(([\d.]+)s including waiting\)/.exec(msg)
      return [Number(m?.[1]), Number(m?.[2])]
    }
    const [pullA, totalA] = durations('a')
    const [pullB, totalB] = durations('b')
    expect(totalA).toBe(pullA)
    expect(totalB).toBeGreaterThan((pullB ?? 0) + 1)
  })
})

describe('containers that exit', () => {
  it('restartPolicy Never, sleep 5: Succeeded, Completed, and the sandbox stopped', () => {
    const h = scenario([
      pod('job', { restartPolicy: 'Never', ...one('busybox:1.37', { command: ['sleep', '5'] }) }),
    ])
    const p = h.pod('job')
    expect(p?.status?.phase).toBe('Succeeded')
    expect(terminated(p)).toMatchObject({ exitCode: 0, reason: 'Completed' })
    expect(p?.status?.conditions?.map((c) => [c.type, c.status, c.reason])).toEqual([
      ['PodReadyToStartContainers', 'False', undefined],
      ['Initialized', 'True', 'PodCompleted'],
      ['Ready', 'False', 'PodCompleted'],
      ['ContainersReady', 'False', 'PodCompleted'],
      ['PodScheduled', 'True', undefined],
    ])
  })

  it('restartPolicy Never, exit 1: Failed with Error', () => {
    const h = scenario([
      pod('fail', { restartPolicy: 'Never', ...one('busybox:1.37', { command: ['sh', '-c', 'exit 1'] }) }),
    ])
    expect(h.pod('fail')?.status?.phase).toBe('Failed')
    expect(terminated(h.pod('fail'))).toMatchObject({ exitCode: 1, reason: 'Error' })
  })

  it('restartPolicy OnFailure completes when the command succeeds', () => {
    const h = scenario([
      pod('ok', { restartPolicy: 'OnFailure', ...one('busybox:1.37', { command: ['true'] }) }),
    ])
    expect(h.pod('ok')?.status?.phase).toBe('Succeeded')
  })

  it('restartPolicy Always crash-loops with the real back-off texts', () => {
    const h = scenario(
      [pod('crash', one('busybox:1.37', {}), { 'behavior.podflow.dev/app': 'exit 1 after 2s' })],
      90_000,
    )
    const p = h.pod('crash')
    const uid = p?.metadata?.uid
    expect(h.events('crash')).toContainEqual([
      'BackOff',
      `Back-off restarting failed container app in pod crash_default(${uid})`,
    ])
    const shown = h
      .trace()
      .filter((m) => m.summary === 'PATCH /api/v1/namespaces/default/pods/crash/status')
      .map((m) => JSON.stringify((m.payload as HttpRequest).body))
    expect(
      shown.some((b) => b.includes(`back-off 10s restarting failed container=app pod=crash_default(${uid})`)),
    ).toBe(true)
    expect(shown.some((b) => b.includes('back-off 20s restarting'))).toBe(true)
    expect(p?.status?.phase).toBe('Running')
    expect(p?.status?.containerStatuses?.[0]?.restartCount).toBeGreaterThanOrEqual(3)
    expect(p?.status?.containerStatuses?.[0]?.lastState?.terminated).toMatchObject({
      exitCode: 1,
      reason: 'Error',
    })
  })
})

describe('admission and deletion', () => {
  it('rejects a Pod that does not fit the node: Failed, OutOfcpu', () => {
    const h = scenario([pod('big', one('nginx', { resources: { requests: { cpu: '3' } } }))])
    const p = h.pod('big')
    expect([p?.status?.phase, p?.status?.reason, p?.status?.message]).toEqual([
      'Failed',
      'OutOfcpu',
      "Pod was rejected: Node didn't have enough resource: cpu, requested: 3000, used: 0, capacity: 2000",
    ])
    expect(h.events('big')).toEqual([
      ['OutOfcpu', "Node didn't have enough resource: cpu, requested: 3000, used: 0, capacity: 2000"],
    ])
  })

  it('stops a deleted Pod (SIGKILL after the grace period for sleep) and removes it', () => {
    const h = nodeHarness([
      {
        type: 'apply',
        atMs: 0,
        objects: [pod('sleepy', one('busybox:1.37', { command: ['sleep', '3600'] }))],
      },
      { type: 'delete', atMs: 5_000, apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: 'sleepy' },
    ])
    h.run()
    expect(h.pod('sleepy')).toBeUndefined()
    expect(h.events('sleepy').at(-1)).toEqual(['Killing', 'Stopping container app'])
    const finalDelete = h.trace().find((m) => m.from === 'kubelet/worker-1' && m.summary.startsWith('DELETE'))
    expect(finalDelete?.sentAtMs).toBeGreaterThan(35_000)
    expect(h.runtimes.get('worker-1')?.listSandboxes()).toEqual([])
  })
})

describe('determinism', () => {
  it('the same scenario gives the same trace', () => {
    const run = () => JSON.stringify(scenario([pod('nginx', one('nginx'))]).trace())
    expect(run()).toBe(run())
  })
})

describe('a rejected Pod that is deleted', () => {
  it('is removed by the kubelet’s final DELETE', () => {
    const h = nodeHarness([
      {
        type: 'apply',
        atMs: 0,
        objects: [pod('big', one('nginx', { resources: { requests: { cpu: '3' } } }))],
      },
      { type: 'delete', atMs: 2_000, apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: 'big' },
    ])
    h.run()
    expect(h.pod('big')).toBeUndefined()
  })
})
