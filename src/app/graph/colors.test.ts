import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { MessageKind } from '../../protocol/messages'
import {
  FAMILIES,
  familyClass,
  familyColor,
  familyOf,
  messageFamily,
  pillVariant,
  statusTone,
} from './colors'

describe('familyOf', () => {
  it.each([
    ['kubectl', 'user'],
    ['kube-apiserver', 'apiserver'],
    ['etcd', 'etcd'],
    ['kube-scheduler', 'scheduler'],
    ['kube-controller-manager', 'controller'],
    ['kubelet/worker-1', 'kubelet'],
    ['runtime/worker-1', 'runtime'],
    ['registry', 'registry'],
    ['more-nodes', 'kubelet'],
  ])('%s → %s', (id, family) => expect(familyOf(id)).toBe(family))
})

describe('messageFamily and pillVariant', () => {
  it.each<[MessageKind, string, string, string, string, number?]>([
    ['http-request', 'kube-scheduler', 'kube-apiserver', 'scheduler', 'request'],
    ['http-response', 'kube-apiserver', 'kube-scheduler', 'scheduler', 'response', 201],
    ['http-response', 'kube-apiserver', 'kubectl', 'user', 'error', 422],
    ['watch-event', 'kube-apiserver', 'kubelet/worker-1', 'apiserver', 'event'],
    ['watch-event', 'etcd', 'kube-apiserver', 'etcd', 'event'],
    ['etcd-request', 'kube-apiserver', 'etcd', 'etcd', 'request'],
    ['etcd-response', 'etcd', 'kube-apiserver', 'etcd', 'response'],
    ['cri-request', 'kubelet/w', 'runtime/w', 'runtime', 'request'],
    ['cri-response', 'runtime/w', 'kubelet/w', 'runtime', 'response'],
    ['http-request', 'runtime/w', 'registry', 'registry', 'request'],
    ['http-response', 'registry', 'runtime/w', 'registry', 'response', 200],
    ['step', 'kube-controller-manager', 'kube-controller-manager', 'controller', 'step'],
  ])('%s %s → %s: %s, %s', (kind, from, to, family, variant, code) => {
    const summary = code ? `${code} x` : 'x'
    const m = { kind, from, to, summary, ...(code ? { code } : {}) }
    expect(messageFamily(m)).toBe(family)
    expect(pillVariant(m)).toBe(variant)
  })

  it('reads the status from the summary when the code is missing', () => {
    expect(
      pillVariant({ kind: 'http-response', from: 'registry', to: 'runtime/w', summary: '404 Not Found' }),
    ).toBe('error')
  })

  it('marks a failed CRI call as an error', () => {
    expect(
      pillVariant({
        kind: 'cri-response',
        from: 'runtime/w',
        to: 'kubelet/w',
        summary: 'PullImage: NotFound',
      }),
    ).toBe('error')
  })
})

describe('familyColor', () => {
  it('is a CSS variable of the app tokens, with a fallback', () => {
    expect(familyColor('etcd')).toBe('var(--c-etcd, #0e7c86)')
    for (const f of FAMILIES) expect(familyColor(f)).toMatch(/^var\(--c-[a-z]+, #[0-9a-f]{6}\)$/)
  })
})

describe('statusTone', () => {
  it.each([
    ['Running', 'ok'],
    ['Pending', 'pending'],
    ['ContainerCreating', 'pending'],
    ['Init:0/1', 'pending'],
    ['Completed', 'done'],
    ['Terminating', 'done'],
    ['ErrImagePull', 'error'],
    ['CrashLoopBackOff', 'error'],
    ['Init:Error', 'error'],
    ['ExitCode:1', 'error'],
  ])('%s → %s', (status, tone) => expect(statusTone(status)).toBe(tone))
})

describe('family classes', () => {
  it('graph.css sets each family’s colour, with familyColor’s value, for its class', () => {
    const css = readFileSync(new URL('./graph.css', import.meta.url), 'utf8')
    for (const f of FAMILIES) {
      const rule = new RegExp(`\\.${familyClass(f)} \\{\\s*--pf-c: ([^;]+);`).exec(css)
      expect(rule?.[1], f).toBe(familyColor(f))
    }
  })
})
