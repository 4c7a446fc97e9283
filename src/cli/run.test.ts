/**
 * Scenario tests: the acceptance flows of the foundation, through the CLI runner exactly as
 * `npm run sim` runs them (default cluster, apply at time 0, run until idle).
 */
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { Event, Pod } from '../api/types'
import type { SchedulingAttempt } from '../sim/scheduler/recording/attempts'
import { type CliOptions, runCli } from './run'

const NGINX = `apiVersion: v1
kind: Pod
metadata:
  name: nginx
spec:
  containers:
  - name: nginx
    image: nginx
`

interface Json {
  responses: Array<{
    kind: string
    namespace?: string
    name: string
    code: number
    status?: { message: string; reason: string; code: number }
  }>
  pods: Pod[]
  events: Event[]
  nodes: unknown[]
  scheduling: SchedulingAttempt[]
  trace: Array<{
    id: number
    from: string
    to: string
    kind: string
    summary: string
    stage: string
    causeId: number | null
  }>
}

function run(yaml: string, seed?: number): Json {
  const out = runCli([{ name: 'test.yaml', text: yaml }], {
    output: 'json',
    ...(seed !== undefined ? { seed } : {}),
  })
  expect(out.exitCode).toBe(0)
  return JSON.parse(out.stdout) as Json
}

const eventsOf = (r: Json, name: string) =>
  r.events.filter((e) => e.involvedObject?.name === name).map((e) => [e.reason, e.message])

describe('a plain nginx Pod', () => {
  const r = run(NGINX)
  const pod = r.pods.find((p) => p.metadata?.name === 'nginx') as Pod

  it('is created and runs on a worker', () => {
    expect(r.responses).toEqual([
      { kind: 'Pod', namespace: 'default', name: 'nginx', code: 201, action: 'created' },
    ])
    expect(pod.status?.phase).toBe('Running')
    expect(pod.spec?.nodeName).toMatch(/^worker-\d$/)
  })

  it('gets the five real events in order', () => {
    const node = pod.spec?.nodeName
    const events = eventsOf(r, 'nginx')
    expect(events.map(([reason]) => reason)).toEqual(['Scheduled', 'Pulling', 'Pulled', 'Created', 'Started'])
    expect(events[0]).toEqual(['Scheduled', `Successfully assigned default/nginx to ${node}`])
    expect(events[1]).toEqual(['Pulling', 'Pulling image "nginx"'])
    expect(events[2]?.[1]).toMatch(
      /^Successfully pulled image "nginx" in [\d.]+m?s \([\d.]+m?s including waiting\)\. Image size: \d+ bytes\.$/,
    )
    expect(events[3]).toEqual(['Created', 'Created container: nginx'])
    expect(events[4]).toEqual(['Started', 'Started container nginx'])
  })

  it('reports its conditions in the kubelet order, all True', () => {
    expect(pod.status?.conditions?.map((c) => [c.type, c.status])).toEqual([
      ['PodReadyToStartContainers', 'True'],
      ['Initialized', 'True'],
      ['Ready', 'True'],
      ['ContainersReady', 'True'],
      ['PodScheduled', 'True'],
    ])
  })

  it('travels the whole path: kubectl → apiserver → etcd → scheduler → kubelet → runtime', () => {
    const node = pod.spec?.nodeName
    const order = [
      'kubectl>kube-apiserver',
      'kube-apiserver>etcd',
      'kube-apiserver>kube-scheduler',
      'kube-scheduler>kube-apiserver',
      `kube-apiserver>kubelet/${node}`,
      `kubelet/${node}>runtime/${node}`,
    ]
    let at = r.trace.findIndex((m) => m.summary === 'POST /api/v1/namespaces/default/pods')
    for (const hop of order) {
      const next = r.trace.findIndex((m, i) => i >= at && m.kind !== 'step' && `${m.from}>${m.to}` === hop)
      expect(next, `hop ${hop} after message index ${at}`).toBeGreaterThanOrEqual(0)
      at = next
    }
  })

  it('every message except user actions and boot has a cause that precedes it', () => {
    const ids = new Set<number>()
    for (const m of r.trace) {
      if (m.causeId !== null) expect(ids.has(m.causeId), `cause of ${m.id} ${m.summary}`).toBe(true)
      ids.add(m.id)
    }
  })
})

