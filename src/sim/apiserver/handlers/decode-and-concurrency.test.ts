/**
 * The apiserver's decoding (field validation, quantities, the body limit) and its concurrency
 * rules (stale resourceVersion → 409 Conflict; generateName collisions retried), end to end through
 * a client and the real handlers.
 */
import { describe, expect, it } from 'vitest'
import { etcdKey, PODS } from '../../../api/resources'
import type { KubeObject, Pod } from '../../../api/types'
import { startApiServer, TestClient } from '../../testing/apiserver'
import { makePod } from '../../testing/builders'
import { encode } from '../codec'

const STRICT = { fieldValidation: 'Strict' }

function setup() {
  const t = startApiServer()
  const client = new TestClient(t.kernel).client
  return { t, client }
}

/** A Pod manifest with a misspelt field, as JSON the apiserver would decode. */
function typo(): KubeObject {
  const pod = makePod('web').build() as unknown as Record<string, unknown>
  const spec = pod.spec as { containers: Record<string, unknown>[] }
  spec.containers[0] = { ...spec.containers[0], imagePullPolcy: 'Always' }
  return pod as unknown as KubeObject
}

describe('field validation when decoding (fieldValidation)', () => {
  it('Strict: an unknown field is a 400 naming its path', () => {
    const { t, client } = setup()
    const r = t.call(client.create(PODS, 'default', typo(), 'submit', STRICT))
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.code).toBe(400)
    expect(r.status).toMatchObject({
      reason: 'BadRequest',
      message:
        'Pod in version "v1" cannot be handled as a Pod: strict decoding error: unknown field "spec.containers[0].imagePullPolcy"',
    })
  })

  it('Strict: several unknown fields are listed in document order', () => {
    const { t, client } = setup()
    const pod = typo() as unknown as Record<string, unknown>
    ;(pod.metadata as Record<string, unknown>).lables = { app: 'web' }
    pod.sepc = {}
    const r = t.call(client.create(PODS, 'default', pod as unknown as KubeObject, 'submit', STRICT))
    expect(r.ok ? '' : r.status.message).toBe(
      'Pod in version "v1" cannot be handled as a Pod: strict decoding error: unknown field "metadata.lables", unknown field "spec.containers[0].imagePullPolcy", unknown field "sepc"',
    )
  })

  it('Warn (the default): the object is created and the unknown field comes back as a warning', () => {
    const { t, client } = setup()
    const r = t.call(client.request('POST', '/api/v1/namespaces/default/pods', 'submit', { body: typo() }))
    expect(r.code).toBe(201)
    expect(r.warnings).toEqual(['unknown field "spec.containers[0].imagePullPolcy"'])
  })

  it('accepts the v1.33 fields kubernetes-types 1.30 lacks, status, and open maps', () => {
    const { t, client } = setup()
    const pod = makePod('web')
      .labels({ 'any-key': 'v' })
      .withSpec((s) => {
        ;(s as unknown as Record<string, unknown>).resources = { limits: { cpu: '1' } }
      })
      .build()
    const r = t.call(client.create(PODS, 'default', pod, 'submit', STRICT))
    expect(r.ok ? r.code : r.status.message).toBe(201)
  })

  it('a quantity that does not parse is a 400 whatever the field validation', () => {
    const { t, client } = setup()
    const pod = makePod('web').requests({ cpu: '1 core' }).build()
    const r = t.call(client.create(PODS, 'default', pod, 'submit'))
    expect(r.ok ? '' : `${r.code} ${r.status.message}`).toBe(
      '400 Pod in version "v1" cannot be handled as a Pod: quantities must match the regular expression \'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$\'',
    )
  })

  it('Strict on a strategic merge patch: a 422 on the patch, quoting it as Go prints a map', () => {
    const { t, client } = setup()
    t.call(client.create(PODS, 'default', makePod('web').build(), 'submit'))
    const patch = { metadata: { labels: { tier: 'web' } }, spec: { restartPolcy: 'Never' } }
    const r = t.call(
      client.patch(
        PODS,
        'default',
        'web',
        patch,
        'application/strategic-merge-patch+json',
        'submit',
        undefined,
        STRICT,
      ),
    )
    expect(r.ok ? '' : `${r.code} ${r.status.reason} ${r.status.message}`).toBe(
      '422 Invalid  "" is invalid: patch: Invalid value: "map[metadata:map[labels:map[tier:web]] spec:map[restartPolcy:Never]]": strict decoding error: unknown field "spec.restartPolcy"',
    )
    if (!r.ok) expect(r.status.details).toMatchObject({ kind: '', name: '' })
  })

  it('refuses a body over 3 MiB with 413', () => {
    const { t, client } = setup()
    const pod = makePod('big').build()
    pod.metadata = { ...pod.metadata, annotations: { blob: 'x'.repeat(3 * 1024 * 1024) } }
    const r = t.call(client.create(PODS, 'default', pod, 'submit'))
    expect(r.ok ? '' : `${r.code} ${r.status.reason} ${r.status.message}`).toBe(
      '413 RequestEntityTooLarge Request entity too large: limit is 3145728',
    )
  })
})

