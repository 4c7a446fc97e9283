import { describe, expect, it } from 'vitest'
import type { UserActionInput } from '../protocol/messages'
import { Cluster } from '../sim/cluster/cluster'
import { runResult } from '../sim/scenario/result'
import { parseApply, parseClusterYaml, parseScenario } from './scenario-input'
import { Session } from './session'

const NODE = (name: string) => `apiVersion: v1
kind: Node
metadata:
  name: ${name}
status:
  capacity: {cpu: "4", memory: 8Gi}
`

const MOST_ALLOCATED = `apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
profiles:
- pluginConfig:
  - name: NodeResourcesFit
    args:
      scoringStrategy:
        type: MostAllocated
`

/** Bin packing: MostAllocated, without PodTopologySpread's system default spreading. */
const BIN_PACKING = `${MOST_ALLOCATED}  - name: PodTopologySpread
    args:
      defaultingType: List
`

const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1

describe('the cluster tab', () => {
  it('takes Nodes and one KubeSchedulerConfiguration', () => {
    const r = parseClusterYaml(`${NODE('a')}---\n${MOST_ALLOCATED}---\n${NODE('b')}`)
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.nodes.map((n) => n.metadata?.name)).toEqual(['a', 'b'])
    expect(r.schedulerConfiguration?.kind).toBe('KubeSchedulerConfiguration')
  })

  it('a configuration alone keeps the default nodes', () => {
    const r = parseScenario({ seed: 1, clusterYaml: MOST_ALLOCATED, actions: [] })
    expect(r.ok && r.scenario.nodes).toBeUndefined()
    expect(r.ok && r.scenario.schedulerConfiguration?.kind).toBe('KubeSchedulerConfiguration')
  })

  it('reports each configuration problem at the line of its field', () => {
    const text = `${NODE('a')}---\n${MOST_ALLOCATED.replace('MostAllocated', 'Most')}percentageOfNodesToScore: 101\n`
    const r = parseClusterYaml(text)
    expect(r.ok ? [] : r.problems).toEqual([
      {
        line: lineOf(text, 'type: Most'),
        message:
          'profiles[0].pluginConfig[0].args.scoringStrategy.type: Unsupported value: "Most": supported values: "LeastAllocated", "MostAllocated", "RequestedToCapacityRatio"',
      },
      {
        line: lineOf(text, 'percentageOfNodesToScore'),
        message: 'percentageOfNodesToScore: Invalid value: 101: not in valid range [0-100]',
      },
    ])
  })

  it('a Required value is reported at the nearest field that is there', () => {
    const text = `${MOST_ALLOCATED.replace('MostAllocated', 'RequestedToCapacityRatio')}`
    const r = parseClusterYaml(text)
    expect(r.ok ? [] : r.problems).toEqual([
      {
        line: lineOf(text, 'scoringStrategy:'),
        message:
          'profiles[0].pluginConfig[0].args.scoringStrategy.requestedToCapacityRatio: Required value: must be specified when type is RequestedToCapacityRatio',
      },
    ])
  })

  it('refuses a second configuration, at its line', () => {
    const text = `${MOST_ALLOCATED}---\n${MOST_ALLOCATED}`
    const r = parseClusterYaml(text)
    expect(r.ok ? [] : r.problems).toEqual([
      {
        line: 10,
        message: 'a second KubeSchedulerConfiguration (the first is at line 1); kube-scheduler reads one',
      },
    ])
  })

  it('the session runs the scenario with it: bin packing puts a Deployment onto one node', () => {
    const deployment = `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 3
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
      - {name: nginx, image: nginx:1.27, resources: {requests: {cpu: 250m, memory: 128Mi}}}
`
    const session = new Session()
    const clusterYaml = [NODE('w1'), NODE('w2'), NODE('w3'), BIN_PACKING].join('---\n')
    const [reset] = session.load(
      { seed: 1, clusterYaml, actions: [{ type: 'apply', atMs: 0, yaml: deployment }] },
      3,
    )
    expect(reset?.type).toBe('reset')
    const cluster = session.cluster
    if (!cluster) throw new Error('no cluster')
    cluster.run()
    const pods = runResult(cluster).pods.filter((p) => p.metadata?.namespace === 'default')
    expect(pods).toHaveLength(3)
    expect(new Set(pods.map((p) => p.spec?.nodeName)).size).toBe(1)
  })
})