describe('a Pod that asks for more CPU than any node has', () => {
  const r = run(`apiVersion: v1
kind: Pod
metadata:
  name: huge
spec:
  containers:
  - name: app
    image: nginx:1.27
    resources:
      requests:
        cpu: "64"
`)
  it('stays Pending with the real FailedScheduling message', () => {
    const pod = r.pods.find((p) => p.metadata?.name === 'huge') as Pod
    expect(pod.status?.phase).toBe('Pending')
    expect(pod.spec?.nodeName).toBeUndefined()
    const message =
      '0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient cpu. preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.'
    expect(eventsOf(r, 'huge')).toEqual([['FailedScheduling', message]])
    const cond = pod.status?.conditions?.find((c) => c.type === 'PodScheduled')
    expect([cond?.status, cond?.reason, cond?.message]).toEqual(['False', 'Unschedulable', message])
  })
})

describe('a Pod with an image that does not exist', () => {
  const r = runCli(
    [
      {
        name: 't.yaml',
        text: NGINX.replace('name: nginx\nspec', 'name: typo\nspec').replace('image: nginx', 'image: nginxx'),
      },
    ],
    { output: 'json' },
  )
  const out = JSON.parse(r.stdout) as Json
  it('ends in ImagePullBackOff with the pull errors as events', () => {
    const pod = out.pods.find((p) => p.metadata?.name === 'typo') as Pod
    expect(pod.status?.phase).toBe('Pending')
    expect(pod.status?.containerStatuses?.[0]?.state?.waiting?.reason).toBe('ImagePullBackOff')
    const reasons = eventsOf(out, 'typo').map(([reason]) => reason)
    expect(reasons.slice(0, 4)).toEqual(['Scheduled', 'Pulling', 'Failed', 'Failed'])
    expect(reasons).toContain('BackOff')
    const failed = eventsOf(out, 'typo').filter(([reason]) => reason === 'Failed')
    expect(failed[0]?.[1]).toMatch(/^Failed to pull image "nginxx": /)
    expect(failed[1]?.[1]).toBe('Error: ErrImagePull')
  })
})

describe('a Deployment with 3 replicas', () => {
  const r = run(`apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
`)
  it('yields a ReplicaSet and 3 Running Pods with real-looking names', () => {
    expect(r.responses[0]).toMatchObject({ kind: 'Deployment', name: 'web', code: 201 })
    expect(r.pods).toHaveLength(3)
    for (const pod of r.pods) {
      expect(pod.metadata?.name).toMatch(/^web-[4-9bcdf]{1,10}-[bcdfghjklmnpqrstvwxz2456789]{5}$/)
      expect(pod.status?.phase).toBe('Running')
      expect(pod.metadata?.ownerReferences?.[0]).toMatchObject({ kind: 'ReplicaSet', controller: true })
    }
    const rsName = r.pods[0]?.metadata?.ownerReferences?.[0]?.name as string
    expect(eventsOf(r, 'web')).toEqual([['ScalingReplicaSet', `Scaled up replica set ${rsName} from 0 to 3`]])
    const created = eventsOf(r, rsName)
    expect(created.map(([reason]) => reason)).toEqual([
      'SuccessfulCreate',
      'SuccessfulCreate',
      'SuccessfulCreate',
    ])
  })
})

describe('an invalid Pod', () => {
  it('gets the real 422 text', () => {
    const r = run(`apiVersion: v1
kind: Pod
metadata:
  name: broken
spec:
  containers:
  - name: app
`)
    expect(r.responses[0]?.code).toBe(422)
    expect(r.responses[0]?.status?.reason).toBe('Invalid')
    expect(r.responses[0]?.status?.message).toBe(
      'Pod "broken" is invalid: spec.containers[0].image: Required value',
    )
    expect(r.pods).toHaveLength(0)
  })

  it('is printed the way kubectl prints it', () => {
    const out = runCli(
      [
        {
          name: 'b.yaml',
          text: 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: broken\nspec:\n  containers:\n  - name: app\n',
        },
      ],
      {
        output: 'text',
      },
    )
    expect(out.stderr).toBe('The Pod "broken" is invalid: spec.containers[0].image: Required value\n')
  })
})

