import type { LabelSelector } from 'kubernetes-types/meta/v1'
import { describe, expect, it } from 'vitest'
import {
  formatMatchLabels,
  fromLabelSelector,
  matches,
  parseSelector,
  type Requirement,
  selectorMatches,
} from './labels'

const req = (key: string, operator: Requirement['operator'], values: string[] = []): Requirement => ({
  key,
  operator,
  values,
})

describe('parseSelector', () => {
  it.each([
    ['', []],
    ['  ', []],
    ['app=nginx', [req('app', 'In', ['nginx'])]],
    ['app==nginx', [req('app', 'In', ['nginx'])]],
    ['app = nginx', [req('app', 'In', ['nginx'])]],
    ['tier!=db', [req('tier', 'NotIn', ['db'])]],
    ['env in (a,b)', [req('env', 'In', ['a', 'b'])]],
    ['env in ( a , b )', [req('env', 'In', ['a', 'b'])]],
    ['env notin (prod)', [req('env', 'NotIn', ['prod'])]],
    // selector.go parseValues: `case ClosedParToken: // handles "()"` returns the set {""}, so an
    // empty value set never reaches NewRequirement's "values set can't be empty" check.
    ['env in ()', [req('env', 'In', [''])]],
    ['env notin ( )', [req('env', 'NotIn', [''])]],
    ['env in (a,,b)', [req('env', 'In', ['a', '', 'b'])]],
    ['env in (a,a)', [req('env', 'In', ['a'])]],
    ['!legacy', [req('legacy', 'DoesNotExist')]],
    ['legacy', [req('legacy', 'Exists')]],
    ['app.kubernetes.io/name=web', [req('app.kubernetes.io/name', 'In', ['web'])]],
    ['app=', [req('app', 'In', [''])]],
    [
      'app=nginx,tier!=db,env in (a,b),!legacy,ready',
      [
        req('app', 'In', ['nginx']),
        req('tier', 'NotIn', ['db']),
        req('env', 'In', ['a', 'b']),
        req('legacy', 'DoesNotExist'),
        req('ready', 'Exists'),
      ],
    ],
  ])('%j', (text, want) => {
    expect(parseSelector(text)).toEqual(want)
  })

  it('treats undefined as the empty selector', () => {
    expect(parseSelector(undefined)).toEqual([])
  })

  it.each(['app=a b', 'env in a,b', 'app>1', '=x'])('rejects %j', (text) => {
    expect(() => parseSelector(text)).toThrow(/^unable to parse requirement: /)
  })
})

describe('matches', () => {
  const labels = { app: 'nginx', env: 'prod' }

  it.each([
    ['', labels, true],
    ['app=nginx', labels, true],
    ['app=web', labels, false],
    ['app=nginx,env=dev', labels, false],
    ['env in (dev,prod)', labels, true],
    ['env in (dev)', labels, false],
    ['env notin (dev)', labels, true],
    ['env notin (prod)', labels, false],
    // != and notin select objects without the key, as in Kubernetes.
    ['tier!=db', labels, true],
    ['tier notin (db)', labels, true],
    ['tier in (db)', labels, false],
    ['app', labels, true],
    ['tier', labels, false],
    ['!tier', labels, true],
    ['!app', labels, false],
    ['app=nginx', undefined, false],
    ['!app', undefined, true],
    ['', undefined, true],
    // `in ()` is `in ("")`: only an empty value matches.
    ['env in ()', labels, false],
    ['env in ()', { env: '' }, true],
    ['env notin ()', labels, true],
  ])('%j on %j is %s', (text, l, want) => {
    expect(matches(l, parseSelector(text))).toBe(want)
  })

  it.each([
    ['Gt', '5', '3', true],
    ['Gt', '3', '3', false],
    ['Lt', '2', '3', true],
    ['Gt', 'x', '3', false],
  ] as const)('%s: %s vs %s is %s', (op, value, bound, want) => {
    expect(matches({ n: value }, [req('n', op, [bound])])).toBe(want)
    expect(matches({}, [req('n', op, [bound])])).toBe(false)
  })
})

describe('metav1.LabelSelector', () => {
  it('nil selects nothing; {} selects everything', () => {
    expect(fromLabelSelector(undefined)).toBeUndefined()
    expect(fromLabelSelector(null)).toBeUndefined()
    expect(fromLabelSelector({})).toEqual([])
    expect(selectorMatches(undefined, { app: 'x' })).toBe(false)
    expect(selectorMatches(null, {})).toBe(false)
    expect(selectorMatches({}, { app: 'x' })).toBe(true)
    expect(selectorMatches({}, undefined)).toBe(true)
  })

  it('a stored (frozen) selector is parsed once; one that can still change is read afresh', () => {
    const stored: LabelSelector = Object.freeze({ matchLabels: Object.freeze({ app: 'web' }) })
    expect(selectorMatches(stored, { app: 'web' })).toBe(true)
    expect(selectorMatches(stored, { app: 'api' })).toBe(false)
    const draft: { matchLabels: Record<string, string> } = { matchLabels: { app: 'web' } }
    expect(selectorMatches(draft, { app: 'web' })).toBe(true)
    draft.matchLabels.app = 'api'
    expect(selectorMatches(draft, { app: 'web' })).toBe(false)
    expect(selectorMatches(draft, { app: 'api' })).toBe(true)
  })

  it('converts matchLabels then matchExpressions', () => {
    const sel: LabelSelector = {
      matchLabels: { app: 'web' },
      matchExpressions: [
        { key: 'tier', operator: 'In', values: ['fe', 'be'] },
        { key: 'legacy', operator: 'DoesNotExist' },
      ],
    }
    expect(fromLabelSelector(sel)).toEqual([
      req('app', 'In', ['web']),
      req('tier', 'In', ['fe', 'be']),
      req('legacy', 'DoesNotExist'),
    ])
  })

  const sel: LabelSelector = {
    matchLabels: { app: 'web' },
    matchExpressions: [
      { key: 'tier', operator: 'NotIn', values: ['db'] },
      { key: 'track', operator: 'Exists' },
    ],
  }
  it.each([
    [{ app: 'web', track: 'stable' }, true],
    [{ app: 'web', track: 'canary', tier: 'fe' }, true],
    [{ app: 'web', track: 'stable', tier: 'db' }, false],
    [{ app: 'web' }, false],
    [{ app: 'api', track: 'stable' }, false],
  ])('%j is %s', (labels, want) => {
    expect(selectorMatches(sel, labels)).toBe(want)
  })
})

describe('formatMatchLabels', () => {
  it.each([
    [{ b: '2', a: '1' }, 'a=1,b=2'],
    [{ app: 'web' }, 'app=web'],
    [{}, ''],
    [undefined, ''],
  ])('%j → %j', (labels, want) => {
    expect(formatMatchLabels(labels)).toBe(want)
  })

  it('round-trips through parseSelector', () => {
    const labels = { 'pod-template-hash': '7c5ddbdf54', app: 'web' }
    expect(matches(labels, parseSelector(formatMatchLabels(labels)))).toBe(true)
  })
})
