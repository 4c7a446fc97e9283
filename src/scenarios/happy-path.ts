import type { LibraryScenario } from './types'

const POD = `apiVersion: v1
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

export const happyPath: LibraryScenario = {
  id: 'happy-path',
  title: { en: 'A Pod, from kubectl to Running', zh: '一个 Pod：从 kubectl 到 Running' },
  goal: {
    en: 'Watch one nginx Pod go through kube-apiserver, etcd, kube-scheduler and the kubelet until it is Running on worker-3.',
    zh: '看一个 nginx Pod 依次经过 kube-apiserver、etcd、kube-scheduler 和 kubelet，最终在 worker-3 上 Running。',
  },
  notes: [
    {
      en: '1 · kubectl. `kubectl apply` first asks kube-apiserver for the Pod (GET, 404 Not Found: it does not exist yet), then sends it with a POST. The manifest is only the desired state; nothing runs yet.',
      zh: '1 · kubectl。`kubectl apply` 先向 kube-apiserver 查询这个 Pod（GET，返回 404 Not Found：它还不存在），然后用 POST 把它发过去。manifest 只是期望状态，此时还什么都没有运行。',
    },
    {
      en: '2 · kube-apiserver. Authentication (the admin’s x509 client certificate), RBAC authorization (`create pods`), mutating admission (ServiceAccount, Priority and DefaultTolerationSeconds fill in defaults), validation, validating admission (PodSecurity, ResourceQuota), then one write to etcd (`/registry/pods/default/nginx`) and `201 Created`. The stored Pod has `phase: Pending` and no `nodeName`.',
      zh: '2 · kube-apiserver。认证（admin 的 x509 客户端证书）、RBAC 授权（`create pods`）、mutating admission（ServiceAccount、Priority、DefaultTolerationSeconds 补上默认值）、校验、validating admission（PodSecurity、ResourceQuota），然后写一次 etcd（`/registry/pods/default/nginx`），返回 `201 Created`。存下来的 Pod 是 `phase: Pending`，没有 `nodeName`。',
    },
    {
      en: '3 · kube-scheduler. Its watch delivers the new Pod. Filter keeps 3 of 4 nodes (the control-plane’s taint is not tolerated), Score prefers worker-3, the node with the most free CPU and memory (NodeResourcesFit, LeastAllocated), and the binding (`POST pods/nginx/binding`) sets `spec.nodeName`: event `Scheduled`. The story’s diagram has the controller-manager act on this ownerless Pod; in Kubernetes it only receives the watch event and does nothing, since no controller owns a bare Pod (its step says “has no controller ownerReference”).',
      zh: '3 · kube-scheduler。它的 watch 收到新 Pod。Filter 在 4 个节点中留下 3 个（control-plane 的 taint 没有被容忍），Score 选中 CPU 和内存空闲最多的 worker-3（NodeResourcesFit 的 LeastAllocated 策略），然后 binding（`POST pods/nginx/binding`）写入 `spec.nodeName`，产生 `Scheduled` 事件。原文的流程图里 Controller Manager 会处理这个没有归属的 Pod；实际上它只收到 watch 事件，什么也不做，因为裸 Pod 没有任何控制器管理（它的步骤写着 “has no controller ownerReference”）。',
    },
    {
      en: '4 · kubelet on worker-3. Its watch (field selector `spec.nodeName=worker-3`) now sees the Pod. Through the CRI it asks containerd for the sandbox (`RunPodSandbox`: the pause container and a Pod IP from CNI), pulls `nginx:1.27` from the registry (`Pulling`, `Pulled`), then `CreateContainer` and `StartContainer` (`Created`, `Started`).',
      zh: '4 · worker-3 上的 kubelet。它的 watch（field selector `spec.nodeName=worker-3`）这时看到了这个 Pod。kubelet 通过 CRI 让 containerd 创建沙箱（`RunPodSandbox`：pause 容器加上 CNI 分配的 Pod IP），从镜像仓库拉取 `nginx:1.27`（`Pulling`、`Pulled`），再 `CreateContainer`、`StartContainer`（`Created`、`Started`）。',
    },
    {
      en: '5 · Status back. The kubelet PATCHes `pods/nginx/status` (ContainerCreating, then Running with Ready=True), the apiserver stores it in etcd, and every watcher, kubectl included, sees `1/1 Running`. Each component only talked to kube-apiserver: that is the list-watch pattern the story describes.',
      zh: '5 · 状态回报。kubelet PATCH `pods/nginx/status`（先是 ContainerCreating，再是 Running 且 Ready=True），apiserver 写入 etcd，所有 watcher（包括 kubectl）都看到 `1/1 Running`。每个组件都只和 kube-apiserver 通信，这正是原文讲的 List-Watch 模式。',
    },
  ],
  input: { seed: 1, clusterYaml: '', actions: [{ type: 'apply', atMs: 0, yaml: POD }] },
  outcome: {
    untilMs: 5_000,
    pods: [
      {
        name: 'nginx',
        status: 'Running',
        ready: '1/1',
        node: 'worker-3',
        path: ['Pending', 'ContainerCreating', 'Running'],
      },
    ],
    events: [
      {
        reason: 'Scheduled',
        object: 'pod/nginx',
        messageIncludes: 'Successfully assigned default/nginx to worker-3',
      },
      { reason: 'Pulling', object: 'pod/nginx', messageIncludes: 'Pulling image "nginx:1.27"' },
      { reason: 'Pulled', object: 'pod/nginx', messageIncludes: 'Successfully pulled image "nginx:1.27" in' },
      { reason: 'Created', object: 'pod/nginx', messageIncludes: 'Created container: nginx' },
      { reason: 'Started', object: 'pod/nginx', messageIncludes: 'Started container nginx' },
    ],
    noWarnings: true,
    applyResults: [{ action: 0, code: 201 }],
  },
}
