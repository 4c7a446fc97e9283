/**
 * The user's kubectl against the real etcd + kube-apiserver: client-side apply (GET → 404 → POST
 * with the last-applied annotation; GET → PATCH afterwards), delete, and errors.
 */
import { describe, expect, it } from 'vitest'
import { DEPLOYMENTS, NAMESPACES, PODS } from '../../api/resources'
import { forbiddenMessage, invalid, invalidValue, notFound, required } from '../../api/status'
import type { KubeObject, Pod } from '../../api/types'
import type { HttpRequest } from '../apiserver/http'
import { Kernel } from '../kernel/kernel'
import { APISERVER, KUBECTL, type Message } from '../kernel/trace'
import { startApiServer } from '../testing/apiserver'
import { makePod, makeWorkload, Probe } from '../testing/builders'
import { Kubectl, LAST_APPLIED } from './kubectl'

function setup() {
  const t = startApiServer()
  const kubectl = new Kubectl(t.kernel)
  t.kernel.register(kubectl)
  const requests = () =>
    t.kernel.trace.filter((m) => m.from === KUBECTL && m.kind === 'http-request') as Message<HttpRequest>[]
  const lines = () => requests().map((m) => m.summary)
  const stored = (prefix: string, name: string) => t.stored(prefix).find((o) => o.metadata?.name === name)
  return { t, kubectl, requests, lines, stored }
}

const nginx = makePod('nginx').containers({ name: 'nginx', image: 'nginx:1.27' }).build()

const annotation = (obj: KubeObject | undefined) => obj?.metadata?.annotations?.[LAST_APPLIED]

