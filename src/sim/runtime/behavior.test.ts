import type { Probe } from 'kubernetes-types/core/v1'
import { describe, expect, it } from 'vitest'
import {
  CONFIG_ERROR_EXIT_MS,
  type ContainerBehavior,
  execFailureOutput,
  INSTANT_EXIT_MS,
  oomAfterMs,
  type ProbeKind,
  parseBehaviorAnnotation,
  parseGoDuration,
  parseMemoryRate,
  probeOutcome,
  resolveBehavior,
  resolveProbePort,
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
    ['start after 10s', { startAfterMs: 10_000 }],
    ['ready after 5s', { readyAfterMs: 5000 }],
    ['unready after 1m', { unreadyAfterMs: 60_000 }],
    ['unhealthy after 30s', { unhealthyAfterMs: 30_000 }],
    ['memory 10Mi/s', { memoryBytesPerSec: 10 * 2 ** 20 }],
    ['memory 60Mi/m', { memoryBytesPerSec: 2 ** 20 }],
    ['memory 1G/h', { memoryBytesPerSec: 1e9 / 3600 }],
    [
      'start after 5s; ready after 8s; unready after 1m; exit 1 after 2m',
      { startAfterMs: 5000, readyAfterMs: 8000, unreadyAfterMs: 60_000, exit: { code: 1, afterMs: 120_000 } },
    ],
    ['unhealthy after 20s\nignore sigterm', { unhealthyAfterMs: 20_000, ignoresSigterm: true }],
  ])('%j', (text, behavior) => {
    expect(parseBehaviorAnnotation(text)).toEqual({ ok: true, behavior })
  })

  it.each([
    ['exit', 'invalid exit code in "exit" (want 0-255)'],
    ['exit 300', 'invalid exit code in "exit 300" (want 0-255)'],
    ['exit 1 after soon', 'invalid duration "soon" in "exit 1 after soon" (want e.g. 5s, 1m30s, 500ms)'],
    ['exit 1 in 5s', 'expected "after <duration>" in "exit 1 in 5s"'],
    ['start', 'expected "after <duration>" in "start"'],
    ['start in 5s', 'expected "after <duration>" in "start in 5s"'],
    [
      'unhealthy after never',
      'invalid duration "never" in "unhealthy after never" (want e.g. 5s, 1m30s, 500ms)',
    ],
    ['memory', 'invalid memory rate in "memory" (want a quantity per s, m or h, e.g. 10Mi/s)'],
    ['memory 10Mi', 'invalid memory rate in "memory 10Mi" (want a quantity per s, m or h, e.g. 10Mi/s)'],
    ['memory lots/s', 'invalid memory rate in "memory lots/s" (want a quantity per s, m or h, e.g. 10Mi/s)'],
    [
      'explode',
      'unknown clause "explode" (known: run, exit <code> [after D], oom [after D], ignore sigterm, start after D, ready after D, unready after D, unhealthy after D, memory <rate>)',
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
        'unknown clause "boom" (known: run, exit <code> [after D], oom [after D], ignore sigterm, start after D, ready after D, unready after D, unhealthy after D, memory <rate>)',
    })
  })
})

describe('memory', () => {
  it.each([
    ['10Mi/s', 10 * 2 ** 20],
    ['1Gi/m', 2 ** 30 / 60],
    ['500k/s', 500_000],
    ['0/s', undefined],
    ['10Mi', undefined],
    ['10Mi/d', undefined],
    ['/s', undefined],
  ])('rate %j', (text, rate) => {
    expect(parseMemoryRate(text)).toBe(rate)
  })

  const MI = 2 ** 20
  it.each([
    ['memory 10Mi/s', 100 * MI, { exit: { code: 137, afterMs: 10_000, oomKilled: true } }],
    ['memory 10Mi/s', undefined, {}],
    ['memory 10Mi/s', 0, {}],
    ['memory 3Mi/s', 10 * MI, { exit: { code: 137, afterMs: 3334, oomKilled: true } }],
    ['memory 10Mi/s; exit 1 after 5s', 100 * MI, { exit: { code: 1, afterMs: 5000 } }],
    ['memory 10Mi/s; exit 0 after 1m', 100 * MI, { exit: { code: 137, afterMs: 10_000, oomKilled: true } }],
    ['run', 100 * MI, {}],
  ])('%j with limit %s', (annotation, memoryLimitBytes, exit) => {
    const { behavior } = resolveBehavior({
      annotation,
      ...(memoryLimitBytes !== undefined ? { memoryLimitBytes } : {}),
    })
    expect(behavior.exit).toEqual((exit as ContainerBehavior).exit)
  })

  it('keeps the rate in the behaviour for display', () => {
    const { behavior } = resolveBehavior({ annotation: 'memory 10Mi/s', memoryLimitBytes: 100 * MI })
    expect(behavior.memoryBytesPerSec).toBe(10 * MI)
    expect(oomAfterMs(behavior, 100 * MI)).toBe(10_000)
  })

  it('does not apply to behaviours from the command', () => {
    expect(resolveBehavior({ command: ['sleep', 'infinity'], memoryLimitBytes: MI }).behavior).toEqual({
      ignoresSigterm: true,
    })
  })
})