describe('what kubectl apply prints', () => {
  const POD_IN_DEV =
    'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n  namespace: dev\nspec:\n  containers:\n  - name: app\n    image: nginx\n'
  const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
`

  it('qualifies the kind by its API group, and names the file of each failed object', () => {
    const out = runCli(
      [
        { name: 'web.yaml', text: DEPLOYMENT },
        { name: 'dev/pod.yaml', text: POD_IN_DEV },
        { name: 'STDIN', text: POD_IN_DEV },
      ],
      { output: 'text' },
    )
    expect(out.stdout.split('\n')[0]).toBe('deployment.apps/web created')
    expect(out.stderr).toBe(
      [
        'Error from server (NotFound): error when creating "dev/pod.yaml": namespaces "dev" not found',
        'Error from server (NotFound): error when creating "STDIN": namespaces "dev" not found',
        '',
      ].join('\n'),
    )
  })

  it('refuses an object with only generateName without sending it', () => {
    const text =
      'apiVersion: v1\nkind: Pod\nmetadata:\n  generateName: web-\nspec:\n  containers:\n  - name: app\n    image: nginx\n'
    const out = runCli([{ name: 'gen.yaml', text }], { output: 'text' })
    expect(out.stderr).toBe('error: from web-: cannot use generate name with apply\n')
    const json = JSON.parse(runCli([{ name: 'gen.yaml', text }], { output: 'json' }).stdout) as Json
    expect(json.responses).toEqual([
      {
        kind: 'Pod',
        namespace: 'default',
        name: '',
        code: 0,
        error: 'from web-: cannot use generate name with apply',
      },
    ])
    expect(json.trace.filter((m) => m.from === 'kubectl')).toEqual([])
  })
})

describe('input errors', () => {
  it('unparseable YAML exits non-zero with kubectl’s message (kubectl v1.33’s very words)', () => {
    const out = runCli(
      [{ name: 'bad.yaml', text: 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: [oops\n' }],
      { output: 'text' },
    )
    expect(out.exitCode).toBe(1)
    expect(out.stderr).toBe(
      "error: error parsing bad.yaml: error converting YAML to JSON: yaml: line 4: did not find expected ',' or ']'\n",
    )
  })

  it('an unknown kind exits non-zero with kubectl’s message', () => {
    const out = runCli(
      [{ name: 'crd.yaml', text: 'apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n' }],
      {
        output: 'text',
      },
    )
    expect(out.exitCode).toBe(1)
    expect(out.stderr).toContain(
      'error: crd.yaml:1: resource mapping not found for name: "w" namespace: "" from "crd.yaml": no matches for kind "Widget" in version "example.com/v1"',
    )
  })
})

describe('a KubeSchedulerConfiguration among the inputs', () => {
  const nodes = ['worker-1', 'worker-2', 'worker-3']
    .map(
      (n) =>
        `apiVersion: v1\nkind: Node\nmetadata:\n  name: ${n}\nstatus:\n  capacity: {cpu: "4", memory: 8Gi}\n`,
    )
    .join('---\n')
  const deployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 3
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
        resources:
          requests: {cpu: 250m, memory: 128Mi}
`
  const config = (strategy: string) => `apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
profiles:
- schedulerName: default-scheduler
  pluginConfig:
  - name: NodeResourcesFit
    args:
      scoringStrategy:
        type: ${strategy}
  - name: PodTopologySpread
    args: {defaultingType: List}
`

  it('configures kube-scheduler: MostAllocated without default spreading packs the replicas onto one node', () => {
    const out = runCli(
      [
        { name: 'cluster.yaml', text: `${nodes}---\n${config('MostAllocated')}` },
        { name: 'web.yaml', text: deployment },
      ],
      { output: 'json' },
    )
    expect(out.exitCode).toBe(0)
    const json = JSON.parse(out.stdout) as Json
    // The configuration is not applied: the only response is the Deployment's.
    expect(json.responses.map((r) => r.kind)).toEqual(['Deployment'])
    const web = json.pods.filter((p) => p.metadata?.name?.startsWith('web-'))
    expect(web).toHaveLength(3)
    expect(new Set(web.map((p) => p.spec?.nodeName)).size).toBe(1)
  })

  it('an invalid configuration exits non-zero with the line of the field', () => {
    const text = `${nodes}---\n${config('Most')}`
    const out = runCli([{ name: 'cluster.yaml', text }], { output: 'text' })
    expect(out.exitCode).toBe(1)
    const line = text.split('\n').findIndex((l) => l.includes('type: Most')) + 1
    expect(out.stderr).toBe(
      `error: cluster.yaml:${line}: profiles[0].pluginConfig[0].args.scoringStrategy.type: Unsupported value: "Most": supported values: "LeastAllocated", "MostAllocated", "RequestedToCapacityRatio"\n`,
    )
  })

  it('a second configuration is refused with both places', () => {
    const out = runCli(
      [
        { name: 'a.yaml', text: config('MostAllocated') },
        { name: 'b.yaml', text: `${NGINX}---\n${config('LeastAllocated')}` },
      ],
      { output: 'text' },
    )
    expect(out.exitCode).toBe(1)
    expect(out.stderr).toBe(
      'error: b.yaml:10: a second KubeSchedulerConfiguration (the first is at a.yaml:1); kube-scheduler reads one\n',
    )
  })
})

