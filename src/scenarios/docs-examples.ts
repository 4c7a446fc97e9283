/**
 * The acceptance corpus of issue 31: manifests after the official documentation's examples
 * (kubernetes/website content/en/examples/, CC BY 4.0) in examples/docs/, each with the outcome
 * the page that uses it describes. docs-examples.test.ts runs every one through the CLI
 * (`runCli`) and through the app's path (the worker's Session) and asserts the same outcome.
 *
 * Data only (no simulation imports), like the scenario library.
 */

/** The Pods chosen by `name` or `namePrefix` (in `namespace`, default `default`), as `kubectl get pods` shows them. */
export interface DocsPod {
  readonly name?: string
  /** A controller's Pods (`nginx-deployment-`), whose suffixes are random. */
  readonly namePrefix?: string
  readonly namespace?: string
  /** How many Pods match (default 1). */
  readonly count?: number
  /** The STATUS column, or one of a few (a crash loop moves between them). */
  readonly status: string | readonly string[]
  /** The READY column. */
  readonly ready?: string
  /** The RESTARTS count: exactly, or at least `min` (and at most `max`). */
  readonly restarts?: number | { readonly min: number; readonly max?: number }
  /** `spec.nodeName`, or one of a few. */
  readonly node?: string | { readonly oneOf: readonly string[] }
  /** `status.qosClass` (the QoS page's `kubectl get pod -o yaml`). */
  readonly qosClass?: 'Guaranteed' | 'Burstable' | 'BestEffort'
  /** `spec.priority`, resolved from the PriorityClass by admission. */
  readonly priority?: number
  /** A container's `resources` as stored (after LimitRanger's defaults). */
  readonly resources?: {
    readonly container: string
    readonly requests?: Readonly<Record<string, string>>
    readonly limits?: Readonly<Record<string, string>>
  }
  /** The reason of a container's last termination (`OOMKilled`). */
  readonly lastTerminated?: {
    readonly container: string
    readonly reason: string
    readonly exitCode?: number
  }
  /**
   * STATUS values the Pod went through, in this order (others may come between). Checked on
   * the app's path, which keeps every revision (the CLI prints the end).
   */
  readonly path?: readonly string[]
}

/** An Event that must exist (`kubectl get events`): reason, and the exact message or a part of it. */
export interface DocsEvent {
  readonly reason: string
  readonly type?: 'Normal' | 'Warning'
  /** OBJECT, or its start: `pod/liveness-exec`, `replicaset/pod-quota-demo-`. */
  readonly object?: string
  readonly message?: string
  readonly messageIncludes?: string
}

export interface DocsExample {
  /** The manifest, relative to the repository: `examples/docs/pods-init-containers.yaml`. */
  readonly file: string
  /**
   * What the docs tell the reader to prepare first (labelled Nodes, a Namespace, a Secret, Pods
   * already running …): the CLI's `--cluster` file, the app's Cluster tab.
   */
  readonly cluster?: string
  /** Docs examples the page applies before this one (`kubectl apply -f` each, in order). */
  readonly before?: readonly string[]
  /** A name for the test when one file runs in two clusters. */
  readonly variant?: string
  /** The example in kubernetes/website content/en/examples/. */
  readonly source: string
  /** The docs page and the outcome it describes, in a sentence. */
  readonly docs: string
  /** Virtual time at which the outcome holds. */
  readonly untilMs: number
  /** What kubectl prints for the manifest's objects, in order (`pod/nginx created`, `Error from server …`). */
  readonly apply: readonly string[]
  /** The apiserver's warnings kubectl prints (`Warning: …` without the prefix). */
  readonly warnings?: readonly string[]
  /** Every Pod at `untilMs` (no others), including any the cluster file brings. */
  readonly pods: readonly DocsPod[]
  readonly events?: readonly DocsEvent[]
  /** Event reasons that must not appear (`Unhealthy` for a healthy probe, `Scheduled` for a gated Pod). */
  readonly absentEvents?: readonly string[]
}

const D = 'examples/docs/'
const created = (...objects: string[]) => objects.map((o) => `${o} created`)
const forbidden = (file: string, message: string) =>
  `Error from server (Forbidden): error when creating "${D}${file}": ${message}`
const started = (pod: string, container: string): DocsEvent => ({
  reason: 'Started',
  object: `pod/${pod}`,
  message: `Started container ${container}`,
})
const RESTARTED = 'will be restarted'

