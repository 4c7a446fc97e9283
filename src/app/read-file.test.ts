import { describe, expect, it } from 'vitest'
import { NotUtf8Error, readTextFile } from './read-file'

describe('readTextFile', () => {
  it('reads UTF-8, dropping a byte-order mark', async () => {
    const blob = new Blob([new Uint8Array([0xef, 0xbb, 0xbf]), 'kind: Pod # é€\n'])
    await expect(readTextFile(blob)).resolves.toBe('kind: Pod # é€\n')
  })

  it('refuses bytes that are not UTF-8, saying where, instead of replacing them', async () => {
    const latin1 = new Blob(['kind: Pod\nmetadata:\n  name: caf', new Uint8Array([0xe9]), '\n'])
    const error = await readTextFile(latin1).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NotUtf8Error)
    expect(error).toMatchObject({
      line: 3,
      message:
        'invalid UTF-8: byte 0xE9 at line 3, column 12 (manifests must be UTF-8 text; is this a binary file?)',
    })
  })
})
