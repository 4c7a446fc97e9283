import type { LibraryScenario } from './types'

const POD = `apiVersion: v1
kind: Pod
metadata:
  name: migrate
spec:
  containers:
  - name: migrate
    image: busybox:1.37
    command: ["sh", "-c", "echo connecting to the database...; sleep 2; exit 1"]
`

export const crashLoopBackOff: LibraryScenario = {
  id: 'crashloopbackoff',
  title: { en: 'CrashLoopBackOff: a container that keeps crashing', zh: 'CrashLoopBackOff：反复崩溃的容器' },
  goal: {
    en: 'A container that exits with code 1 after 2 seconds is restarted again and again, with growing pauses: CrashLoopBackOff.',
    zh: '一个 2 秒后以退出码 1 退出的容器被一次又一次重启，间隔越来越长：CrashLoopBackOff。',
  },
  notes: [
    {
      en: 'Scheduling and the image pull go fine; the problem is the process itself. It runs for 2 s and exits 1: the container is `terminated` with reason `Error`, and STATUS shows `Error` for a moment.',
      zh: '调度和拉取镜像都没问题，问题出在进程本身。它运行 2 秒后以 1 退出：容器进入 `terminated` 状态，reason 是 `Error`，STATUS 会短暂显示 `Error`。',
    },
    {
      en: 'A Pod’s `restartPolicy` defaults to `Always`, so the kubelet starts the container again (`Container image "busybox:1.37" already present on machine`, `Created`, `Started`), and RESTARTS counts up. The first restart is immediate; after that the kubelet backs off, 10 s at first and doubling up to 5 minutes, and while it waits the container is `waiting` with reason `CrashLoopBackOff`.',
      zh: 'Pod 的 `restartPolicy` 默认是 `Always`，所以 kubelet 会再次启动容器（`Container image "busybox:1.37" already present on machine`、`Created`、`Started`），RESTARTS 随之增加。第一次重启是立即进行的；之后 kubelet 会退避等待，从 10 秒开始，每次翻倍，最长 5 分钟，等待期间容器处于 `waiting`，reason 是 `CrashLoopBackOff`。',
    },
    {
      en: 'Each wait is announced by the Warning `BackOff` “Back-off restarting failed container migrate in pod migrate_default(<uid>)”. On the timeline the gaps between restarts grow. CrashLoopBackOff is not a cause but a symptom: read `lastState.terminated` (exit code 1) with `kubectl describe pod migrate`, and the container’s logs.',
      zh: '每次等待都伴随 Warning `BackOff` “Back-off restarting failed container migrate in pod migrate_default(<uid>)”。在时间线上可以看到重启间隔越来越大。CrashLoopBackOff 本身不是原因而是症状：用 `kubectl describe pod migrate` 查看 `lastState.terminated`（退出码 1），再看容器日志。',
    },
  ],
  input: { seed: 1, clusterYaml: '', actions: [{ type: 'apply', atMs: 0, yaml: POD }] },
  outcome: {
    untilMs: 70_000,
    pods: [
      {
        name: 'migrate',
        status: 'CrashLoopBackOff',
        ready: '0/1',
        minRestarts: 3,
        path: [
          'ContainerCreating',
          'Running',
          'Error',
          'CrashLoopBackOff',
          'Running',
          'Error',
          'CrashLoopBackOff',
        ],
      },
    ],
    events: [
      {
        reason: 'Pulled',
        object: 'pod/migrate',
        messageIncludes: 'Container image "busybox:1.37" already present on machine',
      },
      {
        reason: 'BackOff',
        type: 'Warning',
        object: 'pod/migrate',
        messageIncludes: 'Back-off restarting failed container migrate in pod migrate_default(',
      },
    ],
  },
}
