import { describe, expect, it } from 'vitest'
import type { Pod } from '../types'
import { runView, type ViewObjects } from './view'

const NOW = Date.parse('2025-05-01T10:05:00Z')
const pod = (name: string, namespace?: string): Pod => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, ...(namespace ? { namespace } : {}), creationTimestamp: '2025-05-01T10:00:00Z' },
  spec: { containers: [{ name: 'app', image: 'nginx' }] },
  status: { phase: 'Pending' },
})
const objects: ViewObjects = { pods: [pod('web'), pod('job', 'batch')], nodes: [], events: [], leases: [] }

describe('kubectl get and describe over objects', () => {
  it('get pods reads the default namespace, -A every namespace', () => {
    expect(runView({ verb: 'get', resource: 'pods', nowMs: NOW }, objects).stdout).toBe(
      'NAME   READY   STATUS    RESTARTS   AGE\nweb    0/1     Pending   0          5m\n',
    )
    expect(
      runView({ verb: 'get', resource: 'pods', allNamespaces: true, nowMs: NOW }, objects).stdout.split(
        '\n',
      )[2],
    ).toMatch(/^batch {7}job /)
  })

  it('a name: that object, or kubectl’s NotFound', () => {
    expect(runView({ verb: 'get', resource: 'pods', name: 'web', nowMs: NOW }, objects).stdout).toMatch(
      /^NAME/,
    )
    expect(runView({ verb: 'get', resource: 'pods', name: 'job', nowMs: NOW }, objects)).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: 'Error from server (NotFound): pods "job" not found\n',
    })
    expect(
      runView({ verb: 'describe', resource: 'pods', name: 'job', namespace: 'batch', nowMs: NOW }, objects)
        .stdout,
    ).toMatch(/^Name: +job\nNamespace: +batch\n/)
  })

  it('nothing to list: kubectl’s message on stderr', () => {
    expect(runView({ verb: 'get', resource: 'nodes', nowMs: NOW }, objects)).toEqual({
      exitCode: 0,
      stdout: '',
      stderr: 'No resources found\n',
    })
    expect(runView({ verb: 'get', resource: 'events', namespace: 'batch', nowMs: NOW }, objects).stderr).toBe(
      'No resources found in batch namespace.\n',
    )
  })
})
