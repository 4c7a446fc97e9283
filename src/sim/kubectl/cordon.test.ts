/**
 * The patch `kubectl cordon` computes (CreateTwoWayMergePatch of the Node before and after), and
 * its requests against the real apiserver.
 */
import { describe, expect, it } from 'vitest'
import type { Node } from '../../api/types'
import { makeNode } from '../cluster/default-cluster'
import { KUBECTL } from '../kernel/trace'
import { startApiServer } from '../testing/apiserver'
import { cordonPatch } from './cordon'
import { Kubectl } from './kubectl'
import { Terminal } from './terminal'

const node = (unschedulable?: boolean): Node => {
  const n = makeNode({ name: 'worker-1', cpu: '2', memory: '4Gi' }, 1)
  return unschedulable === undefined ? n : { ...n, spec: { ...n.spec, unschedulable } }
}

describe('cordonPatch', () => {
  it('cordon adds unschedulable: true, and nothing else', () => {
    expect(cordonPatch(node(), true)).toEqual({ spec: { unschedulable: true } })
  })

  it('uncordon removes it: Go omits a false unschedulable, so the patch sets it to null', () => {
    expect(cordonPatch(node(true), false)).toEqual({ spec: { unschedulable: null } })
  })
})

describe('kubectl cordon / uncordon against the apiserver', () => {
  function setup() {
    const t = startApiServer()
    const kubectl = new Kubectl(t.kernel)
    t.kernel.register(kubectl)
    const run = (desired: boolean, name = 'worker-1') => {
      const term = new Terminal()
      t.call(kubectl.cordon(name, desired, term))
      return term.lines.map((l) => `${l.stream} ${l.text}`)
    }
    const sent = () =>
      t.kernel.trace.filter((m) => m.from === KUBECTL && m.kind === 'http-request').map((m) => m.summary)
    const stored = () => t.stored('minions').find((n) => n.metadata?.name === 'worker-1') as Node
    return { run, sent, stored }
  }

  it('GET, PATCH, `node/worker-1 cordoned`; again: GET only, `already cordoned`', () => {
    const { run, sent, stored } = setup()
    expect(run(true)).toEqual(['stdout node/worker-1 cordoned'])
    expect(stored().spec?.unschedulable).toBe(true)
    expect(run(true)).toEqual(['stdout node/worker-1 already cordoned'])
    expect(sent()).toEqual([
      'GET /api/v1/nodes/worker-1',
      'PATCH /api/v1/nodes/worker-1',
      'GET /api/v1/nodes/worker-1',
    ])
    expect(run(false)).toEqual(['stdout node/worker-1 uncordoned'])
    expect(stored().spec?.unschedulable).toBeUndefined()
    expect(run(false)).toEqual(['stdout node/worker-1 already uncordoned'])
  })

  it('an unknown node: the NotFound as kubectl prints it', () => {
    const { run } = setup()
    expect(run(true, 'nope')).toEqual(['stderr Error from server (NotFound): nodes "nope" not found'])
  })
})