describe('the workload tab', () => {
  it('cannot apply a KubeSchedulerConfiguration: kubectl knows no such kind', () => {
    const r = parseApply(`apiVersion: v1\nkind: Namespace\nmetadata: {name: x}\n---\n${MOST_ALLOCATED}`)
    expect(r.ok ? [] : r.problems).toEqual([
      {
        line: 5,
        message:
          'resource mapping not found for name: "" namespace: "" from "STDIN": no matches for kind "KubeSchedulerConfiguration" in version "kubescheduler.config.k8s.io/v1"\nensure CRDs are installed first\n(a KubeSchedulerConfiguration configures kube-scheduler: it belongs in the cluster tab)',
      },
    ])
  })
})

describe('the cluster tab: users, RBAC and ServiceAccounts', () => {
  const USERS = `apiVersion: podflow.dev/v1alpha1
kind: User
metadata:
  name: alice
spec:
  groups: [devs]
---
apiVersion: podflow.dev/v1alpha1
kind: User
metadata:
  name: bob
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: pod-maker
rules:
- apiGroups: [""]
  resources: [pods]
  verbs: [create]
---
apiVersion: v1
kind: ServiceAccount
metadata:
  name: builder
  namespace: kube-system
`

  it('takes users (each with a token) and the objects written at bootstrap', () => {
    const parsed = parseClusterYaml(`${NODE('a')}---\n${USERS}`)
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems))
    expect(parsed.nodes.map((n) => n.metadata?.name)).toEqual(['a'])
    expect(parsed.users.map((u) => [u.name, u.groups])).toEqual([
      ['alice', ['devs']],
      ['bob', undefined],
    ])
    expect(new Set(parsed.users.map((u) => u.token)).size).toBe(2)
    expect(parsed.objects.map((o) => `${o.kind}/${o.metadata?.name}`)).toEqual([
      'Role/pod-maker',
      'ServiceAccount/builder',
    ])
    const scenario = parseScenario({ seed: 1, clusterYaml: USERS, actions: [] })
    expect(scenario.ok && scenario.scenario.users?.length).toBe(2)
    expect(scenario.ok && scenario.scenario.clusterObjects?.length).toBe(2)
  })

  it('reports each problem at its object’s line', () => {
    const parsed = parseClusterYaml(`${USERS}---
apiVersion: podflow.dev/v1alpha1
kind: User
metadata:
  name: bob
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: team
  namespace: team-a
roleRef: {kind: Role, name: pod-maker, apiGroup: rbac.authorization.k8s.io}
---
apiVersion: podflow.dev/v1alpha1
kind: User
metadata:
  name: kubernetes-admin
---
apiVersion: podflow.dev/v1alpha1
kind: User
metadata:
  name: carol
spec:
  groups: devs
`)
    expect(parsed).toEqual({
      ok: false,
      problems: [
        { line: 28, message: 'User "bob" is defined twice' },
        {
          line: 33,
          message:
            'RoleBinding "team": namespace "team-a" does not exist when the cluster starts (only default, kube-node-lease, kube-public, kube-system and the cluster\'s Namespaces do); add a Namespace "team-a" beside it',
        },
        {
          line: 40,
          message:
            'User "kubernetes-admin" is the cluster\'s administrator (kubeadm\'s admin.conf); choose another name',
        },
        { line: 45, message: 'User "carol": spec.groups must be a list of group names' },
      ],
    })
  })

  it('an action may only name a user of the cluster', () => {
    const apply = {
      type: 'apply' as const,
      atMs: 0,
      yaml: 'apiVersion: v1\nkind: Namespace\nmetadata: {name: x}\n',
    }
    const ok = parseScenario({ seed: 1, clusterYaml: USERS, actions: [{ ...apply, as: 'alice' }] })
    expect(ok.ok && ok.scenario.actions[0]).toMatchObject({ type: 'apply', as: 'alice' })
    expect(parseScenario({ seed: 1, clusterYaml: USERS, actions: [{ ...apply, as: 'carol' }] })).toEqual({
      ok: false,
      problems: [{ line: 1, message: 'action 1: no user "carol" in the cluster' }],
    })
  })

  it('the workload tab cannot apply a User', () => {
    const parsed = parseApply(USERS)
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) {
      expect(parsed.problems.map((p) => p.line)).toEqual([1, 8])
      expect(parsed.problems[0]?.message).toContain(
        'no matches for kind "User" in version "podflow.dev/v1alpha1"',
      )
      expect(parsed.problems[0]?.message).toContain('it belongs in the cluster tab')
    }
  })
})