describe('kubectl apply', () => {
  it('creates a new object: GET → 404 → POST with the last-applied annotation → created', () => {
    const { t, kubectl, requests, lines } = setup()
    const r = t.call(kubectl.apply(nginx, PODS))
    expect(lines()).toEqual([
      'GET /api/v1/namespaces/default/pods/nginx',
      'POST /api/v1/namespaces/default/pods?fieldManager=kubectl-client-side-apply&fieldValidation=Strict',
    ])
    const last =
      '{"apiVersion":"v1","kind":"Pod","metadata":{"annotations":{},"name":"nginx","namespace":"default"},"spec":{"containers":[{"image":"nginx:1.27","name":"nginx"}]}}\n'
    const post = requests()[1]
    expect(post?.payload).toEqual({
      method: 'POST',
      path: '/api/v1/namespaces/default/pods',
      // apply.go: the helper's field manager, and server-side field validation (--validate=strict).
      query: { fieldManager: 'kubectl-client-side-apply', fieldValidation: 'Strict' },
      headers: {
        'user-agent': 'kubectl/v1.33.0 (linux/amd64) kubernetes/60a317e',
        'x-client-certificate': 'CN=kubernetes-admin,O=kubeadm:cluster-admins',
        'content-type': 'application/json',
      },
      body: {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: 'nginx', namespace: 'default', annotations: { [LAST_APPLIED]: last } },
        spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] },
      },
    })
    expect(r).toMatchObject({
      kind: 'Pod',
      namespace: 'default',
      name: 'nginx',
      code: 201,
      action: 'created',
    })
    expect(r.status).toBeUndefined()
    expect(annotation(r.object)).toBe(last)
    // The input object is left as it was.
    expect(nginx.metadata).toEqual({ name: 'nginx', namespace: 'default' })
  })

  it.each<[string, KubeObject, string]>([
    [
      'a Pod without a namespace (defaulted to default)',
      makePod('web').namespace(undefined).build(),
      '{"apiVersion":"v1","kind":"Pod","metadata":{"annotations":{},"name":"web","namespace":"default"},"spec":{"containers":[{"image":"nginx:1.27","name":"app"}]}}\n',
    ],
    [
      'labels and the user’s own annotations, keys sorted at every level',
      {
        kind: 'Pod',
        apiVersion: 'v1',
        metadata: {
          namespace: 'default',
          name: 'web',
          labels: { tier: 'fe', app: 'web' },
          annotations: { 'z.example/b': '2', 'a.example/a': '1' },
        },
        spec: {
          restartPolicy: 'Never',
          containers: [{ name: 'web', image: 'nginx', ports: [{ containerPort: 80 }] }],
        },
      } as KubeObject,
      '{"apiVersion":"v1","kind":"Pod","metadata":{"annotations":{"a.example/a":"1","z.example/b":"2"},"labels":{"app":"web","tier":"fe"},"name":"web","namespace":"default"},"spec":{"containers":[{"image":"nginx","name":"web","ports":[{"containerPort":80}]}],"restartPolicy":"Never"}}\n',
    ],
    [
      'arrays keep their order',
      makePod('two').containers({ name: 'zz', image: 'b' }, { name: 'aa', image: 'a' }).build(),
      '{"apiVersion":"v1","kind":"Pod","metadata":{"annotations":{},"name":"two","namespace":"default"},"spec":{"containers":[{"image":"b","name":"zz"},{"image":"a","name":"aa"}]}}\n',
    ],
    [
      'an old last-applied annotation in the input is left out of the new one',
      {
        ...makePod('re').build(),
        metadata: { name: 're', namespace: 'default', annotations: { [LAST_APPLIED]: '{"old":true}\n' } },
      } as KubeObject,
      '{"apiVersion":"v1","kind":"Pod","metadata":{"annotations":{},"name":"re","namespace":"default"},"spec":{"containers":[{"image":"nginx:1.27","name":"app"}]}}\n',
    ],
  ])('writes the annotation as sorted-key JSON with a newline: %s', (_, obj, last) => {
    const { t, kubectl } = setup()
    const r = t.call(kubectl.apply(obj, PODS))
    expect(r.action).toBe('created')
    expect(annotation(r.object)).toBe(last)
  })

  it('applies a cluster-scoped object without a namespace', () => {
    const { t, kubectl, lines } = setup()
    const r = t.call(
      kubectl.apply({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'dev' } }, NAMESPACES),
    )
    expect(lines()).toEqual([
      'GET /api/v1/namespaces/dev',
      'POST /api/v1/namespaces?fieldManager=kubectl-client-side-apply&fieldValidation=Strict',
    ])
    expect(r).toMatchObject({ kind: 'Namespace', name: 'dev', code: 201, action: 'created' })
    expect(r).not.toHaveProperty('namespace')
    expect(r).not.toHaveProperty('group')
    expect(annotation(r.object)).toBe(
      '{"apiVersion":"v1","kind":"Namespace","metadata":{"annotations":{},"name":"dev"}}\n',
    )
  })

  it('applies to the object’s API group path', () => {
    const { t, kubectl, lines } = setup()
    const r = t.call(kubectl.apply(makeWorkload('Deployment', 'web').build(), DEPLOYMENTS))
    expect(lines()).toEqual([
      'GET /apis/apps/v1/namespaces/default/deployments/web',
      'POST /apis/apps/v1/namespaces/default/deployments?fieldManager=kubectl-client-side-apply&fieldValidation=Strict',
    ])
    expect(r).toMatchObject({
      kind: 'Deployment',
      group: 'apps',
      namespace: 'default',
      name: 'web',
      code: 201,
      action: 'created',
    })
  })

  it('PATCHes an existing object that changed: GET → 200 → PATCH → configured', () => {
    const { t, kubectl, requests, lines, stored } = setup()
    t.call(kubectl.apply(nginx, PODS))
    const changed = makePod('nginx')
      .containers({ name: 'nginx', image: 'nginx:1.28' })
      .labels({ app: 'web' })
      .build()
    const r = t.call(kubectl.apply(changed, PODS))
    expect(lines().slice(2)).toEqual([
      'GET /api/v1/namespaces/default/pods/nginx',
      'PATCH /api/v1/namespaces/default/pods/nginx?fieldManager=kubectl-client-side-apply&fieldValidation=Strict',
    ])
    const patch = requests()[3]
    expect(patch?.payload.headers['content-type']).toBe('application/strategic-merge-patch+json')
    expect(r).toMatchObject({
      kind: 'Pod',
      namespace: 'default',
      name: 'nginx',
      code: 200,
      action: 'configured',
    })
    const pod = stored('pods', 'nginx') as Pod
    expect(pod.metadata?.labels).toEqual({ app: 'web' })
    expect(pod.spec?.containers[0]?.image).toBe('nginx:1.28')
    expect(annotation(pod)).toBe(
      '{"apiVersion":"v1","kind":"Pod","metadata":{"annotations":{},"labels":{"app":"web"},"name":"nginx","namespace":"default"},"spec":{"containers":[{"image":"nginx:1.28","name":"nginx"}]}}\n',
    )
  })

  it('reports an apply that changes nothing as unchanged', () => {
    const { t, kubectl, stored } = setup()
    t.call(kubectl.apply(nginx, PODS))
    const before = stored('pods', 'nginx')?.metadata?.resourceVersion
    const r = t.call(kubectl.apply(nginx, PODS))
    expect(r).toMatchObject({
      kind: 'Pod',
      namespace: 'default',
      name: 'nginx',
      code: 200,
      action: 'unchanged',
    })
    expect(stored('pods', 'nginx')?.metadata?.resourceVersion).toBe(before)
  })

  it.each<[string, KubeObject, Partial<ReturnType<typeof invalid>>]>([
    [
      'an invalid Pod (422)',
      makePod('bad').image(undefined).build(),
      invalid('Pod', 'bad', [required('spec.containers[0].image')]),
    ],
    [
      'a Pod in a missing namespace (404 from admission)',
      makePod('x').namespace('dev').build(),
      { code: 404, reason: 'NotFound', message: 'namespaces "dev" not found' },
    ],
  ])('returns the apiserver’s Status for %s, with no action', (_, obj, status) => {
    const { t, kubectl } = setup()
    const r = t.call(kubectl.apply(obj, PODS))
    expect(r).toMatchObject({ kind: 'Pod', name: obj.metadata?.name, code: status.code, status })
    expect(r.action).toBeUndefined()
    expect(r.object).toBeUndefined()
  })

  it('returns the Status of a refused PATCH', () => {
    const { t, kubectl } = setup()
    t.call(kubectl.apply(makeWorkload('Deployment', 'web').build(), DEPLOYMENTS))
    const r = t.call(kubectl.apply(makeWorkload('Deployment', 'web').replicas(-1).build(), DEPLOYMENTS))
    expect(r).toEqual({
      kind: 'Deployment',
      group: 'apps',
      namespace: 'default',
      name: 'web',
      code: 422,
      status: invalid(
        'Deployment',
        'web',
        [invalidValue('spec.replicas', -1, 'must be greater than or equal to 0')],
        'apps',
      ),
      failedRequest: {
        verb: 'patch',
        resource: 'deployments',
        version: 'v1',
        patch: expect.stringContaining('"replicas":-1') as unknown as string,
      },
    })
  })

  it('stops when the GET fails with anything but 404, returning its Status', () => {
    const kernel = new Kernel({ seed: 1 })
    const api = new Probe(kernel, APISERVER)
    const refused = forbiddenMessage('pods "nginx" is forbidden: try again later')
    api.onReceive = (m, probe) => probe.reply(m, '403 Forbidden', { code: 403, body: refused })
    const kubectl = new Kubectl(kernel)
    kernel.register(kubectl)
    const p = kernel.spawn(kubectl.apply(nginx, PODS))
    kernel.run()
    expect(p.result).toEqual({
      kind: 'Pod',
      namespace: 'default',
      name: 'nginx',
      code: 403,
      status: refused,
      failedRequest: { verb: 'get', resource: 'pods', version: 'v1' },
    })
    expect(api.received.map((m) => m.summary)).toEqual(['GET /api/v1/namespaces/default/pods/nginx'])
  })

  it('removes a label that was applied before and is gone from the manifest', () => {
    const { t, kubectl, requests, stored } = setup()
    t.call(kubectl.apply(makePod('web').labels({ app: 'web', tier: 'fe' }).build(), PODS))
    const r = t.call(kubectl.apply(makePod('web').labels({ app: 'web' }).build(), PODS))
    expect(r.action).toBe('configured')
    expect(stored('pods', 'web')?.metadata?.labels).toEqual({ app: 'web' })
    const patch = requests().at(-1)?.payload.body as { metadata: { labels: unknown } }
    expect(patch.metadata.labels).toEqual({ tier: null })
  })

  it('sends the three-way patch: what changed from the live object, what was removed since the last apply', () => {
    const { t, kubectl, requests, stored } = setup()
    const v1 = makePod('web')
      .labels({ app: 'web', tier: 'fe' })
      .containers(
        {
          name: 'web',
          image: 'nginx:1.27',
          env: [
            { name: 'A', value: '1' },
            { name: 'B', value: '2' },
          ],
        },
        { name: 'sidecar', image: 'busybox' },
      )
      .build()
    t.call(kubectl.apply(v1, PODS))
    const v2 = makePod('web')
      .labels({ app: 'web' })
      .containers({ name: 'web', image: 'nginx:1.28', env: [{ name: 'A', value: '1' }] })
      .build()
    const r = t.call(kubectl.apply(v2, PODS))
    expect(r.action).toBe('configured')
    const last = annotation(stored('pods', 'web'))
    // Keys sorted, as Go's encoding/json writes them.
    expect(JSON.stringify(requests().at(-1)?.payload.body)).toBe(
      JSON.stringify({
        metadata: { annotations: { [LAST_APPLIED]: last }, labels: { tier: null } },
        spec: {
          $setElementOrder$containers: [{ name: 'web' }],
          containers: [
            {
              $setElementOrder$env: [{ name: 'A' }],
              env: [{ $patch: 'delete', name: 'B' }],
              image: 'nginx:1.28',
              name: 'web',
            },
            { $patch: 'delete', name: 'sidecar' },
          ],
        },
      }).replaceAll('$setElementOrder$', '$setElementOrder/'),
    )
    const pod = stored('pods', 'web') as Pod
    expect(pod.metadata?.labels).toEqual({ app: 'web' })
    expect(pod.spec?.containers.map((c) => [c.name, c.image, c.env])).toEqual([
      ['web', 'nginx:1.28', [{ name: 'A', value: '1' }]],
    ])
  })

  it('keeps what the cluster added (defaults, status) and what someone else set outside the manifest', () => {
    const { t, kubectl, requests, stored } = setup()
    t.call(kubectl.apply(makePod('web').labels({ app: 'web' }).build(), PODS))
    t.call(
      kubectl.client.patch(
        PODS,
        'default',
        'web',
        { metadata: { labels: { owner: 'ops' } } },
        'application/merge-patch+json',
        'submit',
      ),
    )
    const r = t.call(kubectl.apply(makePod('web').labels({ app: 'web', tier: 'fe' }).build(), PODS))
    expect(r.action).toBe('configured')
    const patch = requests().at(-1)?.payload.body as { metadata: Record<string, unknown>; spec?: unknown }
    expect(patch.metadata.labels).toEqual({ tier: 'fe' })
    expect(patch).not.toHaveProperty('spec')
    expect(stored('pods', 'web')?.metadata?.labels).toEqual({ app: 'web', owner: 'ops', tier: 'fe' })
  })

  it('sends nothing and reports unchanged when the manifest is what was applied: GET only', () => {
    const { t, kubectl, lines } = setup()
    t.call(kubectl.apply(nginx, PODS))
    const r = t.call(kubectl.apply(nginx, PODS))
    expect(lines().slice(2)).toEqual(['GET /api/v1/namespaces/default/pods/nginx'])
    expect(r).toMatchObject({ code: 200, action: 'unchanged' })
    expect(r.object?.metadata?.name).toBe('nginx')
  })

  it('deletes nothing from an object that has no last-applied annotation', () => {
    const { t, kubectl, requests, stored } = setup()
    t.call(
      kubectl.client.create(
        PODS,
        'default',
        makePod('web').labels({ app: 'web', tier: 'fe' }).build(),
        'submit',
      ),
    )
    const r = t.call(kubectl.apply(makePod('web').labels({ app: 'web' }).build(), PODS))
    expect(r.action).toBe('configured')
    const patch = requests().at(-1)?.payload.body as { metadata: Record<string, unknown> }
    expect(Object.keys(patch.metadata)).toEqual(['annotations'])
    expect(stored('pods', 'web')?.metadata?.labels).toEqual({ app: 'web', tier: 'fe' })
  })

  it('refuses an object that has only generateName, client-side, as kubectl does', () => {
    const { t, kubectl, lines } = setup()
    const obj = { ...nginx, metadata: { generateName: 'web-', namespace: 'default' } } as KubeObject
    const r = t.call(kubectl.apply(obj, PODS))
    expect(lines()).toEqual([])
    expect(r).toEqual({
      kind: 'Pod',
      namespace: 'default',
      name: '',
      code: 0,
      error: 'from web-: cannot use generate name with apply',
    })
  })
})

