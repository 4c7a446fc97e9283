/**
 * The bad-input list (src/testing/bad-inputs.ts) carried by share links: each row's
 * text as the link's manifest, decoded and opened as the page opens a link, with the real Session
 * behind a stand-in worker. A link the simulation refuses leaves a banner with the problems and
 * their lines, and the user's own draft untouched; the next good link opens. Then what only a
 * link can be: bytes that are not UTF-8 under the compression, garbage in the fragment, deep JSON.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Command, WorkerEvent } from '../../protocol/messages'
import { BAD_INPUTS, GOOD } from '../../testing/bad-inputs'
import { Session } from '../../worker/session'
import { setWorkerFactory, type WorkerLike } from '../bridge'
import { useStore } from '../store/store'
import { decodeShare, encodeShare, SHARE_PREFIX, type SharedView } from './codec'
import { deflate, toBase64url } from './compress'
import { restoreFromLocation, useShareLink } from './restore'

/** A worker that runs the real Session for loads (the only command opening a link waits for). */
class SessionWorker implements WorkerLike {
  onmessage: ((e: MessageEvent) => void) | null = null
  onerror: ((e: ErrorEvent) => void) | null = null
  private readonly session = new Session()
  postMessage(command: Command): void {
    if (command.type !== 'load') return
    const events: WorkerEvent[] = this.session.load(command.scenario, command.requestId)
    for (const event of events)
      queueMicrotask(() => this.onmessage?.({ data: structuredClone(event) } as MessageEvent))
  }
  terminate(): void {}
}

const DRAFT = 'my own draft: apiVersion: v1'
const linkTo = (yaml: string) =>
  encodeShare({
    scenario: { seed: 1, clusterYaml: '', actions: [{ type: 'apply', atMs: 0, yaml }] },
    cursorMs: 0,
    dockTab: 'timeline',
    teaching: false,
  } satisfies SharedView)

beforeEach(() => {
  useStore.setState(useStore.getInitialState(), true)
  useStore.setState({ workloadYaml: DRAFT })
  useShareLink.setState({ problem: undefined })
  setWorkerFactory(() => new SessionWorker())
})
afterEach(() => setWorkerFactory(undefined))

describe('bad input in a share link', () => {
  it.each(BAD_INPUTS.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const link = await linkTo(c.text)
    const o = c.outcome
    if (c.share) {
      expect(await restoreFromLocation(link)).toBe('failed')
      expect(useShareLink.getState().problem).toEqual(c.share.link)
      expect(useStore.getState().workloadYaml).toBe(DRAFT)
    } else if ('refused' in o) {
      // The link carries the text as it was; the simulation refuses it, at its lines.
      const decoded = await decodeShare(link)
      expect(decoded.ok && decoded.view.scenario.actions[0]).toMatchObject({ yaml: c.text })
      expect(await restoreFromLocation(link)).toBe('failed')
      expect(useShareLink.getState().problem).toEqual({
        reason: 'rejected',
        message: o.refused.map((p) => `line ${p.line}: action 1: ${p.message}`).join('; '),
      })
      expect(useStore.getState().workloadYaml).toBe(DRAFT)
    } else {
      // Accepted as kubectl would send it (what the apiserver answers shows in the trace): the
      // editor shows the link's manifest exactly.
      expect(await restoreFromLocation(link)).toBe('restored')
      expect(useStore.getState().workloadYaml).toBe(c.text)
    }
    // The next link opens.
    expect(await restoreFromLocation(await linkTo(GOOD))).toBe('restored')
    expect(useStore.getState().workloadYaml).toBe(GOOD)
    expect(useShareLink.getState().problem).toBeUndefined()
  })
})

/** A fragment whose data is `bytes`, deflated, with the right length. */
async function rawLink(bytes: Uint8Array): Promise<string> {
  const data = toBase64url(await deflate(bytes))
  return `#${SHARE_PREFIX}1.${data.length.toString(36)}.${data}`
}

type LinkCase = readonly [string, () => Promise<string>, Readonly<Record<string, unknown>>]

describe('bad input that only a link can carry', () => {
  it.each<LinkCase>([
    [
      'invalid UTF-8 under the compression',
      () => rawLink(new Uint8Array([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x7d])),
      { reason: 'bad-json' },
    ],
    [
      'binary garbage in the fragment',
      async () => `#${SHARE_PREFIX}1.5.\u0000\u0001\u00ff\u0007\u001b`,
      { reason: 'bad-characters', char: '\u0000', position: 7 },
    ],
    [
      'JSON nested 100,000 deep',
      () => rawLink(new TextEncoder().encode(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)),
      { reason: 'bad-field', path: '', expected: 'object' },
    ],
    [
      'a 5 MB fragment',
      async () => `#${SHARE_PREFIX}1.${'A'.repeat(5 * 1024 * 1024)}`,
      { reason: 'too-long', length: 5 * 1024 * 1024 + 4, max: 65_536 },
    ],
  ])('%s: explained, the draft kept, the next link opens', async (_name, make, problem) => {
    expect(await restoreFromLocation(await make())).toBe('failed')
    expect(useShareLink.getState().problem).toEqual(problem)
    expect(useStore.getState().workloadYaml).toBe(DRAFT)
    expect(await restoreFromLocation(await linkTo(GOOD))).toBe('restored')
  })
})
