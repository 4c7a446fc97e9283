import { describe, expect, it } from 'vitest'
import type { Pod } from '../types'
import { podEvents } from './describe-events'
import { describePod, describeProbe } from './describe-pod'
import type { AnyEvent } from './events'

const NOW = Date.parse('2025-05-01T10:05:00Z')

const TOLERATIONS = [
  { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
  { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
]

const CONDITIONS = [
  'PodReadyToStartContainers',
  'Initialized',
  'Ready',
  'ContainersReady',
  'PodScheduled',
].map((type) => ({ type, status: 'True', lastTransitionTime: '2025-05-01T10:00:05Z' }))

/** A Deployment's Pod after an OOM kill: init container, probes, env, volumes, events. */
const web: Pod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: {
    name: 'web-7c5ddbdf54-x8k2p',
    namespace: 'default',
    uid: 'a1b2',
    creationTimestamp: '2025-05-01T10:00:00Z',
    labels: { 'pod-template-hash': '7c5ddbdf54', app: 'web' },
    annotations: {
      'kubectl.kubernetes.io/last-applied-configuration': '{"apiVersion":"v1"}\n',
      'example.com/note': 'hello',
    },
    ownerReferences: [
      {
        apiVersion: 'apps/v1',
        kind: 'ReplicaSet',
        name: 'web-7c5ddbdf54',
        uid: 'rs',
        controller: true,
        blockOwnerDeletion: true,
      },
    ],
  },
  spec: {
    serviceAccountName: 'default',
    priority: 0,
    nodeName: 'worker-1',
    initContainers: [
      {
        name: 'setup',
        image: 'busybox:1.36',
        command: ['sh', '-c', 'echo ready > /work/ready'],
        volumeMounts: [{ name: 'work', mountPath: '/work' }],
      },
    ],
    containers: [
      {
        name: 'app',
        image: 'nginx:1.27',
        ports: [{ containerPort: 80, protocol: 'TCP' }],
        resources: { limits: { cpu: '500m', memory: '256Mi' }, requests: { cpu: '0.25', memory: '128Mi' } },
        livenessProbe: {
          httpGet: { path: '/healthz', port: 8080, scheme: 'HTTP' },
          timeoutSeconds: 1,
          periodSeconds: 10,
          successThreshold: 1,
          failureThreshold: 3,
        },
        readinessProbe: {
          tcpSocket: { port: 80 },
          initialDelaySeconds: 5,
          timeoutSeconds: 1,
          periodSeconds: 5,
          successThreshold: 1,
          failureThreshold: 3,
        },
        envFrom: [{ configMapRef: { name: 'web-config' } }],
        env: [
          { name: 'MODE', value: 'production' },
          { name: 'POD_NAME', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } } },
          { name: 'POD_IP', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'status.podIP' } } },
          { name: 'CPU_LIMIT', valueFrom: { resourceFieldRef: { resource: 'limits.cpu', divisor: '1m' } } },
          { name: 'PASSWORD', valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } },
        ],
        volumeMounts: [
          {
            name: 'kube-api-access-5kx6l',
            mountPath: '/var/run/secrets/kubernetes.io/serviceaccount',
            readOnly: true,
          },
          { name: 'work', mountPath: '/usr/share/nginx/html', readOnly: true },
        ],
      },
    ],
    volumes: [
      { name: 'work', emptyDir: {} },
      {
        name: 'kube-api-access-5kx6l',
        projected: {
          sources: [
            { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
            { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
            {
              downwardAPI: {
                items: [
                  { path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } },
                ],
              },
            },
          ],
        },
      },
    ],
    tolerations: TOLERATIONS,
  },
  status: {
    phase: 'Running',
    qosClass: 'Burstable',
    conditions: CONDITIONS,
    hostIP: '172.18.0.3',
    podIP: '10.244.1.7',
    podIPs: [{ ip: '10.244.1.7' }],
    startTime: '2025-05-01T10:00:00Z',
    initContainerStatuses: [
      {
        name: 'setup',
        state: {
          terminated: {
            exitCode: 0,
            reason: 'Completed',
            startedAt: '2025-05-01T10:00:03Z',
            finishedAt: '2025-05-01T10:00:03Z',
            containerID: 'containerd://aaa',
          },
        },
        lastState: {},
        ready: true,
        restartCount: 0,
        image: 'docker.io/library/busybox:1.36',
        imageID: 'docker.io/library/busybox@sha256:bbb',
        containerID: 'containerd://aaa',
        started: false,
      },
    ],
    containerStatuses: [
      {
        name: 'app',
        state: { running: { startedAt: '2025-05-01T10:01:10Z' } },
        lastState: {
          terminated: {
            exitCode: 137,
            reason: 'OOMKilled',
            startedAt: '2025-05-01T10:00:05Z',
            finishedAt: '2025-05-01T10:01:09Z',
            containerID: 'containerd://ccc',
          },
        },
        ready: true,
        restartCount: 1,
        image: 'docker.io/library/nginx:1.27',
        imageID: 'docker.io/library/nginx@sha256:ddd',
        containerID: 'containerd://eee',
        started: true,
      },
    ],
  },
}