export const DOCS_EXAMPLES: readonly DocsExample[] = [
  // ---- pods/ ----
  {
    file: `${D}pods-init-containers.yaml`,
    source: 'pods/init-containers.yaml',
    docs: 'tasks/configure-pod-container/configure-pod-initialization: the init container downloads the page, then nginx runs (init-demo 1/1 Running).',
    untilMs: 20_000,
    apply: created('pod/init-demo'),
    pods: [
      {
        name: 'init-demo',
        status: 'Running',
        ready: '1/1',
        restarts: 0,
        path: ['Init:0/1', 'PodInitializing', 'Running'],
      },
    ],
    events: [started('init-demo', 'install'), started('init-demo', 'nginx')],
  },
  {
    file: `${D}pods-commands.yaml`,
    source: 'pods/commands.yaml',
    docs: 'tasks/inject-data-application/define-command-argument-container: printenv prints and exits; the Pod is Completed.',
    untilMs: 20_000,
    apply: created('pod/command-demo'),
    pods: [{ name: 'command-demo', status: 'Completed', ready: '0/1', restarts: 0 }],
    events: [started('command-demo', 'command-demo-container')],
  },
  {
    file: `${D}pods-lifecycle-events.yaml`,
    source: 'pods/lifecycle-events.yaml',
    docs: 'tasks/configure-pod-container/attach-handler-lifecycle-event: the postStart handler runs and the Pod runs.',
    untilMs: 15_000,
    apply: created('pod/lifecycle-demo'),
    pods: [{ name: 'lifecycle-demo', status: 'Running', ready: '1/1', restarts: 0 }],
    absentEvents: ['FailedPostStartHook'],
  },
  {
    file: `${D}pods-pod-nginx.yaml`,
    cluster: `${D}pods-pod-nginx.cluster.yaml`,
    source: 'pods/pod-nginx.yaml',
    docs: 'tasks/configure-pod-container/assign-pods-nodes: after `kubectl label nodes <node> disktype=ssd` the Pod runs on the chosen node.',
    untilMs: 15_000,
    apply: created('pod/nginx'),
    pods: [{ name: 'nginx', status: 'Running', ready: '1/1', node: 'worker-2' }],
    events: [
      {
        reason: 'Scheduled',
        object: 'pod/nginx',
        message: 'Successfully assigned default/nginx to worker-2',
      },
    ],
  },
  {
    file: `${D}pods-pod-nginx.yaml`,
    variant: 'no node labelled disktype=ssd',
    source: 'pods/pod-nginx.yaml',
    docs: 'concepts/scheduling-eviction/assign-pod-node: without a node labelled disktype=ssd the Pod stays Pending.',
    untilMs: 10_000,
    apply: created('pod/nginx'),
    pods: [{ name: 'nginx', status: 'Pending', ready: '0/1', node: '' }],
    events: [
      {
        reason: 'FailedScheduling',
        type: 'Warning',
        object: 'pod/nginx',
        message:
          "0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 node(s) didn't match Pod's node affinity/selector. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling.",
      },
    ],
  },
  {
    file: `${D}pods-pod-nginx-required-affinity.yaml`,
    cluster: `${D}pods-pod-nginx-required-affinity.cluster.yaml`,
    source: 'pods/pod-nginx-required-affinity.yaml',
    docs: 'tasks/configure-pod-container/assign-pods-nodes-using-node-affinity: the Pod runs on the node labelled disktype=ssd.',
    untilMs: 15_000,
    apply: created('pod/nginx'),
    pods: [{ name: 'nginx', status: 'Running', ready: '1/1', node: 'worker-2' }],
  },
  {
    file: `${D}pods-pod-nginx-preferred-affinity.yaml`,
    cluster: `${D}pods-pod-nginx-preferred-affinity.cluster.yaml`,
    source: 'pods/pod-nginx-preferred-affinity.yaml',
    docs: 'tasks/configure-pod-container/assign-pods-nodes-using-node-affinity: the preferred node (disktype=ssd) gets the Pod.',
    untilMs: 15_000,
    apply: created('pod/nginx'),
    pods: [{ name: 'nginx', status: 'Running', ready: '1/1', node: 'worker-2' }],
  },
  {
    file: `${D}pods-pod-nginx-specific-node.yaml`,
    cluster: `${D}pods-pod-nginx-specific-node.cluster.yaml`,
    source: 'pods/pod-nginx-specific-node.yaml',
    docs: 'tasks/configure-pod-container/assign-pods-nodes: spec.nodeName skips the scheduler; the Pod runs on foo-node.',
    untilMs: 15_000,
    apply: created('pod/nginx'),
    pods: [{ name: 'nginx', status: 'Running', ready: '1/1', node: 'foo-node' }],
    absentEvents: ['Scheduled'],
  },
  {
    file: `${D}pods-pod-with-node-affinity.yaml`,
    cluster: `${D}pods-pod-with-node-affinity.cluster.yaml`,
    source: 'pods/pod-with-node-affinity.yaml',
    docs: 'concepts/scheduling-eviction/assign-pod-node: the Pod may only run on a node in antarctica-east1 or antarctica-west1.',
    untilMs: 15_000,
    apply: created('pod/with-node-affinity'),
    pods: [{ name: 'with-node-affinity', status: 'Running', ready: '1/1', node: 'node-2' }],
  },
  {
    file: `${D}pods-pod-with-toleration.yaml`,
    cluster: `${D}pods-pod-with-toleration.cluster.yaml`,
    source: 'pods/pod-with-toleration.yaml',
    docs: 'concepts/scheduling-eviction/taint-and-toleration: the toleration lets the Pod onto the tainted nodes.',
    untilMs: 15_000,
    apply: created('pod/nginx'),
    pods: [{ name: 'nginx', status: 'Running', ready: '1/1', node: { oneOf: ['node1', 'node2'] } }],
  },
  {
    file: `${D}pods-pod-with-scheduling-gates.yaml`,
    source: 'pods/pod-with-scheduling-gates.yaml',
    docs: 'concepts/scheduling-eviction/pod-scheduling-readiness: `kubectl get pod test-pod` shows SchedulingGated; the scheduler does not try it.',
    untilMs: 10_000,
    apply: created('pod/test-pod'),
    pods: [{ name: 'test-pod', status: 'SchedulingGated', ready: '0/1', node: '' }],
    absentEvents: ['Scheduled', 'FailedScheduling'],
  },
  {
    file: `${D}pods-probe-exec-liveness.yaml`,
    source: 'pods/probe/exec-liveness.yaml',
    docs: 'tasks/configure-pod-container/configure-liveness-readiness-startup-probes: /tmp/healthy is removed after 30 s, the probe fails, the kubelet kills and restarts the container (RESTARTS 1).',
    untilMs: 100_000,
    apply: created('pod/liveness-exec'),
    pods: [{ name: 'liveness-exec', status: 'Running', ready: '1/1', restarts: 1 }],
    events: [
      {
        reason: 'Unhealthy',
        type: 'Warning',
        object: 'pod/liveness-exec',
        message: "Liveness probe failed: cat: can't open '/tmp/healthy': No such file or directory",
      },
      {
        reason: 'Killing',
        object: 'pod/liveness-exec',
        message: `Container liveness failed liveness probe, ${RESTARTED}`,
      },
    ],
  },
  {
    file: `${D}pods-probe-http-liveness.yaml`,
    source: 'pods/probe/http-liveness.yaml',
    docs: 'tasks/configure-pod-container/configure-liveness-readiness-startup-probes: /healthz answers 200 for 10 s, then 500; the kubelet restarts the container.',
    untilMs: 30_000,
    apply: created('pod/liveness-http'),
    pods: [{ name: 'liveness-http', status: 'Running', restarts: { min: 1 } }],
    events: [
      {
        reason: 'Unhealthy',
        type: 'Warning',
        object: 'pod/liveness-http',
        message: 'Liveness probe failed: HTTP probe failed with statuscode: 500',
      },
      {
        reason: 'Killing',
        object: 'pod/liveness-http',
        message: `Container liveness failed liveness probe, ${RESTARTED}`,
      },
    ],
  },
  {
    file: `${D}pods-probe-tcp-liveness-readiness.yaml`,
    source: 'pods/probe/tcp-liveness-readiness.yaml',
    docs: 'tasks/configure-pod-container/configure-liveness-readiness-startup-probes: the TCP probes connect after 15 s; the Pod is ready and stays up.',
    // The probe workers tick every 10 s from when the kubelet saw the Pod, not from the start.
    untilMs: 45_000,
    apply: created('pod/goproxy'),
    pods: [{ name: 'goproxy', status: 'Running', ready: '1/1', restarts: 0 }],
    absentEvents: ['Unhealthy'],
  },
  {
    file: `${D}pods-probe-grpc-liveness.yaml`,
    source: 'pods/probe/grpc-liveness.yaml',
    docs: 'tasks/configure-pod-container/configure-liveness-readiness-startup-probes: etcd answers the gRPC health check; no restarts.',
    untilMs: 30_000,
    apply: created('pod/etcd-with-grpc'),
    pods: [{ name: 'etcd-with-grpc', status: 'Running', ready: '1/1', restarts: 0 }],
    absentEvents: ['Unhealthy'],
  },
  ...(
    [
      ['qos-pod', 'qos-demo', 'Guaranteed', '1/1'],
      ['qos-pod-2', 'qos-demo-2', 'Burstable', '1/1'],
      ['qos-pod-3', 'qos-demo-3', 'BestEffort', '1/1'],
      ['qos-pod-4', 'qos-demo-4', 'Burstable', '2/2'],
    ] as const
  ).map(
    ([file, pod, qosClass, ready]): DocsExample => ({
      file: `${D}pods-qos-${file}.yaml`,
      cluster: `${D}pods-qos-${file}.cluster.yaml`,
      source: `pods/qos/${file}.yaml`,
      docs: `tasks/configure-pod-container/quality-service-pod: the Pod runs with qosClass ${qosClass}.`,
      untilMs: 15_000,
      apply: created(`pod/${pod}`),
      pods: [{ name: pod, namespace: 'qos-example', status: 'Running', ready, qosClass }],
    }),
  ),
  {
    file: `${D}pods-resource-memory-request-limit.yaml`,
    cluster: `${D}pods-resource-memory-request-limit.cluster.yaml`,
    source: 'pods/resource/memory-request-limit.yaml',
    docs: 'tasks/configure-pod-container/assign-memory-resource: 150M under a 200Mi limit; the Pod runs.',
    untilMs: 20_000,
    apply: created('pod/memory-demo'),
    pods: [{ name: 'memory-demo', namespace: 'mem-example', status: 'Running', ready: '1/1', restarts: 0 }],
  },
  {
    file: `${D}pods-resource-memory-request-limit-2.yaml`,
    cluster: `${D}pods-resource-memory-request-limit-2.cluster.yaml`,
    source: 'pods/resource/memory-request-limit-2.yaml',
    docs: 'tasks/configure-pod-container/assign-memory-resource: 250M over a 100Mi limit; the container is OOMKilled, restarted, and crash-loops.',
    untilMs: 30_000,
    apply: created('pod/memory-demo-2'),
    pods: [
      {
        name: 'memory-demo-2',
        namespace: 'mem-example',
        status: ['OOMKilled', 'CrashLoopBackOff'],
        ready: '0/1',
        restarts: { min: 1 },
        lastTerminated: { container: 'memory-demo-2-ctr', reason: 'OOMKilled', exitCode: 137 },
        path: ['ContainerCreating', 'OOMKilled', 'CrashLoopBackOff'],
      },
    ],
    events: [{ reason: 'BackOff', type: 'Warning', object: 'pod/memory-demo-2' }],
  },
  {
    file: `${D}pods-resource-memory-request-limit-3.yaml`,
    cluster: `${D}pods-resource-memory-request-limit-3.cluster.yaml`,
    source: 'pods/resource/memory-request-limit-3.yaml',
    docs: 'tasks/configure-pod-container/assign-memory-resource: 1000Gi fits no node; the Pod stays Pending with "Insufficient memory".',
    untilMs: 10_000,
    apply: created('pod/memory-demo-3'),
    pods: [{ name: 'memory-demo-3', namespace: 'mem-example', status: 'Pending', node: '' }],
    events: [
      {
        reason: 'FailedScheduling',
        type: 'Warning',
        object: 'pod/memory-demo-3',
        message:
          '0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient memory. preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.',
      },
    ],
  },
  {
    file: `${D}pods-resource-cpu-request-limit.yaml`,
    cluster: `${D}pods-resource-cpu-request-limit.cluster.yaml`,
    source: 'pods/resource/cpu-request-limit.yaml',
    docs: 'tasks/configure-pod-container/assign-cpu-resource: the Pod runs, throttled to its 1 CPU limit.',
    untilMs: 20_000,
    apply: created('pod/cpu-demo'),
    pods: [
      {
        name: 'cpu-demo',
        namespace: 'cpu-example',
        status: 'Running',
        ready: '1/1',
        resources: { container: 'cpu-demo-ctr', requests: { cpu: '500m' }, limits: { cpu: '1' } },
      },
    ],
  },
  {
    file: `${D}pods-resource-cpu-request-limit-2.yaml`,
    cluster: `${D}pods-resource-cpu-request-limit-2.cluster.yaml`,
    source: 'pods/resource/cpu-request-limit-2.yaml',
    docs: 'tasks/configure-pod-container/assign-cpu-resource: 100 CPUs fit no node; the Pod stays Pending with "Insufficient cpu".',
    untilMs: 10_000,
    apply: created('pod/cpu-demo-2'),
    pods: [{ name: 'cpu-demo-2', namespace: 'cpu-example', status: 'Pending', node: '' }],
    events: [
      {
        reason: 'FailedScheduling',
        type: 'Warning',
        object: 'pod/cpu-demo-2',
        messageIncludes: '3 Insufficient cpu',
      },
    ],
  },
  {
    file: `${D}pods-security-security-context.yaml`,
    source: 'pods/security/security-context.yaml',
    docs: 'tasks/configure-pod-container/security-context: the Pod runs as user 1000, group 3000.',
    untilMs: 15_000,
    apply: created('pod/security-context-demo'),
    pods: [{ name: 'security-context-demo', status: 'Running', ready: '1/1', restarts: 0 }],
  },
  {
    file: `${D}pods-security-security-context-2.yaml`,
    source: 'pods/security/security-context-2.yaml',
    docs: 'tasks/configure-pod-container/security-context: the container-level runAsUser wins; the Pod runs.',
    untilMs: 15_000,
    apply: created('pod/security-context-demo-2'),
    pods: [{ name: 'security-context-demo-2', status: 'Running', ready: '1/1', restarts: 0 }],
  },
  {
    file: `${D}pods-security-seccomp-ga-default-pod.yaml`,
    source: 'pods/security/seccomp/ga/default-pod.yaml',
    docs: 'tutorials/security/seccomp: with the RuntimeDefault profile the http-echo Pod runs.',
    untilMs: 15_000,
    apply: created('pod/default-pod'),
    pods: [{ name: 'default-pod', status: 'Running', ready: '1/1', restarts: 0 }],
  },
  {
    file: `${D}pods-inject-envars.yaml`,
    source: 'pods/inject/envars.yaml',
    docs: 'tasks/inject-data-application/define-environment-variable-container: the Pod runs with DEMO_GREETING set.',
    untilMs: 15_000,
    apply: created('pod/envar-demo'),
    pods: [{ name: 'envar-demo', status: 'Running', ready: '1/1', restarts: 0 }],
  },
  {
    file: `${D}pods-inject-dapi-volume.yaml`,
    source: 'pods/inject/dapi-volume.yaml',
    docs: 'tasks/inject-data-application/downward-api-volume-expose-pod-information: the container prints its labels every 5 s; it runs.',
    untilMs: 15_000,
    apply: created('pod/kubernetes-downwardapi-volume-example'),
    pods: [{ name: 'kubernetes-downwardapi-volume-example', status: 'Running', ready: '1/1', restarts: 0 }],
  },
  {
    file: `${D}pods-inject-dapi-envars-pod.yaml`,
    source: 'pods/inject/dapi-envars-pod.yaml',
    docs: 'tasks/inject-data-application/environment-variable-expose-pod-information: the loop prints the fields every 10 s; it runs.',
    untilMs: 15_000,
    apply: created('pod/dapi-envars-fieldref'),
    pods: [{ name: 'dapi-envars-fieldref', status: 'Running', ready: '1/1', restarts: 0 }],
  },
  {
    file: `${D}pods-inject-secret-envars-pod.yaml`,
    cluster: `${D}pods-inject-secret-envars-pod.cluster.yaml`,
    source: 'pods/inject/secret-envars-pod.yaml',
    docs: 'tasks/inject-data-application/distribute-credentials-secure: with test-secret created first, the Pod runs.',
    untilMs: 15_000,
    apply: created('pod/secret-envars-test-pod'),
    pods: [{ name: 'secret-envars-test-pod', status: 'Running', ready: '1/1' }],
  },
  {
    file: `${D}pods-inject-secret-envars-pod.yaml`,
    variant: 'without the Secret',
    source: 'pods/inject/secret-envars-pod.yaml',
    docs: 'concepts/configuration/secret: a Pod whose env names a missing Secret does not start (CreateContainerConfigError).',
    untilMs: 15_000,
    apply: created('pod/secret-envars-test-pod'),
    pods: [{ name: 'secret-envars-test-pod', status: 'CreateContainerConfigError', ready: '0/1' }],
    events: [
      {
        reason: 'Failed',
        type: 'Warning',
        object: 'pod/secret-envars-test-pod',
        message: 'Error: secret "test-secret" not found',
      },
    ],
  },
  {
    file: `${D}pods-inject-secret-pod.yaml`,
    cluster: `${D}pods-inject-secret-pod.cluster.yaml`,
    source: 'pods/inject/secret-pod.yaml',
    docs: 'tasks/inject-data-application/distribute-credentials-secure: the Secret is mounted; the Pod runs.',
    untilMs: 15_000,
    apply: created('pod/secret-test-pod'),
    pods: [{ name: 'secret-test-pod', status: 'Running', ready: '1/1' }],
  },
  {
    file: `${D}pods-pod-single-configmap-env-variable.yaml`,
    cluster: `${D}pods-pod-single-configmap-env-variable.cluster.yaml`,
    source: 'pods/pod-single-configmap-env-variable.yaml',
    docs: 'tasks/configure-pod-container/configure-pod-configmap: env prints SPECIAL_LEVEL_KEY=very and exits; the Pod is Completed.',
    untilMs: 15_000,
    apply: created('pod/dapi-test-pod'),
    pods: [{ name: 'dapi-test-pod', status: 'Completed', ready: '0/1', restarts: 0 }],
  },
  {
    file: `${D}pods-pod-single-configmap-env-variable.yaml`,
    variant: 'without the ConfigMap',
    source: 'pods/pod-single-configmap-env-variable.yaml',
    docs: 'tasks/configure-pod-container/configure-pod-configmap: a Pod that references a missing ConfigMap key does not start (CreateContainerConfigError).',
    untilMs: 15_000,
    apply: created('pod/dapi-test-pod'),
    pods: [{ name: 'dapi-test-pod', status: 'CreateContainerConfigError', ready: '0/1' }],
    events: [
      {
        reason: 'Failed',
        type: 'Warning',
        object: 'pod/dapi-test-pod',
        message: 'Error: configmap "special-config" not found',
      },
    ],
  },
  {
    file: `${D}pods-pod-configmap-volume.yaml`,
    cluster: `${D}pods-pod-configmap-volume.cluster.yaml`,
    source: 'pods/pod-configmap-volume.yaml',
    docs: 'tasks/configure-pod-container/configure-pod-configmap: ls lists the ConfigMap keys and exits; the Pod is Completed.',
    untilMs: 15_000,
    apply: created('pod/dapi-test-pod'),
    pods: [{ name: 'dapi-test-pod', status: 'Completed', ready: '0/1', restarts: 0 }],
  },
  {
    file: `${D}pods-pod-projected-svc-token.yaml`,
    cluster: `${D}pods-pod-projected-svc-token.cluster.yaml`,
    source: 'pods/pod-projected-svc-token.yaml',
    docs: 'tasks/configure-pod-container/configure-service-account: the kubelet projects a token for build-robot; the Pod runs.',
    untilMs: 15_000,
    apply: created('pod/nginx'),
    pods: [{ name: 'nginx', status: 'Running', ready: '1/1' }],
  },
  {
    file: `${D}pods-topology-spread-constraints-one-constraint.yaml`,
    cluster: `${D}pods-topology-spread-constraints-one-constraint.cluster.yaml`,
    source: 'pods/topology-spread-constraints/one-constraint.yaml',
    docs: 'concepts/scheduling-eviction/topology-spread-constraints: with two foo=bar Pods in zoneA and one in zoneB, mypod must go to zoneB.',
    untilMs: 15_000,
    apply: created('pod/mypod'),
    pods: [
      { name: 'mypod', status: 'Running', ready: '1/1', node: { oneOf: ['node3', 'node4'] } },
      { name: 'pod-a', status: 'Running', node: 'node1' },
      { name: 'pod-b', status: 'Running', node: 'node2' },
      { name: 'pod-c', status: 'Running', node: 'node3' },
    ],
  },
  // ---- application/ ----
  {
    file: `${D}application-deployment.yaml`,
    source: 'application/deployment.yaml',
    docs: 'tasks/run-application/run-stateless-application-deployment: two nginx:1.14.2 Pods run.',
    untilMs: 20_000,
    apply: created('deployment.apps/nginx-deployment'),
    pods: [{ namePrefix: 'nginx-deployment-', count: 2, status: 'Running', ready: '1/1' }],
    events: [
      { reason: 'ScalingReplicaSet', object: 'deployment/nginx-deployment', messageIncludes: 'from 0 to 2' },
    ],
  },
  {
    file: `${D}application-nginx-app.yaml`,
    source: 'application/nginx-app.yaml',
    docs: 'concepts/workloads/management: `kubectl apply -f` creates the Service and the Deployment; three Pods run.',
    untilMs: 20_000,
    apply: created('service/my-nginx-svc', 'deployment.apps/my-nginx'),
    pods: [{ namePrefix: 'my-nginx-', count: 3, status: 'Running', ready: '1/1' }],
  },
  {
    file: `${D}application-shell-demo.yaml`,
    source: 'application/shell-demo.yaml',
    docs: 'tasks/debug/debug-application/get-shell-running-container: the Pod runs (on the host network).',
    untilMs: 15_000,
    apply: created('pod/shell-demo'),
    pods: [{ name: 'shell-demo', status: 'Running', ready: '1/1' }],
  },
  {
    file: `${D}application-deployment-sidecar.yaml`,
    source: 'application/deployment-sidecar.yaml',
    docs: 'concepts/workloads/pods/sidecar-containers: the logshipper sidecar starts first and keeps running beside myapp (2/2).',
    untilMs: 20_000,
    apply: created('deployment.apps/myapp'),
    pods: [{ namePrefix: 'myapp-', status: 'Running', ready: '2/2', restarts: 0 }],
  },
  {
    file: `${D}application-guestbook-redis-leader-deployment.yaml`,
    source: 'application/guestbook/redis-leader-deployment.yaml',
    docs: 'tutorials/stateless-application/guestbook: the Redis leader Pod runs.',
    untilMs: 20_000,
    apply: created('deployment.apps/redis-leader'),
    pods: [{ namePrefix: 'redis-leader-', status: 'Running', ready: '1/1' }],
  },
  {
    file: `${D}application-guestbook-frontend-deployment.yaml`,
    source: 'application/guestbook/frontend-deployment.yaml',
    docs: 'tutorials/stateless-application/guestbook: three frontend Pods run.',
    untilMs: 30_000,
    apply: created('deployment.apps/frontend'),
    pods: [{ namePrefix: 'frontend-', count: 3, status: 'Running', ready: '1/1' }],
  },
  {
    file: `${D}application-php-apache.yaml`,
    source: 'application/php-apache.yaml',
    docs: 'tasks/run-application/horizontal-pod-autoscale-walkthrough: `deployment.apps/php-apache created`, `service/php-apache created`; the Pod runs.',
    untilMs: 20_000,
    apply: created('deployment.apps/php-apache', 'service/php-apache'),
    pods: [{ namePrefix: 'php-apache-', status: 'Running', ready: '1/1' }],
  },
  // ---- controllers/ ----
  {
    file: `${D}controllers-frontend.yaml`,
    source: 'controllers/frontend.yaml',
    docs: 'concepts/workloads/controllers/replicaset: the ReplicaSet creates three frontend-xxxxx Pods that run.',
    untilMs: 30_000,
    apply: created('replicaset.apps/frontend'),
    pods: [{ namePrefix: 'frontend-', count: 3, status: 'Running', ready: '1/1' }],
    events: [
      {
        reason: 'SuccessfulCreate',
        object: 'replicaset/frontend',
        messageIncludes: 'Created pod: frontend-',
      },
    ],
  },
  {
    file: `${D}controllers-nginx-deployment.yaml`,
    source: 'controllers/nginx-deployment.yaml',
    docs: 'concepts/workloads/controllers/deployment: three nginx Pods become available.',
    untilMs: 20_000,
    apply: created('deployment.apps/nginx-deployment'),
    pods: [{ namePrefix: 'nginx-deployment-', count: 3, status: 'Running', ready: '1/1' }],
  },
  {
    file: `${D}controllers-job.yaml`,
    source: 'controllers/job.yaml',
    docs: 'concepts/workloads/controllers/job: `job.batch/pi created` (no Job controller yet: stored, no Pods).',
    untilMs: 5_000,
    apply: created('job.batch/pi'),
    pods: [],
  },
  // ---- admin/ ----
  {
    file: `${D}admin-namespace-dev.yaml`,
    source: 'admin/namespace-dev.yaml',
    docs: 'tasks/administer-cluster/namespaces-walkthrough: `namespace/development created`.',
    untilMs: 5_000,
    apply: created('namespace/development'),
    pods: [],
  },
  {
    file: `${D}admin-resource-memory-defaults-pod.yaml`,
    cluster: `${D}admin-resource-memory-defaults-pod.cluster.yaml`,
    source: 'admin/resource/memory-defaults-pod.yaml',
    docs: 'tasks/administer-cluster/manage-resources/memory-default-namespace: the LimitRange gives the container requests.memory 256Mi and limits.memory 512Mi.',
    untilMs: 15_000,
    apply: created('pod/default-mem-demo'),
    pods: [
      {
        name: 'default-mem-demo',
        status: 'Running',
        ready: '1/1',
        resources: {
          container: 'default-mem-demo-ctr',
          requests: { memory: '256Mi' },
          limits: { memory: '512Mi' },
        },
      },
    ],
  },
  {
    file: `${D}admin-resource-cpu-constraints-pod-2.yaml`,
    cluster: `${D}admin-resource-cpu-constraints-pod-2.cluster.yaml`,
    source: 'admin/resource/cpu-constraints-pod-2.yaml',
    docs: 'tasks/administer-cluster/manage-resources/cpu-constraint-namespace: the Pod is rejected, its limit is over the maximum.',
    untilMs: 5_000,
    apply: [
      forbidden(
        'admin-resource-cpu-constraints-pod-2.yaml',
        'pods "constraints-cpu-demo-2" is forbidden: maximum cpu usage per Container is 800m, but limit is 1500m',
      ),
    ],
    pods: [],
  },
  {
    file: `${D}admin-resource-memory-constraints-pod-2.yaml`,
    cluster: `${D}admin-resource-memory-constraints-pod-2.cluster.yaml`,
    source: 'admin/resource/memory-constraints-pod-2.yaml',
    docs: 'tasks/administer-cluster/manage-resources/memory-constraint-namespace: the Pod is rejected, its limit is over the maximum.',
    untilMs: 5_000,
    apply: [
      forbidden(
        'admin-resource-memory-constraints-pod-2.yaml',
        'pods "constraints-mem-demo-2" is forbidden: maximum memory usage per Container is 1Gi, but limit is 1536Mi',
      ),
    ],
    pods: [],
  },
  {
    file: `${D}admin-resource-quota-mem-cpu-pod-2.yaml`,
    cluster: `${D}admin-resource-quota-mem-cpu-pod-2.cluster.yaml`,
    source: 'admin/resource/quota-mem-cpu-pod-2.yaml',
    docs: 'tasks/administer-cluster/manage-resources/quota-memory-cpu-namespace: the second Pod would exceed the memory request quota and is rejected.',
    untilMs: 15_000,
    before: [`${D}admin-resource-quota-mem-cpu-pod.yaml`],
    apply: [
      forbidden(
        'admin-resource-quota-mem-cpu-pod-2.yaml',
        'pods "quota-mem-cpu-demo-2" is forbidden: exceeded quota: mem-cpu-demo, requested: requests.memory=700Mi, used: requests.memory=600Mi, limited: requests.memory=1Gi',
      ),
    ],
    pods: [{ name: 'quota-mem-cpu-demo', status: 'Running', ready: '1/1' }],
  },
  {
    file: `${D}admin-resource-quota-mem-cpu-pod.yaml`,
    cluster: `${D}admin-resource-quota-mem-cpu-pod.cluster.yaml`,
    source: 'admin/resource/quota-mem-cpu-pod.yaml',
    docs: 'tasks/administer-cluster/manage-resources/quota-memory-cpu-namespace: the first Pod fits the quota and runs.',
    untilMs: 15_000,
    apply: created('pod/quota-mem-cpu-demo'),
    pods: [{ name: 'quota-mem-cpu-demo', status: 'Running', ready: '1/1' }],
  },
  {
    file: `${D}admin-resource-quota-pod-deployment.yaml`,
    cluster: `${D}admin-resource-quota-pod-deployment.cluster.yaml`,
    source: 'admin/resource/quota-pod-deployment.yaml',
    docs: 'tasks/administer-cluster/manage-resources/quota-pod-namespace: the quota allows two Pods; the ReplicaSet fails to create the third.',
    untilMs: 20_000,
    apply: created('deployment.apps/pod-quota-demo'),
    pods: [{ namePrefix: 'pod-quota-demo-', count: 2, status: 'Running', ready: '1/1' }],
    events: [
      {
        reason: 'FailedCreate',
        type: 'Warning',
        object: 'replicaset/pod-quota-demo-',
        messageIncludes:
          'is forbidden: exceeded quota: pod-demo, requested: pods=1, used: pods=2, limited: pods=2',
      },
    ],
  },
  {
    file: `${D}admin-sched-pod1.yaml`,
    source: 'admin/sched/pod1.yaml',
    docs: 'tasks/extend-kubernetes/configure-multiple-schedulers: a Pod without schedulerName is scheduled by the default scheduler.',
    untilMs: 15_000,
    apply: created('pod/no-annotation'),
    pods: [{ name: 'no-annotation', status: 'Running', ready: '1/1' }],
    events: [
      {
        reason: 'Scheduled',
        object: 'pod/no-annotation',
        messageIncludes: 'Successfully assigned default/no-annotation to ',
      },
    ],
  },
  {
    file: `${D}admin-sched-pod3.yaml`,
    source: 'admin/sched/pod3.yaml',
    docs: 'tasks/extend-kubernetes/configure-multiple-schedulers: with no my-scheduler running the Pod stays Pending, and the default scheduler leaves it alone.',
    untilMs: 10_000,
    apply: created('pod/annotation-second-scheduler'),
    pods: [{ name: 'annotation-second-scheduler', status: 'Pending', ready: '0/1', node: '' }],
    absentEvents: ['Scheduled', 'FailedScheduling'],
  },
  {
    file: `${D}admin-dns-busybox.yaml`,
    source: 'admin/dns/busybox.yaml',
    docs: 'tasks/administer-cluster/dns-debugging-resolution: the busybox Pod runs (sleep 3600).',
    untilMs: 15_000,
    apply: created('pod/busybox'),
    pods: [{ name: 'busybox', status: 'Running', ready: '1/1', restarts: 0 }],
  },
  {
    file: `${D}admin-logging-two-files-counter-pod-streaming-sidecar.yaml`,
    source: 'admin/logging/two-files-counter-pod-streaming-sidecar.yaml',
    docs: 'concepts/cluster-administration/logging: the counter and its two streaming sidecars run (3/3).',
    untilMs: 15_000,
    apply: created('pod/counter'),
    pods: [{ name: 'counter', status: 'Running', ready: '3/3', restarts: 0 }],
  },
  {
    file: `${D}admin-snowflake-deployment.yaml`,
    source: 'admin/snowflake-deployment.yaml',
    docs: 'tasks/administer-cluster/namespaces-walkthrough: two snowflake Pods run.',
    untilMs: 20_000,
    apply: created('deployment.apps/snowflake'),
    pods: [{ namePrefix: 'snowflake-', count: 2, status: 'Running', ready: '1/1' }],
  },
  // ---- policy/ and security/ ----
  {
    file: `${D}policy-high-priority-pod.yaml`,
    cluster: `${D}policy-high-priority-pod.cluster.yaml`,
    source: 'policy/high-priority-pod.yaml',
    docs: 'concepts/policy/resource-quotas: the Pod gets the high class (priority 1000000) and counts against pods-high; it runs where 10Gi fits.',
    untilMs: 20_000,
    apply: created('pod/high-priority'),
    pods: [{ name: 'high-priority', status: 'Running', ready: '1/1', priority: 1_000_000, node: 'worker-3' }],
  },
  {
    file: `${D}security-podsecurity-restricted.yaml`,
    source: 'security/podsecurity-restricted.yaml',
    docs: 'concepts/security/pod-security-admission: `namespace/my-restricted-namespace created`.',
    untilMs: 5_000,
    apply: created('namespace/my-restricted-namespace'),
    pods: [],
  },
  {
    file: `${D}security-example-baseline-pod.yaml`,
    cluster: `${D}security-example-baseline-pod.cluster.yaml`,
    source: 'security/example-baseline-pod.yaml',
    docs: 'tutorials/security/ns-level-pss: baseline enforced, restricted warned: the Pod is created with a warning and runs.',
    untilMs: 15_000,
    apply: created('pod/nginx'),
    warnings: [
      'would violate PodSecurity "restricted:latest": allowPrivilegeEscalation != false (container "nginx" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "nginx" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or container "nginx" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "nginx" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
    ],
    pods: [{ name: 'nginx', status: 'Running', ready: '1/1' }],
  },
]
