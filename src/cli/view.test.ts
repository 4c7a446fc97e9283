/**
 * `get` and `describe` over the objects in files, through the runner as `npm run sim -- get …`
 * runs it (main.ts only parses the arguments).
 */
import { describe, expect, it } from 'vitest'
import { runCli } from './run'
import { runView, type ViewCommand, viewResource } from './view'

const NOW = Date.parse('2025-05-01T10:05:00Z')

const PODS = `apiVersion: v1
kind: Pod
metadata:
  name: web
  namespace: default
  uid: u-web
  creationTimestamp: "2025-05-01T10:00:00Z"
spec:
  nodeName: worker-1
  containers:
  - name: app
    image: nginx:1.27
    resources:
      requests: {cpu: 500m, memory: 128Mi}
status:
  phase: Running
  podIP: 10.244.1.5
  podIPs: [{ip: 10.244.1.5}]
  hostIP: 172.18.0.3
  conditions:
  - {type: Ready, status: "True"}
  containerStatuses:
  - name: app
    image: nginx:1.27
    imageID: ""
    ready: true
    restartCount: 2
    state: {running: {startedAt: "2025-05-01T10:03:00Z"}}
    lastState: {terminated: {exitCode: 1, reason: Error, finishedAt: "2025-05-01T10:02:59Z"}}
---
apiVersion: v1
kind: Pod
metadata:
  name: pending
  namespace: dev
spec:
  containers:
  - name: app
    image: nginx
status:
  phase: Pending
  conditions:
  - {type: PodScheduled, status: "False", reason: SchedulingGated}
`

const NODE = `apiVersion: v1
kind: Node
metadata:
  name: worker-1
  uid: n-1
  creationTimestamp: "2025-05-01T09:00:00Z"
status:
  capacity: {cpu: "2", memory: 4Gi, pods: "110"}
  allocatable: {cpu: "2", memory: 4Gi, pods: "110"}
  conditions:
  - {type: Ready, status: "True", lastHeartbeatTime: "2025-05-01T10:04:50Z", lastTransitionTime: "2025-05-01T09:00:00Z", reason: KubeletReady, message: kubelet is posting ready status}
  nodeInfo: {kubeletVersion: v1.33.0}
---
apiVersion: coordination.k8s.io/v1
kind: Lease
metadata:
  name: worker-1
  namespace: kube-node-lease
spec:
  holderIdentity: worker-1
  renewTime: "2025-05-01T10:04:59.000000Z"
`

const EVENTS = `apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Event
  metadata: {name: web.1, namespace: default}
  involvedObject: {kind: Pod, name: web, namespace: default, uid: u-web}
  type: Warning
  reason: BackOff
  message: Back-off restarting failed container app in pod web_default(u-web)
  source: {component: kubelet, host: worker-1}
  firstTimestamp: "2025-05-01T10:02:00Z"
  lastTimestamp: "2025-05-01T10:02:59Z"
  count: 3
- apiVersion: events.k8s.io/v1
  kind: Event
  metadata: {name: web.0, namespace: default}
  eventTime: "2025-05-01T10:00:00.200000Z"
  reportingController: default-scheduler
  reportingInstance: default-scheduler-control-plane
  action: Binding
  reason: Scheduled
  regarding: {kind: Pod, name: web, namespace: default, uid: u-web}
  note: Successfully assigned default/web to worker-1
  type: Normal
`

const files = [
  { name: 'pods.yaml', text: PODS },
  { name: 'node.yaml', text: NODE },
  { name: 'events.yaml', text: EVENTS },
]

const run = (cmd: Omit<ViewCommand, 'nowMs'>, inputs = files) => runView({ nowMs: NOW, ...cmd }, inputs)

describe('get', () => {
  it('pods: the files’ Pods as given, status included, in the default namespace as kubectl reads', () => {
    expect(run({ verb: 'get', resource: 'pods' })).toEqual({
      exitCode: 0,
      stderr: '',
      stdout: [
        'NAME   READY   STATUS    RESTARTS       AGE',
        'web    1/1     Running   2 (2m1s ago)   5m',
        '',
      ].join('\n'),
    })
  })

  it('pods -o wide -A', () => {
    expect(run({ verb: 'get', resource: 'pods', wide: true, allNamespaces: true }).stdout).toBe(
      [
        'NAMESPACE   NAME      READY   STATUS            RESTARTS       AGE         IP           NODE       NOMINATED NODE   READINESS GATES',
        'default     web       1/1     Running           2 (2m1s ago)   5m          10.244.1.5   worker-1   <none>           <none>',
        'dev         pending   0/1     SchedulingGated   0              <unknown>   <none>       <none>     <none>           <none>',
        '',
      ].join('\n'),
    )
  })

  it('pods -n: one namespace, or kubectl’s message when it has none', () => {
    expect(run({ verb: 'get', resource: 'pods', namespace: 'dev' }).stdout).toMatch(
      /^NAME {6}READY.*\npending /,
    )
    expect(run({ verb: 'get', resource: 'pods', namespace: 'prod' })).toEqual({
      exitCode: 0,
      stdout: '',
      stderr: 'No resources found in prod namespace.\n',
    })
  })

  it('nodes and events', () => {
    expect(run({ verb: 'get', resource: 'nodes' }).stdout).toBe(
      ['NAME       STATUS   ROLES    AGE   VERSION', 'worker-1   Ready    <none>   65m   v1.33.0', ''].join(
        '\n',
      ),
    )
    expect(run({ verb: 'get', resource: 'events' }).stdout).toBe(
      [
        'LAST SEEN   TYPE      REASON      OBJECT    MESSAGE',
        '2m1s        Warning   BackOff     pod/web   Back-off restarting failed container app in pod web_default(u-web)',
        '4m59s       Normal    Scheduled   pod/web   Successfully assigned default/web to worker-1',
        '',
      ].join('\n'),
    )
  })
})

