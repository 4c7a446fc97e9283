import { describe, expect, it } from 'vitest'
import type { ScenarioInput, WorkerEvent } from '../../protocol/messages'
import { Session } from '../../worker/session'
import { Mirror } from '../../worker/testing/mirror'
import { formatDuration, parseDuration } from './duration'
import { locateLoadProblems, readScenarioFile, type ScenarioFile, writeScenarioFile } from './scenario-file'

const NGINX =
  'apiVersion: v1\nkind: Pod\nmetadata:\n  name: nginx\nspec:\n  containers:\n  - name: nginx\n    image: nginx:1.27\n'
const CLUSTER =
  'apiVersion: v1\nkind: Node\nmetadata:\n  name: worker-1\nstatus:\n  capacity: {cpu: "4", memory: 8Gi}\n---\n' +
  'apiVersion: v1\nkind: Node\nmetadata:\n  name: worker-2\nstatus:\n  capacity: {cpu: "4", memory: 8Gi}\n'

/** One of each kind of action, with every optional field somewhere. */
const EVERYTHING: ScenarioInput = {
  seed: 42,
  clusterYaml: CLUSTER,
  actions: [
    { type: 'apply', atMs: 0, yaml: NGINX },
    { type: 'apply', atMs: 1500, yaml: NGINX.replace(/nginx/g, 'web'), as: 'alice' },
    { type: 'delete', atMs: 20_250, apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: 'web' },
    { type: 'cordon', atMs: 30_000, node: 'worker-2' },
    { type: 'uncordon', atMs: 31_000, node: 'worker-2', as: 'kubernetes-admin' },
    {
      type: 'drain',
      atMs: 95_001,
      node: 'worker-1',
      force: true,
      ignoreDaemonsets: false,
      gracePeriodSeconds: -1,
      timeoutSeconds: 0,
    },
    { type: 'node-down', atMs: 3_600_000, node: 'worker-1', mode: 'unreachable' },
    { type: 'drop-message', atMs: 77, messageId: 412 },
    { type: 'delay-message', atMs: 78, messageId: 413, delayMs: 2500 },
    { type: 'image-pull-failure', atMs: 100, image: 'nginx:1.27', node: 'worker-1', mode: 'not-found' },
    {
      type: 'crash-container',
      atMs: 200,
      namespace: 'default',
      pod: 'nginx',
      container: 'nginx',
      exitCode: 137,
    },
    { type: 'webhook-timeout', atMs: 300, server: 'policy' },
    { type: 'slow-etcd', atMs: 400, factor: 2.5, latencyMs: 30 },
  ],
}

function read(text: string) {
  const r = readScenarioFile(text)
  if (!r.ok) throw new Error(JSON.stringify(r.problems))
  return r
}

function problemsOf(text: string) {
  const r = readScenarioFile(text)
  return r.ok ? [] : r.problems.map((p) => `${p.line}: ${p.message}`)
}

