/** The command line as users type it: argument parsing in main.ts, through a real process. */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const TSX = join(process.cwd(), 'node_modules', '.bin', 'tsx')
const MAIN = join(process.cwd(), 'src', 'cli', 'main.ts')

function sim(...args: string[]): { code: number; stdout: string; stderr: string } {
  try {
    const stdout = execFileSync(TSX, [MAIN, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
    return { code: 0, stdout, stderr: '' }
  } catch (e) {
    const err = e as { status: number; stdout: string; stderr: string }
    return { code: err.status, stdout: err.stdout, stderr: err.stderr }
  }
}

const dir = mkdtempSync(join(tmpdir(), 'podflow-cli-'))
const file = join(dir, 'pod.yaml')
writeFileSync(
  file,
  'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n  creationTimestamp: "2025-05-01T10:00:00Z"\nspec:\n  containers:\n  - name: app\n    image: nginx\nstatus:\n  phase: Pending\n',
)

describe('npm run sim -- get / describe', () => {
  it('parses get pods -owide -A --now FILE', () => {
    const out = sim('get', 'po', '-owide', '-A', '--now', '2025-05-01T10:00:30Z', file)
    expect(out).toEqual({
      code: 0,
      stderr: '',
      stdout: [
        'NAMESPACE   NAME   READY   STATUS    RESTARTS   AGE   IP       NODE     NOMINATED NODE   READINESS GATES',
        '            web    0/1     Pending   0          30s   <none>   <none>   <none>           <none>',
        '',
      ].join('\n'),
    })
  }, 30_000)

  it('parses describe pod NAME FILE, and refuses what it cannot do', () => {
    const described = sim('describe', 'pod', 'web', '--now', '2025-05-01T10:00:30Z', file)
    expect(described.code).toBe(0)
    expect(described.stdout).toMatch(/^Name: {9}web\nNamespace: {4}\nNode: {9}<none>\n/)
    expect(sim('describe', 'deploy', 'web', file)).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^error: describe: unsupported resource "deploy"\n/),
    })
    expect(sim('get', 'pods', '--now', 'yesterday', file)).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^error: --now: invalid time "yesterday"/),
    })
    expect(sim('get', 'pods', '-o', 'yaml', file)).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^error: get: unsupported output format "yaml"/),
    })
  }, 60_000)
})
