/** 教学模式的中文文本（讲解、提问、术语表），属于应用的消息目录。 */
import type { CatalogOf } from '../i18n/catalog'
import type { teachingEn } from './text-en'

export const teachingZh: CatalogOf<typeof teachingEn> = {
  title: '教学模式',
}
