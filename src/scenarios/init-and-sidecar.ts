import type { LibraryScenario } from './types'

const POD = `apiVersion: v1
kind: Pod
metadata:
  name: shop
spec:
  initContainers:
  - name: wait-for-db
    image: busybox:1.37
    command: ["sh", "-c", "echo waiting for the database; sleep 5"]
  - name: log-shipper          # a sidecar: an init container that keeps running
    image: busybox:1.37
    restartPolicy: Always
    command: ["sh", "-c", "tail -F /var/log/nginx/access.log"]
    volumeMounts:
    - name: logs
      mountPath: /var/log/nginx
  containers:
  - name: web
    image: nginx:1.27
    volumeMounts:
    - name: logs
      mountPath: /var/log/nginx
  volumes:
  - name: logs
    emptyDir: {}
`

export const initAndSidecar: LibraryScenario = {
  id: 'init-and-sidecar',
  title: { en: 'An init container and a sidecar', zh: 'Init container 与 sidecar' },
  goal: {
    en: 'The kubelet runs the init container to completion, starts the sidecar, then the app: STATUS goes Init:0/2, Init:1/2, PodInitializing, Running 2/2.',
    zh: 'kubelet 先让 init container 运行完毕，再启动 sidecar，最后启动应用：STATUS 依次是 Init:0/2、Init:1/2、PodInitializing、Running 2/2。',
  },
  notes: [
    {
      en: 'Init containers run one at a time, in order, after the sandbox exists. `wait-for-db` must exit 0 before anything else starts; for its 5 seconds STATUS is `Init:0/2` (0 of the 2 init containers done) and the condition `Initialized` is False.',
      zh: 'init container 在沙箱创建之后按顺序逐个运行。`wait-for-db` 必须以 0 退出，后面的容器才会启动；在它运行的 5 秒里，STATUS 是 `Init:0/2`（2 个 init container 完成了 0 个），`Initialized` condition 为 False。',
    },
    {
      en: '`log-shipper` is an init container with `restartPolicy: Always`: a native sidecar (stable since v1.33). The kubelet does not wait for it to exit, only for it to start, then moves on to the regular containers (`Init:1/2`, then `PodInitializing` while nginx is pulled).',
      zh: '`log-shipper` 是一个 `restartPolicy: Always` 的 init container，也就是原生 sidecar（v1.33 起 GA）。kubelet 不等它退出，只等它启动，然后就去处理普通容器（先是 `Init:1/2`，拉取 nginx 时是 `PodInitializing`）。',
    },
    {
      en: 'In the end READY counts 2/2: the app container and the sidecar, which keeps running beside it and shares the `logs` emptyDir volume. A sidecar is started before the app and, when the Pod terminates, stopped after it.',
      zh: '最后 READY 是 2/2：应用容器加上 sidecar，sidecar 一直在旁边运行，并与应用共享 `logs` 这个 emptyDir 卷。sidecar 在应用之前启动，Pod 终止时在应用之后停止。',
    },
  ],
  input: { seed: 1, clusterYaml: '', actions: [{ type: 'apply', atMs: 0, yaml: POD }] },
  outcome: {
    untilMs: 15_000,
    pods: [
      {
        name: 'shop',
        status: 'Running',
        ready: '2/2',
        path: ['Pending', 'Init:0/2', 'Init:1/2', 'PodInitializing', 'Running'],
      },
    ],
    events: [
      { reason: 'Started', object: 'pod/shop', messageIncludes: 'Started container wait-for-db' },
      { reason: 'Started', object: 'pod/shop', messageIncludes: 'Started container log-shipper' },
      { reason: 'Started', object: 'pod/shop', messageIncludes: 'Started container web' },
    ],
    noWarnings: true,
  },
}
