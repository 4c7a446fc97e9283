/**
 * English: the reference catalog. Every user-facing string of the app lives here (and in zh.ts),
 * grouped by the part of the screen that shows it. Kubernetes terms stay as Kubernetes spells them.
 */
import { teachingEn } from '../teaching/text-en'

export const en = {
  app: {
    tagline: 'How Kubernetes v1.33 creates a Pod, message by message',
    language: 'Language',
  },
  /** Owned by src/app/teaching (narration, questions, glossary). */
  teaching: teachingEn,
} as const
