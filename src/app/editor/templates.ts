/**
 * Starting points for the workload editor. Each is a manifest the simulated cluster (the default
 * one: a tainted control plane and worker-1..3) accepts as is, except `broken-pod`, which is there
 * to show a 422. Images are ones the simulated registry knows (src/sim/runtime/catalog.ts).
 * Descriptions (in the i18n catalog, with the titles) say what the manifest asks for; comments in
 * the YAML say what Kubernetes does.
 */
import type { en } from '../i18n/en'
import { type Translate, t } from '../i18n/i18n'

export interface Template {
  /** Stable id (kebab-case), for selects and tests; its title and description are in the catalog. */
  readonly id: TemplateId
  readonly yaml: string
}

export type TemplateId = keyof typeof en.editor.templates

/** What the template list shows (`editor.templates.<id>.title`). */
export function templateTitle(template: Template, tr: Translate = t): string {
  return tr(`editor.templates.${template.id}.title`)
}

/** One sentence on what applying it shows. */
export function templateDescription(template: Template, tr: Translate = t): string {
  return tr(`editor.templates.${template.id}.description`)
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
    yaml: nginxPod,
  },
  {
    id: 'deployment',
    yaml: deployment,
  },
  {
    id: 'init-container',
    yaml: initContainerPod,
  },
  {
    id: 'probes',
    yaml: probesPod,
  },
  {
    id: 'sidecar',
    yaml: sidecarPod,
  },
  {
    id: 'crash-loop',
    yaml: crashLoopPod,
  },
  {
    id: 'failing-liveness',
    yaml: failingLivenessPod,
  },
  {
    id: 'resources',
    yaml: resourcesPod,
  },
  {
    id: 'node-affinity',
    yaml: nodeAffinityPod,
  },
  {
    id: 'tolerations',
    yaml: tolerationsPod,
  },
  {
    id: 'broken-pod',
    yaml: brokenPod,
  },
]

/** What the workload editor starts with: the nginx Pod. */
export const DEFAULT_WORKLOAD_YAML: string = nginxPod

export function templateById(id: string): Template | undefined {
  return TEMPLATES.find((t) => t.id === id)
}
