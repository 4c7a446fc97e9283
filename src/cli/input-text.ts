/** The CLI's inputs: files given as text (tests) or as the bytes read from disk. */
import { decodeUtf8 } from '../protocol/utf8'

/** A named input: its text, or its bytes as read from disk (decoded with decodeUtf8). */
export type InputFile =
  | { readonly name: string; readonly text: string }
  | { readonly name: string; readonly bytes: Uint8Array }

export interface TextFile {
  readonly name: string
  readonly text: string
}

/** Every file as text, or kubectl-style errors (`error: FILE:LINE: …`) for those that are not UTF-8. */
export function textFiles(files: readonly InputFile[]): { files: TextFile[]; errors: string[] } {
  const out: TextFile[] = []
  const errors: string[] = []
  for (const f of files) {
    if ('text' in f) {
      out.push(f)
      continue
    }
    const decoded = decodeUtf8(f.bytes)
    if (decoded.ok) out.push({ name: f.name, text: decoded.text })
    else errors.push(`error: ${f.name}:${decoded.line}: ${decoded.message}`)
  }
  return { files: out, errors }
}