describe('why each node won or lost: the `scheduling` output', () => {
  const cluster = `apiVersion: v1
kind: Node
metadata: {name: small}
status: {capacity: {cpu: "2", memory: 4Gi}}
---
apiVersion: v1
kind: Node
metadata: {name: medium}
status: {capacity: {cpu: "4", memory: 8Gi}}
---
apiVersion: v1
kind: Node
metadata: {name: gpu}
spec:
  taints: [{key: dedicated, value: gpu, effect: NoSchedule}]
status: {capacity: {cpu: "8", memory: 16Gi}}
`
  const pod = (name: string, cpu: string) => `---
apiVersion: v1
kind: Pod
metadata: {name: ${name}}
spec:
  containers:
  - {name: app, image: nginx:1.27, resources: {requests: {cpu: ${cpu}, memory: 256Mi}}}
`

  it("per node: each Filter plugin's verdict, each Score plugin's raw, normalized and weighted score, the total", () => {
    const [a] = run(cluster + pod('web', '500m')).scheduling
    expect(a).toMatchObject({ pod: 'default/web', attempt: 1, result: 'Scheduled', selectedNode: 'medium' })
    expect([a?.numAllNodes, a?.evaluatedNodes, a?.feasibleNodes]).toEqual([3, 3, 2])
    // The tainted node lost at Filter: TaintToleration said why, later plugins did not run.
    expect(a?.filter.gpu).toEqual({
      NodeUnschedulable: 'passed',
      NodeName: 'passed',
      TaintToleration: 'node(s) had untolerated taint {dedicated: gpu}',
    })
    // small lost at Score. LeastAllocated: cpu (2000−500)/2000 → 75, memory (4096−256)/4096 → 93,
    // (75 + 93)/2 = 84. BalancedAllocation: |0.25 − 0.0625|/2 = 0.09375 → 90.
    // medium: cpu 3500/4000 → 87, memory 7936/8192 → 96, 91; |0.125 − 0.03125|/2 → 95.
    expect(a?.score?.small).toEqual({
      TaintToleration: 0,
      NodeResourcesFit: 84,
      NodeResourcesBalancedAllocation: 90,
      ImageLocality: 0,
    })
    expect(a?.normalized?.small?.TaintToleration).toBe(100)
    expect(a?.weighted?.small).toEqual({
      TaintToleration: 300,
      NodeResourcesFit: 84,
      NodeResourcesBalancedAllocation: 90,
      ImageLocality: 0,
    })
    expect(a?.total).toEqual({ small: 474, medium: 486 })
  })

  it("an unschedulable attempt: the FailedScheduling text and every node's reason", () => {
    const r = run(cluster + pod('huge', '6'))
    const [a] = r.scheduling
    expect(a?.result).toBe('Unschedulable')
    expect(a?.message).toBe(
      '0/3 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}, 2 Insufficient cpu. preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.',
    )
    expect(a?.filter.small?.NodeResourcesFit).toBe('Insufficient cpu')
    expect(a?.filter.medium?.NodeResourcesFit).toBe('Insufficient cpu')
    expect(a?.score).toBeUndefined()
  })
})

describe('a NodeFailure among the inputs', () => {
  it('stops the node at its time; its Pod is evicted 300 s after the taint and replaced', () => {
    const failure = `apiVersion: podflow.dev/v1alpha1
kind: NodeFailure
metadata: {name: worker-3}
spec: {at: 30s}
`
    const pod = `apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: web}
spec:
  replicas: 1
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      nodeSelector: {kubernetes.io/hostname: worker-3}
      containers: [{name: nginx, image: nginx:1.27}]
`
    const out = runCli([{ name: 'fault.yaml', text: `${failure}---\n${pod}` }], {
      output: 'json',
      untilMs: 480_000,
    })
    expect(out.exitCode).toBe(0)
    const json = JSON.parse(out.stdout) as Json
    const reasons = json.events.map((e) => e.reason)
    expect(reasons).toContain('NodeNotReady')
    expect(reasons).toContain('TaintManagerEviction')
    // The replacement cannot leave worker-3 (its nodeSelector), so it waits, untolerated taint named.
    const failed = json.events.filter((e) => e.reason === 'FailedScheduling').map((e) => e.message)
    expect(failed.some((m) => m?.includes('node.kubernetes.io/unreachable'))).toBe(true)
  })

  it('a NodeFailure naming no Node of the cluster is refused at its line', () => {
    const text =
      'apiVersion: podflow.dev/v1alpha1\nkind: NodeFailure\nmetadata: {name: nope}\nspec: {at: 1s}\n'
    const out = runCli([{ name: 'f.yaml', text }], { output: 'text' })
    expect([out.exitCode, out.stderr]).toEqual([
      1,
      'error: f.yaml:1: NodeFailure "nope": no Node "nope" in the cluster\n',
    ])
  })
})

