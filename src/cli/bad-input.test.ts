/**
 * The bad-input list (src/testing/bad-inputs.ts) through the CLI: runCli with each
 * file as main.ts reads it (its bytes), then the real process for the inputs only main.ts sees
 * (a binary file, invalid UTF-8). Each row gives kubectl-style errors naming the file and line
 * (exit 1) or the apiserver's answer, throws nothing, and the next run works.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BAD_INPUTS, GOOD } from '../testing/bad-inputs'
import { runCli } from './run'

const FILE = 'bad.yaml'

describe('bad input to the CLI (runCli)', () => {
  it.each(BAD_INPUTS.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const bytes = c.bytes ?? new TextEncoder().encode(c.text)
    const out = runCli([{ name: FILE, bytes }], { output: 'text' })
    const o = c.cli ?? c.outcome
    if ('stderr' in o) {
      expect(out).toEqual({ exitCode: 1, stdout: '', stderr: o.stderr })
    } else if ('refused' in o) {
      expect(out).toEqual({
        exitCode: 1,
        stdout: '',
        stderr: `${o.refused.map((p) => `error: ${FILE}:${p.line}: ${p.message}`).join('\n')}\n`,
      })
    } else if ('server' in o) {
      expect(out.exitCode).toBe(0)
      const reason = o.server.code === 400 ? 'BadRequest' : 'Invalid'
      expect(out.stderr).toBe(
        `Error from server (${reason}): error when creating "${FILE}": ${o.server.message}\n`,
      )
    } else {
      expect(out).toMatchObject({ exitCode: 0, stderr: '' })
      expect(out.stdout.split('\n')[0]).toBe(o.created)
    }
    // The next run is not affected.
    const next = runCli([{ name: 'good.yaml', text: GOOD }], { output: 'text' })
    expect(next).toMatchObject({ exitCode: 0, stderr: '' })
    expect(next.stdout.split('\n')[0]).toBe('pod/after created')
  })
})

describe('bad files through the real command (main.ts reads bytes)', () => {
  const TSX = join(process.cwd(), 'node_modules', '.bin', 'tsx')
  const MAIN = join(process.cwd(), 'src', 'cli', 'main.ts')
  const dir = mkdtempSync(join(tmpdir(), 'podflow-bad-'))

  function sim(file: string): { code: number; stdout: string; stderr: string } {
    try {
      const stdout = execFileSync(TSX, [MAIN, file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
      return { code: 0, stdout, stderr: '' }
    } catch (e) {
      const err = e as { status: number; stdout: string; stderr: string }
      return { code: err.status, stdout: err.stdout, stderr: err.stderr }
    }
  }

  it('says where a file stops being UTF-8, and refuses a binary file, with no stack trace', () => {
    const utf8 = BAD_INPUTS.find((c) => c.name === 'invalid UTF-8')
    const binary = BAD_INPUTS.find((c) => c.name === 'binary garbage')
    const a = join(dir, 'latin1.yaml')
    const b = join(dir, 'a.out')
    writeFileSync(a, utf8?.bytes as Uint8Array)
    // A real binary's first bytes: the ELF header and some machine code.
    writeFileSync(b, new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0x48, 0x89, 0xe5, 0xc3]))
    expect(sim(a)).toEqual({
      code: 1,
      stdout: '',
      stderr: `error: ${a}:8: invalid UTF-8: byte 0xC3 at line 8, column 15 (manifests must be UTF-8 text; is this a binary file?)\n`,
    })
    expect(sim(b)).toEqual({
      code: 1,
      stdout: '',
      stderr: `error: ${b}:1: invalid UTF-8: byte 0x89 at line 1, column 12 (manifests must be UTF-8 text; is this a binary file?)\n`,
    })
    expect(binary).toBeDefined()
  }, 60_000)
})
