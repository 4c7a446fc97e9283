import { describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import { runView, type ViewCommand } from '../../api/kubectl/view'
import { DEFAULT_START_MS } from '../../api/time'
import type { Pod } from '../../api/types'
import { useLang } from '../i18n/i18n'
import { exitCodeOf } from './backend'
import { type ConsoleContext, type ConsoleResult, execute, viewObjectsAt } from './execute'
import { fakeBackend, simulated } from './testing'

const PODS = `apiVersion: v1
kind: Pod
metadata:
  name: nginx
  labels:
    app: web
spec:
  containers:
  - name: nginx
    image: nginx:1.27
    ports:
    - containerPort: 80
---
apiVersion: v1
kind: Pod
metadata:
  name: web
  namespace: kube-public
spec:
  containers:
  - name: app
    image: nginx
`

// The default cluster, both Pods applied at 1 s, computed to 20 s: real objects, as the store has them.
const revisions = simulated(PODS, 1000, 20_000)
const nginxRevisions = revisions.get('/registry/pods/default/nginx') ?? []
const createdAtMs = nginxRevisions[0]?.atMs ?? Number.NaN
const CURSOR = 12_000

const context = (over: Partial<ConsoleContext> = {}): ConsoleContext => ({
  revisions,
  cursorMs: CURSOR,
  as: undefined,
  backend: fakeBackend({}),
  ...over,
})

/** A read's result (reads answer at once). */
function read(input: string, over: Partial<ConsoleContext> = {}): ConsoleResult {
  const result = execute(input, context(over))
  if (result instanceof Promise) throw new Error(`${input} did not answer at once`)
  return result
}

const text = (r: ConsoleResult, stream: 'stdout' | 'stderr') =>
  r.output
    .filter((b) => b.stream === stream)
    .map((b) => b.text)
    .join('')

describe('reads: kubectl get and describe at the cursor', () => {
  const objects = viewObjectsAt(revisions, CURSOR)
  const nowMs = DEFAULT_START_MS + CURSOR
  const cases: ReadonlyArray<[string, Omit<ViewCommand, 'nowMs'>]> = [
    ['kubectl get pods', { verb: 'get', resource: 'pods' }],
    ['get po -o wide -A', { verb: 'get', resource: 'pods', wide: true, allNamespaces: true }],
    ['get pods -n kube-public', { verb: 'get', resource: 'pods', namespace: 'kube-public' }],
    ['get pod nginx', { verb: 'get', resource: 'pods', name: 'nginx' }],
    ['get nodes', { verb: 'get', resource: 'nodes' }],
    ['get no worker-3 -o wide', { verb: 'get', resource: 'nodes', name: 'worker-3', wide: true }],
    ['get events -A', { verb: 'get', resource: 'events', allNamespaces: true }],
    ['get ev', { verb: 'get', resource: 'events' }],
    ['describe pod nginx', { verb: 'describe', resource: 'pods', name: 'nginx' }],
    [
      'describe pod/web -n kube-public',
      { verb: 'describe', resource: 'pods', name: 'web', namespace: 'kube-public' },
    ],
    ['describe node worker-3', { verb: 'describe', resource: 'nodes', name: 'worker-3' }],
    ['describe events', { verb: 'describe', resource: 'events' }],
  ]

  it.each(cases)('%s prints what runView prints for the objects at the cursor', (input, view) => {
    const expected = runView({ ...view, nowMs }, objects)
    const r = read(input)
    expect(r).toMatchObject({ mode: 'read', atMs: CURSOR, exitCode: expected.exitCode })
    expect(r.output[0]).toEqual({ text: input, stream: 'command' })
    expect(text(r, 'stdout')).toBe(expected.stdout)
    expect(text(r, 'stderr')).toBe(expected.stderr)
    expect(text(r, 'stdout') + text(r, 'stderr')).not.toBe('')
  })

  it('is a snapshot at the cursor: nothing before the Pod exists, Pending when it is new', () => {
    expect(read('get pods', { cursorMs: createdAtMs - 1 })).toMatchObject({
      exitCode: 0,
      output: [
        { stream: 'command', text: 'get pods' },
        { stream: 'stderr', text: 'No resources found in default namespace.\n' },
      ],
    })
    expect(text(read('get pods', { cursorMs: createdAtMs }), 'stdout')).toBe(
      'NAME    READY   STATUS    RESTARTS   AGE\nnginx   0/1     Pending   0          0s\n',
    )
    expect(text(read('get pods'), 'stdout')).toMatch(/^nginx +1\/1 +Running +0 +11s$/m)
  })

  it('describe with only a type describes each object, as runView describes it by name', () => {
    const byName = (name: string, namespace: string) =>
      runView({ verb: 'describe', resource: 'pods', name, namespace, nowMs }, objects).stdout
    expect(text(read('describe pods -A'), 'stdout')).toBe(
      `${byName('nginx', 'default')}\n\n${byName('web', 'kube-public')}`,
    )
    expect(read('describe pods -n kube-node-lease')).toMatchObject({
      exitCode: 0,
      output: [{}, { stream: 'stderr', text: 'No resources found in kube-node-lease namespace.\n' }],
    })
  })

  it('NotFound as the apiserver words it, whatever the output', () => {
    const notFound = (resource: string, name: string) => ({
      exitCode: 1,
      output: [
        {},
        { stream: 'stderr', text: `Error from server (NotFound): ${resource} "${name}" not found\n` },
      ],
    })
    expect(read('get pod missing')).toMatchObject(notFound('pods', 'missing'))
    expect(read('get pod missing -o yaml')).toMatchObject(notFound('pods', 'missing'))
    expect(read('get pod web')).toMatchObject(notFound('pods', 'web'))
    expect(read('describe node nope')).toMatchObject(notFound('nodes', 'nope'))
    expect(read('get events nope')).toMatchObject(notFound('events', 'nope'))
    // The same text runView gives.
    expect(text(read('get pod missing'), 'stderr')).toBe(
      runView({ verb: 'get', resource: 'pods', name: 'missing', nowMs }, objects).stderr,
    )
  })
})

describe('reads: -o yaml, json and name', () => {
  it('get pod NAME -o yaml prints the stored object as kubectl does', () => {
    const pod = nginxRevisions[0]?.object as Pod
    const meta = pod.metadata ?? {}
    const token = pod.spec?.volumes?.[0]?.name ?? ''
    expect(text(read('get pod nginx -o yaml', { cursorMs: createdAtMs }), 'stdout')).toBe(`apiVersion: v1
kind: Pod
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"v1","kind":"Pod","metadata":{"annotations":{},"labels":{"app":"web"},"name":"nginx","namespace":"default"},"spec":{"containers":[{"image":"nginx:1.27","name":"nginx","ports":[{"containerPort":80}]}]}}
  creationTimestamp: "${meta.creationTimestamp}"
  generation: 1
  labels:
    app: web
  name: nginx
  namespace: default
  resourceVersion: "${meta.resourceVersion}"
  uid: ${meta.uid}
spec:
  containers:
  - image: nginx:1.27
    imagePullPolicy: IfNotPresent
    name: nginx
    ports:
    - containerPort: 80
      protocol: TCP
    resources: {}
    terminationMessagePath: /dev/termination-log
    terminationMessagePolicy: File
    volumeMounts:
    - mountPath: /var/run/secrets/kubernetes.io/serviceaccount
      name: ${token}
      readOnly: true
  dnsPolicy: ClusterFirst
  enableServiceLinks: true
  preemptionPolicy: PreemptLowerPriority
  priority: 0
  restartPolicy: Always
  schedulerName: default-scheduler
  securityContext: {}
  serviceAccount: default
  serviceAccountName: default
  terminationGracePeriodSeconds: 30
  tolerations:
  - effect: NoExecute
    key: node.kubernetes.io/not-ready
    operator: Exists
    tolerationSeconds: 300
  - effect: NoExecute
    key: node.kubernetes.io/unreachable
    operator: Exists
    tolerationSeconds: 300
  volumes:
  - name: ${token}
    projected:
      defaultMode: 420
      sources:
      - serviceAccountToken:
          expirationSeconds: 3607
          path: token
      - configMap:
          items:
          - key: ca.crt
            path: ca.crt
          name: kube-root-ca.crt
      - downwardAPI:
          items:
          - fieldRef:
              apiVersion: v1
              fieldPath: metadata.namespace
            path: namespace
status:
  phase: Pending
  qosClass: BestEffort
`)
  })

  it('the YAML is the revision at the cursor, exactly (it parses back to the stored object)', () => {
    for (const r of nginxRevisions) {
      const out = text(read('get pod/nginx -o yaml', { cursorMs: r.atMs }), 'stdout')
      expect(parseYaml(out)).toEqual(r.object)
      expect(out).toContain(`resourceVersion: "${r.object?.metadata?.resourceVersion}"`)
    }
    expect(text(read('get pod nginx -o yaml'), 'stdout')).toMatch(
      /\n {2}- lastProbeTime: null\n {4}lastTransitionTime: "2025-.*"\n {4}status: "True"\n/,
    )
  })

  it('-o json: the object with sorted keys and 4-space indents; several objects make a List', () => {
    const at = nginxRevisions[nginxRevisions.length - 1]
    const out = text(read('get pod nginx -o json'), 'stdout')
    expect(JSON.parse(out)).toEqual(at?.object)
    expect(
      out.startsWith(
        '{\n    "apiVersion": "v1",\n    "kind": "Pod",\n    "metadata": {\n        "annotations": {',
      ),
    ).toBe(true)
    expect(out.endsWith('\n}\n')).toBe(true)

    const list = JSON.parse(text(read('get pods -A -o json'), 'stdout'))
    expect(list).toMatchObject({ apiVersion: 'v1', kind: 'List', metadata: { resourceVersion: '' } })
    expect(list.items.map((p: Pod) => p.metadata?.name)).toEqual(['nginx', 'web'])
    expect(text(read('get pods -n kube-node-lease -o yaml'), 'stdout')).toBe(
      'apiVersion: v1\nitems: []\nkind: List\nmetadata:\n  resourceVersion: ""\n',
    )
  })

  it('-o name: kind/name per object, nothing for none', () => {
    expect(text(read('get pods -A -o name'), 'stdout')).toBe('pod/nginx\npod/web\n')
    expect(text(read('get nodes -o name'), 'stdout')).toBe(
      'node/control-plane\nnode/worker-1\nnode/worker-2\nnode/worker-3\n',
    )
    expect(read('get pods -n kube-node-lease -o name')).toMatchObject({ exitCode: 0, output: [{}] })
  })
})

describe('writes: apply, delete and node actions through the backend', () => {
  it('apply -f - sends stdin at the cursor’s millisecond as the chosen user, and prints kubectl’s lines', async () => {
    const backend = fakeBackend({
      apply: {
        type: 'applied',
        atMs: 12_346,
        results: [
          { kind: 'Pod', name: 'nginx', code: 201, action: 'created' },
          {
            kind: 'Deployment',
            group: 'apps',
            name: 'web',
            code: 200,
            action: 'configured',
            warnings: ['w1'],
          },
        ],
      },
    })
    const input = `kubectl apply -f - <<EOF\n${PODS}EOF`
    const r = await execute(input, context({ backend, cursorMs: 12_345.6, as: 'alice' }))
    expect(backend.calls).toEqual([{ method: 'apply', yaml: PODS, atMs: 12_346, as: 'alice' }])
    expect(r).toEqual({
      mode: 'write',
      atMs: 12_346,
      exitCode: 0,
      output: [
        { text: input, stream: 'command' },
        { text: 'pod/nginx created\n', stream: 'stdout' },
        { text: 'Warning: w1\n', stream: 'stderr' },
        { text: 'deployment.apps/web configured\n', stream: 'stdout' },
      ],
    })
  })

  it('apply errors: the apiserver’s (last, as checkErr prints them), parse problems, none, a lost answer', async () => {
    const invalid = {
      kind: 'Pod',
      name: 'bad',
      code: 422,
      status: {
        reason: 'Invalid',
        message: 'x',
        details: {
          kind: 'Pod',
          name: 'bad',
          causes: [{ field: 'spec.containers[0].image', message: 'Required value' }],
        },
      },
    }
    const applied = (results: object[]) => ({ type: 'applied' as const, atMs: 0, results: results as never })
    const run = async (answer: Parameters<typeof fakeBackend>[0]['apply']) =>
      (
        await execute(`apply -f -\n${PODS}`, context({ backend: fakeBackend({ apply: answer }) }))
      ).output.slice(1)

    expect(await run(applied([invalid, { kind: 'Pod', name: 'ok', code: 201, action: 'created' }]))).toEqual([
      { text: 'pod/ok created\n', stream: 'stdout' },
      { text: 'The Pod "bad" is invalid: spec.containers[0].image: Required value\n', stream: 'stderr' },
    ])
    const forbidden = {
      kind: 'Pod',
      name: 'x',
      code: 403,
      status: {
        reason: 'Forbidden',
        message: 'pods "x" is forbidden: User "alice" cannot create resource "pods"',
      },
    }
    // With two errors kubectl prints each in full, the 422 too.
    expect(await run(applied([invalid, forbidden]))).toEqual([
      {
        text: 'Error from server (Invalid): error when creating "STDIN": x\n',
        stream: 'stderr',
      },
      {
        text: 'Error from server (Forbidden): error when creating "STDIN": pods "x" is forbidden: User "alice" cannot create resource "pods"\n',
        stream: 'stderr',
      },
    ])
    expect(await run({ type: 'parse-error', problems: [{ line: 3, message: 'bad indentation' }] })).toEqual([
      { text: 'error: line 3: bad indentation\n', stream: 'stderr' },
    ])
    expect(await run(applied([]))).toEqual([
      { text: 'error: no objects passed to apply\n', stream: 'stderr' },
    ])
    const lost = await execute(
      `apply -f -\n${PODS}`,
      context({ backend: fakeBackend({ apply: new Error('gone') }) }),
    )
    expect(lost).toMatchObject({ exitCode: 1, output: [{}, { text: 'error: gone\n', stream: 'stderr' }] })
  })

  it('delete sends the target and prints kubectl’s line, or the apiserver’s error', async () => {
    const backend = fakeBackend({
      delete: {
        type: 'applied',
        atMs: CURSOR,
        results: [{ kind: 'Pod', namespace: 'kube-public', name: 'web', code: 200 }],
      },
    })
    const r = await execute('kubectl delete pod/web -n kube-public', context({ backend }))
    expect(backend.calls).toEqual([
      {
        method: 'delete',
        target: { apiVersion: 'v1', kind: 'Pod', namespace: 'kube-public', name: 'web' },
        atMs: CURSOR,
        as: undefined,
      },
    ])
    expect(r).toMatchObject({
      mode: 'write',
      exitCode: 0,
      output: [{}, { text: 'pod "web" deleted\n', stream: 'stdout' }],
    })

    const notFound = fakeBackend({
      delete: {
        type: 'applied',
        atMs: CURSOR,
        results: [
          {
            kind: 'Pod',
            name: 'x',
            code: 404,
            status: { reason: 'NotFound', message: 'pods "x" not found' },
          },
        ],
      },
    })
    expect(await execute('delete pod x', context({ backend: notFound }))).toMatchObject({
      exitCode: 1,
      output: [{}, { text: 'Error from server (NotFound): pods "x" not found\n', stream: 'stderr' }],
    })
    const deployment = fakeBackend({
      delete: {
        type: 'applied',
        atMs: CURSOR,
        results: [{ kind: 'Deployment', group: 'apps', name: 'web', code: 200 }],
      },
    })
    expect(text(await execute('delete deployment web', context({ backend: deployment })), 'stdout')).toBe(
      'deployment.apps "web" deleted\n',
    )
  })

  it('cordon, uncordon and drain go to the backend’s nodeAction and print what it answers', async () => {
    const backend = fakeBackend({
      nodeAction: {
        exitCode: 0,
        output: [
          { text: 'node/worker-1 cordoned', stream: 'stdout' },
          { text: 'Warning: ignoring DaemonSet-managed Pods: x', stream: 'stderr' },
        ],
      },
    })
    const r = await execute('drain worker-1 --force --grace-period=5', context({ backend, as: 'bob' }))
    expect(backend.calls).toEqual([
      {
        method: 'nodeAction',
        action: {
          type: 'drain',
          node: 'worker-1',
          force: true,
          ignoreDaemonsets: false,
          deleteEmptydirData: false,
          gracePeriodSeconds: 5,
        },
        atMs: CURSOR,
        as: 'bob',
      },
    ])
    expect(r.output.slice(1)).toEqual([
      { text: 'node/worker-1 cordoned\n', stream: 'stdout' },
      { text: 'Warning: ignoring DaemonSet-managed Pods: x\n', stream: 'stderr' },
    ])
  })

  it('a node action exits 1 when kubectl reported an error, not for a warning', () => {
    expect(exitCodeOf([{ text: 'node/worker-1 cordoned', stream: 'stdout' }])).toBe(0)
    expect(
      exitCodeOf([
        { text: 'Warning: ignoring DaemonSet-managed Pods: default/x', stream: 'stderr' },
        { text: 'node/worker-1 drained', stream: 'stdout' },
      ]),
    ).toBe(0)
    expect(exitCodeOf([{ text: 'There are pending nodes to be drained:', stream: 'stderr' }])).toBe(1)
  })
})

describe('the console’s own answers', () => {
  it('help, clear, and refusals before anything runs', () => {
    expect(read('help')).toMatchObject({ mode: 'read', exitCode: 0, output: [{}, { stream: 'stdout' }] })
    expect(text(read('help'), 'stdout')).toContain('get pods|nodes|events')
    expect(text(read('help'), 'stdout')).toMatch(/^kubectl against the simulated cluster/)
    // The help is the console's own text: Chinese when the app is; the synopsis stays kubectl's.
    useLang.setState({ lang: 'zh' })
    try {
      expect(text(read('help'), 'stdout')).toMatch(/^在模拟集群上运行 kubectl/)
      expect(text(read('help'), 'stdout')).toContain('get pods|nodes|events')
    } finally {
      useLang.setState({ lang: 'en' })
    }
    expect(read('clear')).toEqual({
      mode: 'clear',
      atMs: CURSOR,
      exitCode: 0,
      output: [{ text: 'clear', stream: 'command' }],
    })
    expect(read('kubectl get foos')).toEqual({
      mode: 'read',
      atMs: CURSOR,
      exitCode: 1,
      output: [
        { text: 'kubectl get foos', stream: 'command' },
        { text: 'error: the server doesn\'t have a resource type "foos"\n', stream: 'stderr' },
      ],
    })
    const backend = fakeBackend({})
    expect(read('apply -f -', { backend })).toMatchObject({ exitCode: 1 })
    expect(backend.calls).toEqual([])
  })
})