describe('faults in the cluster tab', () => {
  it('a NodeFailure becomes a node-down action of the scenario, checked against the Nodes', () => {
    const failure =
      'apiVersion: podflow.dev/v1alpha1\nkind: NodeFailure\nmetadata: {name: worker-3}\nspec: {at: 30s}\n'
    const r = parseScenario({ seed: 1, clusterYaml: failure, actions: [] })
    expect(r.ok && r.scenario.actions).toEqual([
      { type: 'node-down', atMs: 30_000, node: 'worker-3', mode: 'stop' },
    ])
    const bad = parseClusterYaml(`${NODE('a')}---\n${failure.replace('worker-3', 'b')}`)
    expect(bad).toEqual({
      ok: false,
      problems: [
        {
          line: lineOf(`${NODE('a')}---\n${failure}`, 'kind: NodeFailure') - 1,
          message: 'NodeFailure "b": no Node "b" in the cluster',
        },
      ],
    })
  })

  it('the workload tab refuses it, pointing at the cluster tab', () => {
    const r = parseApply(
      'apiVersion: podflow.dev/v1alpha1\nkind: NodeFailure\nmetadata: {name: worker-3}\nspec: {at: 30s}\n',
    )
    expect(r.ok).toBe(false)
    expect(!r.ok && r.problems[0]?.message).toMatch(
      /a NodeFailure is a fault the scenario injects: it belongs in the cluster tab/,
    )
  })
})

