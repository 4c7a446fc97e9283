/**
 * A chosen file's text, decoded strictly as UTF-8: `File.text()` would silently turn bytes that
 * are not UTF-8 into U+FFFD and hand on text the user never wrote. Throws, saying where the first
 * bad byte is, so the caller shows why the file cannot be read.
 */
import { decodeUtf8 } from '../protocol/utf8'

export async function readTextFile(file: Blob): Promise<string> {
  const decoded = decodeUtf8(new Uint8Array(await file.arrayBuffer()))
  if (!decoded.ok) throw new NotUtf8Error(decoded.message, decoded.line)
  return decoded.text
}

/** A file that is not UTF-8 text, with the line of its first bad byte. */
export class NotUtf8Error extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message)
  }
}
