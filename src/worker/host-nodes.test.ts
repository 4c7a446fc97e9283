import { describe, expect, it, vi } from 'vitest'
import type { ScenarioInput, WirePost } from '../protocol/messages'
import { WorkerHost } from './host'
import { FakeLoop } from './testing/fake-loop'

// The walk over a reset's Nodes, counted.
const walks = vi.hoisted(() => ({ count: 0 }))
vi.mock('../protocol/delta', async (importOriginal) => {
  const real = await importOriginal<typeof import('../protocol/delta')>()
  return {
    ...real,
    jsonEqual: (a: unknown, b: unknown) => {
      walks.count++
      return real.jsonEqual(a, b)
    },
  }
})

const NGINX =
  'apiVersion: v1\nkind: Pod\nmetadata:\n  name: nginx\nspec:\n  containers:\n  - name: nginx\n    image: nginx\n'
const node = (name: string) => `apiVersion: v1\nkind: Node\nmetadata:\n  name: ${name}\n`
const CLUSTER: ScenarioInput = { seed: 1, clusterYaml: node('n1'), actions: [] }

describe('WorkerHost: a reset’s Nodes', () => {
  it('are not walked for a fork, which keeps the cluster text; a new text is walked, and sent if they differ', () => {
    const loop = new FakeLoop()
    const host = new WorkerHost(loop)
    const resets = () =>
      loop.events().filter((e) => e.type === 'reset') as Extract<WirePost, { type: 'reset' }>[]
    host.handle({ type: 'load', scenario: CLUSTER })
    loop.drain()
    walks.count = 0
    host.handle({ type: 'apply', requestId: 1, yaml: NGINX, atMs: 0 })
    loop.drain()
    expect(walks.count).toBe(0)
    // Another text, the same Nodes (a comment): walked, and left out.
    host.handle({ type: 'load', scenario: { ...CLUSTER, clusterYaml: `# one node\n${node('n1')}` } })
    loop.drain()
    expect(walks.count).toBeGreaterThan(0)
    // Another text, other Nodes: sent.
    host.handle({ type: 'load', scenario: { ...CLUSTER, clusterYaml: node('n2') } })
    loop.drain()
    expect(resets().map((r) => r.nodes?.map((n) => n.metadata?.name).join(','))).toEqual([
      'n1',
      undefined,
      undefined,
      'n2',
    ])
  })
})