function kubeletEvent(
  name: string,
  type: string,
  reason: string,
  message: string,
  first: string,
  last: string,
  count: number,
): AnyEvent {
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name, namespace: 'default' },
    involvedObject: { kind: 'Pod', namespace: 'default', name: web.metadata?.name, uid: 'a1b2' },
    reason,
    message,
    type,
    source: { component: 'kubelet', host: 'worker-1' },
    firstTimestamp: first,
    lastTimestamp: last,
    count,
  }
}

/** In list order (by name), as the apiserver returns them. */
const webEvents: AnyEvent[] = [
  {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: 'web-7c5ddbdf54-x8k2p.1', namespace: 'default' },
    involvedObject: { kind: 'Pod', namespace: 'default', name: 'web-7c5ddbdf54-x8k2p', uid: 'a1b2' },
    eventTime: '2025-05-01T10:00:00.100000Z',
    reportingComponent: 'default-scheduler',
    reportingInstance: 'default-scheduler-control-plane',
    action: 'Binding',
    reason: 'Scheduled',
    message: 'Successfully assigned default/web-7c5ddbdf54-x8k2p to worker-1',
    type: 'Normal',
    source: {},
    count: 0,
  } as AnyEvent,
  kubeletEvent(
    'web-7c5ddbdf54-x8k2p.2',
    'Normal',
    'Pulled',
    'Container image "nginx:1.27" already present on machine',
    '2025-05-01T10:00:04Z',
    '2025-05-01T10:00:04Z',
    1,
  ),
  kubeletEvent(
    'web-7c5ddbdf54-x8k2p.4',
    'Warning',
    'Unhealthy',
    'Readiness probe failed: dial tcp 10.244.1.7:80: connect: connection refused',
    '2025-05-01T10:03:00Z',
    '2025-05-01T10:04:57Z',
    3,
  ),
  kubeletEvent(
    'web-7c5ddbdf54-x8k2p.3',
    'Normal',
    'Started',
    'Started container app',
    '2025-05-01T10:00:05Z',
    '2025-05-01T10:01:10Z',
    2,
  ),
  // Another Pod's event, and one about an earlier Pod of the same name.
  {
    ...kubeletEvent('other.1', 'Normal', 'Pulled', 'x', '2025-05-01T10:00:04Z', '2025-05-01T10:00:04Z', 1),
    involvedObject: { kind: 'Pod', namespace: 'default', name: 'other' },
  },
  {
    ...kubeletEvent(
      'web-7c5ddbdf54-x8k2p.0',
      'Normal',
      'Killing',
      'old',
      '2025-05-01T09:00:00Z',
      '2025-05-01T09:00:00Z',
      1,
    ),
    involvedObject: { kind: 'Pod', namespace: 'default', name: 'web-7c5ddbdf54-x8k2p', uid: 'older' },
  },
]

