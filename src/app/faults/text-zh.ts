/** “假如……”面板的中文文本（`faults.*`）。 */
import type { CatalogOf } from '../i18n/catalog'
import type { faultsEn } from './text-en'

export const faultsZh: CatalogOf<typeof faultsEn> = {
  title: '假如……',
  hint: '在 {seconds} 制造一个故障：从这一刻起重新计算之后发生的一切。',
  message: '线路上的第 {id} 条消息',
  drop: '丢弃它',
  delay: '延迟 {seconds} 秒',
  notDroppable: '这条消息不能被丢弃：{reason}',
  noMessage: '选中一条正在传输的消息（在图上点击或单步），即可丢弃或延迟它。',
  pod: 'Pod {pod}',
  crash: '让容器 {container} 崩溃',
  pullFails: '拉取 {image} 失败：',
  notFound: '镜像不存在',
  unauthorized: '未授权',
  unavailable: '镜像仓库不可用',
  node: '节点',
  stop: '关停节点',
  unreachable: '切断它的 kubelet',
  etcd: 'etcd',
  slowEtcd: '让 etcd 慢 10 倍',
  webhook: 'Webhook 服务 {server}',
  webhookTimeout: '停止响应（超时）',
  injecting: '正在注入……',
}
