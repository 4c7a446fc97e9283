/**
 * From the apiserver's answer back to the editor: where in the applied YAML a field error
 * belongs (the lookup itself is src/api/yaml-field-position.ts). Pure (no Monaco, no DOM).
 */
import { type DocumentRef, locate, locateGoField, parseText } from '../../api/yaml-field-position'

/** encoding/json's UnmarshalTypeError: what it found, and the field's path of JSON names. */
const GO_UNMARSHAL = /json: cannot unmarshal (\w+(?: \S+)?) into Go struct field \w+\.([\w.]+) of type /

export {
  type DocumentRef,
  type FieldPosition,
  fieldLine,
  fieldPosition,
  parseFieldPath,
} from '../../api/yaml-field-position'

/** A problem to draw in the editor: a marker at `line` (1-based), from `column` to the line's end. */
export interface EditorProblem {
  readonly line: number
  /** 1-based; the line's first non-blank character when absent. */
  readonly column?: number
  readonly message: string
  readonly severity: 'error' | 'warning'
  /** Shown after the message in the hover, e.g. `kube-apiserver 422 Invalid`. */
  readonly source?: string
}

/**
 * One object's answer from an apply, as the worker reports it (protocol ObjectResult fits):
 * the HTTP code, the apiserver's Status on errors, and where the object's document starts.
 */
export interface ApplyResultLike {
  readonly code: number
  /** 1-based line where the object's document (or List item) starts. */
  readonly line?: number
  readonly status?: {
    readonly message?: string
    readonly reason?: string
    readonly details?: {
      readonly causes?: readonly {
        readonly field?: string
        readonly message?: string
        readonly reason?: string
      }[]
    }
  }
}

/**
 * Editor problems for an apply's results: one per field cause of a 422, at the field's line (or
 * its nearest ancestor's); one per other error (403, 404, 409, …) at the document's first line,
 * worded as kubectl prints it. Successful results give none. A result without `line` is matched
 * to the document with its index.
 */
export function resultProblems(text: string, results: readonly ApplyResultLike[]): EditorProblem[] {
  const problems: EditorProblem[] = []
  // Read for positions only when there is a problem to place: most applies succeed, and reading
  // the text again costs a few milliseconds while kubectl's answer waits to be shown.
  if (results.every((r) => r.code < 400)) return problems
  const parsed = parseText(text)
  results.forEach((result, i) => {
    if (result.code < 400) return
    const doc: DocumentRef = result.line !== undefined ? { line: result.line } : { index: i }
    const docStart = locate(parsed, doc, '') ?? { line: result.line ?? 1, column: 1 }
    const status = result.status
    const reason = status?.reason ?? ''
    const source = `kube-apiserver ${result.code}${reason ? ` ${reason}` : ''}`
    const causes = (status?.details?.causes ?? []).filter((c) => c.field || c.message)
    if (result.code === 422 && causes.length > 0) {
      for (const cause of causes) {
        const field = cause.field ?? ''
        const at = (field ? locate(parsed, doc, field) : undefined) ?? docStart
        const message = cause.message ?? cause.reason ?? 'Invalid value'
        problems.push({
          line: at.line,
          column: at.column,
          message: field ? `${field}: ${message}` : message,
          severity: 'error',
          source,
        })
      }
      return
    }
    const message = status?.message ?? `the server responded with HTTP ${result.code}`
    // A body of the wrong JSON type: Go's decoder names the field without indexes.
    const go = result.code === 400 ? GO_UNMARSHAL.exec(message) : null
    const at = (go ? locateGoField(parsed, doc, go[2] as string, go[1] as string) : undefined) ?? docStart
    problems.push({
      line: at.line,
      column: at.column,
      message: `Error from server${reason ? ` (${reason})` : ''}: ${message}`,
      severity: 'error',
      source,
    })
  })
  return problems
}

/** Editor problems for kubectl's complaints before anything was sent (YAML syntax, missing kind). */
export function parseProblems(
  problems: readonly { readonly line: number; readonly column?: number; readonly message: string }[],
): EditorProblem[] {
  return problems.map((p) => ({
    line: p.line,
    ...(p.column !== undefined ? { column: p.column } : {}),
    message: p.message,
    severity: 'error',
    source: 'kubectl',
  }))
}