describe('resolveProbePort', () => {
  const ports = [{ name: 'http', containerPort: 8080 }]
  it.each([
    [8080, { port: 8080 }],
    ['http', { port: 8080 }],
    ['9090', { port: 9090 }],
    ['metrics', { error: 'strconv.Atoi: parsing "metrics": invalid syntax' }],
    [0, { error: 'invalid port number: 0' }],
    [70000, { error: 'invalid port number: 70000' }],
  ] as const)('%j', (port, expected) => {
    expect(resolveProbePort(port, ports)).toEqual(expected)
  })
})

describe('execFailureOutput', () => {
  it.each([
    [['cat', '/tmp/healthy'], "cat: can't open '/tmp/healthy': No such file or directory"],
    [
      ['/bin/sh', '-c', 'cat /tmp/ready && echo ok'],
      "cat: can't open '/tmp/ready': No such file or directory",
    ],
    [['pg_isready', '-U', 'postgres'], ''],
    [[], ''],
  ])('%j', (command, output) => {
    expect(execFailureOutput(command)).toBe(output)
  })
})

describe('probeOutcome', () => {
  const IP = '10.244.1.5'
  const http: Probe = { httpGet: { path: '/healthz', port: 8080, scheme: 'HTTP' }, timeoutSeconds: 1 }
  const tcp: Probe = { tcpSocket: { port: 8080 }, timeoutSeconds: 1 }
  const grpc: Probe = { grpc: { port: 9090 }, timeoutSeconds: 1 }
  const exec: Probe = { exec: { command: ['cat', '/tmp/healthy'] }, timeoutSeconds: 1 }
  const refusedHttp =
    'Get "http://10.244.1.5:8080/healthz": dial tcp 10.244.1.5:8080: connect: connection refused'
  const refusedTcp = 'dial tcp 10.244.1.5:8080: connect: connection refused'
  const grpcTimeout =
    'timeout: failed to connect service "10.244.1.5:9090" within 1s: context deadline exceeded'
  const catFails = "cat: can't open '/tmp/healthy': No such file or directory"

  type Row = [string, ContainerBehavior, ProbeKind, number, Probe, 'success' | 'failure', string]
  it.each<Row>([
    // A process with no probe clauses answers every probe.
    ['healthy http', {}, 'liveness', 0, http, 'success', ''],
    ['healthy tcp', {}, 'readiness', 0, tcp, 'success', ''],
    ['healthy grpc', {}, 'startup', 0, grpc, 'success', 'service healthy'],
    ['healthy exec', {}, 'liveness', 0, exec, 'success', ''],
    // start after: every kind fails until the process is up, with a refused connection.
    ['not up: http', { startAfterMs: 10_000 }, 'startup', 9_999, http, 'failure', refusedHttp],
    ['not up: tcp', { startAfterMs: 10_000 }, 'liveness', 0, tcp, 'failure', refusedTcp],
    ['not up: grpc', { startAfterMs: 10_000 }, 'readiness', 0, grpc, 'failure', grpcTimeout],
    ['not up: exec', { startAfterMs: 10_000 }, 'liveness', 0, exec, 'failure', catFails],
    ['up at D', { startAfterMs: 10_000 }, 'startup', 10_000, http, 'success', ''],
    // unhealthy after: every kind fails from D on.
    [
      'unhealthy http',
      { unhealthyAfterMs: 30_000 },
      'liveness',
      30_000,
      http,
      'failure',
      'HTTP probe failed with statuscode: 503',
    ],
    [
      'unhealthy readiness too',
      { unhealthyAfterMs: 30_000 },
      'readiness',
      31_000,
      http,
      'failure',
      'HTTP probe failed with statuscode: 503',
    ],
    ['healthy before D', { unhealthyAfterMs: 30_000 }, 'liveness', 29_999, http, 'success', ''],
    ['unhealthy tcp', { unhealthyAfterMs: 0 }, 'liveness', 0, tcp, 'failure', refusedTcp],
    [
      'unhealthy grpc',
      { unhealthyAfterMs: 0 },
      'liveness',
      0,
      grpc,
      'failure',
      'service unhealthy (responded with "NOT_SERVING")',
    ],
    ['unhealthy exec', { unhealthyAfterMs: 0 }, 'startup', 0, exec, 'failure', catFails],
    // ready after / unready after: readiness only.
    [
      'not ready yet',
      { readyAfterMs: 5000 },
      'readiness',
      4999,
      http,
      'failure',
      'HTTP probe failed with statuscode: 503',
    ],
    ['ready at D', { readyAfterMs: 5000 }, 'readiness', 5000, http, 'success', ''],
    ['ready after: liveness unaffected', { readyAfterMs: 5000 }, 'liveness', 0, http, 'success', ''],
    ['unready', { unreadyAfterMs: 5000 }, 'readiness', 5000, tcp, 'failure', refusedTcp],
    ['unready: liveness unaffected', { unreadyAfterMs: 5000 }, 'liveness', 6000, http, 'success', ''],
    ['unready: startup unaffected', { unreadyAfterMs: 0 }, 'startup', 0, grpc, 'success', 'service healthy'],
  ])('%s', (_name, behavior, kind, ms, probe, result, output) => {
    const outcome = probeOutcome(behavior, kind, ms, probe, { podIP: IP })
    expect(outcome).toMatchObject({ result, output })
  })

  it('says what was probed and how long it took', () => {
    expect(probeOutcome({}, 'liveness', 0, http, { podIP: IP })).toEqual({
      result: 'success',
      output: '',
      durationMs: 3,
      target: 'GET http://10.244.1.5:8080/healthz',
    })
    expect(probeOutcome({ startAfterMs: 1000 }, 'liveness', 0, tcp, { podIP: IP })).toMatchObject({
      durationMs: 1,
      target: 'tcp 10.244.1.5:8080',
    })
    // gRPC's blocking dial waits for the whole timeout.
    expect(
      probeOutcome({ startAfterMs: 1000 }, 'liveness', 0, { ...grpc, timeoutSeconds: 90 }, { podIP: IP }),
    ).toMatchObject({
      durationMs: 90_000,
      output: 'timeout: failed to connect service "10.244.1.5:9090" within 1m30s: context deadline exceeded',
    })
    expect(probeOutcome({ unhealthyAfterMs: 0 }, 'liveness', 0, exec)).toMatchObject({
      exitCode: 1,
      target: 'exec cat /tmp/healthy',
    })
  })

  it('builds the URL as the kubelet does', () => {
    const outcome = (get: NonNullable<Probe['httpGet']>, ports = [{ name: 'web', containerPort: 80 }]) =>
      probeOutcome({ startAfterMs: 1 }, 'liveness', 0, { httpGet: get }, { podIP: IP, ports })
    expect(outcome({ port: 'web', path: '/' })).toMatchObject({
      output: 'Get "http://10.244.1.5:80/": dial tcp 10.244.1.5:80: connect: connection refused',
    })
    expect(outcome({ port: 8443, scheme: 'HTTPS', path: 'ready' })).toMatchObject({
      target: 'GET https://10.244.1.5:8443/ready',
    })
    expect(outcome({ port: 80, host: 'fd00::5' })).toMatchObject({ target: 'GET http://[fd00::5]:80' })
    expect(outcome({ port: 'metrics' })).toEqual({
      result: 'error',
      error: 'strconv.Atoi: parsing "metrics": invalid syntax',
      durationMs: 0,
      target: 'GET http://10.244.1.5',
    })
  })
})
