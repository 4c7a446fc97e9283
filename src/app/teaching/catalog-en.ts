/**
 * Teaching mode's English texts join the app's catalog when teaching mode's code arrives: they are
 * a tenth of the English catalog, and no first render shows them (issue 10: initial JS). Every
 * module that shows a `teaching.*` text other than the toggle's imports this one, so the texts are
 * in place before any of them renders. (The Chinese catalog is a chunk of its own and holds them
 * all.)
 */
import { en } from '../i18n/en'
import { teachingEn } from './text-en'

// The catalog is `as const` for its keys' sake; this is its one late part.
;(en as { teaching: typeof teachingEn }).teaching = teachingEn
