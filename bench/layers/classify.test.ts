import { describe, expect, it } from 'vitest'
import { bundleSources, type CallFrame, type CpuProfile, filesUnder, layerOf, layerTimes } from './classify'

const ROOT = '/repo'
const frame = (functionName: string, path: string, lineNumber = 0): CallFrame => ({
  functionName,
  url: path ? `file://${ROOT}/${path}` : '',
  lineNumber,
})
const pathOf = filesUnder(ROOT)

describe('layerOf', () => {
  it('gives the algorithm whatever runs under schedulePod, helpers included', () => {
    const stack = [
      frame('parseQuantity', 'src/api/quantity.ts'),
      frame('fitsRequest', 'src/sim/scheduler/plugins/NodeResourcesFit/fit.ts'),
      frame('schedulePod', 'src/sim/scheduler/algorithm/schedule-pod.ts'),
      frame('scheduleOne', 'src/sim/scheduler/scheduler.ts'),
      frame('resumeWith', 'src/sim/kernel/kernel.ts'),
    ]
    expect(layerOf(stack, pathOf)).toBe('algorithm')
  })

  it('gives a helper to the component that called it, and the kernel its own code', () => {
    const freeze = [
      frame('deepFreeze', 'src/api/types.ts'),
      frame('encode', 'src/sim/apiserver/codec.ts'),
      frame('resumeWith', 'src/sim/kernel/kernel.ts'),
    ]
    expect(layerOf(freeze, pathOf)).toBe('apiserver')
    const send = [
      frame('send', 'src/sim/kernel/kernel.ts'),
      frame('sendWatchEvent', 'src/sim/apiserver/apiserver.ts'),
    ]
    expect(layerOf(send, pathOf)).toBe('kernel')
    // Native code (a Map lookup) counts for its caller too.
    expect(layerOf([frame('get', ''), frame('txn', 'src/sim/etcd/mvcc.ts')], pathOf)).toBe('etcd')
    expect(layerOf([frame('onEvent', 'src/sim/client/informer.ts')], pathOf)).toBe('clients')
    expect(layerOf([frame('pop', 'src/sim/scheduler/queue/keyed-heap.ts')], pathOf)).toBe('scheduler')
    expect(layerOf([frame('deliveryTime', 'src/sim/network/network.ts')], pathOf)).toBe('kernel')
  })

  it('tells the garbage collector and what is none of the simulation', () => {
    expect(layerOf([frame('(garbage collector)', '')], pathOf)).toBe('gc')
    expect(layerOf([frame('runUntil', 'bench/scheduler-perf/cases.ts')], pathOf)).toBe('other')
    expect(layerOf([frame('worker', 'bench/scheduler-perf/control-plane.ts')], pathOf)).toBe('clients')
    // schedulePod of another file is not the algorithm.
    expect(layerOf([frame('schedulePod', 'bench/fake.ts')], pathOf)).toBe('other')
  })
})

describe('bundleSources', () => {
  const url = 'file:///cache/run.mjs'
  const text = [
    '// src/api/types.ts', // line 0
    'function deepFreeze() {}',
    '',
    '// src/sim/kernel/kernel.ts', // line 3
    'class Kernel {}',
    '// not a path',
    '// src/sim/apiserver/codec.ts', // line 6
    'function encode() {}',
  ].join('\n')
  const of = bundleSources(url, text, pathOf)

  it('names the module whose comment is the last at or above the line', () => {
    expect(of({ functionName: 'deepFreeze', url, lineNumber: 1 })).toBe('src/api/types.ts')
    expect(of({ functionName: 'Kernel', url, lineNumber: 3 })).toBe('src/sim/kernel/kernel.ts')
    expect(of({ functionName: 'x', url, lineNumber: 5 })).toBe('src/sim/kernel/kernel.ts')
    expect(of({ functionName: 'encode', url, lineNumber: 7 })).toBe('src/sim/apiserver/codec.ts')
  })

  it('leaves other scripts to the fallback', () => {
    expect(of(frame('x', 'src/sim/etcd/mvcc.ts'))).toBe('src/sim/etcd/mvcc.ts')
    expect(of({ functionName: 'x', url: 'node:internal/timers', lineNumber: 3 })).toBeUndefined()
  })
})

describe('layerTimes', () => {
  it('weighs each sample by the time to the next one and leaves idle out', () => {
    // root → kernel → apiserver; root → gc; root → idle
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame('(root)', ''), children: [2, 4, 5] },
        { id: 2, callFrame: frame('resumeWith', 'src/sim/kernel/kernel.ts'), children: [3] },
        { id: 3, callFrame: frame('create', 'src/sim/apiserver/handlers/create.ts') },
        { id: 4, callFrame: frame('(garbage collector)', '') },
        { id: 5, callFrame: frame('(idle)', '') },
      ],
      samples: [3, 3, 4, 5, 2],
      // µs: the first delta is from the start; the last sample has no next one.
      timeDeltas: [50, 100, 200, 8000, 300],
    }
    const t = layerTimes(profile, pathOf)
    expect(t.get('apiserver')).toBeCloseTo(0.3)
    expect(t.get('gc')).toBeCloseTo(8)
    expect(t.get('kernel')).toBe(0)
    expect([...t.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(8.3)
  })
})
