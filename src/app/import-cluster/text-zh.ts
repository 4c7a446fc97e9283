/** 导入集群的中文文本（`importCluster.*`）。 */
import type { CatalogOf } from '../i18n/catalog'
import type { importClusterEn } from './text-en'

export const importClusterZh: CatalogOf<typeof importClusterEn> = {
  open: '导入集群……',
  openHint: '从一个真实集群开始：kubectl get nodes,pods -A -o yaml 的输出',
  title: '导入集群',
  intro:
    '粘贴 kubectl 打印的内容，或选择保存它的文件。其中的 Node 和运行在上面的 Pod 会成为集群，照原样运行；再 apply 一个 Pod，看它会落在哪里、为什么。',
  command: 'kubectl get nodes,pods -A -o yaml > cluster.yaml',
  text: 'kubectl 的输出（YAML 或 JSON）',
  placeholder: 'apiVersion: v1\nitems:\n- apiVersion: v1\n  kind: Node\n  …\nkind: List',
  file: '选择文件……',
  replaces: '这会替换“集群”标签页的内容（Node、用户、初始设置），并从时间 0 重新开始运行；之后可以撤销。',
  import: '导入',
  importing: '正在导入……',
  cancel: '取消',
  close: '关闭',
  done: '已导入：{nodes} 个 Node，{running} 个运行中的 Pod，{pending} 个 Pending。',
  skipped: '未导入：{items}。',
  finished: '{count} 个已结束（Succeeded/Failed）',
  terminating: '{count} 个正在删除',
  elsewhere: '{count} 个位于导出内容之外的 Node 上',
  other: '{count} 个其他对象（{kinds}）',
  timeShift: '所有时间整体平移，使导出的时刻（{time}）成为时间 0；各对象的存在时长保持不变。',
  undo: '撤销导入',
  dismiss: '知道了',
  errors: {
    empty: '请先粘贴 kubectl get nodes,pods -A -o yaml 的输出，或选择一个文件。',
    notYaml: '第 {line} 行：这不是 YAML（{detail}）。',
    notList:
      '第 {line} 行：这是 {found}，不是 kubectl get nodes,pods -A -o yaml 的输出（由 Node 和 Pod 组成的 List）。',
    badItem: '第 {line} 行：{detail}。',
    noNodes:
      '导出内容里没有 Node：Pod 需要运行的地方。请把 Node 一起导出：kubectl get nodes,pods -A -o yaml。',
    notLoaded: '导入的集群没能加载：{detail}',
    file: '无法读取 {file}：{detail}',
  },
}
