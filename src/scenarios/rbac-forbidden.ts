import type { LibraryScenario } from './types'

/** Jane can read Pods in team-a; a Role to edit them exists, but nobody has bound it to her yet. */
const CLUSTER = `apiVersion: v1
kind: Namespace
metadata:
  name: team-a
---
apiVersion: podflow.dev/v1alpha1
kind: User
metadata:
  name: jane
spec:
  groups: ["developers"]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: pod-reader
  namespace: team-a
rules:
- apiGroups: [""]
  resources: ["pods", "pods/log"]
  verbs: ["get", "list", "watch"]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: jane-reads-pods
  namespace: team-a
subjects:
- kind: User
  name: jane
  apiGroup: rbac.authorization.k8s.io
roleRef:
  kind: Role
  name: pod-reader
  apiGroup: rbac.authorization.k8s.io
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: pod-editor
  namespace: team-a
rules:
- apiGroups: [""]
  resources: ["pods"]
  verbs: ["get", "list", "watch", "create", "update", "patch", "delete"]
`

const POD = `apiVersion: v1
kind: Pod
metadata:
  name: web
  namespace: team-a
spec:
  containers:
  - name: nginx
    image: nginx:1.27
`

const BINDING = `apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: jane-edits-pods
  namespace: team-a
subjects:
- kind: User
  name: jane
  apiGroup: rbac.authorization.k8s.io
roleRef:
  kind: Role
  name: pod-editor
  apiGroup: rbac.authorization.k8s.io
`

export const rbacForbidden: LibraryScenario = {
  id: 'rbac-forbidden',
  title: { en: 'RBAC: forbidden, then allowed', zh: 'RBAC：先被拒绝，再被允许' },
  goal: {
    en: 'Jane’s Pod is refused with a 403 because she may only read Pods; once the admin binds the pod-editor Role to her, the same apply succeeds.',
    zh: 'Jane 的 Pod 被 403 拒绝，因为她只能读取 Pod；管理员把 pod-editor Role 绑定给她之后，同样的 apply 就成功了。',
  },
  notes: [
    {
      en: 'The Cluster tab declares the user `jane` (she authenticates with a bearer token) and what the admin set up in `team-a`: a RoleBinding to `pod-reader`, and a `pod-editor` Role bound to no one. At 0 s kubectl acts as jane: its GET is allowed (404, no such Pod yet), the POST is not.',
      zh: 'Cluster 标签页里声明了用户 `jane`（她用 bearer token 认证），以及管理员在 `team-a` 里预先准备的内容：一个绑定到 `pod-reader` 的 RoleBinding，和一个还没绑定给任何人的 `pod-editor` Role。0 秒时 kubectl 以 jane 的身份操作：GET 被允许（404，Pod 还不存在），POST 则不行。',
    },
    {
      en: 'Authorization runs before admission and before anything is stored. The RBAC authorizer finds no rule granting `create` on `pods`, and kube-apiserver answers 403 Forbidden: `pods is forbidden: User "jane" cannot create resource "pods" in API group "" in the namespace "team-a"`. A create names no Pod in its URL, so the message says `pods`, not `pods "web"`.',
      zh: '授权发生在 admission 之前，也在写入任何数据之前。RBAC authorizer 找不到允许对 `pods` 执行 `create` 的规则，kube-apiserver 返回 403 Forbidden：`pods is forbidden: User "jane" cannot create resource "pods" in API group "" in the namespace "team-a"`。create 请求的 URL 里没有 Pod 名字，所以消息里是 `pods`，而不是 `pods "web"`。',
    },
    {
      en: 'At 5 s the admin (kubernetes-admin, whose group `kubeadm:cluster-admins` kubeadm bound to `cluster-admin`) applies the RoleBinding `jane-edits-pods`. RBAC only adds permissions: nothing denies, so the new binding is enough. At 10 s jane applies the same Pod again and gets `201 Created`; it runs like any other Pod.',
      zh: '5 秒时管理员（kubernetes-admin，kubeadm 把它所在的组 `kubeadm:cluster-admins` 绑定到了 `cluster-admin`）apply 了 RoleBinding `jane-edits-pods`。RBAC 只做加法，没有“拒绝”规则，所以新增一个绑定就够了。10 秒时 jane 再次 apply 同一个 Pod，得到 `201 Created`，之后它和其他 Pod 一样运行起来。',
    },
  ],
  input: {
    seed: 1,
    clusterYaml: CLUSTER,
    actions: [
      { type: 'apply', atMs: 0, yaml: POD, as: 'jane' },
      { type: 'apply', atMs: 5_000, yaml: BINDING },
      { type: 'apply', atMs: 10_000, yaml: POD, as: 'jane' },
    ],
  },
  outcome: {
    untilMs: 20_000,
    pods: [{ name: 'web', namespace: 'team-a', status: 'Running', ready: '1/1' }],
    applyResults: [
      {
        action: 0,
        code: 403,
        messageIncludes:
          'pods is forbidden: User "jane" cannot create resource "pods" in API group "" in the namespace "team-a"',
      },
      { action: 1, code: 201 },
      { action: 2, code: 201 },
    ],
  },
}
