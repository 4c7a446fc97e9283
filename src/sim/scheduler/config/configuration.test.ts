import { describe, expect, it } from 'vitest'
import type { ApiClient } from '../../client/client'
import { Rng } from '../../kernel/rng'
import { SchedulerCache } from '../cache/cache'
import { Framework } from '../framework/framework'
import { staticListers } from '../framework/listers'
import type { ProfileConfig } from '../framework/profile'
import type { Fit } from '../plugins/NodeResourcesFit/fit'
import { IN_TREE_REGISTRY } from '../plugins/registry'
import { readSchedulerConfiguration, type SchedulerConfig } from './configuration'

const HEAD = { apiVersion: 'kubescheduler.config.k8s.io/v1', kind: 'KubeSchedulerConfiguration' }

function config(doc: Record<string, unknown>): SchedulerConfig {
  const r = readSchedulerConfiguration({ ...HEAD, ...doc })
  if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('\n'))
  return r.config
}

function problems(doc: Record<string, unknown>): string[] {
  const r = readSchedulerConfiguration({ ...HEAD, ...doc })
  return r.ok ? [] : r.problems.map((p) => p.message)
}

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
const only = (c: SchedulerConfig) => framework(c.profiles[0] as ProfileConfig)

/** v1.33's default Score plugins, in order (VolumeBinding's PreScore skips: its scorer is gated). */
const ALL_SCORE = [
  'TaintToleration',
  'NodeAffinity',
  'NodeResourcesFit',
  'VolumeBinding',
  'PodTopologySpread',
  'InterPodAffinity',
  'NodeResourcesBalancedAllocation',
  'ImageLocality',
]

describe('KubeSchedulerConfiguration: defaults', () => {
  it('an empty configuration is the default profile, adaptive sampling and the default backoff', () => {
    const c = config({})
    expect(c.profiles.map((p) => p.schedulerName)).toEqual(['default-scheduler'])
    expect(c.percentageOfNodesToScore).toBe(0)
    expect([c.podInitialBackoffMs, c.podMaxBackoffMs]).toEqual([1000, 10_000])
    const fwk = only(c)
    expect(names(fwk.scorePlugins)).toEqual(ALL_SCORE)
    expect(Object.fromEntries(fwk.weights)).toMatchObject({
      TaintToleration: 3,
      NodeAffinity: 2,
      NodeResourcesFit: 1,
      PodTopologySpread: 2,
      InterPodAffinity: 2,
      NodeResourcesBalancedAllocation: 1,
      ImageLocality: 1,
    })
  })

  it('reads the global and per-profile percentageOfNodesToScore and the backoff', () => {
    const c = config({
      percentageOfNodesToScore: 40,
      podInitialBackoffSeconds: 2,
      podMaxBackoffSeconds: 20,
      profiles: [{ schedulerName: 'a' }, { schedulerName: 'b', percentageOfNodesToScore: 100 }],
    })
    expect(c.percentageOfNodesToScore).toBe(40)
    expect(c.profiles.map((p) => p.percentageOfNodesToScore)).toEqual([undefined, 100])
    expect([c.podInitialBackoffMs, c.podMaxBackoffMs]).toEqual([2000, 20_000])
  })

  it('ignores the fields it does not model, and unknown ones', () => {
    expect(
      problems({ parallelism: 8, leaderElection: { leaderElect: false }, percentageOfNodeToScore: 5 }),
    ).toEqual([])
  })
})