describe('PodSecurity in a namespace set up in the files', () => {
  const ns = (label: string) => `apiVersion: v1
kind: Namespace
metadata:
  name: secure
  labels: {pod-security.kubernetes.io/${label}: restricted}
`
  const privileged = `apiVersion: v1
kind: Pod
metadata: {name: root, namespace: secure}
spec:
  containers:
  - {name: nginx, image: nginx:1.27, securityContext: {privileged: true}}
`

  it('enforce: the privileged Pod is refused with the real text', () => {
    const out = runCli([{ name: 'p.yaml', text: `${ns('enforce')}---\n${privileged}` }], { output: 'text' })
    expect(out.stderr).toMatch(
      /^Error from server \(Forbidden\): error when creating "p\.yaml": pods "root" is forbidden: violates PodSecurity "restricted:latest": privileged \(container "nginx" must not set securityContext\.privileged=true\)/,
    )
  })

  it("warn: created, with kubectl's Warning line on stderr", () => {
    const out = runCli([{ name: 'p.yaml', text: `${ns('warn')}---\n${privileged}` }], { output: 'text' })
    // kubectl applies the Namespace, then the Pod, in file order.
    expect(out.stdout.split('\n').slice(0, 2)).toEqual(['namespace/secure created', 'pod/root created'])
    expect(out.stderr).toMatch(
      /^Warning: would violate PodSecurity "restricted:latest": privileged \(container "nginx"/,
    )
  })
})

describe('determinism', () => {
  const hash = (s: string) => createHash('sha256').update(s).digest('hex')
  const once = (seed: number) => runCli([{ name: 'n.yaml', text: NGINX }], { output: 'json', seed }).stdout

  it('the same seed gives the same output, byte for byte', () => {
    expect(hash(once(7))).toBe(hash(once(7)))
  })

  it('another seed gives other names and uids', () => {
    expect(hash(once(7))).not.toBe(hash(once(8)))
  })
})

describe('users in scenario files', () => {
  const user = (name: string) => `apiVersion: podflow.dev/v1alpha1
kind: User
metadata:
  name: ${name}
`
  it('takes a User as one of the apiserver’s token users, not as something to apply', () => {
    const out = runCli([{ name: 'cluster.yaml', text: `${user('alice')}---\n${NGINX}` }], { output: 'json' })
    expect(out.exitCode).toBe(0)
    const json = JSON.parse(out.stdout) as Json
    expect(json.responses.map((r) => `${r.kind}/${r.name} ${r.code}`)).toEqual(['Pod/nginx 201'])
  })

  it('a User with a client certificate: kubectl presents CN=<name>, O=<groups> and the apiserver authenticates x509', () => {
    const certUser = `apiVersion: podflow.dev/v1alpha1
kind: User
metadata: {name: carol}
spec: {credential: certificate, groups: [system:masters]}
`
    const out = runCli([{ name: 'c.yaml', text: `${certUser}---\n${NGINX}` }], {
      output: 'json',
      as: 'carol',
    })
    const json = JSON.parse(out.stdout) as Json
    expect(json.responses.map((r) => r.code)).toEqual([201])
    expect(json.trace.some((m) => m.summary === 'authenticated carol (x509)')).toBe(true)
    const bad = certUser.replace('certificate', 'password')
    expect(runCli([{ name: 'c.yaml', text: bad }], { output: 'text' }).stderr).toBe(
      'error: c.yaml:1: User "carol": spec.credential must be token or certificate\n',
    )
  })

  it('refuses a User defined twice, at its file and line', () => {
    const out = runCli([{ name: 'users.yaml', text: `${user('alice')}---\n${user('alice')}` }], {
      output: 'text',
    })
    expect(out).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: 'error: users.yaml:6: User "alice" is defined twice\n',
    })
  })
})

