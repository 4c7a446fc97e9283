import { describe, expect, it } from 'vitest'
import { clone, type KubeObject, type Pod } from '../../../api/types'
import { diff } from '../diff'
import { defaultTolerationSeconds } from './default-toleration-seconds'
import { scopedSnapshot } from './mutation-scope'
import { priority } from './priority'
import { podCreate, runPhase } from './testing/run-plugin'
import type { AdmissionLister, MutationScope } from './types'

const SPEC: MutationScope = { under: ['spec'], keys: new Set(['a', 'b', 'c', 'd']) }

/** The patch the scoped snapshot gives for `mutate`, and the one a diff of the whole object gives. */
function both(
  object: Record<string, unknown>,
  scope: MutationScope,
  mutate: (o: Record<string, unknown>) => void,
) {
  const before = clone(object)
  const snapshot = scopedSnapshot(object, scope)
  mutate(object)
  return { scoped: snapshot?.patch(object), whole: diff(before, object) }
}

describe('scopedSnapshot', () => {
  it.each<[string, Record<string, unknown>, (o: Record<string, unknown>) => void]>([
    ['nothing changed', { spec: { a: 1, x: [1] } }, () => {}],
    ['a key added', { spec: { x: 1 } }, (o) => Object.assign(o.spec as object, { b: [1, 2] })],
    ['a key replaced', { spec: { a: 1, x: 1 } }, (o) => Object.assign(o.spec as object, { a: 2 })],
    ['a key removed', { spec: { a: 1, x: 1 } }, (o) => delete (o.spec as Record<string, unknown>).a],
    [
      'an array grown in place',
      { spec: { a: [{ k: 1 }] } },
      (o) => ((o.spec as { a: unknown[] }).a as unknown[]).push({ k: 2 }),
    ],
    [
      'a nested field changed',
      { spec: { a: { b: { c: 1 } } } },
      (o) => Object.assign((o.spec as { a: { b: object } }).a.b, { c: 2, d: 3 }),
    ],
    [
      // Removes and changes in the order of the keys before, then the additions in their order.
      'several keys: removed, changed, added',
      { spec: { d: 1, x: 0, b: 2, a: 3 } },
      (o) => {
        const s = o.spec as Record<string, unknown>
        delete s.d
        s.a = 4
        s.c = 5
        s.d = 6
      },
    ],
  ])('gives the whole object’s patch: %s', (_, object, mutate) => {
    const { scoped, whole } = both(object, SPEC, mutate)
    expect(scoped).toEqual(whole)
  })

  it('escapes the pointer of keys with / and ~', () => {
    const scope: MutationScope = { under: ['me/ta'], keys: new Set(['a~b']) }
    const { scoped, whole } = both({ 'me/ta': {} }, scope, (o) =>
      Object.assign(o['me/ta'] as object, { 'a~b': 1 }),
    )
    expect(scoped).toEqual([{ op: 'add', path: '/me~1ta/a~0b', value: 1 }])
    expect(scoped).toEqual(whole)
  })

  it('is not taken when the object under the scope is missing (the chain then compares the whole object)', () => {
    expect(scopedSnapshot({ metadata: {} }, SPEC)).toBeUndefined()
    expect(scopedSnapshot({ spec: [1] }, SPEC)).toBeUndefined()
    expect(scopedSnapshot({ spec: null }, SPEC)).toBeUndefined()
  })

  it('refuses a plugin that replaced the object its scope keeps', () => {
    const object: Record<string, unknown> = { spec: { a: 1 } }
    const snapshot = scopedSnapshot(object, SPEC)
    object.spec = { a: 1 }
    expect(() => snapshot?.patch(object)).toThrow(/replaced \/spec/)
  })
})

const listerWith = (classes: readonly object[]): AdmissionLister => ({
  get: (_g, _r, _ns, name) =>
    classes.find((c) => (c as { metadata?: { name?: string } }).metadata?.name === name) as KubeObject,
  list: () => classes as KubeObject[],
})

const GOLD = { metadata: { name: 'gold' }, value: 1000, globalDefault: true, preemptionPolicy: 'Never' }

describe('the plugins that declare a scope change nothing outside it', () => {
  const pods: [string, Pod][] = [
    ['a bare Pod', { metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'nginx' }] } }],
    [
      'a Pod with tolerations and a class',
      {
        metadata: { name: 'p', labels: { a: 'b' } },
        spec: {
          priorityClassName: 'system-node-critical',
          containers: [{ name: 'c', image: 'nginx' }],
          tolerations: [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' }],
        },
      },
    ],
    [
      'a Pod with an empty toleration (tolerates everything)',
      { spec: { containers: [], tolerations: [{ operator: 'Exists' }] } },
    ],
  ]
  for (const plugin of [priority, defaultTolerationSeconds]) {
    for (const [lister, classes] of [
      ['no classes', []],
      ['a global default', [GOLD]],
    ] as const) {
      it.each(pods)(`${plugin.name}, ${lister}: %s`, (_, pod) => {
        const object = clone(pod)
        const before = clone(pod)
        const snapshot = scopedSnapshot(object, plugin.mutates as MutationScope)
        expect(runPhase(plugin, 'admit', podCreate(object as KubeObject), listerWith(classes)).allowed).toBe(
          true,
        )
        const whole = diff(before, object)
        expect(snapshot?.patch(object)).toEqual(whole)
        // Each plugin changes every one of these Pods, except that a Pod tolerating every taint
        // already has what DefaultTolerationSeconds would add.
        const tolerant = pod.spec?.tolerations?.some((t) => t.operator === 'Exists' && !t.key)
        expect(whole.length > 0).toBe(!(plugin === defaultTolerationSeconds && tolerant))
      })
    }
  }
})
