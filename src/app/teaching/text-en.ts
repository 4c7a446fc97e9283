/** Teaching mode's English texts (narration, questions, glossary), part of the app's catalog. */
export const teachingEn = {
  title: 'Teaching mode',
} as const
