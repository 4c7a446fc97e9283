/** 分享按钮和分享链接提示条的中文文本（`share.*`）。 */
import type { CatalogOf } from '../i18n/catalog'
import type { shareEn } from './text-en'

export const shareZh: CatalogOf<typeof shareEn> = {
  button: '分享',
  buttonHint: '复制一个链接，打开后看到的正是现在这样：场景、时间、选中的对象和视图',
  copied: '链接已复制',
  copiedLong: '链接已复制。它有 {count} 个字符，有些聊天软件会截断过长的链接。',
  copyByHand: '请手动复制这个链接（无法使用剪贴板）：',
  copyByHandLong: '请手动复制这个链接（无法使用剪贴板）。它有 {count} 个字符，有些聊天软件会截断过长的链接。',
  link: '分享链接',
  tooBig:
    '这个场景太大，无法放进链接：{count} 个字符，而链接最多读取 {max} 个。请分享更少或更短的 manifest。',
  notReady: '还没有可分享的内容：模拟仍在启动。',
  close: '关闭',
  error: {
    title: '无法打开这个分享链接。',
    fallback: '应用照常运行；你自己保存的草稿没有被改动。',
    dismiss: '关闭',
  },
  reason: {
    'not-share-link': '这个地址里没有 podflow 分享链接。',
    malformed: '链接已损坏：版本、长度和数据三部分不全。',
    'version-newer':
      '它由更新版本的 podflow 生成（链接格式 {version}；本应用读取格式 {current}）。请刷新页面以获取最新的 podflow。',
    'version-older':
      '它由旧版本的 podflow 生成（链接格式 {version}），本应用已不再读取（本应用读取格式 {current}）。请向对方要一个新链接。',
    'too-long': '它太长，无法打开：{length} 个字符，而链接最多读取 {max} 个。',
    truncated:
      '它被截断了，可能是发送它的应用截断的：数据部分只有 {expected} 个字符中的 {have} 个。请复制完整的链接再试一次。',
    truncatedUnknown: '它被截断了，可能是发送它的应用截断的。请复制完整的链接再试一次。',
    'bad-characters':
      '它含有我们的链接中不会出现的字符：第 {position} 个字符 “{char}”。它可能在传递过程中被改动了。',
    corrupt: '它已损坏：数据无法解压，或校验和不匹配（传递过程中有字符被修改、添加或删除）。',
    'too-large': '它解压后超过 {max} 字节，比任何场景需要的都多，因此没有打开。',
    'bad-json': '它的数据可以解压，但不是 podflow 场景。',
    'bad-field': '它的字段 “{path}” 有误：应为{expected}。',
    unknownField: '它有一个本应用不认识的字段：“{path}”。',
    'unknown-scenario': '它指向一个本应用没有的场景库场景：“{id}”。',
    rejected: '模拟无法加载它的场景：{message}',
  },
  expected: {
    root: '链接的数据',
    object: '一组带名字的字段',
    array: '一个列表',
    text: '文本',
    name: '1 到 {max} 个字符的名字',
    boolean: 'true 或 false',
    time: '以毫秒为单位的整数时间，范围 0 到 {max}',
    integer: '{allowed} 范围内的整数',
    number: '{allowed} 范围内的数',
    'message-id': '消息编号（1 或更大）',
    seed: '一个整数',
    'one-of': '以下之一：{allowed}',
    'known-field': '不存在这个字段',
    action: '一个操作（apply、delete、cordon、drain、故障……）',
    'at-most': '最多 {allowed} 个',
    'pod-key': '形如 default/nginx 的对象',
  },
}