describe('describePod', () => {
  it('prints a running Deployment Pod as kubectl describe does', () => {
    expect(describePod(web, podEvents(web, webEvents), { nowMs: NOW })).toBe(
      [
        'Name:             web-7c5ddbdf54-x8k2p',
        'Namespace:        default',
        'Priority:         0',
        'Service Account:  default',
        'Node:             worker-1/172.18.0.3',
        'Start Time:       Thu, 01 May 2025 10:00:00 +0000',
        'Labels:           app=web',
        '                  pod-template-hash=7c5ddbdf54',
        'Annotations:      example.com/note: hello',
        'Status:           Running',
        'IP:               10.244.1.7',
        'IPs:',
        '  IP:           10.244.1.7',
        'Controlled By:  ReplicaSet/web-7c5ddbdf54',
        'Init Containers:',
        '  setup:',
        '    Container ID:  containerd://aaa',
        '    Image:         busybox:1.36',
        '    Image ID:      docker.io/library/busybox@sha256:bbb',
        '    Port:          <none>',
        '    Host Port:     <none>',
        '    Command:',
        '      sh',
        '      -c',
        '      echo ready > /work/ready',
        '    State:          Terminated',
        '      Reason:       Completed',
        '      Exit Code:    0',
        '      Started:      Thu, 01 May 2025 10:00:03 +0000',
        '      Finished:     Thu, 01 May 2025 10:00:03 +0000',
        '    Ready:          True',
        '    Restart Count:  0',
        '    Environment:    <none>',
        '    Mounts:',
        '      /work from work (rw)',
        'Containers:',
        '  app:',
        '    Container ID:   containerd://eee',
        '    Image:          nginx:1.27',
        '    Image ID:       docker.io/library/nginx@sha256:ddd',
        '    Port:           80/TCP',
        '    Host Port:      0/TCP',
        '    State:          Running',
        '      Started:      Thu, 01 May 2025 10:01:10 +0000',
        '    Last State:     Terminated',
        '      Reason:       OOMKilled',
        '      Exit Code:    137',
        '      Started:      Thu, 01 May 2025 10:00:05 +0000',
        '      Finished:     Thu, 01 May 2025 10:01:09 +0000',
        '    Ready:          True',
        '    Restart Count:  1',
        '    Limits:',
        '      cpu:     500m',
        '      memory:  256Mi',
        '    Requests:',
        '      cpu:      250m',
        '      memory:   128Mi',
        '    Liveness:   http-get http://:8080/healthz delay=0s timeout=1s period=10s #success=1 #failure=3',
        '    Readiness:  tcp-socket :80 delay=5s timeout=1s period=5s #success=1 #failure=3',
        '    Environment Variables from:',
        '      web-config  ConfigMap  Optional: false',
        '    Environment:',
        '      MODE:       production',
        '      POD_NAME:   web-7c5ddbdf54-x8k2p (v1:metadata.name)',
        '      POD_IP:      (v1:status.podIP)',
        '      CPU_LIMIT:  500 (limits.cpu)',
        "      PASSWORD:   <set to the key 'password' in secret 'db'>  Optional: false",
        '    Mounts:',
        '      /usr/share/nginx/html from work (ro)',
        '      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-5kx6l (ro)',
        'Conditions:',
        '  Type                        Status',
        '  PodReadyToStartContainers   True ',
        '  Initialized                 True ',
        '  Ready                       True ',
        '  ContainersReady             True ',
        '  PodScheduled                True ',
        'Volumes:',
        '  work:',
        "    Type:       EmptyDir (a temporary directory that shares a pod's lifetime)",
        '    Medium:     ',
        '    SizeLimit:  <unset>',
        '  kube-api-access-5kx6l:',
        '    Type:                    Projected (a volume that contains injected data from multiple sources)',
        '    TokenExpirationSeconds:  3607',
        '    ConfigMapName:           kube-root-ca.crt',
        '    Optional:                false',
        '    DownwardAPI:             true',
        'QoS Class:                   Burstable',
        'Node-Selectors:              <none>',
        'Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s',
        '                             node.kubernetes.io/unreachable:NoExecute op=Exists for 300s',
        'Events:',
        '  Type     Reason     Age                    From               Message',
        '  ----     ------     ----                   ----               -------',
        '  Normal   Scheduled  4m59s                  default-scheduler  Successfully assigned default/web-7c5ddbdf54-x8k2p to worker-1',
        '  Normal   Pulled     4m56s                  kubelet            Container image "nginx:1.27" already present on machine',
        '  Normal   Started    3m50s (x2 over 4m55s)  kubelet            Started container app',
        '  Warning  Unhealthy  3s (x3 over 2m)        kubelet            Readiness probe failed: dial tcp 10.244.1.7:80: connect: connection refused',
        '',
      ].join('\n'),
    )
  })

  /** A Pod being deleted before it was ever scheduled, with what a Pending Pod can carry. */
  const big: Pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: 'big',
      namespace: 'default',
      creationTimestamp: '2025-05-01T10:00:00Z',
      deletionTimestamp: '2025-05-01T10:04:30Z',
      deletionGracePeriodSeconds: 30,
    },
    spec: {
      priorityClassName: 'high',
      priority: 1000,
      nodeSelector: { disktype: 'ssd' },
      readinessGates: [{ conditionType: 'example.com/lb' }],
      containers: [
        {
          name: 'app',
          image: 'app:1',
          command: ['/app'],
          args: ['--port=8080', '--verbose'],
          ports: [
            { name: 'http', containerPort: 8080, protocol: 'TCP' },
            { containerPort: 9090, hostPort: 9090, protocol: 'TCP' },
          ],
          livenessProbe: {
            exec: { command: ['cat', '/tmp/healthy'] },
            initialDelaySeconds: 5,
            timeoutSeconds: 1,
            periodSeconds: 5,
            successThreshold: 1,
            failureThreshold: 3,
          },
          startupProbe: {
            grpc: { port: 9090, service: 'health' },
            timeoutSeconds: 1,
            periodSeconds: 10,
            successThreshold: 1,
            failureThreshold: 30,
          },
          volumeMounts: [
            { name: 'cfg', mountPath: '/etc/app', subPath: 'app.yaml', readOnly: true },
            { name: 'data', mountPath: '/data' },
          ],
        },
      ],
      volumes: [
        { name: 'cfg', configMap: { name: 'app-config' } },
        { name: 'data', persistentVolumeClaim: { claimName: 'data-pvc' } },
        { name: 'host', hostPath: { path: '/var/log', type: 'Directory' } },
        { name: 'creds', secret: { secretName: 'creds', optional: true } },
      ],
      topologySpreadConstraints: [
        {
          maxSkew: 1,
          topologyKey: 'topology.kubernetes.io/zone',
          whenUnsatisfiable: 'DoNotSchedule',
          labelSelector: { matchLabels: { app: 'big' } },
        },
      ],
    },
    status: {
      phase: 'Pending',
      qosClass: 'BestEffort',
      nominatedNodeName: 'worker-2',
      conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable' }],
    },
  }

  it('prints a terminating Pending Pod, with Events: <none>', () => {
    expect(describePod(big, [], { nowMs: NOW })).toBe(
      [
        'Name:                      big',
        'Namespace:                 default',
        'Priority:                  1000',
        'Priority Class Name:       high',
        'Node:                      <none>',
        'Labels:                    <none>',
        'Annotations:               <none>',
        'Status:                    Terminating (lasts 30s)',
        'Termination Grace Period:  30s',
        'IP:                        ',
        'IPs:                       <none>',
        'NominatedNodeName:         worker-2',
        'Containers:',
        '  app:',
        '    Image:       app:1',
        '    Ports:       8080/TCP, 9090/TCP',
        '    Host Ports:  0/TCP, 9090/TCP',
        '    Command:',
        '      /app',
        '    Args:',
        '      --port=8080',
        '      --verbose',
        '    Liveness:     exec [cat /tmp/healthy] delay=5s timeout=1s period=5s #success=1 #failure=3',
        '    Startup:      grpc <pod>:9090 health delay=0s timeout=1s period=10s #success=1 #failure=30',
        '    Environment:  <none>',
        '    Mounts:',
        '      /data from data (rw)',
        '      /etc/app from cfg (ro,path="app.yaml")',
        'Readiness Gates:',
        '  Type             Status',
        '  example.com/lb   <none> ',
        'Conditions:',
        '  Type           Status',
        '  PodScheduled   False ',
        'Volumes:',
        '  cfg:',
        '    Type:      ConfigMap (a volume populated by a ConfigMap)',
        '    Name:      app-config',
        '    Optional:  false',
        '  data:',
        '    Type:       PersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)',
        '    ClaimName:  data-pvc',
        '    ReadOnly:   false',
        '  host:',
        '    Type:          HostPath (bare host directory volume)',
        '    Path:          /var/log',
        '    HostPathType:  Directory',
        '  creds:',
        '    Type:                     Secret (a volume populated by a Secret)',
        '    SecretName:               creds',
        '    Optional:                 true',
        'QoS Class:                    BestEffort',
        'Node-Selectors:               disktype=ssd',
        'Tolerations:                  <none>',
        'Topology Spread Constraints:  topology.kubernetes.io/zone:DoNotSchedule when max skew 1 is exceeded for selector app=big',
        'Events:                       <none>',
        '',
      ].join('\n'),
    )
  })

  it('prints the volume sources as v1.33 kubectl does (projected: Optional per source)', () => {
    const pod: Pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'vols', namespace: 'default' },
      spec: {
        containers: [{ name: 'c', image: 'nginx:1.27' }],
        volumes: [
          { name: 'logs', hostPath: { path: '/var/log', type: '' } },
          {
            name: 'info',
            downwardAPI: {
              items: [
                { path: 'labels', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.labels' } },
                {
                  path: 'cpu',
                  resourceFieldRef: { containerName: 'c', resource: 'limits.cpu', divisor: '1m' },
                },
              ],
              defaultMode: 420,
            },
          },
          {
            name: 'all-in-one',
            projected: {
              sources: [
                { secret: { name: 'mysecret', optional: true } },
                { configMap: { name: 'myconfigmap' } },
                { serviceAccountToken: { path: 'token', expirationSeconds: 3607 } },
                { downwardAPI: { items: [{ path: 'ns', fieldRef: { fieldPath: 'metadata.namespace' } }] } },
              ],
              defaultMode: 420,
            },
          },
        ],
      },
    }
    const out = describePod(pod, undefined, { nowMs: NOW })
    const volumes = out.slice(out.indexOf('Volumes:'), out.indexOf('QoS Class:')).split('\n')
    expect(volumes.map((l) => l.replace(/ +/g, ' '))).toEqual([
      'Volumes:',
      ' logs:',
      ' Type: HostPath (bare host directory volume)',
      ' Path: /var/log',
      ' HostPathType: ',
      ' info:',
      ' Type: DownwardAPI (a volume populated by information about the pod)',
      ' Items:',
      ' metadata.labels -> labels',
      ' limits.cpu -> cpu',
      ' all-in-one:',
      ' Type: Projected (a volume that contains injected data from multiple sources)',
      ' SecretName: mysecret',
      ' Optional: true',
      ' ConfigMapName: myconfigmap',
      ' Optional: false',
      ' TokenExpirationSeconds: 3607',
      ' DownwardAPI: true',
      '',
    ])
    expect(out).toContain(
      '    Type:                    Projected (a volume that contains injected data from multiple sources)\n    SecretName:              mysecret\n    Optional:                true\n',
    )
  })

  it('leaves the Events section out when events are not asked for', () => {
    const out = describePod(big, undefined, { nowMs: NOW })
    expect(out).not.toContain('Events:')
    expect(out.endsWith('for selector app=big\n')).toBe(true)
  })

  it('shows a waiting container, a container without status, and a completed Pod', () => {
    const pod: Pod = {
      metadata: { name: 'p', namespace: 'default', deletionTimestamp: '2025-05-01T10:04:00Z' },
      spec: {
        containers: [
          { name: 'a', image: 'nginxx' },
          { name: 'b', image: 'busybox' },
        ],
      },
      status: {
        phase: 'Succeeded',
        containerStatuses: [
          {
            name: 'a',
            image: 'nginxx',
            imageID: '',
            ready: false,
            restartCount: 0,
            state: { waiting: { reason: 'ImagePullBackOff', message: 'Back-off pulling image "nginxx"' } },
          },
        ],
      },
    }
    const out = describePod(pod, undefined, { nowMs: NOW })
    expect(out).toContain('Status:       Succeeded\n')
    expect(out).toContain(
      [
        '  a:',
        '    Container ID:   ',
        '    Image:          nginxx',
        '    Image ID:       ',
        '    Port:           <none>',
        '    Host Port:      <none>',
        '    State:          Waiting',
        '      Reason:       ImagePullBackOff',
        '    Ready:          False',
        '    Restart Count:  0',
        '    Environment:    <none>',
        '    Mounts:         <none>',
        '  b:',
        '    Image:        busybox',
        '    Port:         <none>',
        '    Host Port:    <none>',
        '    Environment:  <none>',
        '    Mounts:       <none>',
        'Volumes:          <none>',
        'QoS Class:        BestEffort',
        'Node-Selectors:   <none>',
        'Tolerations:      <none>',
        '',
      ].join('\n'),
    )
  })
})

describe('describeProbe', () => {
  const attrs = { timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 }
  it.each<[string, Parameters<typeof describeProbe>[0], string]>([
    [
      'http-get with host and scheme',
      { httpGet: { host: '10.0.0.1', port: 'http', path: 'ready', scheme: 'HTTPS' }, ...attrs },
      'http-get https://10.0.0.1:http/ready delay=0s timeout=1s period=10s #success=1 #failure=3',
    ],
    [
      'http-get to an IPv6 host',
      { httpGet: { host: 'fd00::1', port: 80, path: '/', scheme: 'HTTP' }, ...attrs },
      'http-get http://[fd00::1]:80/ delay=0s timeout=1s period=10s #success=1 #failure=3',
    ],
    [
      'tcp-socket with host',
      { tcpSocket: { host: 'db', port: 5432 }, ...attrs },
      'tcp-socket db:5432 delay=0s timeout=1s period=10s #success=1 #failure=3',
    ],
    ['no handler', { ...attrs }, 'unknown delay=0s timeout=1s period=10s #success=1 #failure=3'],
  ])('%s', (_, probe, want) => {
    expect(describeProbe(probe)).toBe(want)
  })
})
