import { describe, expect, it } from 'vitest'
import { historyKeys, opLine } from './format'

describe('history lines', () => {
  it('prints each operation with a sign, its path and its value as JSON', () => {
    expect(opLine({ op: 'add', path: '/spec/nodeName', value: 'worker-1' })).toEqual({
      sign: '+',
      path: '/spec/nodeName',
      value: '"worker-1"',
    })
    expect(opLine({ op: 'replace', path: '/status/phase', value: 'Running' })).toMatchObject({ sign: '~' })
    expect(opLine({ op: 'remove', path: '/metadata/annotations/a' })).toEqual({
      sign: '-',
      path: '/metadata/annotations/a',
      value: '',
    })
    expect(opLine({ op: 'add', path: '', value: { kind: 'Pod' } }).path).toBe('/')
  })

  it('shortens a long value to one line and keeps the whole of it', () => {
    const long = { message: 'x'.repeat(300) }
    const line = opLine({ op: 'add', path: '/status', value: long }, 40)
    expect(line.value).toHaveLength(40)
    expect(line.value.endsWith('…')).toBe(true)
    expect(line.full).toBe(JSON.stringify(long))
  })

  it('offers objects by resource, leaving out events and leases', () => {
    expect(
      historyKeys([
        '/registry/pods/default/web-1',
        '/registry/events/default/web-1.1',
        '/registry/minions/worker-1',
        '/registry/leases/kube-node-lease/worker-1',
        '/registry/pods/default/a',
      ]),
    ).toEqual([
      { resource: 'minions', keys: ['/registry/minions/worker-1'] },
      { resource: 'pods', keys: ['/registry/pods/default/a', '/registry/pods/default/web-1'] },
    ])
  })
})
