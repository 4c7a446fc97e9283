import { describe, expect, it } from 'vitest'
import type { MessageView } from '../../protocol/messages'
import { Session } from '../../worker/session'
import { Mirror } from '../../worker/testing/mirror'
import { addRevisions } from '../model/objects'
import { isStoryMessage, momentOf } from './moments'
import { questionAt } from './questions'
import { pieces } from './rich-text'

const NGINX =
  'apiVersion: v1\nkind: Pod\nmetadata:\n  name: nginx\nspec:\n  containers:\n  - name: nginx\n    image: nginx:1.27\n'

function run(yaml = NGINX) {
  const session = new Session()
  const mirror = new Mirror()
  mirror.take(session.load({ seed: 1, clusterYaml: '', actions: [] }))
  mirror.take(session.apply(1, yaml, 0))
  for (let r = session.computeSome(500); ; r = session.computeSome(500)) {
    mirror.take(r.events)
    if (!r.more) break
  }
  const index = new Map()
  addRevisions(index, mirror.revisions)
  return { messages: mirror.messages, index }
}

/** The first moment of each part, in trace order, among the story's messages. */
function firstOfEachPart(messages: readonly MessageView[]) {
  const seen = new Map<string, ReturnType<typeof momentOf>>()
  messages.forEach((m, i) => {
    if (!isStoryMessage(m)) return
    const moment = momentOf(messages, i)
    if (!seen.has(moment.part)) seen.set(moment.part, moment)
  })
  return seen
}

describe('teaching moments of the happy path', () => {
  it('follow the story: submit, authenticate, authorize, admit, persist, watch, filter, score, bind, kubelet, sandbox, pull, containers, status', () => {
    const { messages } = run()
    const parts = firstOfEachPart(messages)
    const order = [...parts.keys()]
    const expected = [
      'submitGet',
      'authenticate',
      'authorize',
      'submitResponse',
      'submitWrite',
      'admit',
      'validate',
      'etcdWrite',
      'scheduleWatch',
      'barePodIgnored',
      'filter',
      'score',
      'bindRequest',
      'kubeletWatch',
      'sandbox',
      'pull',
      'containers',
      'statusRequest',
    ]
    for (const part of expected) expect(order, part).toContain(part)
    // In the order the story tells it.
    const at = (p: string) => order.indexOf(p)
    expect(at('submitWrite')).toBeLessThan(at('etcdWrite'))
    expect(at('etcdWrite')).toBeLessThan(at('scheduleWatch'))
    expect(at('filter')).toBeLessThan(at('score'))
    expect(at('score')).toBeLessThan(at('bindRequest'))
    expect(at('bindRequest')).toBeLessThan(at('kubeletWatch'))
    expect(at('sandbox')).toBeLessThan(at('containers'))
  })

  it("names this run's values: the user, the verb, the nodes, the image, the step", () => {
    const { messages } = run()
    const parts = firstOfEachPart(messages)
    expect(parts.get('authenticate')).toMatchObject({
      step: 2,
      params: { user: 'kubernetes-admin', method: 'x509' },
    })
    expect(parts.get('authorize')?.params).toMatchObject({ verb: 'get', resource: 'pods' })
    expect(parts.get('submitWrite')).toMatchObject({
      step: 1,
      idea: 'declarative',
      params: { request: 'POST pods' },
    })
    expect(parts.get('admit')?.params).toMatchObject({ plugin: 'NamespaceLifecycle' })
    expect(parts.get('filter')).toMatchObject({
      step: 3,
      params: { pod: 'default/nginx', feasible: '3', total: '4' },
    })
    const node = parts.get('score')?.params.node
    expect(node).toMatch(/^worker-\d$/)
    expect(parts.get('bindRequest')?.params).toMatchObject({ node, pod: 'default/nginx' })
    expect(parts.get('kubeletWatch')).toMatchObject({ step: 4, idea: 'controllers', params: { node } })
    expect(parts.get('pull')?.params.image).toMatch(/nginx/)
    expect(parts.get('statusRequest')).toMatchObject({ step: 5, idea: 'decoupled', params: { node } })
    // A bare Pod: the controller-manager looks and does nothing, unlike the story's diagram.
    expect(parts.get('barePodIgnored')).toMatchObject({ reality: 'barePod' })
  })

  it('asks which node will win after Filter, and whether the Pod will start when the kubelet gets it', () => {
    const { messages, index } = run()
    const questions = messages.flatMap((_, i) => questionAt(messages, i, index) ?? [])
    const node = messages.find((m) => m.stage === 'score')?.summary.split(': ')[1]
    expect(questions.map((q) => [q.kind, q.pod, q.truth])).toEqual([
      ['whichNode', 'default/nginx', node],
      ['willStart', 'default/nginx', 'yes'],
    ])
  })

  it('a Pod that crashes will not be Ready', () => {
    const crasher = NGINX.replace(
      'image: nginx:1.27',
      'image: busybox:1.37\n    command: ["sh", "-c", "sleep 2; exit 1"]',
    )
    const { messages, index } = run(crasher)
    const q = messages
      .flatMap((_, i) => questionAt(messages, i, index) ?? [])
      .find((x) => x.kind === 'willStart')
    expect(q?.truth).toBe('no')
  })
})

describe('narration markup', () => {
  it('splits text, `code` and [[terms]]', () => {
    expect(pieces('kubectl sends `POST pods` to the [[apiserver]].')).toEqual([
      { kind: 'text', text: 'kubectl sends ' },
      { kind: 'code', text: 'POST pods' },
      { kind: 'text', text: ' to the ' },
      { kind: 'term', term: 'apiserver' },
      { kind: 'text', text: '.' },
    ])
    expect(pieces('')).toEqual([])
  })
})