describe('the cluster tab: setup objects and webhook servers', () => {
  const SETUP = `apiVersion: v1
kind: Namespace
metadata:
  name: team-a
  labels: {pod-security.kubernetes.io/enforce: restricted}
---
apiVersion: v1
kind: ResourceQuota
metadata: {name: pods, namespace: team-a}
spec:
  hard: {pods: "3", requests.cpu: "2"}
---
apiVersion: v1
kind: LimitRange
metadata: {name: defaults, namespace: team-a}
spec:
  limits: [{type: Container, defaultRequest: {cpu: 100m}}]
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 1000
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: team, namespace: team-a}
subjects: [{kind: Group, name: devs, apiGroup: rbac.authorization.k8s.io}]
roleRef: {kind: ClusterRole, name: edit, apiGroup: rbac.authorization.k8s.io}
---
apiVersion: admissionregistration.k8s.io/v1
kind: MutatingWebhookConfiguration
metadata: {name: sidecar-injector}
webhooks:
- name: sidecar-injector.example.com
  clientConfig: {service: {namespace: webhooks, name: sidecar-injector}}
  rules: [{operations: [CREATE], apiGroups: [""], apiVersions: [v1], resources: [pods]}]
  sideEffects: None
  admissionReviewVersions: [v1]
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata: {name: policy}
webhooks:
- name: policy.example.com
  clientConfig: {service: {namespace: webhooks, name: policy}}
  rules: [{operations: [CREATE], apiGroups: [""], apiVersions: [v1], resources: [pods]}]
  sideEffects: None
  admissionReviewVersions: [v1]
---
apiVersion: podflow.dev/v1alpha1
kind: WebhookServer
metadata: {name: sidecar-injector, namespace: webhooks}
spec:
  behavior:
    patch: [{op: add, path: /metadata/labels/injected, value: "yes"}]
---
apiVersion: podflow.dev/v1alpha1
kind: WebhookServer
metadata: {name: policy, namespace: webhooks}
spec:
  behavior: {allow: {}, delay: 200ms}
`

  it('takes Namespaces (and objects in them), quotas, limit ranges, priority classes, webhook configurations and servers', () => {
    const parsed = parseClusterYaml(SETUP)
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems))
    expect(parsed.objects.map((o) => `${o.kind}/${o.metadata?.name}`)).toEqual([
      'Namespace/team-a',
      'ResourceQuota/pods',
      'LimitRange/defaults',
      'PriorityClass/high',
      'RoleBinding/team',
      'MutatingWebhookConfiguration/sidecar-injector',
      'ValidatingWebhookConfiguration/policy',
    ])
    expect(parsed.webhookServers.map((s) => [s.name, s.behavior.type, s.delayMs])).toEqual([
      ['sidecar-injector', 'patch', 0],
      ['policy', 'allow', 200],
    ])
    const scenario = parseScenario({ seed: 1, clusterYaml: SETUP, actions: [] })
    expect(scenario.ok && scenario.scenario.webhookServers?.length).toBe(2)
    expect(scenario.ok && scenario.scenario.clusterObjects?.length).toBe(7)
  })

  it('the session writes them at bootstrap: the quota with its status, the namespace with its label and ServiceAccount', () => {
    const parsed = parseScenario({ seed: 1, clusterYaml: SETUP, actions: [] })
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems))
    const cluster = new Cluster(parsed.scenario)
    cluster.run({ untilMs: 5_000 })
    // biome-ignore lint/suspicious/noExplicitAny: reading stored objects' fields
    const get = (key: string) => cluster.etcd.store.get(key)?.value as Record<string, any> | undefined
    expect(get('/registry/resourcequotas/team-a/pods')?.status).toEqual({
      hard: { pods: '3', 'requests.cpu': '2' },
      used: { pods: '0', 'requests.cpu': '0' },
    })
    // The resourcequota controller finds it up to date: no write after bootstrap.
    expect(cluster.etcd.store.keyHistory('/registry/resourcequotas/team-a/pods')).toHaveLength(1)
    expect(get('/registry/namespaces/team-a')?.metadata.labels).toEqual({
      'pod-security.kubernetes.io/enforce': 'restricted',
      'kubernetes.io/metadata.name': 'team-a',
    })
    expect(get('/registry/serviceaccounts/team-a/default')).toBeDefined()
    expect(get('/registry/priorityclasses/high')?.preemptionPolicy).toBe('PreemptLowerPriority')
  })

  it('reports bad setup objects and WebhookServers at their lines', () => {
    const text = `apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
---
apiVersion: v1
kind: ResourceQuota
metadata: {name: q}
spec: {hard: {pods: three}}
---
apiVersion: podflow.dev/v1alpha1
kind: WebhookServer
metadata: {name: a}
spec: {behavior: {allow: {}}}
---
apiVersion: podflow.dev/v1alpha1
kind: WebhookServer
metadata: {name: b}
spec: {service: {name: a}, behavior: {deny: {}}}
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata: {name: policy}
webhooks: [{name: policy, admissionReviewVersions: [v1]}]
`
    const parsed = parseClusterYaml(text)
    expect(parsed.ok).toBe(false)
    if (parsed.ok) return
    expect(parsed.problems.map((p) => [p.line, p.message])).toEqual([
      [1, 'PriorityClass "high": value: Required value: an integer priority'],
      [5, expect.stringMatching(/^ResourceQuota "q": spec.hard\[pods\]: Invalid value: "three": /)],
      [15, 'WebhookServer "b": service default/a is already served by WebhookServer "a"'],
      [
        20,
        expect.stringMatching(
          /^ValidatingWebhookConfiguration "policy": webhooks\[0\]\.name: Invalid value: "policy": should be a domain/,
        ),
      ],
    ])
  })

  it('the workload tab refuses a WebhookServer, pointing at the cluster tab', () => {
    const r = parseApply(
      'apiVersion: podflow.dev/v1alpha1\nkind: WebhookServer\nmetadata: {name: s}\nspec: {behavior: {allow: {}}}\n',
    )
    expect(r.ok).toBe(false)
    expect(!r.ok && r.problems[0]?.message).toMatch(
      /a WebhookServer is a simulated webhook server: it belongs in the cluster tab/,
    )
  })
})

