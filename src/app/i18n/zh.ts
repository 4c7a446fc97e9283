/**
 * 简体中文。Kubernetes 术语保留英文（Pod、kubelet、etcd、Scheduler…），与中文工程师的习惯和原文故事一致。
 */

import { teachingZh } from '../teaching/text-zh'
import type { CatalogOf } from './catalog'
import type { en } from './en'

export const zh: CatalogOf<typeof en> = {
  app: {
    tagline: 'Kubernetes v1.33 如何创建一个 Pod，一条消息一条消息地看',
    language: '语言',
  },
  teaching: teachingZh,
}
