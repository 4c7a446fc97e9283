/**
 * Starting points for the workload editor. Each is a manifest the simulated cluster (the default
 * one: a tainted control plane and worker-1..3) accepts as is, except `broken-pod`, which is there
 * to show a 422. Images are ones the simulated registry knows (src/sim/runtime/catalog.ts).
 * Descriptions say what the manifest asks for; comments in the YAML say what Kubernetes does.
 */

export interface Template {
  /** Stable id (kebab-case), for selects and tests. */
  readonly id: string
  /** What the template list shows. */
  readonly title: string
  /** One sentence on what applying it shows. */
  readonly description: string
  readonly yaml: string
}

const nginxPod = `apiVersion: v1
kind: Pod
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  containers:
  - name: nginx
    image: nginx:1.27
    ports:
    - containerPort: 80
`

const deployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels:
    app: web
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
        ports:
        - containerPort: 80
        # The scheduler places replicas by their requests.
        resources:
          requests:
            cpu: 250m
            memory: 128Mi
`

const initContainerPod = `apiVersion: v1
kind: Pod
metadata:
  name: web-with-init
spec:
  # Init containers run in order, each to completion,
  # before the app containers start.
  initContainers:
  - name: wait-for-config
    image: busybox:1.37
    command: ["sh", "-c", "sleep 3"]
  containers:
  - name: nginx
    image: nginx:1.27
    ports:
    - containerPort: 80
`

const probesPod = `apiVersion: v1
kind: Pod
metadata:
  name: web-with-probes
spec:
  containers:
  - name: nginx
    image: nginx:1.27
    ports:
    - containerPort: 80
    # The other probes wait until this one succeeds.
    startupProbe:
      httpGet:
        path: /
        port: 80
      periodSeconds: 2
      failureThreshold: 10
    # Ready (in Service endpoints) while this succeeds.
    readinessProbe:
      httpGet:
        path: /
        port: 80
      periodSeconds: 5
    # 3 failures in a row: the kubelet restarts it.
    livenessProbe:
      tcpSocket:
        port: 80
      periodSeconds: 10
      failureThreshold: 3
`

const crashLoopPod = `apiVersion: v1
kind: Pod
metadata:
  name: crasher
spec:
  containers:
  - name: app
    image: busybox:1.37
    # Exits with an error after 2 s. With restartPolicy Always (the default)
    # the kubelet restarts it, waiting 10 s, 20 s, 40 s … up to 5 min:
    # CrashLoopBackOff. Play it: the quiet waits are skipped.
    command: ["sh", "-c", "sleep 2; exit 1"]
`

const sidecarPod = `apiVersion: v1
kind: Pod
metadata:
  name: web-with-sidecar
spec:
  initContainers:
  # A sidecar: an init container with restartPolicy Always. It only has to
  # start before the next container does, and keeps running beside nginx.
  - name: log-shipper
    image: busybox:1.37
    restartPolicy: Always
    command: ["sh", "-c", "tail -f /dev/null"]
  containers:
  - name: nginx
    image: nginx:1.27
`

const failingLivenessPod = `apiVersion: v1
kind: Pod
metadata:
  name: unhealthy
  annotations:
    # podflow's behaviour notation: from 20 s after each start, every
    # probe of this container fails (nginx answers 503).
    behavior.podflow.dev/nginx: "unhealthy after 20s"
spec:
  containers:
  - name: nginx
    image: nginx:1.27
    livenessProbe:
      httpGet:
        path: /healthz
        port: 80
      periodSeconds: 5
      failureThreshold: 3
`

const resourcesPod = `apiVersion: v1
kind: Pod
metadata:
  name: web-with-resources
spec:
  containers:
  - name: nginx
    image: nginx:1.27
    resources:
      # requests: what the scheduler reserves.
      requests:
        cpu: 500m
        memory: 256Mi
      # limits: what the node enforces. Requests below
      # limits give the QoS class Burstable.
      limits:
        cpu: "1"
        memory: 512Mi
`

const nodeAffinityPod = `apiVersion: v1
kind: Pod
metadata:
  name: web-with-affinity
