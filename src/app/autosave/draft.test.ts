import { describe, expect, it } from 'vitest'
import { DRAFT_KEY, loadDraft, parseDraft, writeDraft } from './draft'

function memory() {
  const data = new Map<string, string>()
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  }
}

describe('the draft in localStorage', () => {
  it('merges edits, removes a field set to undefined, and reads back what it wrote', () => {
    const store = memory()
    writeDraft({ workload: 'kind: Pod' }, store, 1)
    writeDraft({ clusterDraft: 'kind: Node' }, store, 2)
    expect(loadDraft(store)).toEqual({ v: 1, workload: 'kind: Pod', clusterDraft: 'kind: Node', savedAt: 2 })
    writeDraft({ cluster: 'kind: Node', clusterDraft: undefined }, store, 3)
    expect(loadDraft(store)).toEqual({ v: 1, workload: 'kind: Pod', cluster: 'kind: Node', savedAt: 3 })
  })

  it('treats anything unexpected as no draft, and never throws', () => {
    expect(parseDraft(null)).toBeUndefined()
    expect(parseDraft('not json')).toBeUndefined()
    expect(parseDraft('{"v":2,"workload":"x"}')).toBeUndefined()
    expect(parseDraft('{"v":1,"workload":42,"savedAt":"x"}')).toEqual({ v: 1, savedAt: 0 })
    const broken = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('full')
      },
    }
    expect(loadDraft(broken)).toBeUndefined()
    expect(() => writeDraft({ workload: 'x' }, broken)).not.toThrow()
    const store = memory()
    store.setItem(DRAFT_KEY, '{')
    writeDraft({ workload: 'y' }, store, 5)
    expect(loadDraft(store)?.workload).toBe('y')
  })
})
