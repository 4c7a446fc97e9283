import { it } from 'vitest'
import type { WorkerEvent } from './protocol/messages'
import { Session } from './worker/session'

const NGINX =
  'apiVersion: v1\nkind: Pod\nmetadata:\n  name: nginx\nspec:\n  containers:\n  - name: nginx\n    image: nginx:1.27\n'
it('repro', () => {
  const s = new Session()
  const ev: WorkerEvent[] = []
  const settle = () => {
    for (let i = 0; i < 10000; i++) {
      const r = s.computeSome(250)
      ev.push(...r.events)
      if (!r.more) return
    }
  }
  s.cursor(0, false, 0.25, true)
  ev.push(...s.load({ seed: 1, clusterYaml: '', actions: [] }))
  settle()
  s.cursor(26, true, 0.25, true)
  ev.push(...s.apply(2, NGINX, 26))
  settle()
  s.cursor(1522, true, 0.25, true)
  ev.push(...s.apply(3, NGINX, 1522))
  settle()
  s.cursor(1700, true, 0.25, true)
  ev.push(...s.delete(4, { apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: 'nginx' }, 1739))
  settle()
  console.log(
    JSON.stringify(
      ev
        .filter((e) => e.type === 'applied' || e.type === 'error')
        .map((e) => [e.type, 'requestId' in e ? e.requestId : 0]),
    ),
  )
  s.cursor(1800, true, 0.25, true)
  settle()
  console.log(
    JSON.stringify(
      ev
        .filter((e) => e.type === 'applied' || e.type === 'error')
        .map((e) => [e.type, 'requestId' in e ? e.requestId : 0]),
    ),
  )
  s.cursor(40000, true, 0.25, true)
  settle()
  console.log(
    JSON.stringify(
      ev
        .filter((e) => e.type === 'applied' || e.type === 'error')
        .map((e) => [e.type, 'requestId' in e ? e.requestId : 0]),
    ),
  )
})
