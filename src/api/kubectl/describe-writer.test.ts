import { describe, expect, it } from 'vitest'
import {
  formatLabelSelector,
  formatRFC1123Z,
  PrefixWriter,
  printAnnotationsMultiline,
  printTaintsMultiline,
  taintString,
  tolerationString,
} from './describe-writer'

describe('printAnnotationsMultiline', () => {
  it('skips last-applied, prints long and multi-line values on their own lines, cut at 140', () => {
    const w = new PrefixWriter()
    printAnnotationsMultiline(w, 'Annotations', {
      'kubectl.kubernetes.io/last-applied-configuration': '{}',
      'b/long': 'x'.repeat(150),
      'a/multi': 'one\ntwo\n',
      'c/short': 'v',
    })
    expect(w.toString()).toBe(
      [
        'Annotations:  a/multi:',
        '                one',
        '                two',
        '              b/long:',
        `                ${'x'.repeat(138)}...`,
        '              c/short: v',
        '',
      ].join('\n'),
    )
  })
})

describe('taints and tolerations', () => {
  it.each([
    [{ key: 'k', value: 'v', effect: 'NoSchedule' }, 'k=v:NoSchedule'],
    [{ key: 'k', effect: 'NoExecute' }, 'k:NoExecute'],
    [{ key: 'k', value: 'v', effect: '' }, 'k=v:'],
    [{ key: 'k', effect: '' }, 'k'],
  ])('%j → %s', (t, want) => {
    expect(taintString(t)).toBe(want)
  })

  it.each<[Parameters<typeof tolerationString>[0], string]>([
    [
      {
        key: 'node.kubernetes.io/not-ready',
        operator: 'Exists',
        effect: 'NoExecute',
        tolerationSeconds: 300,
      },
      'node.kubernetes.io/not-ready:NoExecute op=Exists for 300s',
    ],
    [{ key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }, 'dedicated=gpu:NoSchedule'],
    [{ operator: 'Exists' }, 'op=Exists'],
    [{ key: 'k', operator: 'Exists' }, 'k op=Exists'],
  ])('%j → %s', (t, want) => {
    expect(tolerationString(t)).toBe(want)
  })

  it('sorts taints by effect, then key', () => {
    const w = new PrefixWriter()
    printTaintsMultiline(w, 'Taints', [
      { key: 'b', effect: 'NoSchedule' },
      { key: 'a', effect: 'NoSchedule' },
      { key: 'z', effect: 'NoExecute' },
    ])
    expect(w.toString()).toBe('Taints:  z:NoExecute\n         a:NoSchedule\n         b:NoSchedule\n')
  })
})

describe('formatLabelSelector', () => {
  it.each<[Parameters<typeof formatLabelSelector>[0], string]>([
    [undefined, '<none>'],
    [{}, '<none>'],
    [{ matchLabels: { b: '2', a: '1' } }, 'a=1,b=2'],
    [
      {
        matchLabels: { app: 'web' },
        matchExpressions: [
          { key: 'tier', operator: 'In', values: ['front', 'back'] },
          { key: 'env', operator: 'NotIn', values: ['dev'] },
          { key: 'gpu', operator: 'Exists' },
          { key: 'spot', operator: 'DoesNotExist' },
        ],
      },
      'app=web,env notin (dev),gpu,!spot,tier in (back,front)',
    ],
  ])('%j → %s', (sel, want) => {
    expect(formatLabelSelector(sel)).toBe(want)
  })
})

describe('formatRFC1123Z', () => {
  it.each([
    ['2025-05-01T10:00:05Z', 'Thu, 01 May 2025 10:00:05 +0000'],
    ['2025-12-31T23:59:59.999999Z', 'Wed, 31 Dec 2025 23:59:59 +0000'],
    [undefined, 'Mon, 01 Jan 0001 00:00:00 +0000'],
  ])('%s → %s', (t, want) => {
    expect(formatRFC1123Z(t)).toBe(want)
  })
})
