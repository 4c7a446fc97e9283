/**
 * Standard base64 (RFC 4648 §4, with padding), as encoding/json writes a Go []byte: a Secret's
 * data, an AdmissionReview's patch. Plain TypeScript, since the simulation core has no
 * btoa/atob or Buffer (runtime/sha256.ts is plain for the same reason).
 */
import { utf8 } from './utf8'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** The base64 of a string's UTF-8 bytes. */
export function base64Encode(text: string): string {
  const bytes = utf8(text)
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

/** The UTF-8 text of standard base64 (a bad UTF-8 sequence reads as U+FFFD); undefined when it is not base64. */
export function base64Decode(data: string): string | undefined {
  const clean = data.replace(/=+$/, '')
  if (/[^A-Za-z0-9+/]/.test(clean) || clean.length % 4 === 1) return undefined
  const bytes: number[] = []
  let bits = 0
  let acc = 0
  for (const ch of clean) {
    acc = ((acc << 6) | ALPHABET.indexOf(ch)) & 0xffffff
    bits += 6
    if (bits >= 8) {
      bits -= 8
      bytes.push((acc >> bits) & 0xff)
    }
  }
  return utf8Text(bytes)
}

/** The number of bytes a valid padded base64 string decodes to, or undefined when it is not one. */
export function base64DecodedLength(text: string): number | undefined {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return undefined
  const pad = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0
  return (text.length / 4) * 3 - pad
}

/** UTF-8 bytes as text (a bad sequence reads as U+FFFD). */
function utf8Text(bytes: readonly number[]): string {
  let out = ''
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i] as number
    const n = b < 0x80 ? 0 : b >= 0xf0 ? 3 : b >= 0xe0 ? 2 : b >= 0xc0 ? 1 : -1
    if (n < 0 || i + n >= bytes.length) {
      out += '\ufffd'
      i++
      continue
    }
    let c = n === 0 ? b : b & (0x3f >> n)
    for (let k = 1; k <= n; k++) c = (c << 6) | ((bytes[i + k] as number) & 0x3f)
    out += String.fromCodePoint(c)
    i += n + 1
  }
  return out
}
