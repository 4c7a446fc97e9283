import { describe, expect, it } from 'vitest'
import type { MessageKind } from '../../protocol/messages'
import { translator } from '../i18n/i18n'
import {
  componentName,
  componentTestId,
  describeMessage,
  MAX_LABEL,
  middleEllipsis,
  parseApiPath,
  shortLabel,
} from './labels'

describe('shortLabel', () => {
  // Summaries as the simulation writes them (npm run sim -- -o json examples/deployment.yaml).
  it.each<[MessageKind, string, string]>([
    ['http-request', 'POST /api/v1/namespaces/default/pods', 'POST pods'],
    ['http-request', 'GET /api/v1/nodes', 'LIST nodes'],
    ['http-request', 'GET /api/v1/pods?fieldSelector=spec.nodeName=worker-1', 'LIST pods'],
    [
      'http-request',
      'GET /api/v1/pods?fieldSelector=spec.nodeName=worker-1&resourceVersion=15&watch=true',
      'WATCH pods',
    ],
    ['http-request', 'GET /apis/apps/v1/deployments?resourceVersion=15&watch=true', 'WATCH deployments'],
    ['http-request', 'GET /apis/apps/v1/namespaces/default/deployments/web', 'GET deployments/web'],
    ['http-request', 'POST /apis/apps/v1/namespaces/default/deployments', 'POST deployments'],
    [
      'http-request',
      'PUT /apis/apps/v1/namespaces/default/deployments/web/status',
      'PUT deployments/web/status',
    ],
    ['http-request', 'POST /api/v1/namespaces/default/pods/nginx/binding', 'POST pods/nginx/binding'],
    [
      'http-request',
      'POST /api/v1/namespaces/default/pods/web-5fff6c8fd-trlsj/binding',
      'POST pods/web-5…-trlsj/binding',
    ],
    ['http-request', 'PATCH /api/v1/namespaces/default/pods/nginx/status', 'PATCH pods/nginx/status'],
    ['http-request', 'POST /apis/events.k8s.io/v1/namespaces/default/events', 'POST events'],
    ['http-request', 'GET /api/v1/namespaces/default', 'GET namespaces/default'],
    ['http-request', 'HEAD /v2/library/nginx/manifests/1.27', 'HEAD manifest nginx:1.27'],
    [
      'http-request',
      'GET /v2/library/nginx/manifests/sha256:7b39b0070f4ad815a8b08b3011c9585eb7fd9f44838b0ed850033130c0846b0d',
      'GET manifest sha256:7b39b0…',
    ],
    [
      'http-request',
      'GET /v2/library/nginx/blobs/sha256:d13f296eff3b254dd1d02093c528544977d84f4466d6d8b06033e9e8a32d40de',
      'GET blob sha256:d13f29…',
    ],
    ['http-response', '201 Created', '201 Created'],
    ['http-response', '422 Unprocessable Entity', '422 Unprocessable Entity'],
    ['watch-event', 'WATCH ADDED pods/nginx', 'WATCH ADDED pods/nginx'],
    ['watch-event', 'WATCH MODIFIED pods/web-5fff6c8fd-trlsj', 'WATCH MODIFIED pods/web-…trlsj'],
    ['watch-event', 'WATCH PUT /registry/pods/default/nginx', 'WATCH PUT …/nginx'],
    [
      'watch-event',
      'WATCH PUT /registry/pods/default/a, WATCH PUT /registry/pods/default/b',
      'WATCH PUT …/a +1',
    ],
    ['etcd-request', 'Txn put /registry/pods/default/nginx', 'Txn put …/nginx'],
    ['etcd-request', 'Txn put /registry/pods/default/web-5fff6c8fd-trlsj', 'Txn put …/web-5fff6c8fd-trlsj'],
    ['etcd-request', 'Txn delete /registry/pods/default/nginx', 'Txn delete …/nginx'],
    ['etcd-request', 'Txn put /registry/a/x/one, put /registry/a/x/two', 'Txn put …/one +1'],
    ['etcd-request', 'Range /registry/pods/ (prefix)', 'Range pods/*'],
    ['etcd-request', 'Range /registry/namespaces/default', 'Range …/default'],
    ['etcd-request', 'Watch /registry/pods/ (prefix) from revision 16', 'Watch pods/*'],
    ['etcd-response', 'Txn OK (revision 16)', 'Txn OK rev 16'],
    ['etcd-response', 'Watch created (revision 15)', 'Watch created rev 15'],
    ['cri-request', 'RunPodSandbox', 'RunPodSandbox'],
    ['cri-response', 'ContainerEvent CONTAINER_STARTED_EVENT', 'ContainerEvent STARTED'],
    ['cri-response', 'PullImage: NotFound', 'PullImage: NotFound'],
    ['step', 'authorized: create pods', 'authorized: create pods'],
  ])('%s %s → %s', (kind, summary, label) => {
    expect(shortLabel({ kind, summary })).toBe(label)
  })

  it('never exceeds the maximum length', () => {
    const long = `step ${'x'.repeat(80)}`
    expect(shortLabel({ kind: 'step', summary: long })).toHaveLength(MAX_LABEL)
    expect(shortLabel({ kind: 'watch-event', summary: `WATCH ADDED pods/${'y'.repeat(80)}` }).length).toBe(
      MAX_LABEL,
    )
    expect(
      shortLabel({
        kind: 'http-request',
        summary: `POST /api/v1/namespaces/default/pods/${'z'.repeat(80)}/binding`,
      }).length,
    ).toBe(MAX_LABEL)
  })
})