describe('describe', () => {
  it('pod NAME: with its Events from the files', () => {
    expect(run({ verb: 'describe', resource: 'pods', name: 'web' }).stdout).toBe(
      [
        'Name:         web',
        'Namespace:    default',
        'Node:         worker-1/172.18.0.3',
        'Labels:       <none>',
        'Annotations:  <none>',
        'Status:       Running',
        'IP:           10.244.1.5',
        'IPs:',
        '  IP:  10.244.1.5',
        'Containers:',
        '  app:',
        '    Container ID:   ',
        '    Image:          nginx:1.27',
        '    Image ID:       ',
        '    Port:           <none>',
        '    Host Port:      <none>',
        '    State:          Running',
        '      Started:      Thu, 01 May 2025 10:03:00 +0000',
        '    Last State:     Terminated',
        '      Reason:       Error',
        '      Exit Code:    1',
        '      Started:      Mon, 01 Jan 0001 00:00:00 +0000',
        '      Finished:     Thu, 01 May 2025 10:02:59 +0000',
        '    Ready:          True',
        '    Restart Count:  2',
        '    Requests:',
        '      cpu:        500m',
        '      memory:     128Mi',
        '    Environment:  <none>',
        '    Mounts:       <none>',
        'Conditions:',
        '  Type           Status',
        '  Ready          True ',
        'Volumes:         <none>',
        'QoS Class:       Burstable',
        'Node-Selectors:  <none>',
        'Tolerations:     <none>',
        'Events:',
        '  Type     Reason     Age                From               Message',
        '  ----     ------     ----               ----               -------',
        '  Normal   Scheduled  4m59s              default-scheduler  Successfully assigned default/web to worker-1',
        '  Warning  BackOff    2m1s (x3 over 3m)  kubelet            Back-off restarting failed container app in pod web_default(u-web)',
        '',
      ].join('\n'),
    )
  })

  it('node NAME: its Lease, its Pods and their requests', () => {
    const out = run({ verb: 'describe', resource: 'nodes', name: 'worker-1' }).stdout
    expect(out).toContain(
      [
        'Lease:',
        '  HolderIdentity:  worker-1',
        '  AcquireTime:     <unset>',
        '  RenewTime:       Thu, 01 May 2025 10:04:59 +0000',
        '',
      ].join('\n'),
    )
    expect(out).toContain(
      '  default                     web     500m (25%)    0 (0%)      128Mi (3%)       0 (0%)         5m\n',
    )
    expect(out.endsWith('Events:              <none>\n')).toBe(true)
  })

  it('a name that is not there is NotFound, as the apiserver says it', () => {
    expect(run({ verb: 'describe', resource: 'pods', name: 'nope' })).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: 'Error from server (NotFound): pods "nope" not found\n',
    })
    expect(run({ verb: 'describe', resource: 'nodes', name: 'worker-9' }).stderr).toBe(
      'Error from server (NotFound): nodes "worker-9" not found\n',
    )
  })
})

describe('inputs', () => {
  it('reads the simulator’s -o json output', () => {
    const json = runCli(
      [
        {
          name: 'p.yaml',
          text: 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: nginx\nspec:\n  containers:\n  - name: nginx\n    image: nginx\n',
        },
      ],
      { output: 'json' },
    ).stdout
    const out = run({ verb: 'get', resource: 'pods', wide: true }, [{ name: 'run.json', text: json }])
    expect(out.stdout).toMatch(/^NAME {4}READY {3}STATUS {4}RESTARTS {3}AGE {3}IP {11}NODE/)
    expect(out.stdout).toMatch(/\nnginx {3}1\/1 {5}Running {3}0 {10}5m {4}10\.244\.\d\.\d+ +worker-\d /)
    const described = run({ verb: 'describe', resource: 'pods', name: 'nginx' }, [
      { name: 'run.json', text: json },
    ])
    expect(described.stdout).toMatch(/\n {2}Normal {2}Started {4}\S+ +kubelet +Started container nginx\n$/)
  })

  it('reports unparseable files with their line', () => {
    const out = run({ verb: 'get', resource: 'pods' }, [
      { name: 'bad.yaml', text: 'kind: Pod\nmetadata: [oops\n' },
    ])
    expect(out.exitCode).toBe(1)
    expect(out.stderr).toBe(
      "error: error parsing bad.yaml: error converting YAML to JSON: yaml: line 2: did not find expected ',' or ']'\n",
    )
  })

  it('knows kubectl’s resource names', () => {
    expect(['po', 'pod', 'pods', 'no', 'node', 'ev', 'events', 'deploy'].map(viewResource)).toEqual([
      'pods',
      'pods',
      'pods',
      'nodes',
      'nodes',
      'events',
      'events',
      undefined,
    ])
  })
})
