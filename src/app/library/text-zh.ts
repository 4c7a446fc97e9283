/** 场景库界面的中文文本（场景本身的中英文文本在 src/scenarios 中）。 */
import type { CatalogOf } from '../i18n/catalog'
import type { libraryEn } from './text-en'

export const libraryZh: CatalogOf<typeof libraryEn> = {
  open: '场景',
  openHint: '从场景库加载一个场景',
  title: '场景库',
  intro: '每个场景都会准备好集群和工作负载；加载一个，看看会发生什么。',
  load: '加载',
  close: '关闭',
  current: '场景',
  goal: '目标',
  notes: '教学说明',
  leave: '关闭场景卡片',
  replaceDraft: '加载场景会替换编辑器中的 manifest。当前的 manifest 会保存为草稿，可以恢复。',
  restoreDraft: '恢复我之前的 manifest',
}
