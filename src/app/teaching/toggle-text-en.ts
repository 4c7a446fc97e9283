/**
 * The texts of teaching mode's top-bar toggle: the only ones of `teaching.*` the first render
 * shows. The rest (narration, questions, glossary) join the catalog with teaching mode's chunk
 * (catalog-en.ts).
 */
export const teachingToggleEn = {
  toggle: 'Teach',
  toggleHint: 'Walk through the story step by step, with narration',
} as const