describe('kubectl delete', () => {
  it('sends DELETE and returns the deleted object', () => {
    const { t, kubectl, lines, stored } = setup()
    t.call(kubectl.apply(nginx, PODS))
    const r = t.call(kubectl.delete(PODS, 'default', 'nginx'))
    expect(lines().slice(2)).toEqual(['DELETE /api/v1/namespaces/default/pods/nginx'])
    expect(r).toMatchObject({ kind: 'Pod', namespace: 'default', name: 'nginx', code: 200 })
    expect(r.object?.metadata?.name).toBe('nginx')
    expect(r.status).toBeUndefined()
    // An unscheduled Pod has no kubelet to wait for: it is gone at once.
    expect(stored('pods', 'nginx')).toBeUndefined()
  })

  it.each([
    ['a missing Pod', PODS, 'default', 'nope', notFound('pods', 'nope'), { namespace: 'default' }],
    [
      'a missing Deployment',
      DEPLOYMENTS,
      'default',
      'web',
      notFound('deployments', 'web', 'apps'),
      { namespace: 'default' },
    ],
    ['a missing Namespace', NAMESPACES, undefined, 'dev', notFound('namespaces', 'dev'), {}],
  ])('returns the Status for %s', (_, info, namespace, name, status, ns) => {
    const { t, kubectl } = setup()
    const r = t.call(kubectl.delete(info, namespace, name))
    expect(r).toEqual({
      kind: info.kind,
      ...(info.group ? { group: info.group } : {}),
      ...ns,
      name,
      code: 404,
      status,
    })
  })
})
