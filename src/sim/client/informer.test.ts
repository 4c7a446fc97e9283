/**
 * Informer against the real etcd + kube-apiserver: LIST, then WATCH from the list's
 * resourceVersion, the cache, the handlers, and the relist after an ERROR event.
 */
import { describe, expect, it, vi } from 'vitest'
import { NODES, PODS } from '../../api/resources'
import { gone } from '../../api/status'
import type { Binding, KubeObject, Node, Pod } from '../../api/types'
import type { HttpRequest, WatchEvent } from '../apiserver/http'
import { Kernel } from '../kernel/kernel'
import { APISERVER, type Message } from '../kernel/trace'
import { startApiServer, TestClient } from '../testing/apiserver'
import { makePod, Probe } from '../testing/builders'
import { CacheIndex } from './cache-index'
import { type EventHandlers, Informer } from './informer'

/** etcd's revision once bootstrap is written: the test's own writes count from it. */
const BOOT_REVISION = startApiServer().etcd.store.revision
/** The revision of the test's k-th write, as a resourceVersion string. */
const r = (k: number) => String(BOOT_REVISION + k)

function setup(options: ConstructorParameters<typeof Informer>[2] = {}, existing: Pod[] = []) {
  const t = startApiServer()
  const admin = new TestClient(t.kernel, 'admin')
  const watcher = new TestClient(t.kernel, 'watcher')
  const api = admin.client
  for (const p of existing) t.call(api.create(PODS, p.metadata?.namespace, p, 'submit'))
  const informer = new Informer<Pod>(watcher.client, PODS, options, 'kubelet-watch')
  const log: string[] = []
  const rv = (o: KubeObject) => o.metadata?.resourceVersion
  const via = (m: Message | undefined) => (m ? m.summary : '(list)')
  const handlers: EventHandlers<Pod> = {
    add: (o, m) => log.push(`add ${o.metadata?.name}@${rv(o)} ${via(m)}`),
    update: (o, n, m) => log.push(`update ${n.metadata?.name}@${rv(o)}->${rv(n)} ${via(m)}`),
    delete: (o, m) => log.push(`delete ${o.metadata?.name}@${rv(o)} ${via(m)}`),
  }
  informer.addEventHandler(handlers)
  /** The watcher's requests, as summaries. */
  const requests = () =>
    t.kernel.trace.filter((m) => m.from === 'watcher' && m.kind === 'http-request').map((m) => m.summary)
  const label = (name: string, labels: Record<string, string>) =>
    t.call(
      api.patch(PODS, 'default', name, { metadata: { labels } }, 'application/merge-patch+json', 'submit'),
    )
  const bind = (name: string, node: string) =>
    t.call(
      api.createSubresource(
        PODS,
        'default',
        name,
        'binding',
        {
          apiVersion: 'v1',
          kind: 'Binding',
          metadata: { name },
          target: { kind: 'Node', name: node },
        } as Binding,
        'bind',
      ),
    )
  return { t, api, watcher, informer, log, requests, label, bind }
}

const names = (objs: readonly KubeObject[]) => objs.map((o) => o.metadata?.name)