describe('KubeSchedulerConfiguration: plugins merged with the defaults', () => {
  it('disables a Score plugin at the Score point only, and gives another a weight', () => {
    const fwk = only(
      config({
        profiles: [
          {
            plugins: {
              score: {
                enabled: [{ name: 'NodeResourcesFit', weight: 5 }],
                disabled: [{ name: 'TaintToleration' }],
              },
            },
          },
        ],
      }),
    )
    // An explicitly enabled MultiPoint plugin comes first (override), then the MultiPoint ones.
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

  it('a default enabled again in multiPoint keeps its place with the new weight', () => {
    const fwk = only(
      config({ profiles: [{ plugins: { multiPoint: { enabled: [{ name: 'NodeAffinity', weight: 7 }] } } }] }),
    )
    expect(names(fwk.scorePlugins)).toEqual(ALL_SCORE)
    expect(fwk.weights.get('NodeAffinity')).toBe(7)
  })

  it('an explicit Score entry without a weight weighs 1, not the default 3', () => {
    const fwk = only(
      config({ profiles: [{ plugins: { score: { enabled: [{ name: 'TaintToleration' }] } } }] }),
    )
    expect(fwk.weights.get('TaintToleration')).toBe(1)
  })

  it('`*` disables every default at one point', () => {
    const fwk = only(
      config({
        profiles: [
          {
            plugins: {
              score: { disabled: [{ name: '*' }], enabled: [{ name: 'NodeResourcesFit', weight: 2 }] },
            },
          },
        ],
      }),
    )
    expect(names(fwk.scorePlugins)).toEqual(['NodeResourcesFit'])
    // PreScore keeps its defaults (ImageLocality has no PreScore).
    expect(names(fwk.preScorePlugins)).toEqual([
      'TaintToleration',
      'NodeAffinity',
      'NodeResourcesFit',
      'VolumeBinding',
      'PodTopologySpread',
      'InterPodAffinity',
      'NodeResourcesBalancedAllocation',
    ])
  })

  it('multiPoint `*` keeps only the plugins the configuration lists', () => {
    const fwk = only(
      config({
        profiles: [
          {
            plugins: {
              multiPoint: {
                disabled: [{ name: '*' }],
                enabled: [{ name: 'PrioritySort' }, { name: 'NodeResourcesFit' }, { name: 'DefaultBinder' }],
              },
            },
          },
        ],
      }),
    )
    expect(names(fwk.filterPlugins)).toEqual(['NodeResourcesFit'])
    expect(names(fwk.scorePlugins)).toEqual(['NodeResourcesFit'])
    expect(names(fwk.bindPlugins)).toEqual(['DefaultBinder'])
  })

  it('disabling a plugin the simulator does not have is fine (nothing to disable)', () => {
    expect(
      problems({ profiles: [{ plugins: { multiPoint: { disabled: [{ name: 'ImageLocality' }] } } }] }),
    ).toEqual([])
  })
})

describe('KubeSchedulerConfiguration: NodeResourcesFit scoringStrategy', () => {
  const withFitArgs = (args: unknown) =>
    config({ profiles: [{ pluginConfig: [{ name: 'NodeResourcesFit', args }] }] })
  const fitArgs = (c: SchedulerConfig) =>
    c.profiles[0]?.pluginConfig?.find((p) => p.name === 'NodeResourcesFit')?.args

  it('MostAllocated, with the default resources', () => {
    expect(fitArgs(withFitArgs({ scoringStrategy: { type: 'MostAllocated' } }))).toEqual({
      scoringStrategy: {
        type: 'MostAllocated',
        resources: [
          { name: 'cpu', weight: 1 },
          { name: 'memory', weight: 1 },
        ],
      },
    })
  })

  it('RequestedToCapacityRatio with resources and a shape; weight 0 is defaulted to 1', () => {
    expect(
      fitArgs(
        withFitArgs({
          scoringStrategy: {
            type: 'RequestedToCapacityRatio',
            resources: [
              { name: 'cpu', weight: 3 },
              { name: 'memory', weight: 0 },
            ],
            requestedToCapacityRatio: {
              shape: [
                { utilization: 0, score: 0 },
                { utilization: 100, score: 10 },
              ],
            },
          },
        }),
      ),
    ).toEqual({
      scoringStrategy: {
        type: 'RequestedToCapacityRatio',
        resources: [
          { name: 'cpu', weight: 3 },
          { name: 'memory', weight: 1 },
        ],
        requestedToCapacityRatio: {
          shape: [
            { utilization: 0, score: 0 },
            { utilization: 100, score: 10 },
          ],
        },
      },
    })
  })

  it('the framework builds the plugin with that strategy', () => {
    const fwk = only(withFitArgs({ scoringStrategy: { type: 'MostAllocated' } }))
    expect((fwk.plugins.get('NodeResourcesFit') as Fit).scoringStrategy).toBe('MostAllocated')
  })
})

describe('KubeSchedulerConfiguration: validation', () => {
  const args = (a: unknown) => ({ profiles: [{ pluginConfig: [{ name: 'NodeResourcesFit', args: a }] }] })
  const P = 'profiles[0].pluginConfig[0].args.scoringStrategy'
  it.each<[string, Record<string, unknown>, string[]]>([
    [
      'global percentage out of range',
      { percentageOfNodesToScore: 150 },
      ['percentageOfNodesToScore: Invalid value: 150: not in valid range [0-100]'],
    ],
    [
      'profile percentage out of range',
      { profiles: [{ percentageOfNodesToScore: -1 }] },
      ['profiles[0].percentageOfNodesToScore: Invalid value: -1: not in valid range [0-100]'],
    ],
    [
      'a percentage that is not a number',
      { percentageOfNodesToScore: 'half' },
      ['percentageOfNodesToScore: Invalid value: "half": must be an integer'],
    ],
    [
      'backoff',
      { podInitialBackoffSeconds: 0, podMaxBackoffSeconds: -1 },
      [
        'podInitialBackoffSeconds: Invalid value: 0: must be greater than 0',
        'podMaxBackoffSeconds: Invalid value: -1: must be greater than or equal to PodInitialBackoffSeconds',
      ],
    ],
    [
      'two profiles: each needs a name, names are unique',
      { profiles: [{ schedulerName: 'a' }, {}, { schedulerName: 'a' }] },
      ['profiles[1].schedulerName: Required value', 'profiles[2].schedulerName: Duplicate value: "a"'],
    ],
    [
      'an unknown plugin',
      { profiles: [{ plugins: { score: { enabled: [{ name: 'NodeResourcesMostAllocated' }] } } }] },
      [
        'profiles[0].plugins.score.enabled[0]: Invalid value: "NodeResourcesMostAllocated": ScorePlugin "NodeResourcesMostAllocated" does not exist',
      ],
    ],
    [
      'an unknown MultiPoint plugin',
      { profiles: [{ plugins: { multiPoint: { enabled: [{ name: 'Coscheduling' }] } } }] },
      [
        'profiles[0].plugins.multiPoint.enabled[0]: Invalid value: "Coscheduling": plugin "Coscheduling" does not exist',
      ],
    ],
    [
      'a real plugin the simulator does not have',
      { profiles: [{ plugins: { filter: { enabled: [{ name: 'DynamicResources' }] } } }] },
      [
        'profiles[0].plugins.filter.enabled[0]: Invalid value: "DynamicResources": FilterPlugin "DynamicResources" is part of kube-scheduler v1.33 but not simulated by podflow',
      ],
    ],
    [
      'a plugin at a point it does not extend',
      { profiles: [{ plugins: { score: { enabled: [{ name: 'PrioritySort' }] } } }] },
      [
        'profiles[0].plugins.score.enabled[0]: Invalid value: "PrioritySort": plugin "PrioritySort" does not extend ScorePlugin plugin',
      ],
    ],
    [
      'a removed plugin',
      { profiles: [{ plugins: { filter: { enabled: [{ name: 'EBSLimits' }] } } }] },
      [
        'profiles[0].plugins.filter.enabled[0]: Invalid value: "EBSLimits": was invalid in version "kubescheduler.config.k8s.io/v1" (KubeSchedulerConfiguration is version "kubescheduler.config.k8s.io/v1")',
      ],
    ],
    [
      'a plugin without a name',
      { profiles: [{ plugins: { score: { enabled: [{ weight: 2 }] } } }] },
      ['profiles[0].plugins.score.enabled[0].name: Required value'],
    ],
    [
      'an unknown scoring strategy',
      args({ scoringStrategy: { type: 'Most' } }),
      [
        `${P}.type: Unsupported value: "Most": supported values: "LeastAllocated", "MostAllocated", "RequestedToCapacityRatio"`,
      ],
    ],
    [
      'a scoring strategy without a type',
      args({ scoringStrategy: { resources: [{ name: 'cpu' }] } }),
      [
        `${P}.type: Unsupported value: "": supported values: "LeastAllocated", "MostAllocated", "RequestedToCapacityRatio"`,
      ],
    ],
    [
      'resource weights',
      args({
        scoringStrategy: {
          type: 'MostAllocated',
          resources: [
            { name: 'cpu', weight: 101 },
            { name: 'memory', weight: -1 },
          ],
        },
      }),
      [
        `${P}.resources[0].weight: Invalid value: 101: resource weight of cpu not in valid range (0, 100]`,
        `${P}.resources[1].weight: Invalid value: -1: resource weight of memory not in valid range (0, 100]`,
      ],
    ],
    [
      'RequestedToCapacityRatio without its shape',
      args({ scoringStrategy: { type: 'RequestedToCapacityRatio' } }),
      [
        `${P}.requestedToCapacityRatio: Required value: must be specified when type is RequestedToCapacityRatio`,
      ],
    ],
    [
      'an empty shape',
      args({
        scoringStrategy: { type: 'RequestedToCapacityRatio', requestedToCapacityRatio: { shape: [] } },
      }),
      [`${P}.requestedToCapacityRatio.shape: Required value: at least one point must be specified`],
    ],
    [
      'a shape out of order and out of range',
      args({
        scoringStrategy: {
          type: 'RequestedToCapacityRatio',
          requestedToCapacityRatio: {
            shape: [
              { utilization: 50, score: 11 },
              { utilization: 20, score: 0 },
              { utilization: 120, score: 5 },
            ],
          },
        },
      }),
      [
        `${P}.requestedToCapacityRatio.shape[1].utilization: Invalid value: 20: utilization values must be sorted in increasing order`,
        `${P}.requestedToCapacityRatio.shape[0].score: Invalid value: 11: not in valid range [0, 10]`,
        `${P}.requestedToCapacityRatio.shape[2].utilization: Invalid value: 120: not in valid range [0, 100]`,
      ],
    ],
    [
      'a config for the same plugin twice',
      {
        profiles: [
          {
            pluginConfig: [
              { name: 'NodeResourcesFit', args: {} },
              { name: 'NodeResourcesFit', args: {} },
            ],
          },
        ],
      },
      ['profiles[0].pluginConfig[1]: Duplicate value: "NodeResourcesFit"'],
    ],
    [
      'DefaultPreemption args',
      {
        profiles: [
          { pluginConfig: [{ name: 'DefaultPreemption', args: { minCandidateNodesPercentage: 101 } }] },
        ],
      },
      [
        'profiles[0].pluginConfig[0].args.minCandidateNodesPercentage: Invalid value: 101: not in valid range [0, 100]',
      ],
    ],
    [
      'NodeAffinity addedAffinity',
      {
        profiles: [
          {
            pluginConfig: [
              {
                name: 'NodeAffinity',
                args: {
                  addedAffinity: {
                    requiredDuringSchedulingIgnoredDuringExecution: {
                      nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'Is' }] }],
                    },
                  },
                },
              },
            ],
          },
        ],
      },
      [
        'profiles[0].pluginConfig[0].args.addedAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].operator: Invalid value: "Is": not a valid selector operator',
      ],
    ],
    [
      'profiles that sort their queue differently',
      {
        profiles: [
          { schedulerName: 'a' },
          {
            schedulerName: 'b',
            plugins: { queueSort: { disabled: [{ name: '*' }], enabled: [{ name: 'PrioritySort' }] } },
          },
        ],
      },
      [
        'profiles[1].plugins.queueSort: Invalid value: {"enabled":[{"name":"PrioritySort"}],"disabled":["*"]}: must be the same for all profiles',
      ],
    ],
    [
      'a profile without a queue sort (from the framework, as kube-scheduler fails at start)',
      { profiles: [{ schedulerName: 'x', plugins: { queueSort: { disabled: [{ name: '*' }] } } }] },
      [
        'profiles[0].plugins: only one queue sort plugin required for profile with scheduler name "x", but got 0',
      ],
    ],
    [
      'a profile without a binder',
      { profiles: [{ plugins: { multiPoint: { disabled: [{ name: 'DefaultBinder' }] } } }] },
      [
        'profiles[0].plugins: at least one bind plugin is needed for profile with scheduler name "default-scheduler"',
      ],
    ],
    [
      'a plugin twice in multiPoint',
      { profiles: [{ plugins: { multiPoint: { enabled: [{ name: 'NodeName' }, { name: 'NodeName' }] } } }] },
      ['profiles[0].plugins: plugin "NodeName" already registered as "FilterPlugin"'],
    ],
    [
      'a profiles list that is not a list',
      { profiles: { schedulerName: 'x' } },
      ['profiles: Invalid value: {"schedulerName":"x"}: must be a list'],
    ],
  ])('%s', (_name, doc, want) => {
    expect(problems(doc)).toEqual(want)
  })

  it('refuses a document that is not a v1 KubeSchedulerConfiguration', () => {
    const r = readSchedulerConfiguration({
      apiVersion: 'kubescheduler.config.k8s.io/v1beta3',
      kind: 'KubeSchedulerConfiguration',
    })
    expect(r.ok ? [] : r.problems.map((p) => p.message)).toEqual([
      'apiVersion: Unsupported value: "kubescheduler.config.k8s.io/v1beta3": supported values: "kubescheduler.config.k8s.io/v1"',
    ])
  })

  it('gives each problem its field path for finding the line', () => {
    const r = readSchedulerConfiguration({ ...HEAD, ...args({ scoringStrategy: { type: 'X' } }) })
    expect(r.ok ? [] : r.problems.map((p) => p.field)).toEqual([`${P}.type`])
  })
})
