import { describe, expect, it } from 'vitest'
import { makeNode, makePod, newState, nodeInfo } from '../../testing/builders'
import { ERR_REASON, NodeName } from './node-name'

describe('NodeName', () => {
  const pl = new NodeName()
  it.each([
    { name: 'no nodeName', pod: makePod(), want: null },
    { name: 'matching nodeName', pod: makePod().nodeName('n1'), want: null },
    { name: 'other nodeName', pod: makePod().nodeName('n2'), want: ERR_REASON },
  ])('$name', ({ pod, want }) => {
    const s = pl.filter(newState(), pod.obj(), nodeInfo(makeNode('n1').obj()))
    if (want === null) expect(s).toBeNull()
    else expect(s).toMatchObject({ code: 'UnschedulableAndUnresolvable', reasons: [want] })
  })
})
