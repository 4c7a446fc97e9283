/** 导出菜单的中文文本：导出场景、trace、时序图和图形，以及导入场景。 */
import type { CatalogOf } from '../i18n/catalog'
import type { exportEn } from './text-en'

export const exportZh: CatalogOf<typeof exportEn> = {
  menu: '导出',
  menuHint: '保存场景、trace、时序图或图形；导入场景文件',
  scenario: '场景（YAML）',
  importScenario: '导入场景…',
  trace: 'Trace（JSON）',
  mermaid: '时序图（Mermaid）',
  svg: '图形（SVG）',
  png: '图形（PNG）',
  notReady: '还没有可导出的内容：模拟仍在启动。',
  working: '正在导出…',
  saved: '已保存 {file}。',
  graphFailed: '无法导出图形：{message}',
  close: '关闭',
  import: {
    title: '导入场景',
    loaded: '已加载 {file}。',
    problems: '{file} 未加载，没有做任何更改：',
    line: '第 {line} 行',
    error: '无法加载 {file}：{message}',
    unreadable: '无法读取 {file}。',
  },
  diagram: {
    title: '时序图（Mermaid）',
    intro:
      '把这次运行画成 Mermaid 时序图：每个组件是一个参与者，每条消息是一个箭头。可以粘贴到 Markdown（mermaid 代码块）或 Mermaid 编辑器中。',
    skipRoutine: '省略心跳',
    skipBoot: '省略启动过程（组件的 LIST 和 WATCH）',
    times: '显示虚拟时间',
    maxMessages: '最多显示的消息数',
    count: '{total} 条消息中的 {shown} 条画成箭头',
    text: 'Mermaid 文本',
    copy: '复制',
    copied: '已复制到剪贴板。',
    copyFailed: '浏览器拒绝访问剪贴板：请选中文本后复制。',
    download: '下载 .mmd',
    heading: 'podflow：Kubernetes v1.33 如何运行这个场景',
  },
}
