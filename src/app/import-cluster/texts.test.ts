import { describe, expect, it } from 'vitest'
import { translator } from '../i18n/i18n'
import type { DumpSummary } from './convert'
import { problemText, summaryText } from './ImportCluster'

const SUMMARY: DumpSummary = {
  dumpTime: '2025-06-12T14:03:24Z',
  shiftMs: -1,
  nodes: 3,
  running: 16,
  pending: 1,
  namespaces: ['shop'],
  skipped: { finished: 1, terminating: 0, elsewhere: 2, other: { Service: 3 } },
}

describe('the import dialog says what it did and what is wrong, in both languages', () => {
  it('sums up an import', () => {
    expect(summaryText(translator('en'), SUMMARY)).toBe(
      'Imported: 3 Node(s), 16 Pod(s) running, 1 Pending. Left out: 1 finished (Succeeded/Failed), 2 on Nodes not in the dump and 3 other object(s) (Service). Times are moved so that the dump’s moment (2025-06-12T14:03:24Z) is time 0; ages are as they were.',
    )
    expect(
      summaryText(translator('zh'), {
        ...SUMMARY,
        skipped: { finished: 0, terminating: 0, elsewhere: 0, other: {} },
      }),
    ).toBe(
      '已导入：3 个 Node，16 个运行中的 Pod，1 个 Pending。 所有时间整体平移，使导出的时刻（2025-06-12T14:03:24Z）成为时间 0；各对象的存在时长保持不变。',
    )
  })

  it('says each problem with its line', () => {
    const en = translator('en')
    expect(problemText(en, { kind: 'notYaml', line: 3, detail: 'Unexpected flow-seq-end' })).toBe(
      'Line 3: this is not YAML (Unexpected flow-seq-end).',
    )
    expect(problemText(en, { kind: 'notList', line: 1, found: 'v1 Service "web"' })).toBe(
      'Line 1: this is v1 Service "web", not the output of kubectl get nodes,pods -A -o yaml (a List of Nodes and Pods).',
    )
    expect(
      problemText(translator('zh'), { kind: 'badItem', line: 7, detail: 'a Node without metadata.name' }),
    ).toBe('第 7 行：a Node without metadata.name。')
    expect(problemText(en, { kind: 'notLoaded', detail: 'error: line 4: …' })).toBe(
      'The imported cluster did not load: error: line 4: …',
    )
  })
})