spec:
  affinity:
    nodeAffinity:
      # Filter: only these nodes are feasible.
      requiredDuringSchedulingIgnoredDuringExecution:
        nodeSelectorTerms:
        - matchExpressions:
          - key: kubernetes.io/hostname
            operator: In
            values:
            - worker-2
            - worker-3
      # Score: among the feasible nodes, prefer this one.
      preferredDuringSchedulingIgnoredDuringExecution:
      - weight: 80
        preference:
          matchExpressions:
          - key: kubernetes.io/hostname
            operator: In
            values:
            - worker-3
  containers:
  - name: nginx
    image: nginx:1.27
`

const tolerationsPod = `apiVersion: v1
kind: Pod
metadata:
  name: on-control-plane
spec:
  # The control-plane node is tainted
  # node-role.kubernetes.io/control-plane:NoSchedule.
  # The toleration makes it feasible, the
  # nodeSelector requires it.
  tolerations:
  - key: node-role.kubernetes.io/control-plane
    operator: Exists
    effect: NoSchedule
  nodeSelector:
    node-role.kubernetes.io/control-plane: ""
  containers:
  - name: nginx
    image: nginx:1.27
`

const brokenPod = `apiVersion: v1
kind: Pod
metadata:
  name: broken
spec:
  containers:
  - name: app
    # No image: validation answers 422 Invalid,
    # spec.containers[0].image: Required value.
    # Nothing is written to etcd.
`

/** The templates, the default (the nginx Pod) first. */
export const TEMPLATES: readonly Template[] = [
  {
    id: 'nginx-pod',
    title: 'Pod: nginx',
    description: 'A single nginx container: the whole path from kubectl to a running container.',
    yaml: nginxPod,
  },
  {
    id: 'deployment',
    title: 'Deployment: 3 replicas',
    description: 'The Deployment and ReplicaSet controllers create 3 Pods; the scheduler spreads them.',
    yaml: deployment,
  },
  {
    id: 'init-container',
    title: 'Pod with an init container',
    description: 'An init container (busybox, sleep 3) that has to finish before nginx starts.',
    yaml: initContainerPod,
  },
  {
    id: 'probes',
    title: 'Pod with probes',
    description: 'nginx with startup, readiness and liveness probes (the apiserver fills in their defaults).',
    yaml: probesPod,
  },
  {
    id: 'sidecar',
    title: 'Pod with a sidecar',
    description: 'A restartable init container starts first and keeps running beside nginx.',
    yaml: sidecarPod,
  },
  {
    id: 'crash-loop',
    title: 'CrashLoopBackOff',
    description: 'A container that exits 1 after 2 s: restarts with a back-off of 10 s, 20 s, 40 s … 5 min.',
    yaml: crashLoopPod,
  },
  {
    id: 'failing-liveness',
    title: 'Failing liveness probe',
    description: 'nginx turns unhealthy 20 s after each start: 3 failed probes, Killing, restart.',
    yaml: failingLivenessPod,
  },
  {
    id: 'resources',
    title: 'Pod with requests and limits',
    description: 'Requests are what the scheduler counts; limits what the node enforces (QoS Burstable).',
    yaml: resourcesPod,
  },
  {
    id: 'node-affinity',
    title: 'Pod with node affinity',
    description: 'Required affinity filters the nodes, preferred affinity scores them.',
    yaml: nodeAffinityPod,
  },
  {
    id: 'tolerations',
    title: 'Pod tolerating the control-plane taint',
    description: 'A toleration and a nodeSelector put the Pod on the tainted control-plane node.',
    yaml: tolerationsPod,
  },
  {
    id: 'broken-pod',
    title: 'Broken Pod (no image)',
    description: 'The apiserver rejects it with 422 Invalid: spec.containers[0].image: Required value.',
    yaml: brokenPod,
  },
]

/** What the workload editor starts with: the nginx Pod. */
export const DEFAULT_WORKLOAD_YAML: string = nginxPod

export function templateById(id: string): Template | undefined {
  return TEMPLATES.find((t) => t.id === id)
}