describe('Informer', () => {
  it('LISTs, then WATCHes from the list’s resourceVersion', () => {
    const { t, informer, requests } = setup({}, [makePod('a').build(), makePod('b').build()])
    t.call(informer.run())
    const list = t.kernel.trace.find((m) => m.to === 'watcher' && m.kind === 'http-response') as Message<{
      body: { metadata: { resourceVersion: string } }
    }>
    const listRv = list.payload.body.metadata.resourceVersion
    expect(listRv).toBe(`${r(2)}`) // the revision after the bootstrap objects (with the nodes' Leases) and the two Pods
    expect(requests()).toEqual(['GET /api/v1/pods', `GET /api/v1/pods?resourceVersion=${listRv}&watch=true`])
  })

  it.each([
    [{ namespace: 'kube-system' }, '/api/v1/namespaces/kube-system/pods', ''],
    [{ labelSelector: 'app=web' }, '/api/v1/pods', 'labelSelector=app=web&'],
    [{ fieldSelector: 'spec.nodeName=worker-1' }, '/api/v1/pods', 'fieldSelector=spec.nodeName=worker-1&'],
  ])('passes its namespace and selectors to both: %j', (options, path, query) => {
    const { t, informer, requests } = setup(options)
    t.call(informer.run())
    const listQuery = query ? `?${query.slice(0, -1)}` : ''
    expect(requests()).toEqual([
      `GET ${path}${listQuery}`,
      `GET ${path}?${query}resourceVersion=${r(0)}&watch=true`,
    ])
  })

  it('fills the cache from the list, keyed by namespace/name (name for cluster-scoped objects)', () => {
    const { t, informer } = setup({}, [
      makePod('a').build(),
      makePod('b').build(),
      makePod('c').namespace('kube-system').build(),
    ])
    t.call(informer.run())
    expect([...informer.store.keys()]).toEqual(['default/a', 'default/b', 'kube-system/c'])
    expect(names(informer.list())).toEqual(['a', 'b', 'c'])
    expect(informer.get('kube-system/c')?.metadata?.namespace).toBe('kube-system')
    expect(informer.get('default/c')).toBeUndefined()

    const nodes = new Informer<Node>(new TestClient(t.kernel, 'nodes').client, NODES, {}, 'boot')
    t.call(nodes.run())
    expect([...nodes.store.keys()]).toEqual(['control-plane', 'worker-1', 'worker-2', 'worker-3'])
  })

  it('indexes its cache: lookups by index values follow updates and deletes, in the cache’s order', () => {
    const { t, api, informer, label } = setup({}, [
      makePod('a').labels({ tier: 'web' }).build(),
      makePod('b').labels({ tier: 'db' }).build(),
    ])
    const byTier = (pod: Pod) => [pod.metadata?.labels?.tier ?? 'none']
    informer.addIndexer('tier', byTier)
    // Added again under the same name: the first one stays.
    informer.addIndexer('tier', () => ['other'])
    t.call(informer.run())
    t.call(api.create(PODS, 'default', makePod('c').labels({ tier: 'web' }).build(), 'submit'))
    t.run()
    expect(names(informer.byIndex('tier', 'web'))).toEqual(['a', 'c'])
    // b moves to web: it is listed where the cache has it (before c), not where it joined the index.
    label('b', { tier: 'web' })
    t.run()
    expect(names(informer.byIndex('tier', 'web'))).toEqual(['a', 'b', 'c'])
    expect(informer.byIndex('tier', 'db')).toEqual([])
    label('a', { tier: 'db' })
    t.call(api.delete(PODS, 'default', 'c', 'delete'))
    t.run()
    expect(names(informer.byIndex('tier', 'web', 'db'))).toEqual(['a', 'b'])
    expect(names(informer.byIndex('tier', 'web', 'db'))).toEqual(
      names(informer.list().filter((p) => ['web', 'db'].includes(byTier(p)[0] as string))),
    )
    expect(() => informer.byIndex('zone', 'x')).toThrow(/no indexer zone/)
  })

  it('keeps an updated object in its index bucket when its index value did not change', () => {
    const { t, informer, label } = setup({}, [
      makePod('a').labels({ tier: 'web' }).build(),
      makePod('b').labels({ tier: 'web' }).build(),
    ])
    informer.addIndexer('tier', (pod: Pod) => [pod.metadata?.labels?.tier ?? 'none'])
    t.call(informer.run())
    const remove = vi.spyOn(CacheIndex.prototype, 'remove')
    let sort: ReturnType<typeof vi.spyOn> | undefined
    try {
      // An update that keeps the value (a status write, a new label) leaves the bucket alone, so
      // the bucket stays in cache order and a read does not sort it again.
      label('a', { tier: 'web', v: '2' })
      t.run()
      expect(remove).not.toHaveBeenCalled()
      sort = vi.spyOn(Array.prototype, 'sort')
      const web = informer.byIndex('tier', 'web')
      expect(sort).not.toHaveBeenCalled()
      sort.mockRestore()
      expect(names(web)).toEqual(['a', 'b'])
      label('a', { tier: 'db' })
      t.run()
      expect(remove).toHaveBeenCalledWith('web', 'default/a')
      expect(names(informer.byIndex('tier', 'db'))).toEqual(['a'])
    } finally {
      remove.mockRestore()
      sort?.mockRestore()
    }
  })

  it('is synced once the listed objects are in the cache and their handlers ran', () => {
    const { t, informer } = setup({}, [makePod('a').build()])
    const syncedInHandler: boolean[] = []
    informer.addEventHandler({ add: () => syncedInHandler.push(informer.hasSynced) })
    expect(informer.hasSynced).toBe(false)
    t.call(informer.run())
    expect(syncedInHandler).toEqual([false])
    expect(informer.hasSynced).toBe(true)
  })

  it('calls add, update and delete in order: list adds without a message, then watch events', () => {
    const { t, api, informer, log, label } = setup({}, [makePod('a').build()])
    t.call(informer.run())
    t.call(api.create(PODS, 'default', makePod('b').build(), 'submit'))
    label('b', { tier: 'web' })
    label('a', { tier: 'db' })
    t.call(api.delete(PODS, 'default', 'b', 'delete'))
    expect(log).toEqual([
      `add a@${r(1)} (list)`,
      `add b@${r(2)} WATCH ADDED pods/b`,
      `update b@${r(2)}->${r(3)} WATCH MODIFIED pods/b`,
      `update a@${r(1)}->${r(4)} WATCH MODIFIED pods/a`,
      `delete b@${r(5)} WATCH DELETED pods/b`,
    ])
    expect(names(informer.list())).toEqual(['a'])
    expect(informer.get('default/a')?.metadata?.labels).toEqual({ tier: 'db' })
  })

  it('calls every registered handler, in registration order', () => {
    const { t, api, informer, log } = setup()
    informer.addEventHandler({ add: (o) => log.push(`second add ${o.metadata?.name}`) })
    informer.addEventHandler({}) // handlers may leave out any callback
    t.call(informer.run())
    t.call(api.create(PODS, 'default', makePod('a').build(), 'submit'))
    expect(log).toEqual([`add a@${r(1)} WATCH ADDED pods/a`, 'second add a'])
  })

  it('with a field selector, sees ADDED when an object starts matching (a Pod bound to its node)', () => {
    const { t, api, informer, log, bind } = setup({ fieldSelector: 'spec.nodeName=worker-1' }, [
      makePod('a').build(),
    ])
    t.call(informer.run())
    expect(informer.list()).toEqual([])
    t.call(api.create(PODS, 'default', makePod('b').build(), 'submit'))
    bind('b', 'worker-2') // never matches: nothing
    bind('a', 'worker-1')
    expect(log).toEqual([`add a@${r(4)} WATCH ADDED pods/a`])
    expect(informer.get('default/a')?.spec?.nodeName).toBe('worker-1')
    expect(names(informer.list())).toEqual(['a'])
  })

  it('with a label selector, sees DELETED when an object stops matching', () => {
    const { t, informer, log, label } = setup({ labelSelector: 'app=web' }, [
      makePod('a').labels({ app: 'web' }).build(),
    ])
    t.call(informer.run())
    label('a', { app: 'db' })
    label('a', { app: 'web' })
    expect(log).toEqual([
      `add a@${r(1)} (list)`,
      `delete a@${r(2)} WATCH DELETED pods/a`,
      `add a@${r(3)} WATCH ADDED pods/a`,
    ])
  })

  it('fails when its list is refused', () => {
    const { t, informer } = setup({ fieldSelector: 'spec.bogus=x' })
    expect(() => t.call(informer.run())).toThrow(
      'informer pods: list failed: field label not supported: spec.bogus',
    )
  })

  it('hears the changes made between its LIST and its WATCH (replayed before the watch’s response)', () => {
    const { t, api, informer, log } = setup({}, [makePod('a').build()])
    t.kernel.spawn(informer.run())
    // The LIST has been answered (at 16 ms) and the WATCH not yet sent when b is created.
    t.kernel.at(15, () => {
      t.kernel.spawn(api.create(PODS, 'default', makePod('b').build(), 'submit'))
    })
    t.run()
    expect(log).toEqual([`add a@${r(1)} (list)`, `add b@${r(2)} WATCH ADDED pods/b`])
    expect(names(informer.list())).toEqual(['a', 'b'])
  })

  it('lists again when its watch is refused with 410 Gone, as the reflector does', () => {
    const kernel = new Kernel({ seed: 1 })
    const apiserver = new Probe(kernel, APISERVER)
    const lists = [
      { rv: '5', items: [makePod('a').build()] },
      { rv: '9', items: [makePod('a').build(), makePod('b').build()] },
    ]
    let watches = 0
    apiserver.onReceive = (m, probe) => {
      if (m.kind !== 'http-request') return
      const req = m.payload as HttpRequest
      if (req.query?.watch !== 'true') {
        const next = lists.shift()
        probe.reply(m, 'reply', {
          code: 200,
          body: { kind: 'PodList', metadata: { resourceVersion: next?.rv }, items: next?.items },
        })
      } else if (watches++ === 0)
        probe.reply(m, 'reply', { code: 410, body: gone('too old resource version: 5') })
      else probe.reply(m, 'reply', { code: 200 })
    }
    const watcher = new TestClient(kernel, 'watcher')
    const informer = new Informer<Pod>(watcher.client, PODS, {}, 'kubelet-watch')
    const log: string[] = []
    informer.addEventHandler({ add: (o) => log.push(`add ${o.metadata?.name}`) })
    const p = kernel.spawn(informer.run())
    kernel.run()
    expect(p.done && p.error === undefined).toBe(true)
    expect(apiserver.received.map((m) => m.summary)).toEqual([
      'GET /api/v1/pods',
      'GET /api/v1/pods?resourceVersion=5&watch=true',
      'GET /api/v1/pods',
      'GET /api/v1/pods?resourceVersion=9&watch=true',
    ])
    expect(log).toEqual(['add a', 'add b'])
  })

  describe('after an ERROR event (410 Gone)', () => {
    /**
     * Pods a and b are listed; then, while the watcher's connection drops its events, a is
     * relabelled, b deleted and d created; then the watch reports ERROR.
     */
    function missedChanges() {
      const s = setup({}, [makePod('a').build(), makePod('b').build()])
      const { t, api, watcher, informer, log, label } = s
      t.call(informer.run())
      watcher.dropWatchEvents = true
      label('a', { tier: 'web' })
      t.call(api.delete(PODS, 'default', 'b', 'delete'))
      t.call(api.create(PODS, 'default', makePod('d').build(), 'submit'))
      watcher.dropWatchEvents = false
      expect(names(informer.list())).toEqual(['a', 'b']) // stale: it missed three events
      const watch = t.kernel.trace.find(
        (m) => m.from === 'watcher' && (m.payload as HttpRequest).query?.watch === 'true',
      ) as Message
      t.kernel.send<WatchEvent>({
        from: APISERVER,
        to: 'watcher',
        kind: 'watch-event',
        summary: 'WATCH ERROR',
        stage: 'status',
        payload: { watchId: watch.id, type: 'ERROR', object: gone('too old resource version: 39 (42)') },
      })
      log.length = 0
      t.run()
      return s
    }

    it('lists again and watches from the new list’s resourceVersion', () => {
      const { requests } = missedChanges()
      expect(requests()).toEqual([
        'GET /api/v1/pods',
        `GET /api/v1/pods?resourceVersion=${r(2)}&watch=true`,
        'GET /api/v1/pods',
        `GET /api/v1/pods?resourceVersion=${r(5)}&watch=true`,
      ])
    })

    it('catches the cache up: update for listed objects, add for new ones, delete for vanished ones', () => {
      const { informer, log } = missedChanges()
      expect(log).toEqual([
        `update a@${r(1)}->${r(3)} (list)`,
        `add d@${r(5)} (list)`,
        `delete b@${r(2)} (list)`,
      ])
      expect(names(informer.list())).toEqual(['a', 'd'])
      expect(informer.get('default/a')?.metadata?.labels).toEqual({ tier: 'web' })
      expect(informer.hasSynced).toBe(true)
    })

    it('stops the watch that reported the error and hears each later change once', () => {
      const { t, api, watcher, log } = missedChanges()
      log.length = 0
      t.call(api.create(PODS, 'default', makePod('e').build(), 'submit'))
      expect(log).toEqual([`add e@${r(6)} WATCH ADDED pods/e`])
      expect(watcher.other).toEqual([])
    })
  })

  it('passes the DELETED event’s object (at the deletion’s revision) to delete handlers, as client-go does', () => {
    const { t, api, informer, log } = setup({}, [makePod('a').build()])
    t.call(informer.run())
    t.call(
      api.patch(
        PODS,
        'default',
        'a',
        { metadata: { labels: { x: 'y' } } },
        'application/merge-patch+json',
        'submit',
      ),
    )
    t.call(api.delete(PODS, 'default', 'a', 'delete'))
    expect(log.at(-1)).toBe(`delete a@${r(3)} WATCH DELETED pods/a`)
  })
})
