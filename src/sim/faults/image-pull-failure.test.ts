/**
 * image-pull-failure: the registry refuses pulls of an image from the fault's time on; the kubelet
 * reports ErrImagePull, then ImagePullBackOff, with upstream's texts.
 */
import { describe, expect, it } from 'vitest'
import type { ContainerStatus } from '../../api/types'
import type { Message } from '../kernel/trace'
import type { FaultAction } from './fault'
import { apply, containerHistory, eventsOf, POD, podNamed, runScenario } from './testing/run'

const UNTIL = 60_000

const fault = (
  mode: 'not-found' | 'unauthorized' | 'unavailable',
  extra: Partial<FaultAction> = {},
): FaultAction =>
  ({ type: 'image-pull-failure', atMs: 0, image: 'nginx:1.27', mode, ...extra }) as FaultAction

const containerStatus = (r: ReturnType<typeof runScenario>): ContainerStatus =>
  podNamed(r, 'web').status?.containerStatuses?.[0] as ContainerStatus

const ERRORS = {
  'not-found':
    'rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:1.27": failed to resolve reference "docker.io/library/nginx:1.27": docker.io/library/nginx:1.27: not found',
  unauthorized:
    'failed to pull and unpack image "docker.io/library/nginx:1.27": failed to resolve reference "docker.io/library/nginx:1.27": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed',
  unavailable:
    'failed to pull and unpack image "docker.io/library/nginx:1.27": failed to resolve reference "docker.io/library/nginx:1.27": unexpected status from HEAD request to https://registry-1.docker.io/v2/library/nginx/manifests/1.27: 503 Service Unavailable',
} as const

describe.each(Object.entries(ERRORS) as ['not-found' | 'unauthorized' | 'unavailable', string][])(
  'image-pull-failure %s',
  (mode, error) => {
    const r = runScenario([fault(mode), apply(1000, POD)], UNTIL)

    it('the kubelet reports the pull failure with containerd’s error, then backs off', () => {
      const failed = eventsOf(r, 'Failed').map((e) => e.message)
      expect(failed).toContain(`Failed to pull image "nginx:1.27": ${error}`)
      expect(failed).toContain('Error: ErrImagePull')
      expect(failed).toContain('Error: ImagePullBackOff')
      expect(eventsOf(r, 'BackOff').map((e) => e.message)).toContain('Back-off pulling image "nginx:1.27"')
    })

    it('the container waits in ErrImagePull, then in ImagePullBackOff with the last pull error', () => {
      const states = containerHistory(r.cluster, 'web').map((h) => h.state)
      expect(states.slice(0, 3)).toEqual([
        'ContainerCreating',
        `ErrImagePull: ${error}`,
        `ImagePullBackOff: Back-off pulling image "nginx:1.27": ErrImagePull: ${error}`,
      ])
      expect(states).not.toContain('running')
      expect(podNamed(r, 'web').status?.phase).toBe('Pending')
    })
  },
)

describe('image-pull-failure scope', () => {
  it('goes through ErrImagePull first (the waiting reason of the first failed pull)', () => {
    const r = runScenario([fault('not-found'), apply(1000, POD)], 3_000)
    expect(containerStatus(r).state?.waiting).toEqual({
      reason: 'ErrImagePull',
      message: ERRORS['not-found'],
    })
  })

  it('acts only from its time on: a pull before it succeeds', () => {
    const r = runScenario([apply(0, POD), fault('not-found', { atMs: 30_000 })], UNTIL)
    expect(podNamed(r, 'web').status?.phase).toBe('Running')
    expect(r.cluster.faultResults[0]?.output).toEqual([
      { stream: 'stdout', text: 'fault: pulls of "nginx:1.27" on every node now fail with 404 Not Found' },
    ])
  })

  it('a bare repository fails every tag; another repository is not affected', () => {
    const busybox = {
      ...POD,
      metadata: { name: 'box', namespace: 'default' },
      spec: { containers: [{ name: 'box', image: 'busybox:1.37', command: ['sleep', 'infinity'] }] },
    }
    const r = runScenario(
      [fault('unavailable', { image: 'nginx' }), apply(1000, POD, busybox as never)],
      UNTIL,
    )
    expect(containerStatus(r).state?.waiting?.reason).toMatch(/^(ErrImagePull|ImagePullBackOff)$/)
    expect(podNamed(r, 'box').status?.phase).toBe('Running')
  })

  it('with node, only pulls on that node fail', () => {
    const baseline = runScenario([apply(0, POD)], UNTIL)
    const node = podNamed(baseline, 'web').spec?.nodeName as string
    const other = ['worker-1', 'worker-2', 'worker-3'].find((n) => n !== node) as string
    const here = runScenario([fault('not-found', { node }), apply(1000, POD)], UNTIL)
    const there = runScenario([fault('not-found', { node: other }), apply(1000, POD)], UNTIL)
    expect(containerStatus(here).state?.waiting?.reason).toMatch(/^(ErrImagePull|ImagePullBackOff)$/)
    expect(podNamed(there, 'web').status?.phase).toBe('Running')
  })

  it('fails pulls of an image the catalog does not know (a private registry) just the same', () => {
    const app = {
      ...POD,
      spec: { containers: [{ name: 'app', image: 'registry.example.com/team/app:v3' }] },
    }
    const ok = runScenario([apply(0, app as never)], UNTIL)
    expect(podNamed(ok, 'web').status?.phase).toBe('Running')
    const r = runScenario(
      [fault('unauthorized', { image: 'registry.example.com/team/app:v3' }), apply(1000, app as never)],
      UNTIL,
    )
    expect(eventsOf(r, 'Failed').map((e) => e.message)).toContain(
      'Failed to pull image "registry.example.com/team/app:v3": failed to pull and unpack image "registry.example.com/team/app:v3": failed to resolve reference "registry.example.com/team/app:v3": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed',
    )
  })

  it('records a root fault step on the registry', () => {
    const r = runScenario([fault('unauthorized'), apply(1000, POD)], 5_000)
    const step = r.trace.find((m) => m.stage === 'fault')
    expect(step).toMatchObject({ from: 'registry', sentAtMs: 0, causeId: null })
    expect(step?.summary).toBe(
      'pulls of docker.io/library/nginx:1.27 fail on every node: 401 Unauthorized (insufficient_scope)',
    )
  })
})

describe('image-pull-failure in the middle of a pull', () => {
  it('a registry that goes down after the tag resolved fails the manifest fetch, with containerd’s text', () => {
    const baseline = runScenario([apply(0, POD)], UNTIL)
    const head = baseline.trace.find((m) => m.to === 'registry' && m.summary.startsWith('HEAD ')) as Message
    const resolved = baseline.trace.find((m) => m.replyTo === head.id) as Message
    const r = runScenario([apply(0, POD), fault('unavailable', { atMs: resolved.deliverAtMs })], UNTIL)
    const failed = eventsOf(r, 'Failed').map((e) => e.message)
    expect(failed[0]).toMatch(
      /^Failed to pull image "nginx:1\.27": failed to pull and unpack image "docker\.io\/library\/nginx:1\.27": failed to copy: httpReadSeeker: failed open: unexpected status code https:\/\/registry-1\.docker\.io\/v2\/library\/nginx\/manifests\/sha256:[0-9a-f]{64}: 503 Service Unavailable$/,
    )
  })
})
