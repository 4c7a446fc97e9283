import { describe, expect, it } from 'vitest'
import { ProblemList } from '../../config/read'
import { makeNode } from '../../testing/builders'
import { readInterPodAffinityArgs } from './args'
import { setup } from './testing/pod-affinity'

describe('readInterPodAffinityArgs', () => {
  const path = 'profiles[0].pluginConfig[0].args'
  const cases = [
    {
      name: 'absent: the v1 defaults',
      value: undefined,
      want: { hardPodAffinityWeight: 1, ignorePreferredTermsOfExistingPods: false },
      problems: [],
    },
    {
      name: 'both fields',
      value: { hardPodAffinityWeight: 100, ignorePreferredTermsOfExistingPods: true },
      want: { hardPodAffinityWeight: 100, ignorePreferredTermsOfExistingPods: true },
      problems: [],
    },
    {
      name: '0 is allowed',
      value: { hardPodAffinityWeight: 0 },
      want: { hardPodAffinityWeight: 0, ignorePreferredTermsOfExistingPods: false },
      problems: [],
    },
    {
      name: 'above 100',
      value: { hardPodAffinityWeight: 101 },
      want: { hardPodAffinityWeight: 101, ignorePreferredTermsOfExistingPods: false },
      problems: [`${path}.hardPodAffinityWeight: Invalid value: 101: not in valid range [0, 100]`],
    },
    {
      name: 'negative',
      value: { hardPodAffinityWeight: -1 },
      want: { hardPodAffinityWeight: -1, ignorePreferredTermsOfExistingPods: false },
      problems: [`${path}.hardPodAffinityWeight: Invalid value: -1: not in valid range [0, 100]`],
    },
    {
      name: 'wrong types are reported and treated as absent',
      value: { hardPodAffinityWeight: '5', ignorePreferredTermsOfExistingPods: 'yes' },
      want: { hardPodAffinityWeight: 1, ignorePreferredTermsOfExistingPods: false },
      problems: [
        `${path}.hardPodAffinityWeight: Invalid value: "5": must be an integer`,
        `${path}.ignorePreferredTermsOfExistingPods: Invalid value: "yes": must be a boolean`,
      ],
    },
  ]
  it.each(cases)('$name', ({ value, want, problems }) => {
    const r = new ProblemList()
    expect(readInterPodAffinityArgs(r, value, path)).toEqual(want)
    expect(r.problems.map((p) => p.message)).toEqual(problems)
  })
})

describe('InterPodAffinity args in the constructor', () => {
  it('defaults hardPodAffinityWeight to 1', () => {
    expect(setup([makeNode('n1').obj()]).pl.args).toEqual({
      hardPodAffinityWeight: 1,
      ignorePreferredTermsOfExistingPods: false,
    })
  })
  it('refuses an out-of-range weight', () => {
    expect(() => setup([], [], { args: { hardPodAffinityWeight: 101 } })).toThrow(
      'hardPodAffinityWeight: Invalid value: 101: not in valid range [0, 100]',
    )
  })
})
