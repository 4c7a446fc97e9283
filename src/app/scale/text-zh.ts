/** 大集群视图的中文文本：节点分组、消息抽样、计算进度、长列表。 */
import type { CatalogOf } from '../i18n/catalog'
import type { scaleEn } from './text-en'

export const scaleZh: CatalogOf<typeof scaleEn> = {
  group: {
    kubelets: 'kubelet × {count} · {ready} 个 Ready',
    runtimes: 'containerd × {count}',
    podsOne: '{count} 个 Pod',
    podsOther: '{count} 个 Pod',
    cells: '每个格子是一个节点：有 Pod 运行时填色（越深越多），不是 Ready 时为红色',
    label: '另外 {count} 个节点合成一组显示：{ready} 个 Ready，上面有 {pods} 个 Pod',
  },
  sampling: {
    rate: '每 {step} 条消息显示 1 条',
    title:
      '有 {total} 条消息正在传输；为保持清晰，图上只画出其中每第 {step} 条（按 id）。回放和单步仍会经过所有消息。',
  },
  compacted: {
    text: '大规模运行：{time} 之前的细节已压缩（{messages} 条消息只保留计数）',
    before: '这里没有细节：{time} 之前的消息已压缩。请移到它之后查看。',
    title: '为限制内存，如此大的运行只完整保留最新的消息，较早的消息按阶段计数：{stages}',
  },
  progress: {
    label: '正在计算模拟',
    text: '计算中… 已模拟 {time} · {messages} 条消息',
    receiving: '计算完成，正在接收 trace… {messages} 条消息中的 {received} 条',
    pods: '{pods} 个 Pod 中 {running} 个在运行',
  },
  list: {
    showMore: '再显示 {count} 个',
    moreNotShown: '还有 {count} 个',
    morePodsTitle: '还有 {count} 个 Pod 没有列在这里；时间线和 kubectl get pods 会列出全部',
    filter: '筛选',
    filterPlaceholder: '名称包含…',
    matches: '显示 {count} 个中的 {shown} 个；输入文字可缩小范围',
  },
}
