/**
 * ScorePlugin.scoreNodes is only a way of making the Score calls: for every plugin that has it,
 * the column it writes must be what `score` gives node by node, with and without its PreScore
 * state.
 */
import { describe, expect, it } from 'vitest'
import type { Node, Pod } from '../../../api/types'
import { SchedulerCache } from '../cache/cache'
import { ImageLocality } from '../plugins/ImageLocality/image-locality'
import { BalancedAllocation } from '../plugins/NodeResourcesBalancedAllocation/balanced-allocation'
import { Fit } from '../plugins/NodeResourcesFit/fit'
import { TaintToleration } from '../plugins/TaintToleration/taint-toleration'
import { makeNode, makePod, newState } from '../testing/builders'
import type { PreScorePlugin, ScorePlugin } from './interfaces'
import type { NodeInfo } from './node-info'

const MiB = 1024 * 1024

function nodes(): Node[] {
  return [
    makeNode('a').obj(),
    makeNode('b').capacity({ cpu: '2', memory: '2Gi' }).taint('dedicated', 'batch', 'PreferNoSchedule').obj(),
    makeNode('c')
      .capacity({ cpu: '16', memory: '64Gi' })
      .images({ names: ['nginx:1.27'], sizeBytes: 300 * MiB })
      .obj(),
    makeNode('d')
      .taint('spot', 'true', 'PreferNoSchedule')
      .taint('gpu', 'true', 'NoSchedule')
      .images({ names: ['nginx:1.27', 'busybox:latest'], sizeBytes: 900 * MiB })
      .obj(),
    makeNode('e').capacity({ cpu: '1', memory: '512Mi' }).obj(),
  ]
}

function cacheWith(ns: Node[]): SchedulerCache {
  const cache = new SchedulerCache()
  for (const n of ns) cache.addNode(n)
  // Some room already taken, unevenly.
  const placed = [
    ['a', { cpu: '1', memory: '1Gi' }],
    ['b', { cpu: '1500m', memory: '256Mi' }],
    ['c', { cpu: '2', memory: '30Gi' }],
  ] as const
  placed.forEach(([node, requests], i) => {
    const p = makePod(`placed-${i}`).uid(`placed-${i}`).container(requests).obj()
    cache.addPod({ ...p, spec: { ...p.spec, nodeName: node } } as Pod)
  })
  return cache
}

const pods: Record<string, Pod> = {
  requests: makePod('requests').container({ cpu: '500m', memory: '1Gi' }).obj(),
  'best effort': makePod('best-effort').container().obj(),
  'tolerates spot': makePod('tolerant')
    .container({ cpu: '100m' })
    .toleration({ key: 'spot', operator: 'Exists', effect: 'PreferNoSchedule' })
    .obj(),
  images: {
    ...makePod('images').obj(),
    spec: {
      containers: [
        { name: 'web', image: 'nginx:1.27', resources: { requests: { memory: '100Mi' } } },
        { name: 'tools', image: 'busybox' },
      ],
    },
  } as Pod,
}

describe('ScorePlugin.scoreNodes', () => {
  const ns = nodes()
  const cache = cacheWith(ns)
  const infos = cache.list() as NodeInfo[]
  const plugins: Record<string, ScorePlugin & Partial<PreScorePlugin>> = {
    'NodeResourcesFit (LeastAllocated)': new Fit(),
    'NodeResourcesFit (MostAllocated)': new Fit({ scoringStrategy: { type: 'MostAllocated' } }),
    NodeResourcesBalancedAllocation: new BalancedAllocation(),
    ImageLocality: new ImageLocality({ snapshot: cache }),
    TaintToleration: new TaintToleration(),
  }

  for (const [pluginName, pl] of Object.entries(plugins)) {
    for (const [podName, pod] of Object.entries(pods)) {
      it(`${pluginName}, pod with ${podName}: the same scores as Score per node`, () => {
        expect(pl.scoreNodes).toBeDefined()
        for (const withPreScore of [true, false]) {
          const perNode = newState()
          const batch = newState()
          if (withPreScore && pl.preScore) {
            pl.preScore(perNode, pod, infos)
            pl.preScore(batch, pod, infos)
          }
          const want = infos.map((ni) => pl.score(perNode, pod, ni))
          const got = new Array<number>(infos.length)
          pl.scoreNodes?.(batch, pod, infos, got)
          expect(got).toEqual(want)
        }
      })
    }
  }

  it('the scores differ from node to node (the comparison is not vacuous)', () => {
    const fit = plugins['NodeResourcesFit (LeastAllocated)'] as Fit
    const state = newState()
    fit.preScore(state, pods.requests as Pod)
    const got = new Array<number>(infos.length)
    fit.scoreNodes(state, pods.requests as Pod, infos, got)
    expect(new Set(got).size).toBeGreaterThan(2)
  })
})
