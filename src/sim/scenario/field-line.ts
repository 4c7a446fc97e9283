/**
 * Where a field is in the YAML it came from (the line of `profiles[0].pluginConfig[1].args.
 * scoringStrategy.type`), so problems found after parsing (a scheduler configuration's validation)
 * can be reported at their line as parse errors are. The lookup is shared with the editor's
 * markers (src/api/yaml-field-position.ts).
 */
import { fieldLine as lineOfField } from '../../api/yaml-field-position'

/**
 * The 1-based line of `path` in the document (or `kind: List` item) whose content starts at
 * `docLine`; `docLine` itself when the document is not found, the path's nearest existing
 * ancestor's line when the field is absent.
 */
export function fieldLine(text: string, docLine: number, path: string): number {
  return lineOfField(text, { line: docLine }, path) ?? docLine
}
