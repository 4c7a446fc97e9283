/**
 * 教学模式的中文文本（`teaching.*`）。`{name}` 是本次运行的实际值，`[[term]]` 链接到术语表。
 * Kubernetes 术语保留英文，与原文故事的写法一致。
 */
import type { CatalogOf } from '../i18n/catalog'
import type { teachingEn } from './text-en'

export const teachingZh: CatalogOf<typeof teachingEn> = {
  title: '教学模式',
  toggle: '教学',
  toggleHint: '按故事一步步走完流程，并附讲解',
  close: '退出教学模式',
  start: '点击 Apply（或加载一个场景），然后按 → 跟着故事走。',
  keys: '→ 下一条消息 · Shift+→ 下一阶段 · ← 后退 · 空格 播放/暂停',
  prev: '后退',
  next: '前进',
  prevStage: '上一阶段',
  nextStage: '下一阶段',
  messageOf: '第 {index} / {count} 条消息',
  steps: {
    s0: '故事之外',
    s1: '1 · kubectl 提交',
    s2: '2 · API Server',
    s3: '3 · Scheduler',
    s4: '4 · kubelet',
    s5: '5 · 状态回报',
  },
  stepsShort: {
    s1: 'kubectl',
    s2: 'API Server',
    s3: 'Scheduler',
    s4: 'kubelet',
    s5: '状态',
  },
  parts: {
    submitGet: {
      title: 'kubectl 先查询',
      text: '`kubectl apply` 先问 [[apiserver]] 这个对象是否已存在：{request}。返回 404 就创建；否则 kubectl 会计算一个补丁（patch）。',
    },
    submitWrite: {
      title: 'kubectl 提交期望状态',
      text: 'kubectl 把清单——也就是期望状态 [[spec]]——发给 [[apiserver]]：{request}。kubectl 只校验了 YAML，自己什么也不创建：接下来的工作都由集群完成。',
    },
    submitResponse: {
      title: 'API Server 回复 kubectl',
      text: '[[apiserver]] 回复 {response}。201 表示对象已写入 [[etcd]]；此时什么都还没运行——Pod 处于 Pending。',
    },
    authenticate: {
      title: '认证：谁在调用？',
      text: '[[apiserver]] 识别调用者：{user}，凭据类型为 {method}。每个请求都要认证——kubectl、Scheduler、kubelet 都一样。',
    },
    authenticateFailed: {
      title: '认证失败',
      text: '[[apiserver]] 无法识别调用者（{summary}）：返回 401，不再继续。',
    },
    authorize: {
      title: '授权：是否允许？',
      text: '[[rbac]] 判断这个身份能否对 {resource} 执行 {verb}。允许，请求继续。',
    },
    forbidden: {
      title: '授权被拒绝',
      text: '[[rbac]] 没有任何规则允许这个身份对 {resource} 执行 {verb}：[[apiserver]] 返回 403 Forbidden，什么也不写入。',
    },
    admit: {
      title: '准入控制',
      text: '[[admission]] 插件 {plugin} 检查对象：{result}。准入可以修改对象（默认值、ServiceAccount、注入 Sidecar），也可以拒绝它（配额、Pod Security）。',
    },
    validate: {
      title: '校验',
      text: '[[apiserver]] 按 API 规则校验对象：{summary}。',
    },
    etcdWrite: {
      title: '持久化到 etcd',
      text: '[[apiserver]] 把对象写入 [[etcd]]，键为 {key}。集群状态只保存在这里。',
    },
    etcdRead: {
      title: '读取 etcd',
      text: '[[apiserver]] 从 [[etcd]] 读取 {key}。',
    },
    etcdResponse: {
      title: 'etcd 回复',
      text: '[[etcd]] 以 revision {revision} 回复：每次变更都有新的 revision，[[watch]] 靠它说明“从哪个版本之后变了什么”。',
    },
    etcdWatch: {
      title: 'etcd 通知变更',
      text: '[[etcd]] 通知 [[apiserver]]：{key} 变了。API Server 会把它转发给所有正在 [[watch]] 的组件。',
    },
    scheduleWatch: {
      title: 'Scheduler 发现新 Pod',
      text: '没有人调用 [[scheduler]]：它一直在 [[watch]] API Server 上没有 nodeName 的 Pod，{pod} 刚刚到达（{event}）。',
    },
    controllerWatch: {
      title: 'controller-manager 也看到了',
      text: '[[controllerManager]] 同样在 [[watch]] Pod（{event} {pod}）；它的控制器只关心自己拥有的 Pod。',
    },
    barePodIgnored: {
      title: 'controller-manager 在这里什么也不做',
      text: '{pod} 没有 owner，所以没有控制器处理它：{summary}。',
    },
    reconcile: {
      title: '控制器调谐',
      text: '[[controllerManager]] 比较期望状态和实际状态，并针对差异采取行动：{summary}。',
    },
    filter: {
      title: 'Filter：哪些节点能运行它？',
      text: '[[scheduler]] 的 Filter 插件逐个检查节点（资源、taint、选择器、亲和性……）：{total} 个节点中有 {feasible} 个能运行 {pod}。',
    },
    score: {
      title: 'Score：哪个节点最好？',
      text: 'Score 插件给可行节点打分，[[scheduler]] 选总分最高的：{node}。“调度”标签页列出了每一项分数。',
    },
    bindRequest: {
      title: 'Bind：把决定交给 API Server',
      text: '[[scheduler]] 并不在 {node} 上启动任何东西；它请求 [[apiserver]] 把 {pod} 绑定到该节点（{request}），也就是设置 spec.nodeName。',
    },
    bindResponse: {
      title: '绑定完成',
      text: '绑定已保存（{response}）：{pod} 有了节点。在 kubelet 启动它之前，它仍是 Pending。',
    },
    preempt: {
      title: '抢占',
      text: '没有节点放得下，[[scheduler]] 寻找可以驱逐的低优先级 Pod：{summary}。',
    },
    kubeletWatch: {
      title: '{node} 上的 kubelet 看到了自己的 Pod',
      text: '{node} 上的 [[kubelet]] 在 [[watch]] 绑定到本节点的 Pod：{pod} 到达（{event}）。同样没有人调用它——它自己做出反应。',
    },
    kubeletAdmit: {
      title: 'kubelet 准入 Pod',
      text: '{node} 上的 [[kubelet]] 检查 Pod 现在能否在本节点运行：{summary}。',
    },
    kubeletSync: {
      title: 'kubelet 同步 Pod',
      text: '{node} 上的 [[kubelet]] 为 {pod} 执行 SyncPod：比较 Pod 的 spec 与节点上实际运行的内容，补上缺少的部分——每当有变化，这个循环都会再运行一次。',
    },
    sandbox: {
      title: 'Pod 沙箱',
      text: '[[kubelet]] 通过 [[cri]] 请求 [[runtime]] 创建 Pod 的 [[sandbox]]：一个 [[pause]] 容器（{image}），持有 Pod 内所有容器共享的网络和 IPC 命名空间。',
    },
    pull: {
      title: '拉取镜像',
      text: '[[runtime]] 从镜像仓库拉取 {image}（如果节点上还没有）。',
    },
    containers: {
      title: '启动容器',
      text: '[[kubelet]] 让 [[runtime]] 在沙箱中创建并启动容器：{summary}。',
    },
    statusRequest: {
      title: '状态回报',
      text: '{node} 上的 [[kubelet]] 把看到的状态报告给 [[apiserver]]（{request}）；状态写入 [[etcd]]，`kubectl get pods` 就能看到。',
    },
    statusResponse: {
      title: '状态已保存',
      text: '[[apiserver]] 回复 kubelet：{response}。',
    },
    watchUpdate: {
      title: '通知 watch 者',
      text: '[[apiserver]] 把变更推送给 {to}（{summary}）。每个组件都这样保持自己的缓存最新。',
    },
    apiserverRequest: {
      title: '对 API Server 的请求',
      text: '{from} 调用 [[apiserver]]：{request}。组件之间只通过 API Server 交流。',
    },
    apiserverResponse: {
      title: 'API Server 回复',
      text: '[[apiserver]] 回复 {to}：{response}。',
    },
    event: {
      title: '记录一个 Event',
      text: '{from} 记录了一个 Event（`kubectl describe` 列出的内容）。',
    },
    heartbeat: {
      title: '例行维护',
      text: '节点心跳（续约 Lease、上报状态）让控制平面确信节点仍然存活。',
    },
    other: {
      title: '发生了什么',
      text: '{from} → {to}：{summary}',
    },
  },
  ideas: {
    declarative: {
      title: '思想：声明式 API',
      text: '你只说明“要什么”，而不是“怎么做”。期望状态被保存下来，随后每个组件都努力让实际状态与之一致。',
    },
    controllers: {
      title: '思想：控制器与 List-Watch',
      text: 'Scheduler、kubelet 和各个控制器都是控制循环：它们 list 并 [[watch]] API Server，比较期望状态与实际状态，然后采取行动。',
    },
    decoupled: {
      title: '思想：通过 API Server 解耦',
      text: 'kubelet 从不直接与 Scheduler 或 kubectl 通信。每个组件只通过 API Server 读写，因此每个组件都可以单独替换。',
    },
  },
  reality: {
    barePod: {
      title: '故事与现实',
      text: '故事的流程图中，Controller Manager 会处理新建的 Pod。在真实集群里，controller-manager 的控制器只管理自己拥有的对象（ReplicaSet 的 Pod、Deployment 的 ReplicaSet……）：像这样的裸 Pod 只由 Scheduler 和 kubelet 处理。Apply 一个 Deployment 就能看到控制器出手。',
    },
  },
  predict: {
    heading: '先预测，再揭晓',
    whichNode: 'Scheduler 会为 {pod} 选择哪个节点？',
    willStart: '{pod} 会启动并持续运行吗？',
    yes: '会',
    no: '不会',
    skip: '跳过',
    right: '答对了：{answer}。',
    wrong: '这次不对：答案是 {answer}。',
    blocked: '回答（或跳过）这个问题后才能继续。',
    whyNode: '“调度”标签页解释了原因：每个插件对每个节点的打分。',
    started: '它会启动',
    notStarted: '它不会启动',
  },
  glossaryTitle: '术语表',
  glossaryClose: '关闭',
  glossary: {
    pod: {
      term: 'Pod',
      text: 'Kubernetes 运行的最小单元：一个或多个共享网络命名空间和卷的容器，一起被调度到同一个节点。',
    },
    spec: {
      term: 'spec / status',
      text: '对象的 spec 是期望状态，由你编写；status 是观察到的实际状态，由各组件写入。',
    },
    apiserver: {
      term: 'kube-apiserver',
      text: '集群的唯一入口，也是唯一与 etcd 通信的组件。它对每个请求做认证、授权、准入、校验和存储，并提供 watch。',
    },
    etcd: { term: 'etcd', text: '保存全部集群状态的一致性键值存储，每次变更都有新的 revision。' },
    scheduler: {
      term: 'kube-scheduler',
      text: '为没有节点的 Pod 选择节点：Filter 插件排除不能运行它的节点，Score 插件给其余节点打分，然后把 Pod 绑定到最佳节点。',
    },
    kubelet: {
      term: 'kubelet',
      text: '每个节点上的代理：watch 绑定到本节点的 Pod，让容器运行时运行它们，再回报状态。',
    },
    runtime: {
      term: '容器运行时',
      text: '每个节点上的 containerd（或 CRI-O）：按 kubelet 通过 CRI 发来的请求拉取镜像、创建沙箱和容器。',
    },
    cri: {
      term: 'CRI',
      text: '容器运行时接口：kubelet 驱动任何运行时所用的 gRPC API（RunPodSandbox、PullImage、CreateContainer、StartContainer……）。',
    },
    sandbox: { term: 'Pod 沙箱', text: 'Pod 内容器共享的环境：网络和 IPC 命名空间，由 pause 容器持有。' },
    pause: {
      term: 'pause 容器',
      text: '一个极小的容器，只负责保持 Pod 的命名空间，使业务容器重启时 Pod 的 IP 不变。',
    },
    admission: {
      term: '准入控制',
      text: '在授权之后、存储之前可以修改或拒绝请求的插件（和 webhook）：默认值、配额、Pod Security、Sidecar 注入。',
    },
    rbac: {
      term: 'RBAC',
      text: '基于角色的访问控制：Role 列出允许的操作，RoleBinding 把它们授予用户、组和 ServiceAccount。',
    },
    watch: {
      term: 'watch（List-Watch）',
      text: '组件先 list 一次对象，然后保持一个流，之后每次变更都会被通知。组件就是这样不被调用也能做出反应的。',
    },
    controllerManager: {
      term: 'kube-controller-manager',
      text: '运行内置控制器（Deployment、ReplicaSet、节点生命周期……），每个都是一个循环，推动自己拥有的对象趋向其 spec。',
    },
    node: { term: 'Node', text: '运行 Pod 的机器（虚拟机或物理机），上面有 kubelet 和容器运行时。' },
    taint: {
      term: 'taint / toleration',
      text: '节点上的 taint 会排斥 Pod；带有匹配 toleration 的 Pod 仍可被调度到该节点。',
    },
  },
}
