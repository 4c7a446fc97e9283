import { describe, expect, it } from 'vitest'
import type { MessageKind, MessageView, Stage } from '../../protocol/messages'
import { escapeText, mermaidDiagram, orderComponents, participantIds, toMermaid } from './mermaid'

let nextId = 1
function msg(
  from: string,
  to: string,
  kind: MessageKind,
  summary: string,
  sentAtMs: number,
  stage: Stage = 'submit',
  extra: Partial<MessageView> = {},
): MessageView {
  return {
    id: nextId++,
    from,
    to,
    kind,
    summary,
    sentAtMs,
    deliverAtMs: sentAtMs + 2,
    causeId: null,
    stage,
    ...extra,
  }
}

/** The happy path in miniature, with a heartbeat and a start-up LIST among it. */
function smallTrace(): MessageView[] {
  nextId = 1
  return [
    msg('kube-scheduler', 'kube-apiserver', 'http-request', 'GET /api/v1/nodes', 0, 'boot'),
    msg('kubectl', 'kube-apiserver', 'http-request', 'POST /api/v1/namespaces/default/pods', 34),
    msg(
      'kube-apiserver',
      'kube-apiserver',
      'step',
      'authenticated kubernetes-admin (x509)',
      49,
      'authenticate',
    ),
    msg('kube-apiserver', 'etcd', 'etcd-request', 'Txn put /registry/pods/default/nginx', 49, 'persist'),
    msg('kubelet/worker-1', 'kube-apiserver', 'http-request', 'PUT lease worker-1', 50, 'heartbeat'),
    msg('etcd', 'kube-apiserver', 'etcd-response', 'Txn OK (revision 58)', 52, 'persist'),
    msg('kube-apiserver', 'kube-scheduler', 'watch-event', 'WATCH ADDED pods/nginx', 54, 'schedule-watch'),
    msg('kube-apiserver', 'kubectl', 'http-response', '201 Created', 54),
    msg('kube-scheduler', 'kube-scheduler', 'step', 'Score default/nginx: worker-1', 56, 'score'),
    msg('kube-apiserver', 'kubelet/worker-1', 'watch-event', 'WATCH ADDED pods/nginx', 68, 'kubelet-watch'),
    msg('kubelet/worker-1', 'runtime/worker-1', 'cri-request', 'RunPodSandbox', 72, 'sandbox'),
    msg(
      'runtime/worker-1',
      'registry',
      'http-request',
      'HEAD /v2/library/nginx/manifests/latest',
      1287,
      'pull',
    ),
  ]
}

