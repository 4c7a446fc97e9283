/** 嵌入模式的中文文本（`embed.*`）。 */
import type { CatalogOf } from '../i18n/catalog'
import type { embedEn } from './text-en'

export const embedZh: CatalogOf<typeof embedEn> = {
  open: '在 podflow 中打开',
  openHint: '在完整应用中打开这个场景（编辑器、控制台、时间线）',
  start: '按 ▶ 或 → 跟着故事走。',
  unknownScenario: '未知场景“{id}”：显示默认集群。',
}
