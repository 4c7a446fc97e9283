import type { LibraryScenario } from './types'

const POD = `apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: nginx
    image: nginx:1.277   # typo: the tag is 1.27
    ports:
    - containerPort: 80
`

export const imagePullError: LibraryScenario = {
  id: 'image-pull-error',
  title: { en: 'A typo in the image tag', zh: '镜像 tag 写错了' },
  goal: {
    en: 'The Pod is scheduled, but `nginx:1.277` is a typo for `nginx:1.27` and no such tag was ever published: the container waits in ErrImagePull, then ImagePullBackOff.',
    zh: 'Pod 调度成功了，但 `nginx:1.277` 是 `nginx:1.27` 的笔误，镜像仓库里从来没有这个 tag：容器先是 ErrImagePull，然后是 ImagePullBackOff。',
  },
  notes: [
    {
      en: 'Nothing before the node checks images: kube-apiserver accepts any string, and the scheduler binds the Pod as usual. The failure appears on the node, when containerd asks the registry for the tag (`HEAD /v2/library/nginx/manifests/1.277`) and gets 404.',
      zh: '在节点之前没有任何组件检查镜像：kube-apiserver 接受任意字符串，Scheduler 照常绑定 Pod。失败发生在节点上：containerd 向镜像仓库查询这个 tag（`HEAD /v2/library/nginx/manifests/1.277`），得到 404。',
    },
    {
      en: 'The kubelet reports containerd’s error word for word: Warning `Failed` “Failed to pull image "nginx:1.277": rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:1.277": … not found”, then `Error: ErrImagePull`. The container’s waiting reason, and so the STATUS column, is `ErrImagePull`.',
      zh: 'kubelet 会原样转述 containerd 的错误：Warning `Failed` “Failed to pull image "nginx:1.277": rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:1.277": … not found”，接着是 `Error: ErrImagePull`。容器的 waiting reason，也就是 STATUS 列，变成 `ErrImagePull`。',
    },
    {
      en: 'The kubelet then backs off before pulling again (10 s, doubling up to 5 minutes): meanwhile STATUS is `ImagePullBackOff` with event `BackOff` “Back-off pulling image "nginx:1.277"”. On the timeline the two alternate. Fix the tag and apply again; a Pod’s image can be changed in place.',
      zh: '之后 kubelet 会退避一段时间再重新拉取（10 秒起，每次翻倍，最长 5 分钟）：这期间 STATUS 是 `ImagePullBackOff`，事件是 `BackOff` “Back-off pulling image "nginx:1.277"”。时间线上两者交替出现。改正 tag 再 apply 一次即可；Pod 的 image 字段是可以原地修改的。',
    },
  ],
  input: { seed: 1, clusterYaml: '', actions: [{ type: 'apply', atMs: 0, yaml: POD }] },
  outcome: {
    untilMs: 20_000,
    pods: [
      {
        name: 'web',
        status: 'ImagePullBackOff',
        ready: '0/1',
        node: 'worker-3',
        path: ['Pending', 'ContainerCreating', 'ErrImagePull', 'ImagePullBackOff'],
      },
    ],
    events: [
      {
        reason: 'Failed',
        type: 'Warning',
        object: 'pod/web',
        messageIncludes:
          'Failed to pull image "nginx:1.277": rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:1.277": failed to resolve reference "docker.io/library/nginx:1.277": docker.io/library/nginx:1.277: not found',
      },
      { reason: 'Failed', type: 'Warning', object: 'pod/web', messageIncludes: 'Error: ErrImagePull' },
      { reason: 'BackOff', object: 'pod/web', messageIncludes: 'Back-off pulling image "nginx:1.277"' },
      { reason: 'Failed', type: 'Warning', object: 'pod/web', messageIncludes: 'Error: ImagePullBackOff' },
    ],
  },
}