describe('node actions: cordon, uncordon, drain', () => {
  const scenario = (...actions: UserActionInput[]) => parseScenario({ seed: 1, clusterYaml: '', actions })

  it('are scenario actions as written, flags and all', () => {
    const drain = {
      type: 'drain' as const,
      atMs: 1.2,
      node: 'worker-1',
      force: true,
      ignoreDaemonsets: true,
      deleteEmptydirData: false,
      gracePeriodSeconds: -1,
      timeoutSeconds: 90,
    }
    const extra = { type: 'cordon', atMs: 0, node: 'worker-1', colour: 'red' } as UserActionInput
    const parsed = scenario(extra, drain)
    // Only the fields kubectl takes are kept.
    expect(parsed.ok && parsed.scenario.actions).toEqual([
      { type: 'cordon', atMs: 0, node: 'worker-1' },
      { ...drain, atMs: 2 },
    ])
  })

  it.each<[string, UserActionInput, string]>([
    ['no node', { type: 'cordon', atMs: 0, node: '' }, 'cordon: the name of a Node is required (got "")'],
    [
      'a node that is not a name',
      { type: 'uncordon', atMs: 0, node: 'a/b' },
      'uncordon: the name of a Node is required (got "a/b")',
    ],
    [
      'a node of the wrong type',
      { type: 'drain', atMs: 0, node: 7 } as unknown as UserActionInput,
      'drain: the name of a Node is required (got 7)',
    ],
    [
      'a flag that is not a boolean',
      { type: 'drain', atMs: 0, node: 'w', force: 'yes' } as unknown as UserActionInput,
      'drain: force must be true or false',
    ],
    [
      'a fractional grace period',
      { type: 'drain', atMs: 0, node: 'w', gracePeriodSeconds: 1.5 },
      'drain: gracePeriodSeconds must be a whole number of seconds (negative: each pod’s own)',
    ],
    [
      'a negative timeout',
      { type: 'drain', atMs: 0, node: 'w', timeoutSeconds: -1 },
      'drain: timeoutSeconds must be 0 (no timeout) or more',
    ],
    [
      'an unknown action type',
      { type: 'reboot', atMs: 0, node: 'w' } as unknown as UserActionInput,
      'unknown action type "reboot"',
    ],
  ])('refuses %s', (_, action, message) => {
    expect(scenario(action)).toEqual({ ok: false, problems: [{ line: 1, message: `action 1: ${message}` }] })
  })

  it('a node the cluster does not have is kubectl’s NotFound at run time, not a parse problem', () => {
    expect(scenario({ type: 'drain', atMs: 0, node: 'nope' }).ok).toBe(true)
  })
})

