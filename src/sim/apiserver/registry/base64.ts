/**
 * Standard base64 (RFC 4648 §4, with padding), as encoding/json writes a []byte, in plain
 * TypeScript: the simulation core has no btoa/Buffer (see runtime/sha256.ts for the same reason).
 */
import { utf8 } from '../../../api/utf8'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

export function base64Bytes(bytes: readonly number[]): string {
  let out = ''
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] as number
    const b = bytes[i + 1]
    const c = bytes[i + 2]
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0)
    out += ALPHABET[(n >> 18) & 63]
    out += ALPHABET[(n >> 12) & 63]
    out += b === undefined ? '=' : ALPHABET[(n >> 6) & 63]
    out += c === undefined ? '=' : ALPHABET[n & 63]
  }
  return out
}

/** The base64 of a string's UTF-8 bytes. */
export function base64Utf8(text: string): string {
  return base64Bytes(utf8(text))
}

/** The number of bytes a valid padded base64 string decodes to, or undefined when it is not one. */
export function base64DecodedLength(text: string): number | undefined {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return undefined
  const pad = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0
  return (text.length / 4) * 3 - pad
}