describe('kubectl views at the end of a run (-o get-pods, get-nodes, get-events, describe)', () => {
  const text = (output: CliOptions['output'], yaml = NGINX) =>
    runCli([{ name: 'test.yaml', text: yaml }], { output })

  it('get-pods: kubectl get pods -o wide -A, and nothing else', () => {
    const out = text('get-pods')
    expect(out.exitCode).toBe(0)
    expect(out.stderr).toBe('')
    const lines = out.stdout.split('\n')
    expect(lines[0]).toBe(
      'NAMESPACE   NAME    READY   STATUS    RESTARTS   AGE   IP           NODE       NOMINATED NODE   READINESS GATES',
    )
    expect(lines[1]).toMatch(
      /^default {5}nginx {3}1\/1 {5}Running {3}0 {10}\d+s +10\.244\.\d+\.\d+ +worker-\d +<none> +<none>$/,
    )
    expect(lines.slice(2)).toEqual([''])
  })

  it('describe: every Pod, with its Events, ages as of the end of the run', () => {
    const out = text('describe').stdout
    expect(out).toMatch(
      /^Name: {13}nginx\nNamespace: {8}default\nPriority: {9}0\nService Account: {2}default\nNode: {13}worker-\d\/172\.18\.0\.\d+\n/,
    )
    expect(out).toContain('\nStatus:           Running\n')
    expect(out).toContain('\n    State:          Running\n')
    expect(out).toContain('\nQoS Class:                   BestEffort\n')
    expect(out).toMatch(/\nEvents:\n {2}Type {4}Reason {5}Age +From +Message\n/)
    expect(out).toMatch(
      /\n {2}Normal {2}Scheduled {2}\S+ +default-scheduler +Successfully assigned default\/nginx to worker-\d\n/,
    )
    expect(out).toMatch(/\n {2}Normal {2}Started {4}\S+ +kubelet +Started container nginx\n$/)
  })

  it('describe separates Pods with a blank line, as kubectl does', () => {
    const out = text(
      'describe',
      `${NGINX}---\n${NGINX.replace('name: nginx\nspec', 'name: other\nspec')}`,
    ).stdout
    expect(out.match(/^Name: /gm)).toHaveLength(2)
    expect(out).toMatch(/nginx\n\n\nName: {13}other\n/)
  })

  it('get-events and get-nodes', () => {
    const events = text('get-events').stdout.split('\n')
    expect(events[0]).toBe('NAMESPACE   LAST SEEN   TYPE     REASON      OBJECT      MESSAGE')
    expect(events.slice(1, -1).map((l) => l.split(/ {2,}/)[3])).toEqual([
      'Scheduled',
      'Pulling',
      'Pulled',
      'Created',
      'Started',
    ])
    const nodes = text('get-nodes').stdout.split('\n')
    expect(nodes[0]).toMatch(/^NAME {12}STATUS {3}ROLES {11}AGE {3}VERSION {3}INTERNAL-IP/)
    expect(nodes.slice(1, -1).map((l) => l.split(' ')[0])).toEqual([
      'control-plane',
      'worker-1',
      'worker-2',
      'worker-3',
    ])
  })

  it('keeps apply errors on stderr, and says when there is no Pod', () => {
    const out = text(
      'get-pods',
      'apiVersion: v1\nkind: Pod\nmetadata:\n  name: broken\nspec:\n  containers:\n  - name: app\n',
    )
    expect(out.stdout).toBe('')
    expect(out.stderr).toBe(
      'The Pod "broken" is invalid: spec.containers[0].image: Required value\nNo resources found\n',
    )
  })
})