describe('toMermaid', () => {
  it('draws a small run exactly: participants in the story’s order, requests, responses, watch events, steps', () => {
    expect(toMermaid(smallTrace(), { title: 'nginx: the happy path', skipBoot: true })).toBe(
      `sequenceDiagram
  title nginx#58; the happy path
  %% left out: 1 start-up message
  %% left out: 1 routine message (heartbeats)
  participant kubectl
  participant kube_apiserver as kube-apiserver
  participant etcd
  participant kube_scheduler as kube-scheduler
  participant kubelet_worker_1 as kubelet/worker-1
  participant runtime_worker_1 as runtime/worker-1
  participant registry
  kubectl->>kube_apiserver: [34ms] POST /api/v1/namespaces/default/pods
  Note over kube_apiserver: [49ms] authenticated kubernetes-admin (x509)
  kube_apiserver->>etcd: [49ms] Txn put /registry/pods/default/nginx
  etcd-->>kube_apiserver: [52ms] Txn OK (revision 58)
  kube_apiserver-->>kube_scheduler: [54ms] WATCH ADDED pods/nginx
  kube_apiserver-->>kubectl: [54ms] 201 Created
  Note over kube_scheduler: [56ms] Score default/nginx#58; worker-1
  kube_apiserver-->>kubelet_worker_1: [68ms] WATCH ADDED pods/nginx
  kubelet_worker_1->>runtime_worker_1: [72ms] RunPodSandbox
  runtime_worker_1->>registry: [1.287s] HEAD /v2/library/nginx/manifests/latest
`,
    )
  })

  it('keeps start-up and heartbeats when asked, and leaves times out', () => {
    const text = toMermaid(smallTrace(), { skipRoutine: false, times: false })
    expect(text).not.toContain('%%')
    expect(text).not.toContain('title')
    expect(text).toContain('  kube_scheduler->>kube_apiserver: GET /api/v1/nodes\n')
    expect(text).toContain('  kubelet_worker_1->>kube_apiserver: PUT lease worker-1\n')
  })

  it('caps big runs with a note counting the rest', () => {
    nextId = 1
    const many = Array.from({ length: 1300 }, (_, i) =>
      msg('kubectl', 'kube-apiserver', 'http-request', `GET /api/v1/pods/p${i}`, i),
    )
    const d = mermaidDiagram([msg('kube-apiserver', 'etcd', 'etcd-request', 'Range', 0), ...many], {
      maxMessages: 66,
      times: false,
    })
    expect(d.shown).toBe(66)
    expect(d.more).toBe(1235)
    const lines = d.text.trimEnd().split('\n')
    expect(lines.filter((l) => l.includes('->>'))).toHaveLength(66)
    expect(lines[lines.length - 1]).toBe('  Note over kubectl,etcd: … 1,235 more messages')
  })

  it('marks lost and delayed messages', () => {
    nextId = 1
    const text = toMermaid(
      [
        msg('kube-scheduler', 'kube-apiserver', 'http-request', 'POST binding', 10, 'bind', { lostAtMs: 11 }),
        msg('kube-apiserver', 'kubectl', 'http-response', '201 Created', 20, 'submit', { lostAtMs: 21 }),
        msg('kube-apiserver', 'kube-scheduler', 'watch-event', 'WATCH', 30, 'bind', { delayedByMs: 2500 }),
      ],
      { times: false },
    )
    expect(text).toContain('  kube_scheduler-xkube_apiserver: POST binding (lost)\n')
    expect(text).toContain('  kube_apiserver--xkubectl: 201 Created (lost)\n')
    expect(text).toContain('  kube_apiserver-->>kube_scheduler: WATCH (delayed 2.5s)\n')
  })

  it('escapes what would end a statement, open a comment or become markup', () => {
    expect(escapeText('a: b; c #1 "quoted" it\'s <br> x\ny')).toBe(
      'a#58; b#59; c #35;1 #quot;quoted#quot; it#39;s #lt;br#gt; x y',
    )
    nextId = 1
    const text = toMermaid(
      [msg('kubectl', 'kube-apiserver', 'http-request', 'GET /x?a=1;b=2#frag "q": v', 0)],
      { times: false },
    )
    expect(text.split('\n')).toContain(
      '  kubectl->>kube_apiserver: GET /x?a=1#59;b=2#35;frag #quot;q#quot;#58; v',
    )
  })

  it('gives every component a unique Mermaid-safe id', () => {
    const ids = participantIds(['kubelet/a-b', 'kubelet/a_b', '9lives', 'end', 'kube-apiserver'])
    expect([...ids.values()]).toEqual(['kubelet_a_b', 'kubelet_a_b_2', 'c_9lives', 'end_', 'kube_apiserver'])
    for (const id of ids.values()) expect(id).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/)
  })

  it('orders nodes by first appearance, each kubelet before its runtime, the registry last', () => {
    nextId = 1
    const order = orderComponents([
      msg('runtime/b', 'registry', 'http-request', 'x', 0),
      msg('kube-apiserver', 'kubelet/a', 'watch-event', 'x', 1),
      msg('kube-apiserver', 'webhooks', 'http-request', 'x', 2),
      msg('kube-apiserver', 'kubelet/b', 'watch-event', 'x', 3),
    ])
    expect(order).toEqual(['kube-apiserver', 'webhooks', 'kubelet/b', 'runtime/b', 'kubelet/a', 'registry'])
  })
})
