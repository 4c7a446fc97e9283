import { describe, expect, it } from 'vitest'
import type { ApiClient } from '../../client/client'
import { Rng } from '../../kernel/rng'
import { SchedulerCache } from '../cache/cache'
import { IN_TREE_REGISTRY } from '../plugins/registry'
import { Framework } from './framework'
import { staticListers } from './listers'
import { defaultProfile, type ProfileConfig } from './profile'

function framework(profile: ProfileConfig): Framework {
  return new Framework(profile, IN_TREE_REGISTRY, {
    client: {} as ApiClient,
    snapshot: new SchedulerCache(),
    profileName: profile.schedulerName,
    listers: staticListers(),
    rng: new Rng(1),
  })
}

const names = (ps: readonly { name: string }[]) => ps.map((p) => p.name)

describe('default profile (v1.33 shape, implemented plugins)', () => {
  const fwk = framework(defaultProfile(IN_TREE_REGISTRY))

  it('expands MultiPoint to each extension point in upstream order', () => {
    expect(fwk.profileName).toBe('default-scheduler')
    // DefaultPreemption gates a preemptor while its victims are evicted (SchedulerAsyncPreemption, on in 1.33).
    expect(names(fwk.preEnqueuePlugins)).toEqual(['SchedulingGates', 'DefaultPreemption'])
    expect(fwk.queueSortPlugin.name).toBe('PrioritySort')
    // kubernetes-facts.md §3.1 (1.30's table without the in-tree volume limit plugins, 1.31+).
    expect(names(fwk.preFilterPlugins)).toEqual([
      'NodeAffinity',
      'NodePorts',
      'NodeResourcesFit',
      'VolumeRestrictions',
      'NodeVolumeLimits',
      'VolumeBinding',
      'VolumeZone',
      'PodTopologySpread',
      'InterPodAffinity',
    ])
    expect(names(fwk.filterPlugins)).toEqual([
      'NodeUnschedulable',
      'NodeName',
      'TaintToleration',
      'NodeAffinity',
      'NodePorts',
      'NodeResourcesFit',
      'VolumeRestrictions',
      'NodeVolumeLimits',
      'VolumeBinding',
      'VolumeZone',
      'PodTopologySpread',
      'InterPodAffinity',
    ])
    expect(names(fwk.postFilterPlugins)).toEqual(['DefaultPreemption'])
    expect(names(fwk.preScorePlugins)).toEqual([
      'TaintToleration',
      'NodeAffinity',
      'NodeResourcesFit',
      'VolumeBinding',
      'PodTopologySpread',
      'InterPodAffinity',
      'NodeResourcesBalancedAllocation',
    ])
    expect(names(fwk.scorePlugins)).toEqual([
      'TaintToleration',
      'NodeAffinity',
      'NodeResourcesFit',
      'VolumeBinding',
      'PodTopologySpread',
      'InterPodAffinity',
      'NodeResourcesBalancedAllocation',
      'ImageLocality',
    ])
    expect(names(fwk.reservePlugins)).toEqual(['VolumeBinding'])
    expect(names(fwk.preBindPlugins)).toEqual(['VolumeBinding'])
    expect(names(fwk.bindPlugins)).toEqual(['DefaultBinder'])
  })

  it('has the default weights', () => {
    expect(Object.fromEntries(fwk.weights)).toMatchObject({
      TaintToleration: 3,
      NodeAffinity: 2,
      NodeResourcesFit: 1,
      VolumeBinding: 1,
      PodTopologySpread: 2,
      InterPodAffinity: 2,
      NodeResourcesBalancedAllocation: 1,
      ImageLocality: 1,
    })
  })
})

describe('profile configuration', () => {
  it('disables a plugin at one point and overrides a weight', () => {
    const fwk = framework({
      schedulerName: 'custom',
      plugins: {
        ...defaultProfile(IN_TREE_REGISTRY).plugins,
        score: {
          enabled: [{ name: 'NodeResourcesFit', weight: 5 }],
          disabled: [{ name: 'TaintToleration' }],
        },
      },
    })
    expect(names(fwk.scorePlugins)).toEqual([
      'NodeResourcesFit',
      'NodeAffinity',
      'VolumeBinding',
      'PodTopologySpread',
      'InterPodAffinity',
      'NodeResourcesBalancedAllocation',
      'ImageLocality',
    ])
    expect(names(fwk.filterPlugins)).toContain('TaintToleration')
    expect(fwk.weights.get('NodeResourcesFit')).toBe(5)
  })

  it('rejects unknown plugins and a missing queue sort', () => {
    expect(() =>
      framework({ schedulerName: 'x', plugins: { multiPoint: { enabled: [{ name: 'NoSuchPlugin' }] } } }),
    ).toThrow('plugin "NoSuchPlugin" does not exist')
    expect(() =>
      framework({ schedulerName: 'x', plugins: { filter: { enabled: [{ name: 'NodeName' }] } } }),
    ).toThrow('one queue sort plugin required')
  })
})
