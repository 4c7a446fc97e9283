import { describe, expect, it } from 'vitest'
import { ProblemList } from '../../config/read'
import { qualifiedNameErrors, readPodTopologySpreadArgs } from './args'
import { PodTopologySpread } from './pod-topology-spread'
import { testHandle } from './testing/spread'

const P = 'args'

function read(value: unknown) {
  const r = new ProblemList()
  const args = readPodTopologySpreadArgs(r, value, P)
  return { args, problems: r.problems.map((p) => p.message) }
}

const hostname = { topologyKey: 'kubernetes.io/hostname', maxSkew: 1, whenUnsatisfiable: 'ScheduleAnyway' }

describe('readPodTopologySpreadArgs', () => {
  it.each([
    { name: 'absent', value: undefined },
    { name: 'empty', value: {} },
    { name: 'empty defaultingType', value: { defaultingType: '' } },
  ])('defaults $name args to System', ({ value }) => {
    expect(read(value)).toEqual({ args: { defaultingType: 'System' }, problems: [] })
  })

  it('keeps List with its constraints', () => {
    const value = {
      defaultingType: 'List',
      defaultConstraints: [{ ...hostname, minDomains: 2, nodeTaintsPolicy: 'Honor', matchLabelKeys: ['k'] }],
    }
    expect(read(value)).toEqual({ args: value, problems: [] })
  })

  it.each([
    {
      name: 'constraints need List',
      value: { defaultConstraints: [hostname] },
      want: [`${P}.defaultingType: Invalid value: "System": when .defaultConstraints are not empty`],
    },
    {
      name: 'unknown defaultingType',
      value: { defaultingType: 'Zone' },
      want: [`${P}.defaultingType: Unsupported value: "Zone": supported values: "System", "List"`],
    },
    {
      name: 'bad constraint fields',
      value: {
        defaultingType: 'List',
        defaultConstraints: [
          { topologyKey: '', maxSkew: 0, whenUnsatisfiable: '' },
          { ...hostname, whenUnsatisfiable: 'Maybe', labelSelector: { matchLabels: { a: 'b' } } },
          hostname,
          hostname,
        ],
      },
      want: [
        `${P}.defaultConstraints[0].maxSkew: Invalid value: 0: not in valid range (0, inf)`,
        `${P}.defaultConstraints[0].topologyKey: Required value: can not be empty`,
        `${P}.defaultConstraints[0].whenUnsatisfiable: Required value: can not be empty`,
        `${P}.defaultConstraints[1].whenUnsatisfiable: Unsupported value: "Maybe": supported values: "DoNotSchedule", "ScheduleAnyway"`,
        `${P}.defaultConstraints[1].labelSelector: Forbidden: constraint must not define a selector, as they deduced for each pod`,
        `${P}.defaultConstraints[3]: Duplicate value: "{kubernetes.io/hostname, ScheduleAnyway}"`,
      ],
    },
    {
      name: 'topologyKey must be a label name',
      value: { defaultingType: 'List', defaultConstraints: [{ ...hostname, topologyKey: 'bad key!' }] },
      want: [
        `${P}.defaultConstraints[0].topologyKey: Invalid value: "bad key!": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
      ],
    },
  ])('$name', ({ value, want }) => {
    expect(read(value).problems).toEqual(want)
  })
})

describe('qualifiedNameErrors', () => {
  it.each([
    ['kubernetes.io/hostname', 0],
    ['topology.kubernetes.io/zone', 0],
    ['rack', 0],
    ['/rack', 1],
    ['Example.com/rack', 1],
    ['a/b/c', 1],
    ['x'.repeat(64), 1],
  ])('%s: %i problem(s)', (name, n) => {
    expect(qualifiedNameErrors(name)).toHaveLength(n)
  })
})

describe('PodTopologySpread args', () => {
  it('System by default, with the two system constraints', () => {
    const pl = new PodTopologySpread(testHandle([]))
    expect(pl.systemDefaulted).toBe(true)
    expect(pl.defaultConstraints.map((c) => [c.topologyKey, c.maxSkew, c.whenUnsatisfiable])).toEqual([
      ['kubernetes.io/hostname', 3, 'ScheduleAnyway'],
      ['topology.kubernetes.io/zone', 5, 'ScheduleAnyway'],
    ])
  })

  it('List uses the given constraints', () => {
    const pl = new PodTopologySpread(testHandle([]), {
      defaultingType: 'List',
      defaultConstraints: [hostname],
    })
    expect(pl.systemDefaulted).toBe(false)
    expect(pl.defaultConstraints).toEqual([hostname])
  })

  it('refuses invalid args, as New validates them', () => {
    expect(() => new PodTopologySpread(testHandle([]), { defaultConstraints: [hostname] })).toThrow(
      'when .defaultConstraints are not empty',
    )
  })
})
