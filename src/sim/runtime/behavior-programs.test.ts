/**
 * The programs of the Kubernetes documentation's examples (examples/docs/): a script's files as an
 * exec probe finds them, agnhost's liveness server, stress against the memory limit, wget, perl.
 */
import type { Probe } from 'kubernetes-types/core/v1'
import { describe, expect, it } from 'vitest'
import {
  AGNHOST_LIVENESS_HEALTHY_MS,
  FILE_OP_MS,
  fileExists,
  INSTANT_EXIT_MS,
  probeOutcome,
  resolveBehavior,
  WGET_MS,
} from './behavior'

const MI = 1024 * 1024
const sh = (script: string) => ({ command: ['/bin/sh', '-c', script] })

describe("a script's files", () => {
  // tasks/configure-pod-container/configure-liveness-readiness-startup-probes
  const liveness = resolveBehavior({
    args: ['/bin/sh', '-c', 'touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600'],
  })
  const cat: Probe = { exec: { command: ['cat', '/tmp/healthy'] } }

  it('exist from touch until rm, and the script still ends when its last sleep does', () => {
    expect(liveness.behavior.files).toEqual([
      { path: '/tmp/healthy', atMs: FILE_OP_MS, exists: true },
      { path: '/tmp/healthy', atMs: 30_000 + FILE_OP_MS, exists: false },
    ])
    expect(liveness.behavior.exit).toEqual({ code: 0, afterMs: 630_000 })
    expect(fileExists(liveness.behavior, '/tmp/healthy', 30_000)).toBe(true)
    expect(fileExists(liveness.behavior, '/tmp/healthy', 30_001)).toBe(false)
    expect(fileExists(liveness.behavior, '/tmp/other', 0)).toBeUndefined()
  })

  it('make `cat FILE` pass while the file is there and fail with busybox text once it is gone', () => {
    expect(probeOutcome(liveness.behavior, 'liveness', 25_000, cat)).toMatchObject({ result: 'success' })
    expect(probeOutcome(liveness.behavior, 'liveness', 35_000, cat)).toMatchObject({
      result: 'failure',
      output: "cat: can't open '/tmp/healthy': No such file or directory",
      exitCode: 1,
    })
    // A file the script never names is not the script's business: the check passes, as before.
    const other: Probe = { exec: { command: ['cat', '/etc/hostname'] } }
    expect(probeOutcome(liveness.behavior, 'liveness', 35_000, other)).toMatchObject({ result: 'success' })
  })

  it('include redirections, and a file made later is missing until then', () => {
    const b = resolveBehavior(sh('sleep 5 && echo ok > /tmp/ready; sleep 3600')).behavior
    expect(b.files).toEqual([{ path: '/tmp/ready', atMs: 5_000 + FILE_OP_MS, exists: true }])
    const probe: Probe = { exec: { command: ['sh', '-c', 'cat /tmp/ready'] } }
    expect(probeOutcome(b, 'readiness', 4_000, probe).result).toBe('failure')
    expect(probeOutcome(b, 'readiness', 5_001, probe).result).toBe('success')
  })
})

describe('agnhost liveness', () => {
  const http: Probe = { httpGet: { path: '/healthz', port: 8080 } }
  const image = 'registry.k8s.io/e2e-test-images/agnhost:2.40'

  it('answers 200 for 10 s, then 500', () => {
    const { behavior } = resolveBehavior({ args: ['liveness'], image })
    expect(behavior).toEqual({ unhealthyAfterMs: AGNHOST_LIVENESS_HEALTHY_MS, unhealthyHttpStatus: 500 })
    expect(probeOutcome(behavior, 'liveness', 9_999, http, { podIP: '10.244.1.5' }).result).toBe('success')
    expect(probeOutcome(behavior, 'liveness', 10_000, http, { podIP: '10.244.1.5' })).toMatchObject({
      result: 'failure',
      output: 'HTTP probe failed with statuscode: 500',
    })
  })

  it('is only agnhost: another image with `liveness` as its arguments just runs', () => {
    expect(resolveBehavior({ args: ['liveness'], image: 'nginx' }).behavior).toEqual({})
  })
})

describe('stress --vm', () => {
  const stress = (bytes: string, limit?: number) =>
    resolveBehavior({
      command: ['stress'],
      args: ['--vm', '1', '--vm-bytes', bytes, '--vm-hang', '1'],
      ...(limit ? { memoryLimitBytes: limit } : {}),
    }).behavior

  it('runs under its memory limit and is OOMKilled over it (tasks/configure-pod-container/assign-memory-resource)', () => {
    expect(stress('150M', 200 * MI)).toEqual({})
    const over = stress('250M', 100 * MI)
    expect(over.exit).toMatchObject({ code: 137, oomKilled: true })
    expect(over.exit?.afterMs).toBeLessThan(1_000)
    expect(stress('250M')).toEqual({})
  })
})

describe('one-shot programs', () => {
  it('wget fetches and exits 0; without a URL it fails', () => {
    const argv = ['wget', '-O', '/work-dir/index.html', 'http://info.cern.ch']
    expect(resolveBehavior({ command: argv }).behavior.exit).toEqual({ code: 0, afterMs: WGET_MS })
    expect(resolveBehavior({ command: ['wget'] }).behavior.exit).toEqual({
      code: 1,
      afterMs: INSTANT_EXIT_MS,
    })
  })

  it('perl one-liners end with 0; bpi(N) takes about N ms', () => {
    const pi = resolveBehavior({ command: ['perl', '-Mbignum=bpi', '-wle', 'print bpi(2000)'] })
    expect(pi.behavior.exit).toEqual({ code: 0, afterMs: 2_000 })
    expect(resolveBehavior({ command: ['perl', '-e', 'print "hi"'] }).behavior.exit?.code).toBe(0)
    expect(resolveBehavior({ command: ['perl'] }).behavior.exit).toBeUndefined()
  })
})