describe('the cluster tab: the Pods already there', () => {
  const RUNNING = `apiVersion: v1
kind: Pod
metadata:
  name: db
  namespace: shop
  ownerReferences:
  - {apiVersion: apps/v1, kind: StatefulSet, name: db, uid: 7d3c, controller: true}
  managedFields: [{manager: kubectl, operation: Update}]
spec:
  nodeName: a
  containers:
  - name: postgres
    image: postgres:17
    resources: {requests: {cpu: "3"}}
status:
  phase: Running
  somethingNew: kept
`
  const SHOP = 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n'

  it('are bootstrap Pods of the scenario, kept as written, and count on their node', () => {
    const clusterYaml = [NODE('a'), NODE('b'), SHOP, RUNNING].join('---\n')
    const parsed = parseScenario({ seed: 1, clusterYaml, actions: [] })
    expect(parsed.ok).toBe(true)
    if (!parsed.ok) return
    expect(parsed.scenario.pods?.map((p) => p.metadata?.name)).toEqual(['db'])
    expect(parsed.scenario.pods?.[0]?.status).toEqual({ phase: 'Running', somethingNew: 'kept' })
    const apply = `apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  containers: [{name: web, image: nginx:1.27, resources: {requests: {cpu: "2"}}}]
`
    const withApply = parseScenario({
      seed: 1,
      clusterYaml,
      actions: [{ type: 'apply', atMs: 0, yaml: apply }],
    })
    if (!withApply.ok) throw new Error('does not parse')
    const cluster = new Cluster(withApply.scenario)
    cluster.run({ untilMs: 20_000 })
    const pods = runResult(cluster).pods
    expect(pods.find((p) => p.metadata?.name === 'web')?.spec?.nodeName).toBe('b')
    expect(pods.find((p) => p.metadata?.name === 'db')?.status?.phase).toBe('Running')
  })

  it('name a Node of the cluster, a namespace that exists, containers with images', () => {
    const lost = RUNNING.replace('nodeName: a', 'nodeName: z')
    const text = [NODE('a'), SHOP, lost].join('---\n')
    expect(parseClusterYaml(text)).toEqual({
      ok: false,
      problems: [
        {
          line: lineOf(text, 'nodeName: z'),
          message: 'Pod "db" is bound to node "z", which the cluster does not have (its Nodes: a)',
        },
      ],
    })
    const noNamespace = [NODE('a'), RUNNING].join('---\n')
    expect(parseClusterYaml(noNamespace)).toMatchObject({
      ok: false,
      problems: [
        {
          line: lineOf(noNamespace, 'namespace: shop'),
          message: expect.stringContaining(
            'Pod "db": namespace "shop" does not exist when the cluster starts',
          ),
        },
      ],
    })
    const noImage = [NODE('a'), SHOP, RUNNING.replace('    image: postgres:17\n', '')].join('---\n')
    expect(parseClusterYaml(noImage)).toMatchObject({
      ok: false,
      problems: [{ message: 'Pod "db": container "postgres" needs an image' }],
    })
  })

  it('without Nodes in the tab, name one of the default cluster', () => {
    const pending =
      'apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  nodeName: worker-2\n  containers: [{name: c, image: busybox}]\n'
    expect(parseClusterYaml(pending)).toMatchObject({
      ok: true,
      nodes: [],
      pods: [{ metadata: { name: 'p' } }],
    })
  })
})

describe('parseScenario: the cluster text read once', () => {
  const cluster =
    'apiVersion: v1\nkind: Node\nmetadata:\n  name: n1\nstatus:\n  capacity: {cpu: "4", memory: 8Gi}\n'
  it('gives every fork of the same cluster the same frozen Nodes, and reads a changed cluster anew', () => {
    const first = parseScenario({ seed: 1, clusterYaml: cluster, actions: [] })
    const fork = parseScenario({
      seed: 1,
      clusterYaml: cluster,
      actions: [{ type: 'apply', atMs: 0, yaml: 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: a\n' }],
    })
    if (!first.ok || !fork.ok) throw new Error('the scenarios should parse')
    expect(fork.scenario.nodes).toBe(first.scenario.nodes)
    expect(Object.isFrozen(first.scenario.nodes?.[0]?.status?.capacity)).toBe(true)
    const other = parseScenario({ seed: 1, clusterYaml: cluster.replace('n1', 'n2'), actions: [] })
    if (!other.ok) throw new Error('the scenario should parse')
    expect(other.scenario.nodes?.map((n) => n.metadata?.name)).toEqual(['n2'])
  })
})

describe('parseApply: an apply text read once', () => {
  const namespace = (name: string) => `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: ${name}\n`
  it('gives every fork the same frozen objects, and reads a text again once 32 others came after it', () => {
    const first = parseApply(namespace('a'))
    expect(parseApply(namespace('a'))).toBe(first)
    if (!first.ok) throw new Error('the apply should parse')
    expect(Object.isFrozen(first.objects[0]?.metadata)).toBe(true)
    expect(Object.isFrozen(first.lines)).toBe(true)
    // 31 other texts fill the 32 kept; used again, it becomes the newest, and the next new text
    // makes the oldest other one go.
    for (let i = 0; i < 31; i++) parseApply(namespace(`b${i}`))
    expect(parseApply(namespace('a'))).toBe(first)
    parseApply(namespace('c'))
    expect(parseApply(namespace('a'))).toBe(first)
    for (let i = 0; i < 32; i++) parseApply(namespace(`d${i}`))
    const again = parseApply(namespace('a'))
    expect(again).not.toBe(first)
    expect(again).toEqual(first)
  })

  it('keeps a text that does not parse as it failed', () => {
    const bad = parseApply('kind: [')
    expect(bad.ok).toBe(false)
    expect(parseApply('kind: [')).toBe(bad)
  })
})