describe('middleEllipsis', () => {
  it.each([
    ['nginx', 10, 'nginx'],
    ['web-5fff6c8fd-trlsj', 12, 'web-5…-trlsj'],
    ['abcdef', 1, '…'],
  ])('%s in %d → %s', (s, max, out) => expect(middleEllipsis(s, max)).toBe(out))
})

describe('parseApiPath', () => {
  it.each([
    ['/api/v1/pods', { resource: 'pods' }],
    [
      '/api/v1/namespaces/default/pods/nginx/status',
      { resource: 'pods', name: 'nginx', subresource: 'status' },
    ],
    ['/apis/apps/v1/namespaces/default/replicasets', { resource: 'replicasets' }],
    ['/api/v1/namespaces/default', { resource: 'namespaces', name: 'default' }],
    ['/v2/library/nginx/manifests/1.27', undefined],
  ])('%s', (path, parsed) => expect(parseApiPath(path)).toEqual(parsed))
})

describe('names', () => {
  it('names components for people and for tests', () => {
    expect(componentName('kubelet/worker-1')).toBe('kubelet on worker-1')
    expect(componentName('runtime/worker-1')).toBe('containerd on worker-1')
    expect(componentName('kube-apiserver')).toBe('kube-apiserver')
    expect(componentTestId('kubelet/worker-1')).toBe('component-kubelet-worker-1')
    expect(componentTestId('kube-apiserver')).toBe('component-kube-apiserver')
  })

  it('describes a message with its pill label, kind, endpoints and full summary', () => {
    expect(
      describeMessage({
        kind: 'http-request',
        from: 'kube-scheduler',
        to: 'kube-apiserver',
        summary: 'POST /api/v1/namespaces/default/pods/nginx/binding',
      }),
    ).toBe(
      'POST pods/nginx/binding — HTTP request from kube-scheduler to kube-apiserver: POST /api/v1/namespaces/default/pods/nginx/binding',
    )
    expect(
      describeMessage({ kind: 'step', from: 'kube-apiserver', to: 'kube-apiserver', summary: 'authorized' }),
    ).toBe('Step in kube-apiserver: authorized')
  })

  it('names and describes in Chinese when asked', () => {
    const zh = translator('zh')
    expect(componentName('kubelet/worker-1', zh)).toBe('worker-1 上的 kubelet')
    expect(
      describeMessage(
        {
          kind: 'watch-event',
          from: 'kube-apiserver',
          to: 'kube-scheduler',
          summary: 'WATCH ADDED pods/nginx',
        },
        zh,
      ),
    ).toBe('Watch 事件，从 kube-apiserver 到 kube-scheduler：WATCH ADDED pods/nginx')
  })
})