describe('cluster setup in --cluster files, and --as', () => {
  const inputs = (files: Record<string, string>) =>
    Object.entries(files).map(([name, text]) => ({ name, text }))
  const json = (
    files: Record<string, string>,
    options: Partial<CliOptions> = {},
    cluster: Record<string, string> = {},
  ) => {
    const out = runCli(inputs(files), { output: 'json', ...options, cluster: inputs(cluster) })
    expect(out.stderr).toBe('')
    expect(out.exitCode).toBe(0)
    return JSON.parse(out.stdout) as Json
  }
  const RBAC = `apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: pod-maker}
rules:
- apiGroups: [""]
  resources: [pods]
  verbs: [get, create, patch]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: devs-make-pods}
subjects:
- {kind: Group, name: devs, apiGroup: rbac.authorization.k8s.io}
roleRef: {kind: Role, name: pod-maker, apiGroup: rbac.authorization.k8s.io}
`

  it('--as alice without RBAC: kubectl gets the 403 for her', () => {
    const r = json({ 'pod.yaml': NGINX }, { as: 'alice' })
    expect(r.responses).toMatchObject([
      {
        kind: 'Pod',
        name: 'nginx',
        code: 403,
        status: {
          reason: 'Forbidden',
          code: 403,
          message:
            'pods "nginx" is forbidden: User "alice" cannot get resource "pods" in API group "" in the namespace "default"',
        },
      },
    ])
    expect(r.pods).toEqual([])
  })

  it('--as alice --as-group devs with a RoleBinding in --cluster (setup, not applied): 201', () => {
    const r = json({ 'pod.yaml': NGINX }, { as: 'alice', asGroups: ['devs'] }, { 'rbac.yaml': RBAC })
    expect(r.responses.map((x) => `${x.kind}/${x.name} ${x.code}`)).toEqual(['Pod/nginx 201'])
    // kubectl authenticated as her, with the group, by bearer token.
    const authn = r.trace.find((m) => m.summary === 'authenticated alice (token)') as
      | { payload?: { groups?: string[] } }
      | undefined
    expect(authn?.payload?.groups).toEqual(['devs', 'system:authenticated'])
    // Without the group, the binding does not apply to her.
    const denied = json({ 'pod.yaml': NGINX }, { as: 'alice' }, { 'rbac.yaml': RBAC })
    expect(denied.responses.map((x) => x.code)).toEqual([403])
  })

  it('RBAC objects in FILE are applied as the acting user, as kubectl would: alice may not', () => {
    const out = runCli(inputs({ 'all.yaml': `${RBAC}---\n${NGINX}` }), { output: 'text', as: 'alice' })
    expect(out.stderr.split('\n')[0]).toBe(
      'Error from server (Forbidden): error when retrieving current configuration of:',
    )
    expect(out.stderr).toContain(
      'roles.rbac.authorization.k8s.io "pod-maker" is forbidden: User "alice" cannot get resource "roles" in API group "rbac.authorization.k8s.io" in the namespace "default"',
    )
  })

  it('a ResourceQuota in --cluster (written at bootstrap with its status) rejects the 4th Pod', () => {
    const quota = `apiVersion: v1
kind: Namespace
metadata: {name: team-a, labels: {team: a}}
---
apiVersion: v1
kind: ResourceQuota
metadata: {name: pods, namespace: team-a}
spec:
  hard: {pods: "3"}
`
    const pods = [1, 2, 3, 4]
      .map((i) => NGINX.replace('name: nginx\n', `name: nginx-${i}\n  namespace: team-a\n`))
      .join('---\n')
    const r = json({ 'pods.yaml': pods }, {}, { 'quota.yaml': quota })
    expect(r.responses.map((x) => `${x.name} ${x.code}`)).toEqual([
      'nginx-1 201',
      'nginx-2 201',
      'nginx-3 201',
      'nginx-4 403',
    ])
    expect(r.responses[3]?.status?.message).toBe(
      'pods "nginx-4" is forbidden: exceeded quota: pods, requested: pods=1, used: pods=3, limited: pods=3',
    )
  })

  it('a WebhookServer and a MutatingWebhookConfiguration in --cluster inject a sidecar', () => {
    const setup = `apiVersion: podflow.dev/v1alpha1
kind: WebhookServer
metadata: {name: sidecar-injector, namespace: webhooks}
spec:
  behavior:
    patch:
    - {op: add, path: /spec/containers/-, value: {name: proxy, image: busybox:1.37, command: [sleep, infinity]}}
---
apiVersion: v1
kind: Namespace
metadata: {name: webhooks}
---
apiVersion: admissionregistration.k8s.io/v1
kind: MutatingWebhookConfiguration
metadata: {name: sidecar-injector}
webhooks:
- name: sidecar-injector.example.com
  clientConfig: {service: {namespace: webhooks, name: sidecar-injector, path: /inject}}
  rules: [{operations: [CREATE], apiGroups: [""], apiVersions: [v1], resources: [pods]}]
  sideEffects: None
  admissionReviewVersions: [v1]
`
    const r = json({ 'pod.yaml': NGINX }, {}, { 'setup.yaml': setup })
    expect(r.responses.map((x) => `${x.kind}/${x.name} ${x.code}`)).toEqual(['Pod/nginx 201'])
    expect(r.pods[0]?.spec?.containers.map((c) => c.name)).toEqual(['nginx', 'proxy'])
    expect(r.pods[0]?.status?.phase).toBe('Running')
  })

  it('reports a bad WebhookServer and a setup object in a missing namespace at their lines', () => {
    const text = `apiVersion: podflow.dev/v1alpha1
kind: WebhookServer
metadata: {name: broken}
spec: {behavior: {}}
---
apiVersion: v1
kind: LimitRange
metadata: {name: limits, namespace: team-b}
spec:
  limits: [{type: Container, default: {cpu: 500m}}]
`
    const out = runCli(inputs({ 'pod.yaml': NGINX }), {
      output: 'text',
      cluster: inputs({ 'setup.yaml': text }),
    })
    expect([out.exitCode, out.stderr]).toEqual([
      1,
      'error: setup.yaml:1: WebhookServer "broken": spec.behavior needs exactly one of allow, patch, deny\n' +
        'error: setup.yaml:6: LimitRange "limits": namespace "team-b" does not exist when the cluster starts (only default, kube-node-lease, kube-public, kube-system and the cluster\'s Namespaces do); add a Namespace "team-b" beside it\n',
    ])
  })
})