describe('scenario files', () => {
  it('read back exactly what was written: every action type, the cluster, the workload and the cluster draft', () => {
    const file: ScenarioFile = { scenario: EVERYTHING, workload: NGINX, clusterDraft: `${CLUSTER}# edited\n` }
    const text = writeScenarioFile(file)
    expect(read(text).file).toEqual(file)
    // Writing what was read gives the same bytes.
    expect(writeScenarioFile(read(text).file)).toBe(text)
  })

  it('are readable: the default scenario after one apply', () => {
    const text = writeScenarioFile({
      scenario: { seed: 1, clusterYaml: '', actions: [{ type: 'apply', atMs: 1234, yaml: NGINX }] },
      workload: NGINX,
    })
    expect(
      text,
    ).toBe(`# A podflow scenario: everything that determines a run. Same scenario, same run, message for message.
# Edit it freely, then load it with Export ▸ Import scenario….

apiVersion: podflow.dev/v1alpha1
kind: Scenario
# The seed of the simulation’s randomness.
seed: 1
# The cluster tab: Nodes, a KubeSchedulerConfiguration, Users, RBAC objects, …; "" is the default
# cluster (a control-plane node and three workers).
cluster: ""
# What happened, in order, at virtual times (250ms, 1.5s, 2m5s): apply, delete, cordon, uncordon,
# drain, and what-if faults (node-down, drop-message, image-pull-failure, …).
actions:
- at: 1.234s
  type: apply
  yaml: |
    apiVersion: v1
    kind: Pod
    metadata:
      name: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
# The workload tab (not applied yet).
workload: |
  apiVersion: v1
  kind: Pod
  metadata:
    name: nginx
  spec:
    containers:
    - name: nginx
      image: nginx:1.27
`)
  })

  it('take hand-written files: defaults, durations, an empty action list, no trailing newline', () => {
    const r = read(
      'apiVersion: podflow.dev/v1alpha1\nkind: Scenario\nactions:\n- {at: 2m5.5s, type: cordon, node: worker-1}\n- at: 0\n  type: apply\n  yaml: "kind: Pod"',
    )
    expect(r.file).toEqual({
      scenario: {
        seed: 1,
        clusterYaml: '',
        actions: [
          { type: 'cordon', atMs: 125_500, node: 'worker-1' },
          { type: 'apply', atMs: 0, yaml: 'kind: Pod' },
        ],
      },
    })
    expect(
      read('apiVersion: podflow.dev/v1alpha1\nkind: Scenario\nseed: 7\nactions:\n').file.scenario,
    ).toEqual({
      seed: 7,
      clusterYaml: '',
      actions: [],
    })
  })

  it('report every problem at its line', () => {
    expect(problemsOf('')).toEqual([
      '1: the file is empty; a scenario starts with apiVersion: podflow.dev/v1alpha1',
    ])
    expect(problemsOf('apiVersion: v1\nkind: Pod\n')).toEqual([
      '1: apiVersion must be podflow.dev/v1alpha1, not "v1"',
      '2: kind must be Scenario, not "Pod"',
    ])
    expect(problemsOf('kind: Scenario\n')).toEqual([
      '1: a scenario file starts with apiVersion: podflow.dev/v1alpha1 and kind: Scenario',
    ])
    const head = 'apiVersion: podflow.dev/v1alpha1\nkind: Scenario\n'
    expect(problemsOf(`${head}seed: -1\nworkloads: x\n`)).toEqual([
      '3: seed must be a whole number ≥ 0, not -1',
      '4: the scenario: unknown field "workloads" (known: apiVersion, kind, seed, cluster, actions, workload, clusterDraft)',
    ])
    expect(
      problemsOf(
        `${head}actions:\n- at: 1.5x\n  type: apply\n  yaml: |\n    kind: Pod\n- type: delete\n  at: 1s\n  kind: Pod\n- at: 2s\n  type: drain\n  node: 12\n- at: 3s\n  atMs: 3000\n- hello\n`,
      ),
    ).toEqual([
      '4: action 1: at must be a duration such as 250ms, 1.5s or 2m5s, not "1.5x"',
      '8: action 2: a delete needs apiVersion',
      '8: action 2: a delete needs name',
      '13: action 3: node must be a string, not 12 (quote it: "12")',
      '14: action 4: type is missing (apply, delete, cordon, uncordon, drain or a fault type)',
      '15: action 4: write the time as at (e.g. at: 1.5s), not atMs',
      "16: action 5 must be a mapping with at, type and the action's fields",
    ])
    expect(problemsOf(`${head}cluster:\n  - a\n`)).toEqual(['4: cluster must be a single value, not a list'])
    expect(problemsOf(`${head}actions: {at: 1s}\n`)).toEqual([
      '3: actions must be a list (one item per action, each with at and type)',
    ])
    // YAML errors come from the parser, with their lines.
    expect(problemsOf(`${head}seed: 1\nseed: 2\n`)[0]).toMatch(/^4: .*[Mm]ap keys must be unique/)
    expect(problemsOf(`${head}cluster: "unterminated\n`)[0]).toMatch(/^4: Missing closing "quote/)
    expect(problemsOf(`${head}---\n${head}`)).toEqual([
      '3: a scenario file holds one YAML document; found another here',
    ])
  })

  it('put the worker’s problems back at their lines in the file', () => {
    const text = writeScenarioFile({
      scenario: {
        seed: 1,
        clusterYaml: CLUSTER,
        actions: [
          { type: 'cordon', atMs: 0, node: 'worker-1' },
          { type: 'apply', atMs: 10, yaml: NGINX },
        ],
      },
    })
    const r = read(text)
    const lines = text.split('\n')
    const [cluster, action, other] = locateLoadProblems(
      [
        { line: 11, message: 'cluster: Node "worker-2" is defined twice' },
        { line: 8, message: 'action 2: spec.containers[0].image: Required value' },
        { line: 1, message: 'action 1: no Node "worker-1"' },
      ],
      r.lines,
    )
    expect(lines[(cluster?.line ?? 0) - 1]).toBe('    name: worker-2')
    expect(lines[(action?.line ?? 0) - 1]).toBe('        image: nginx:1.27')
    expect(lines[(other?.line ?? 0) - 1]).toBe('- at: 0s')
  })

  it('write times as Go durations that read back to the same millisecond', () => {
    expect([0, 1, 250, 1000, 1500, 1234, 60_000, 125_500, 3_600_000, 3_723_004].map(formatDuration)).toEqual([
      '0s',
      '1ms',
      '250ms',
      '1s',
      '1.5s',
      '1.234s',
      '1m0s',
      '2m5.5s',
      '1h0m0s',
      '1h2m3.004s',
    ])
    for (let ms = 0; ms < 200_000; ms += 997) expect(parseDuration(formatDuration(ms))).toBe(ms)
  })
})

describe('a scenario file round trip through the simulation', () => {
  function runTo(session: Session, mirror: Mirror) {
    for (let r = session.computeSome(500); ; r = session.computeSome(500)) {
      mirror.take(r.events)
      if (!r.more) break
    }
  }
  const lastScenario = (events: readonly WorkerEvent[]) => {
    const resets = events.filter((e) => e.type === 'reset')
    const last = resets[resets.length - 1]
    if (last?.type !== 'reset') throw new Error('no reset')
    return last.scenario
  }

  it('gives the same ScenarioInput and the same trace, message for message', () => {
    const session = new Session()
    const mirror = new Mirror()
    mirror.take(session.load({ seed: 3, clusterYaml: CLUSTER, actions: [] }))
    mirror.take(session.apply(1, NGINX, 120))
    runTo(session, mirror)
    mirror.take(session.nodeAction(2, { type: 'cordon', atMs: 9000, node: 'worker-2' }))
    runTo(session, mirror)
    const scenario = lastScenario(mirror.events)
    expect(scenario.actions).toHaveLength(2)

    const imported = read(writeScenarioFile({ scenario, workload: NGINX })).file
    expect(imported.scenario).toEqual(scenario)

    const replay = new Session()
    const again = new Mirror()
    again.take(replay.load(imported.scenario))
    runTo(replay, again)
    expect(again.messages.length).toBeGreaterThan(100)
    expect(JSON.stringify(again.messages)).toBe(JSON.stringify(mirror.messages))
  })
})
