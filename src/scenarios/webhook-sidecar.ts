import type { LibraryScenario } from './types'

/**
 * A namespace that asks for injection, a simulated webhook server that adds a proxy container,
 * and the MutatingWebhookConfiguration that sends it every Pod created there.
 */
const CLUSTER = `apiVersion: v1
kind: Namespace
metadata:
  name: shop
  labels:
    sidecar-injection: enabled
---
apiVersion: podflow.dev/v1alpha1
kind: WebhookServer
metadata:
  name: sidecar-injector
  namespace: shop
spec:
  behavior:
    patch:
    - op: add
      path: /spec/containers/-
      value:
        name: proxy
        image: busybox:1.37
        command: ["sh", "-c", "tail -f /dev/null"]
        resources:
          requests:
            cpu: 50m
            memory: 64Mi
---
apiVersion: admissionregistration.k8s.io/v1
kind: MutatingWebhookConfiguration
metadata:
  name: sidecar-injector
webhooks:
- name: sidecar-injector.example.com
  clientConfig:
    service:
      namespace: shop
      name: sidecar-injector
      path: /inject
  rules:
  - operations: ["CREATE"]
    apiGroups: [""]
    apiVersions: ["v1"]
    resources: ["pods"]
  namespaceSelector:
    matchLabels:
      sidecar-injection: enabled
  failurePolicy: Fail
  sideEffects: None
  admissionReviewVersions: ["v1"]
`

const POD = `apiVersion: v1
kind: Pod
metadata:
  name: web
  namespace: shop
spec:
  containers:
  - name: nginx
    image: nginx:1.27
`

export const webhookSidecar: LibraryScenario = {
  id: 'webhook-sidecar',
  title: { en: 'A mutating webhook injects a sidecar', zh: 'Mutating webhook 注入 sidecar' },
  goal: {
    en: 'You send a Pod with one container; a mutating admission webhook adds a second, and the Pod runs 2/2.',
    zh: '你提交的 Pod 只有一个容器；一个 mutating admission webhook 又加了一个，最终 Pod 以 2/2 运行。',
  },
  notes: [
    {
      en: 'This is how service meshes inject their proxies. During mutating admission, kube-apiserver finds that the MutatingWebhookConfiguration’s rules (CREATE pods, in a namespace labelled `sidecar-injection: enabled`) match, and POSTs an AdmissionReview to the Service `sidecar-injector.shop.svc` at `/inject`.',
      zh: 'service mesh 就是这样注入代理的。在 mutating admission 阶段，kube-apiserver 发现 MutatingWebhookConfiguration 的规则（CREATE pods，且 namespace 带有 `sidecar-injection: enabled` 标签）匹配，于是向 Service `sidecar-injector.shop.svc` 的 `/inject` POST 一个 AdmissionReview。',
    },
    {
      en: 'The webhook server (simulated, declared as a WebhookServer in the Cluster tab) answers “allowed” with a JSON Patch that appends a `proxy` container. The apiserver applies the patch, then validates the result and runs the validating admission plugins: what is stored in etcd, and what the scheduler and kubelet see, is the mutated Pod.',
      zh: 'webhook 服务器（模拟的，在 Cluster 标签页里以 WebhookServer 声明）回复 “allowed”，并附带一个 JSON Patch，追加了一个 `proxy` 容器。apiserver 应用这个 patch，然后对结果做校验并运行 validating admission plugin：写进 etcd、被 Scheduler 和 kubelet 看到的，都是修改后的 Pod。',
    },
    {
      en: 'So the kubelet pulls and starts two containers, READY shows 2/2, and the History tab shows what admission added to the object you sent. With `failurePolicy: Fail` an unreachable webhook would make every Pod creation in `shop` fail: webhooks sit on the critical path of every request they match.',
      zh: '因此 kubelet 拉取并启动了两个容器，READY 显示 2/2；在 History 标签页里可以看到 admission 在你提交的对象上加了什么。由于 `failurePolicy: Fail`，一旦 webhook 不可达，`shop` 里所有 Pod 的创建都会失败：webhook 位于它所匹配的每个请求的关键路径上。',
    },
  ],
  input: { seed: 1, clusterYaml: CLUSTER, actions: [{ type: 'apply', atMs: 0, yaml: POD }] },
  outcome: {
    untilMs: 10_000,
    pods: [{ name: 'web', namespace: 'shop', status: 'Running', ready: '2/2' }],
    events: [
      { reason: 'Started', object: 'pod/web', messageIncludes: 'Started container nginx' },
      { reason: 'Started', object: 'pod/web', messageIncludes: 'Started container proxy' },
    ],
    noWarnings: true,
    applyResults: [{ action: 0, code: 201 }],
  },
}