describe('kubectl apply -f of every kind, in file order', () => {
  const ALL = `apiVersion: v1
kind: Namespace
metadata: {name: my-ns}
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high-priority}
value: 1000000
globalDefault: false
---
apiVersion: v1
kind: ConfigMap
metadata: {name: game-demo, namespace: my-ns}
data: {player_initial_lives: "3"}
---
apiVersion: v1
kind: Secret
metadata: {name: creds, namespace: my-ns}
stringData: {password: s3cret}
---
apiVersion: v1
kind: ServiceAccount
metadata: {name: web, namespace: my-ns}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: pod-reader, namespace: my-ns}
rules: [{apiGroups: [""], resources: [pods], verbs: [get, list, watch]}]
---
apiVersion: v1
kind: Service
metadata: {name: web, namespace: my-ns}
spec:
  selector: {app: web}
  ports: [{port: 80, targetPort: 9376}]
---
apiVersion: v1
kind: Pod
metadata: {name: web, namespace: my-ns, labels: {app: web}}
spec:
  serviceAccountName: web
  priorityClassName: high-priority
  containers:
  - name: c
    image: nginx
    env:
    - name: LIVES
      valueFrom: {configMapKeyRef: {name: game-demo, key: player_initial_lives}}
`

  it("prints kubectl's line for each object, and the Pod uses what came before it", () => {
    const out = runCli([{ name: 'all.yaml', text: ALL }], { output: 'text' })
    expect(out.stderr).toBe('')
    expect(out.stdout.split('\n\n')[0]?.split('\n')).toEqual([
      'namespace/my-ns created',
      'priorityclass.scheduling.k8s.io/high-priority created',
      'configmap/game-demo created',
      'secret/creds created',
      'serviceaccount/web created',
      'role.rbac.authorization.k8s.io/pod-reader created',
      'service/web created',
      'pod/web created',
    ])
    const r = JSON.parse(runCli([{ name: 'all.yaml', text: ALL }], { output: 'json' }).stdout) as Json
    const pod = r.pods[0] as Pod
    expect([pod.spec?.priority, pod.status?.phase]).toEqual([1000000, 'Running'])
    // Each object is a request of kubectl's on the graph: a GET (404), then a POST.
    const posts = r.trace.filter((m) => m.from === 'kubectl' && m.summary.startsWith('POST '))
    expect(posts.map((m) => m.summary.split('?')[0])).toEqual([
      'POST /api/v1/namespaces',
      'POST /apis/scheduling.k8s.io/v1/priorityclasses',
      'POST /api/v1/namespaces/my-ns/configmaps',
      'POST /api/v1/namespaces/my-ns/secrets',
      'POST /api/v1/namespaces/my-ns/serviceaccounts',
      'POST /apis/rbac.authorization.k8s.io/v1/namespaces/my-ns/roles',
      'POST /api/v1/namespaces/my-ns/services',
      'POST /api/v1/namespaces/my-ns/pods',
    ])
  })

  it('a Pod before its Namespace in the file fails as on a real cluster: the namespace is not there yet', () => {
    const [ns, ...rest] = ALL.split('---\n')
    const out = runCli([{ name: 'late.yaml', text: [...rest, ns].join('---\n') }], { output: 'text' })
    expect(out.stderr).toContain(
      'Error from server (NotFound): error when creating "late.yaml": namespaces "my-ns" not found',
    )
    expect(out.stdout).toContain('namespace/my-ns created')
  })

  it('--cluster: the same objects exist before the story begins, and the Pods there run at time 0', () => {
    const setup = `${ALL.split('---\n').slice(0, 6).join('---\n')}---
apiVersion: v1
kind: Pod
metadata: {name: already-there, namespace: my-ns}
spec:
  nodeName: worker-1
  containers: [{name: c, image: nginx}]
`
    const out = runCli([{ name: 'pod.yaml', text: ALL.split('---\n').at(-1) as string }], {
      output: 'json',
      cluster: [{ name: 'cluster.yaml', text: setup }],
    })
    expect(out.stderr).toBe('')
    const r = JSON.parse(out.stdout) as Json
    expect(r.responses.map((x) => `${x.kind}/${x.name} ${x.code}`)).toEqual(['Pod/web 201'])
    expect(r.pods.map((p) => `${p.metadata?.name} ${p.spec?.nodeName ?? ''} ${p.status?.phase}`)).toEqual([
      'already-there worker-1 Running',
      expect.stringMatching(/^web worker-\d Running$/),
    ])
  })

  it('an unknown kind gets kubectl’s own error, and nothing is sent', () => {
    const foo = 'apiVersion: example.com/v1\nkind: Foo\nmetadata: {name: x}\n'
    const out = runCli([{ name: 'foo.yaml', text: foo }], { output: 'text' })
    expect([out.exitCode, out.stderr]).toEqual([
      1,
      'error: foo.yaml:1: resource mapping not found for name: "x" namespace: "" from "foo.yaml": no matches for kind "Foo" in version "example.com/v1"\nensure CRDs are installed first\n',
    ])
  })
})
