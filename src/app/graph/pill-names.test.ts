/**
 * Label in name (WCAG 2.5.3): every pill and step caption the scene draws has an accessible name
 * (describeMessage) that contains the words drawn on it, shortened labels included. Guards the
 * label budgets that labels.ts's drawnLabel shares with scene.ts.
 */
import { describe, expect, it } from 'vitest'
import type { MessageView } from '../../protocol/messages'
import { makeMessage } from '../model/testing'
import { describeMessage, drawnLabel } from './labels'
import { APISERVER, KUBECTL, kubeletId, layoutGraph, runtimeId } from './layout'
import { buildScene } from './scene'

const layout = layoutGraph(['worker-1'], 1)
const long = 'a-rather-long-generated-name-7c9f5d8b4-x2x9q'
const messages: MessageView[] = [
  makeMessage({
    id: 1,
    from: KUBECTL,
    to: APISERVER,
    kind: 'http-request',
    summary: `POST /api/v1/namespaces/default/pods/${long}/binding`,
    sentAtMs: 0,
    deliverAtMs: 100,
  }),
  makeMessage({
    id: 2,
    from: APISERVER,
    to: 'etcd',
    kind: 'etcd-request',
    summary: `Txn put /registry/pods/default/${long}`,
    sentAtMs: 0,
    deliverAtMs: 100,
  }),
  makeMessage({
    id: 3,
    from: 'etcd',
    to: APISERVER,
    kind: 'watch-event',
    summary: `WATCH PUT /registry/pods/default/${long}, WATCH PUT /registry/pods/default/other`,
    sentAtMs: 0,
    deliverAtMs: 100,
  }),
  makeMessage({
    id: 4,
    from: kubeletId('worker-1'),
    to: runtimeId('worker-1'),
    kind: 'cri-request',
    summary: `CreateContainer ${long} in sandbox 0123456789abcdef`,
    sentAtMs: 0,
    deliverAtMs: 100,
  }),
  makeMessage({
    id: 5,
    from: APISERVER,
    to: APISERVER,
    kind: 'step',
    summary: `admitted by NamespaceLifecycle, LimitRanger, ServiceAccount, ${long}`,
    sentAtMs: 0,
    deliverAtMs: 0,
  }),
]

describe('pill names', () => {
  const scene = buildScene({
    layout,
    messages,
    cursorMs: 50,
    maxFlightMs: 200,
    selectedMessageId: undefined,
    scale: 1,
  })

  it('draws the messages this test is about', () => {
    expect(scene.pills.map((p) => p.message.id).sort()).toEqual([1, 2, 3, 4])
    expect(scene.captions.map((c) => c.message.id)).toEqual([5])
  })

  it('names every drawn pill and caption with its drawn words first', () => {
    for (const drawn of [...scene.pills, ...scene.captions]) {
      expect(drawnLabel(drawn.message)).toBe(drawn.label)
      expect(describeMessage(drawn.message)).toMatch(new RegExp(`^${escapeRegExp(drawn.label)}`))
    }
  })

  it('does not repeat a label that is the whole summary', () => {
    const short = makeMessage({
      from: APISERVER,
      to: KUBECTL,
      kind: 'http-response',
      summary: '201 Created',
      sentAtMs: 0,
    })
    expect(describeMessage(short)).toBe('HTTP response from kube-apiserver to kubectl: 201 Created')
  })
})

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
