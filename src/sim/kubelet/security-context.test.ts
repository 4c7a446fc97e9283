/**
 * runAsNonRoot through the whole node side: the kubelet asks containerd which user the image runs
 * as (CRI ImageStatus) and refuses root with CreateContainerConfigError, as v1.33's kubelet does.
 */
import { describe, expect, it } from 'vitest'
import type { KubeObject, Pod } from '../../api/types'
import type { CriRequest } from '../runtime/cri'
import { effectiveNonRoot, verifyRunAsNonRoot } from './security-context'
import { nodeHarness } from './testing/node-harness'

const pod = (name: string, image: string, podSc: object, containerSc?: object): KubeObject =>
  ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name },
    spec: {
      nodeName: 'worker-1',
      securityContext: podSc,
      containers: [{ name: 'app', image, ...(containerSc ? { securityContext: containerSc } : {}) }],
    },
  }) as KubeObject

function run(p: KubeObject, untilMs = 30_000) {
  const h = nodeHarness([{ type: 'apply', atMs: 0, objects: [p] }])
  h.run(untilMs)
  return h
}
const podName = (p: Pod | undefined) => `"${p?.metadata?.name}_default(${p?.metadata?.uid})"`

describe('runAsNonRoot', () => {
  it.each([
    ['nginx (root) with runAsNonRoot', 'nginx', { runAsNonRoot: true }, undefined, 'image will run as root'],
    [
      'prometheus (USER nobody) with runAsNonRoot',
      'quay.io/prometheus/prometheus:v3.4.0',
      { runAsNonRoot: true },
      undefined,
      'non-numeric',
    ],
    ['runAsUser 0 with runAsNonRoot', 'nginx', { runAsNonRoot: true, runAsUser: 0 }, undefined, 'runAsUser'],
    [
      'a private image (root) with runAsNonRoot',
      'registry.example.com/team/app:v3',
      {},
      { runAsNonRoot: true },
      'image will run as root',
    ],
  ])('%s: CreateContainerConfigError, retried at each sync', (_name, image, podSc, containerSc, kind) => {
    const h = run(pod('np', image, podSc, containerSc))
    const p = h.pod('np')
    const where = `(pod: ${podName(p)}, container: app)`
    const message = {
      'image will run as root': `container has runAsNonRoot and image will run as root ${where}`,
      'non-numeric': `container has runAsNonRoot and image has non-numeric user (nobody), cannot verify user is non-root ${where}`,
      runAsUser: `container's runAsUser breaks non-root policy ${where}`,
    }[kind]
    expect(p?.status?.phase).toBe('Pending')
    expect(p?.status?.containerStatuses?.[0]?.state?.waiting).toEqual({
      reason: 'CreateContainerConfigError',
      message,
    })
    const failed = h.events('np').filter(([r, m]) => r === 'Failed' && m === `Error: ${message}`)
    // The pod worker tries again after its back-off: the event repeats (and is counted).
    expect(failed.length).toBeGreaterThanOrEqual(1)
    expect(h.events('np').some(([r]) => r === 'Created')).toBe(false)
    const creates = h.trace().filter((m) => m.summary === 'CreateContainer')
    expect(creates).toHaveLength(0)
  })

  it.each([
    ['nginx with runAsUser 1000', 'nginx', { runAsNonRoot: true, runAsUser: 1000 }, undefined, false],
    [
      'nginx-unprivileged (uid 101)',
      'nginxinc/nginx-unprivileged:1.27',
      { runAsNonRoot: true },
      undefined,
      true,
    ],
    ['pause (uid 65535)', 'registry.k8s.io/pause:3.10', { runAsNonRoot: true }, undefined, true],
    [
      'distroless :nonroot (uid 65532)',
      'gcr.io/distroless/static-debian12:nonroot',
      {},
      { runAsNonRoot: true },
      true,
    ],
    [
      'the container turning the Pod’s runAsNonRoot off',
      'nginx',
      { runAsNonRoot: true },
      { runAsNonRoot: false },
      false,
    ],
  ])('%s runs', (_name, image, podSc, containerSc, asksRuntime) => {
    const h = run(pod('ok', image, podSc, containerSc), 10_000)
    expect(h.pod('ok')?.status?.phase).toBe('Running')
    // The kubelet asks for the image's user only when runAsNonRoot depends on it.
    const userChecks = h
      .trace()
      .filter(
        (m) =>
          m.kind === 'cri-request' &&
          m.stage === 'containers' &&
          (m.payload as CriRequest).method === 'ImageStatus',
      )
    expect(userChecks.length > 0).toBe(asksRuntime)
  })

  it('takes the container’s fields over the Pod’s (DetermineEffectiveSecurityContext)', () => {
    const p = {
      metadata: { name: 'x', namespace: 'ns', uid: 'u' },
      spec: { securityContext: { runAsNonRoot: true, runAsUser: 0 }, containers: [] },
    } as Pod
    expect(effectiveNonRoot(p, { name: 'c', securityContext: { runAsUser: 5 } })).toEqual({
      runAsNonRoot: true,
      runAsUser: 5,
    })
    expect(verifyRunAsNonRoot(p, { name: 'c' }, { uid: 1000 })).toBe(
      `container's runAsUser breaks non-root policy (pod: "x_ns(u)", container: c)`,
    )
    expect(verifyRunAsNonRoot(p, { name: 'c', securityContext: { runAsUser: 5 } }, {})).toBeUndefined()
    const noUser = { ...p, spec: { containers: [] } } as Pod
    expect(
      verifyRunAsNonRoot(noUser, { name: 'c', securityContext: { runAsNonRoot: true } }, { uid: 7 }),
    ).toBeUndefined()
    expect(verifyRunAsNonRoot(noUser, { name: 'c' }, {})).toBeUndefined()
  })
})
