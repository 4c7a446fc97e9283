/**
 * The console's `help`: what it runs, in kubectl's words, and how reads and writes relate to time.
 * It is the console's own text (not kubectl's output), so it is in the catalog (`console.help`),
 * in the language of the moment it is asked for.
 */
import { type Translate, t } from '../i18n/i18n'

export function helpText(tr: Translate = t): string {
  return tr('console.help')
}