describe('concurrency', () => {
  it('a stale resourceVersion on update is a 409 Conflict', () => {
    const { t, client } = setup()
    const created = t.call(client.create(PODS, 'default', makePod('web').build(), 'submit'))
    if (!created.ok) throw new Error('create failed')
    const first = { ...created.object, metadata: { ...created.object.metadata, labels: { v: '1' } } }
    expect(t.call(client.update(PODS, first as Pod, 'submit')).code).toBe(200)
    // A second writer still holding the first resourceVersion.
    const stale = { ...created.object, metadata: { ...created.object.metadata, labels: { v: '2' } } }
    const r = t.call(client.update(PODS, stale as Pod, 'submit'))
    expect(r.ok ? '' : `${r.code} ${r.status.reason} ${r.status.message}`).toBe(
      '409 Conflict Operation cannot be fulfilled on pods "web": the object has been modified; please apply your changes to the latest version and try again',
    )
  })

  it('retries a generateName collision with a new name (store.go createWithGenerateNameRetry)', () => {
    const withGenerateName = () => {
      const pod = makePod('x').build()
      pod.metadata = { generateName: 'web-', namespace: 'default' }
      return pod
    }
    // The name the first attempt draws with this seed…
    const probe = setup()
    const first = probe.t.call(probe.client.create(PODS, 'default', withGenerateName(), 'submit'))
    if (!first.ok) throw new Error('create failed')
    const taken = first.object.metadata?.name ?? ''
    expect(taken).toMatch(/^web-[a-z0-9]{5}$/)

    // …is taken in an identical cluster: the apiserver draws another and succeeds.
    const { t, client } = setup()
    const squatter = makePod(taken).build()
    t.etcd.store.put(etcdKey(PODS, 'default', taken), encode(squatter))
    const r = t.call(client.create(PODS, 'default', withGenerateName(), 'submit'))
    expect(r.ok ? r.code : r.status.message).toBe(201)
    const name = r.ok ? (r.object.metadata?.name ?? '') : ''
    expect(name).toMatch(/^web-[a-z0-9]{5}$/)
    expect(name).not.toBe(taken)
    const retries = t.kernel.trace.filter(
      (m) => m.kind === 'step' && /retrying with a new name/.test(m.summary),
    )
    expect(retries).toHaveLength(1)
  })

  it('a taken explicit name is a 409 AlreadyExists, without retry', () => {
    const { t, client } = setup()
    t.call(client.create(PODS, 'default', makePod('web').build(), 'submit'))
    const r = t.call(client.create(PODS, 'default', makePod('web').build(), 'submit'))
    expect(r.ok ? '' : `${r.code} ${r.status.reason} ${r.status.message}`).toBe(
      '409 AlreadyExists pods "web" already exists',
    )
  })
})
