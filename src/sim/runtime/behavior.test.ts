import { describe, expect, it } from 'vitest'
import {
  CONFIG_ERROR_EXIT_MS,
  INSTANT_EXIT_MS,
  parseBehaviorAnnotation,
  parseGoDuration,
  resolveBehavior,
} from './behavior'
import { findImageByName } from './catalog'

const entrypoint = (image: string) => {
  const found = findImageByName(image)
  if (!found) throw new Error(image)
  return found.entrypoint
}

describe('parseGoDuration', () => {
  it.each([
    ['5s', 5000],
    ['1m30s', 90_000],
    ['500ms', 500],
    ['2.5s', 2500],
    ['1h', 3_600_000],
    ['0', 0],
    ['5', undefined],
    ['abc', undefined],
    ['', undefined],
  ])('%j → %s', (text, ms) => {
    expect(parseGoDuration(text)).toBe(ms)
  })
})

describe('the behaviour annotation', () => {
  it.each([
    ['run', {}],
    ['exit 1 after 5s', { exit: { code: 1, afterMs: 5000 } }],
    ['exit 0', { exit: { code: 0, afterMs: 0 } }],
    ['oom after 20s', { exit: { code: 137, afterMs: 20_000, oomKilled: true } }],
    ['exit 3 after 1m; ignore sigterm', { exit: { code: 3, afterMs: 60_000 }, ignoresSigterm: true }],
  ])('%j', (text, behavior) => {
    expect(parseBehaviorAnnotation(text)).toEqual({ ok: true, behavior })
  })

  it.each([
    ['exit', 'invalid exit code in "exit" (want 0-255)'],
    ['exit 300', 'invalid exit code in "exit 300" (want 0-255)'],
    ['exit 1 after soon', 'invalid duration "soon" in "exit 1 after soon" (want e.g. 5s, 1m30s, 500ms)'],
    ['exit 1 in 5s', 'expected "after <duration>" in "exit 1 in 5s"'],
    [
      'explode',
      'unknown clause "explode" (known: run, exit <code> [after D], oom [after D], ignore sigterm)',
    ],
  ])('rejects %j', (text, error) => {
    expect(parseBehaviorAnnotation(text)).toEqual({ ok: false, error })
  })
})

describe('resolveBehavior', () => {
  it.each([
    ['sleep 5', { command: ['sleep', '5'] }, { exit: { code: 0, afterMs: 5000 }, ignoresSigterm: true }],
    ['sleep 2m', { command: ['sleep', '2m'] }, { exit: { code: 0, afterMs: 120_000 }, ignoresSigterm: true }],
    ['sleep infinity', { command: ['sleep', 'infinity'] }, { ignoresSigterm: true }],
    ['true', { command: ['true'] }, { exit: { code: 0, afterMs: INSTANT_EXIT_MS } }],
    ['false', { command: ['false'] }, { exit: { code: 1, afterMs: INSTANT_EXIT_MS } }],
    ['exit 1', { command: ['exit', '1'] }, { exit: { code: 1, afterMs: INSTANT_EXIT_MS } }],
    [
      'sh -c "exit 3"',
      { command: ['sh', '-c', 'exit 3'] },
      { exit: { code: 3, afterMs: INSTANT_EXIT_MS }, ignoresSigterm: true },
    ],
    [
      'sh -c script',
      { command: ['/bin/sh', '-c'], args: ['echo hi; sleep 2 && exit 4'] },
      { exit: { code: 4, afterMs: 2000 }, ignoresSigterm: true },
    ],
    [
      'false && exit 5',
      { command: ['sh', '-c', 'false && exit 5'] },
      { exit: { code: 1, afterMs: INSTANT_EXIT_MS }, ignoresSigterm: true },
    ],
    [
      'false || exit 5',
      { command: ['sh', '-c', 'false || exit 5'] },
      { exit: { code: 5, afterMs: INSTANT_EXIT_MS }, ignoresSigterm: true },
    ],
    [
      'while true loop',
      { command: ['sh', '-c', 'while true; do echo hi; sleep 1; done'] },
      { ignoresSigterm: true },
    ],
    ['a server binary', { command: ['nginx', '-g', 'daemon off;'] }, {}],
    [
      'args alone are the command line',
      { args: ['sleep', '10'] },
      { exit: { code: 0, afterMs: 10_000 }, ignoresSigterm: true },
    ],
    ['echo', { command: ['echo', 'hello'] }, { exit: { code: 0, afterMs: INSTANT_EXIT_MS } }],
  ] as const)('%s', (_name, input, behavior) => {
    expect(resolveBehavior(input).behavior).toEqual(behavior)
  })

  it.each([
    ['nginx runs', { entrypoint: entrypoint('nginx') }, {}],
    [
      'busybox sh exits at once without stdin',
      { entrypoint: entrypoint('busybox') },
      { exit: { code: 0, afterMs: INSTANT_EXIT_MS }, ignoresSigterm: true },
    ],
    [
      'busybox sh with stdin stays',
      { entrypoint: entrypoint('busybox'), stdin: true },
      { ignoresSigterm: true },
    ],
    [
      'postgres without a password fails',
      { entrypoint: entrypoint('postgres'), env: [] },
      { exit: { code: 1, afterMs: CONFIG_ERROR_EXIT_MS } },
    ],
    ['postgres with a password runs', { entrypoint: entrypoint('postgres'), env: ['POSTGRES_PASSWORD'] }, {}],
    [
      'curl without a URL exits 2',
      { entrypoint: entrypoint('curlimages/curl') },
      { exit: { code: 2, afterMs: INSTANT_EXIT_MS } },
    ],
    ['an unknown image runs', {}, {}],
  ] as const)('image default: %s', (_name, input, behavior) => {
    expect(resolveBehavior(input).behavior).toEqual(behavior)
  })

  it('lets the annotation win over the command', () => {
    expect(resolveBehavior({ annotation: 'exit 2 after 1s', command: ['sleep', '100'] })).toEqual({
      behavior: { exit: { code: 2, afterMs: 1000 } },
      source: 'annotation',
    })
  })

  it('falls back to the command when the annotation does not parse, and says why', () => {
    expect(resolveBehavior({ annotation: 'boom', command: ['false'] })).toEqual({
      behavior: { exit: { code: 1, afterMs: INSTANT_EXIT_MS } },
      source: 'command',
      annotationError:
        'unknown clause "boom" (known: run, exit <code> [after D], oom [after D], ignore sigterm)',
    })
  })
})
