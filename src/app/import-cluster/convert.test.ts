import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse, parseAllDocuments } from 'yaml'
import { getPods } from '../../api/kubectl'
import { DEFAULT_START_MS } from '../../api/time'
import type { Pod } from '../../api/types'
import { parseClusterYaml } from '../../worker/scenario-input'
import { Session } from '../../worker/session'
import { Mirror } from '../../worker/testing/mirror'
import { dumpToClusterYaml, formatShift } from './convert'

const DUMP = readFileSync(join(import.meta.dirname, '../../../examples/cluster-dump.yaml'), 'utf8')

function converted(text: string) {
  const c = dumpToClusterYaml(text)
  if (!c.ok) throw new Error(`does not convert: ${JSON.stringify(c.problem)}`)
  return c
}

const docs = (yaml: string) =>
  parseAllDocuments(yaml).map((d) => d.toJS() as { kind: string; metadata: Record<string, unknown> } & Pod)

describe('dumpToClusterYaml: kubectl get nodes,pods -A -o yaml → the cluster tab', () => {
  it('keeps the Nodes and the Pods that run or wait, adds their Namespaces, leaves finished Pods out', () => {
    const { yaml, summary } = converted(DUMP)
    expect(summary).toEqual({
      dumpTime: '2025-06-12T14:03:24Z',
      shiftMs: DEFAULT_START_MS - Date.parse('2025-06-12T14:03:24Z'),
      nodes: 3,
      running: 16,
      pending: 1,
      namespaces: ['kube-system', 'kube-flannel', 'shop'].filter((n) => n !== 'kube-system'),
      skipped: { finished: 1, terminating: 0, elsewhere: 0, other: {} },
    })
    const out = docs(yaml)
    expect(out.map((d) => `${d.kind}/${d.metadata.name}`).slice(0, 6)).toEqual([
      'Namespace/kube-flannel',
      'Namespace/shop',
      'Node/cp-1',
      'Node/worker-a',
      'Node/worker-b',
      'Pod/etcd-cp-1',
    ])
    expect(out.filter((d) => d.kind === 'Pod')).toHaveLength(17)
    expect(out.some((d) => d.metadata.name === 'report-29157120-5xk8d')).toBe(false)
    expect(yaml.split('\n').slice(0, 6)).toEqual([
      '# Imported from `kubectl get nodes,pods -A -o yaml`, taken at about 2025-06-12T14:03:24Z (its',
      '# newest timestamp). Times are moved by -42d4h3m24s so that this moment is time 0',
      '# (2025-05-01T10:00:00Z); ages are as they were.',
      '# 3 Nodes; 16 Pods running on them, 1 Pending. In the cluster tab a Pod',
      '# is one already there when the scenario begins (managedFields and resourceVersion left out).',
      '# Left out: 1 finished, 0 being deleted, 0 on Nodes not in the dump.',
    ])
  })

  it('moves every time by the same amount: ages and restarts read as they did when the dump was taken', () => {
    const before = (parse(DUMP) as { items: Pod[] }).items
    const after = docs(converted(DUMP).yaml)
    const dumpMs = Date.parse('2025-06-12T14:03:24Z')
    for (const name of [
      'kube-controller-manager-cp-1',
      'web-6c9f8d7b5-8wqzt',
      'batch-import',
      'coredns-674b8bbfcf-7xk2p',
    ]) {
      const a = before.find((p) => p.metadata?.name === name) as Pod
      const b = after.find((p) => p.metadata?.name === name) as Pod
      // kubectl get pods -A -o wide: STATUS, RESTARTS (with "ago") and AGE as they were.
      const real = getPods([a], { nowMs: dumpMs, allNamespaces: true, wide: true })
      expect(getPods([b], { nowMs: DEFAULT_START_MS, allNamespaces: true, wide: true }), name).toBe(real)
    }
    const web = after.find((p) => p.metadata.name === 'web-6c9f8d7b5-8wqzt') as Pod
    expect(web.status?.containerStatuses?.[0]?.lastState?.terminated?.finishedAt).toBe('2025-04-30T00:58:00Z')
  })

  it('keeps what the simulation does not model, and drops the real apiserver’s bookkeeping', () => {
    const web = docs(converted(DUMP).yaml).find((p) => p.metadata.name === 'web-6c9f8d7b5-8wqzt') as Pod
    expect(web.metadata?.managedFields).toBeUndefined()
    expect(web.metadata?.resourceVersion).toBeUndefined()
    expect(web.metadata?.uid).toBe('5be61bdc-854d-cf58-de81-99f7230ff508')
    expect(web.metadata?.ownerReferences?.[0]).toMatchObject({ kind: 'ReplicaSet', name: 'web-6c9f8d7b5' })
    expect(web.status?.containerStatuses?.[0]).toMatchObject({
      allocatedResources: { cpu: '500m', memory: '256Mi' },
      user: { linux: { uid: 0 } },
    })
  })

  it('is what the cluster tab reads: the Pods run at time 0 and a new Pod lands where the free cpu is', () => {
    const { yaml } = converted(DUMP)
    const parsed = parseClusterYaml(yaml)
    expect(parsed.ok && parsed.pods.length).toBe(17)
    const session = new Session()
    const mirror = new Mirror()
    mirror.take(session.load({ seed: 1, clusterYaml: yaml, actions: [] }))
    const pod =
      'apiVersion: v1\nkind: Pod\nmetadata:\n  name: needs-2cpu\n  namespace: shop\nspec:\n  containers:\n  - name: app\n    image: nginx:1.27\n    resources:\n      requests:\n        cpu: "2"\n'
    mirror.take(session.apply(1, pod, 2_000))
    session.cursor(20_000, false, 1)
    for (let r = session.computeSome(5_000); ; r = session.computeSome(5_000)) {
      mirror.take(r.events)
      if (!r.more) break
    }
    // Before time 0: the dump's Pods, Running (revisions at -1, written at bootstrap).
    const boot = mirror.revisions.filter((r) => r.atMs === -1 && r.resource === 'pods')
    expect(boot).toHaveLength(17)
    const running = boot.filter((r) => (r.object as Pod).status?.phase === 'Running')
    expect(running).toHaveLength(16)
    const coredns = boot.find((r) => r.name === 'coredns-674b8bbfcf-7xk2p')?.object as Pod
    expect(getPods([coredns], { nowMs: DEFAULT_START_MS })).toMatch(
      /^NAME +READY +STATUS +RESTARTS +AGE\ncoredns-674b8bbfcf-7xk2p +1\/1 +Running +0 +102d\n$/,
    )
    // No pull and no container start for them: the only ones are the new Pod's.
    const starts = mirror.messages.filter((m) => /PullImage|CreateContainer|RunPodSandbox/.test(m.summary))
    expect(new Set(starts.map((m) => m.object?.name))).toEqual(new Set(['needs-2cpu']))
    const answer = session.scheduling(2, 'shop/needs-2cpu')
    expect(answer).toMatchObject({
      type: 'scheduling-attempts',
      attempts: [{ result: 'Scheduled', selectedNode: 'worker-b', feasibleNodes: 1 }],
    })
  })

  it('takes -o json as well', () => {
    const json = JSON.stringify(parse(DUMP))
    expect(converted(json).summary.running).toBe(16)
  })

  it('says what is wrong with what is not a dump, at its line', () => {
    expect(dumpToClusterYaml('  \n')).toEqual({ ok: false, problem: { kind: 'empty' } })
    expect(dumpToClusterYaml('apiVersion: v1\nitems: [\n- kind: Node\n')).toMatchObject({
      ok: false,
      problem: { kind: 'notYaml', line: 3 },
    })
    expect(dumpToClusterYaml('apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n')).toEqual({
      ok: false,
      problem: { kind: 'notList', line: 1, found: 'v1 Service "web"' },
    })
    expect(dumpToClusterYaml('# a comment\n---\nhello\n')).toEqual({
      ok: false,
      problem: { kind: 'notList', line: 3, found: '"hello"' },
    })
    const podsOnly =
      'apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Pod\n  metadata: {name: a}\n'
    expect(dumpToClusterYaml(podsOnly)).toEqual({ ok: false, problem: { kind: 'noNodes' } })
    const nameless =
      'apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Node\n  metadata: {name: a}\n- apiVersion: v1\n  kind: Node\n  metadata: {}\n'
    expect(dumpToClusterYaml(nameless)).toEqual({
      ok: false,
      problem: { kind: 'badItem', line: 7, detail: 'a Node without metadata.name' },
    })
  })

  it('leaves out Pods being deleted, on Nodes it does not have, and objects other than Nodes and Pods', () => {
    const list = `apiVersion: v1
kind: List
items:
- {apiVersion: v1, kind: Node, metadata: {name: a}}
- {apiVersion: v1, kind: Service, metadata: {name: web}}
- {apiVersion: v1, kind: Pod, metadata: {name: gone, deletionTimestamp: "2025-06-01T10:00:00Z"}, spec: {nodeName: a, containers: [{name: c, image: nginx}]}, status: {phase: Running}}
- {apiVersion: v1, kind: Pod, metadata: {name: far, namespace: team}, spec: {nodeName: b, containers: [{name: c, image: nginx}]}, status: {phase: Running}}
- {apiVersion: v1, kind: Pod, metadata: {name: here}, spec: {nodeName: a, containers: [{name: c, image: nginx}]}, status: {phase: Running}}
`
    const { yaml, summary } = converted(list)
    expect(summary).toMatchObject({
      nodes: 1,
      running: 1,
      pending: 0,
      namespaces: [],
      skipped: { finished: 0, terminating: 1, elsewhere: 1, other: { Service: 1 } },
    })
    expect(docs(yaml).map((d) => d.metadata.name)).toEqual(['a', 'here'])
  })

  it('says how far times moved', () => {
    expect(formatShift(-(42 * 86_400 + 4 * 3_600 + 3 * 60 + 24) * 1000)).toBe('-42d4h3m24s')
    expect(formatShift(90_000)).toBe('+1m30s')
    expect(formatShift(0)).toBe('0s')
  })
})
