/**
 * A file's bytes as text. Manifests are UTF-8 (as kubectl reads them); Node's `readFileSync(f,
 * 'utf8')` and the browser's `File.text()` would silently turn bytes that are not UTF-8 into
 * U+FFFD, so the CLI and the app's file inputs decode strictly and say where the first bad byte
 * is instead.
 */

export type DecodedText =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly line: number; readonly column: number; readonly message: string }

/** A UTF-8 BOM is dropped, as kubectl does. */
export function decodeUtf8(bytes: Uint8Array): DecodedText {
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes) }
  } catch {
    const at = firstInvalid(bytes)
    // Lines and columns as an editor shows them: count the text before the bad byte.
    const before = new TextDecoder('utf-8').decode(bytes.subarray(0, at))
    const lineStart = before.lastIndexOf('\n') + 1
    const line = before.split('\n').length
    const column = [...before.slice(lineStart)].length + 1
    const byte = (bytes[at] ?? 0).toString(16).toUpperCase().padStart(2, '0')
    return {
      ok: false,
      line,
      column,
      message: `invalid UTF-8: byte 0x${byte} at line ${line}, column ${column} (manifests must be UTF-8 text; is this a binary file?)`,
    }
  }
}

/** Index of the first byte that does not start or continue a valid UTF-8 sequence. */
function firstInvalid(b: Uint8Array): number {
  let i = 0
  while (i < b.length) {
    const c = b[i] as number
    const n =
      c < 0x80 ? 0 : c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : -1
    if (n < 0) return i
    if (i + n >= b.length) return i
    for (let k = 1; k <= n; k++) if (((b[i + k] as number) & 0xc0) !== 0x80) return i
    // Overlong, surrogate and out-of-range forms that the lead byte alone does not rule out.
    const c1 = b[i + 1] as number
    if ((c === 0xe0 && c1 < 0xa0) || (c === 0xed && c1 > 0x9f)) return i
    if ((c === 0xf0 && c1 < 0x90) || (c === 0xf4 && c1 > 0x8f)) return i
    i += n + 1
  }
  return b.length
}
