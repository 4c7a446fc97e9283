/**
 * The bytes of a share link: zlib-wrapped deflate (CompressionStream 'deflate', in Chromium and in
 * Node ≥ 18) and base64url without padding. zlib rather than raw deflate: its Adler-32 checksum
 * turns a link with a changed character into an error, where raw deflate could inflate it into a
 * slightly different scenario and reproduce something the sender never saw (8 more characters).
 *
 * Inflating is bounded: the input goes in small pieces and the output is counted as it comes, so a
 * decompression bomb stops at the limit instead of filling memory.
 */

/** Each piece fed to the decompressor; deflate expands at most ~1032×, so ~1 MiB out per piece. */
const INFLATE_PIECE_BYTES = 1024

export async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>])
    .stream()
    .pipeThrough(new CompressionStream('deflate'))
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

export type InflateResult =
  | { readonly ok: true; readonly bytes: Uint8Array }
  | { readonly ok: false; readonly reason: 'corrupt' | 'too-large' }

/** Inflate `bytes`; never throws, and never holds much more than `maxBytes` of output. */
export async function inflate(bytes: Uint8Array, maxBytes: number): Promise<InflateResult> {
  let ds: DecompressionStream
  try {
    ds = new DecompressionStream('deflate')
  } catch {
    return { ok: false, reason: 'corrupt' }
  }
  const writer = ds.writable.getWriter()
  const reader = ds.readable.getReader()
  let stop = false
  // Feeding and reading run together: a write resolves once the decompressor has taken the piece,
  // which waits for the reader when its output piles up (backpressure).
  const feeding = (async () => {
    for (let i = 0; i < bytes.length && !stop; i += INFLATE_PIECE_BYTES) {
      await writer.ready
      await writer.write(bytes.slice(i, i + INFLATE_PIECE_BYTES))
    }
    if (!stop) await writer.close()
    return true
  })().catch(() => false)
  const chunks: Uint8Array[] = []
  let total = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      total += value.byteLength
      if (total > maxBytes) {
        stop = true
        await reader.cancel().catch(() => undefined)
        void writer.abort().catch(() => undefined)
        return { ok: false, reason: 'too-large' }
      }
      chunks.push(value)
    }
  } catch {
    stop = true
    void writer.abort().catch(() => undefined)
    return { ok: false, reason: 'corrupt' }
  }
  if (!(await feeding)) return { ok: false, reason: 'corrupt' }
  const out = new Uint8Array(total)
  let at = 0
  for (const c of chunks) {
    out.set(c, at)
    at += c.byteLength
  }
  // The stream must end exactly at the input's end, with its checksum: Chromium's
  // DecompressionStream refuses bytes after the end and a stream cut short (as the Compression
  // Streams spec says), Node 20's accepts both. Checking it here gives one answer everywhere.
  if (!endsWithChecksum(bytes, out)) return { ok: false, reason: 'corrupt' }
  return { ok: true, bytes: out }
}

/** Whether `input` ends with the Adler-32 (RFC 1950) of `output`, as a whole zlib stream does. */
function endsWithChecksum(input: Uint8Array, output: Uint8Array): boolean {
  if (input.length < 6) return false
  let a = 1
  let b = 0
  for (let i = 0; i < output.length; ) {
    // 5552: the most bytes before b can overflow 32 bits (zlib's NMAX).
    const end = Math.min(i + 5552, output.length)
    for (; i < end; i++) {
      a += output[i] as number
      b += a
    }
    a %= 65521
    b %= 65521
  }
  const n = input.length
  const stored =
    ((input[n - 4] as number) << 24) |
    ((input[n - 3] as number) << 16) |
    ((input[n - 2] as number) << 8) |
    (input[n - 1] as number)
  return stored >>> 0 === ((b << 16) | a) >>> 0
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
const VALUE = new Map([...ALPHABET].map((c, i) => [c, i]))

export function toBase64url(bytes: Uint8Array): string {
  let out = ''
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] as number
    const b = bytes[i + 1]
    const c = bytes[i + 2]
    out += ALPHABET[a >> 2]
    out += ALPHABET[((a & 3) << 4) | ((b ?? 0) >> 4)]
    if (b !== undefined) out += ALPHABET[((b & 15) << 2) | ((c ?? 0) >> 6)]
    if (c !== undefined) out += ALPHABET[c & 63]
  }
  return out
}

/** The first character that is not base64url, with its index, or undefined. */
export function badBase64Char(text: string): { readonly char: string; readonly index: number } | undefined {
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string
    if (!VALUE.has(ch)) return { char: String.fromCodePoint(text.codePointAt(i) ?? 0), index: i }
  }
  return undefined
}

/** Decode base64url (no padding); undefined when a character or the length is not base64url. */
export function fromBase64url(text: string): Uint8Array | undefined {
  if (text.length % 4 === 1 || badBase64Char(text)) return undefined
  const out = new Uint8Array(Math.floor((text.length * 3) / 4))
  let o = 0
  for (let i = 0; i < text.length; i += 4) {
    const a = VALUE.get(text[i] as string) as number
    const b = VALUE.get(text[i + 1] as string) as number
    const c = i + 2 < text.length ? (VALUE.get(text[i + 2] as string) as number) : undefined
    const d = i + 3 < text.length ? (VALUE.get(text[i + 3] as string) as number) : undefined
    out[o++] = (a << 2) | (b >> 4)
    if (c !== undefined) out[o++] = ((b & 15) << 4) | (c >> 2)
    if (d !== undefined && c !== undefined) out[o++] = ((c & 3) << 6) | d
  }
  return out
}
