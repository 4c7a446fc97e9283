import { describe, expect, it } from 'vitest'
import { decodeUtf8 } from '../protocol/utf8'

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)))

describe('decodeUtf8', () => {
  it('decodes UTF-8, multi-byte characters included, and drops a BOM', () => {
    expect(decodeUtf8(bytes([0xef, 0xbb, 0xbf], 'a: é€😀\n'))).toEqual({ ok: true, text: 'a: é€😀\n' })
  })

  it.each([
    ['a Latin-1 byte', bytes('a: b\nc: caf', [0xe9], '\n'), 0xe9, 2, 7],
    ['a continuation byte alone', bytes('x: ', [0x80]), 0x80, 1, 4],
    ['an overlong NUL', bytes('é: ', [0xc0, 0x80]), 0xc0, 1, 4],
    ['an encoded surrogate', bytes('a\n€ ', [0xed, 0xa0, 0x80]), 0xed, 2, 3],
    ['a sequence cut at the end', bytes('abc', [0xe2, 0x82]), 0xe2, 1, 4],
    ['a code point over U+10FFFF', bytes([0xf4, 0x90, 0x80, 0x80]), 0xf4, 1, 1],
  ])('says where %s is, counting characters as an editor does', (_name, input, byte, line, column) => {
    const hex = byte.toString(16).toUpperCase()
    expect(decodeUtf8(input)).toEqual({
      ok: false,
      line,
      column,
      message: `invalid UTF-8: byte 0x${hex} at line ${line}, column ${column} (manifests must be UTF-8 text; is this a binary file?)`,
    })
  })
})
