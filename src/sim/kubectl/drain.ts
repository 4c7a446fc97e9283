/**
 * `kubectl drain <node>` (v1.33, kubectl/pkg/cmd/drain/drain.go RunDrain and pkg/drain/drain.go):
 *
 * 1. GET the Node (the resource builder), then cordon it (cordon.ts) — a refused cordon is printed
 *    and the drain goes on, as upstream.
 * 2. GetPodsForDeletion: LIST the pods of every namespace with `fieldSelector=spec.nodeName=<node>`
 *    (`limit=500`, kubectl's default chunk size) and run the filters (drain-filters.ts). Any filter
 *    error stops the drain before anything is evicted; warnings are printed.
 * 3. evictPods: every pod at once (one goroutine each upstream, one process each here): print
 *    `evicting pod <ns>/<name>`, POST a policy/v1 Eviction to `pods/<name>/eviction`, then poll the
 *    pod with GET (wait.PollImmediate: at once, then every second on a ticker started after the
 *    first poll) until it is NotFound or has another UID, and print `pod/<name> evicted`.
 * 4. `node/<node> drained`, or the errors (drain-output.ts drainFailed).
 *
 * --timeout (0: infinite) is a deadline from the start of the evictions, checked before each
 * eviction and after each poll, as upstream's context. A drain without one could wait for ever in
 * the simulation as in reality (a pod whose node is down stays Terminating), which would keep the
 * cluster busy for ever: the simulated kubectl gives up after DRAIN_WAIT_LIMIT_MS of virtual time
 * from the start of the evictions, whatever the timeout, as a user pressing Ctrl-C would — it
 * prints nothing more (kubectl has no handler for the interrupt).
 *
 * Not simulated: the discovery request CheckEvictionSupport makes (the simulated apiserver serves
 * no discovery; eviction is always supported), --pod-selector, --disable-eviction, dry runs,
 * --skip-wait-for-delete-timeout, the 429 retry (there are no PodDisruptionBudgets), and
 * EnhanceListError's rewording of a 404/400 LIST (neither can happen here).
 */
import {
  aggregate,
  type DrainError,
  drainFailed,
  evictingPod,
  evictionError,
  globalTimeoutReached,
  namedOperation,
  type PodDelete,
  pendingPods,
  podDeleteErrors,
  podDeleteWarnings,
  standardErrorMessage,
  waitForDeleteError,
  warning,
} from '../../api/kubectl/drain-output'
import { PODS, resourceByName } from '../../api/resources'
import type { KubeObject, Pod, Status } from '../../api/types'
import type { ListBody } from '../apiserver/http'
import type { ApiClient, ApiResult } from '../client/client'
import { type Kernel, type Proc, Signal, sleep, wait } from '../kernel/kernel'
import type { DrainFlags } from '../scenario/scenario'
import { cordonOrUncordon, getNode } from './cordon'
import { filterPods } from './drain-filters'
import type { Terminal } from './terminal'

/** How long the simulated kubectl waits for evicted pods before giving up (10 min of virtual time). */
export const DRAIN_WAIT_LIMIT_MS = 600_000
/** waitForDelete's poll interval (pkg/drain/drain.go). */
export const POLL_INTERVAL_MS = 1_000
/** cmdutil.DefaultChunkSize: the pod LIST's `limit`. */
const CHUNK_SIZE = '500'

const INTERRUPTED = Symbol('interrupted')
type Interrupted = typeof INTERRUPTED

interface Drain {
  readonly kernel: Kernel
  readonly client: ApiClient
  readonly term: Terminal
  readonly node: string
  readonly flags: DrainFlags
}

/** RunDrain for one node: what kubectl prints goes to `term`. */
export function* drain(
  kernel: Kernel,
  client: ApiClient,
  node: string,
  flags: DrainFlags,
  term: Terminal,
): Proc {
  const got = yield* getNode(client, node)
  if (!got.ok) {
    // Complete() failed: checkErr prints the apiserver's error, nothing else happens.
    term.err(standardErrorMessage(got.status))
    return
  }
  yield* cordonOrUncordon(client, got.object, true, term)
  const errors = yield* deleteOrEvictPodsSimple({ kernel, client, term, node, flags })
  if (errors === INTERRUPTED) return
  if (errors.length === 0) term.out(namedOperation('node', node, 'drained'))
  else for (const line of drainFailed(node, errors)) term.err(line)
}

function* deleteOrEvictPodsSimple(d: Drain): Proc<DrainError[] | Interrupted> {
  const list = yield* getPodsForDeletion(d)
  if (list.errors.length) return list.errors
  const warnings = podDeleteWarnings(list.items)
  if (warnings) d.term.err(warning(warnings))
  const errors = yield* evictPods(d, list.pods)
  if (errors === INTERRUPTED || errors.length === 0) return errors
  // What is still there, to say which pods are left.
  const pending = yield* getPodsForDeletion(d)
  if (pending.pods.length) {
    const lines = pendingPods(
      d.node,
      errors.map((e) => e.message),
      pending.pods.map((p) => p.metadata?.name ?? ''),
    )
    for (const line of lines) d.term.err(line)
  }
  if (pending.errors.length) {
    // Upstream's Fprintf ends without a newline: the next line continues this one.
    const text = aggregate(pending.errors.map((e) => e.message))
    d.term.print('stderr', `Following errors occurred while getting the list of pods to delete:\n${text}`)
  }
  return errors
}

interface PodsForDeletion {
  /** Every pod listed, with its filter status. */
  readonly items: readonly PodDelete[]
  /** The pods to evict. */
  readonly pods: readonly Pod[]
  readonly errors: DrainError[]
}

function* getPodsForDeletion(d: Drain): Proc<PodsForDeletion> {
  const response = yield* d.client.request('GET', '/api/v1/pods', 'submit', {
    query: { fieldSelector: `spec.nodeName=${d.node}`, limit: CHUNK_SIZE },
  })
  if (response.code >= 300) {
    const status = response.body as Status
    return { items: [], pods: [], errors: [{ message: status.message ?? '', status }] }
  }
  const listed = (response.body as ListBody<Pod>).items
  const items = yield* filterPods(listed, d.flags, (namespace, name) =>
    getDaemonSet(d.client, namespace, name),
  )
  const pods = listed.filter((_, i) => items[i]?.status.delete)
  return { items, pods, errors: podDeleteErrors(items).map((message) => ({ message })) }
}

const DAEMON_SETS = resourceByName('apps', 'daemonsets')

function* getDaemonSet(client: ApiClient, namespace: string, name: string): Proc<ApiResult<KubeObject>> {
  if (!DAEMON_SETS) throw new Error('kubectl drain: the resource table has no daemonsets')
  return yield* client.get(DAEMON_SETS, namespace, name, 'submit')
}

type Outcome = DrainError | undefined | Interrupted

/** evictPods: every pod in parallel; the errors in the order their processes ended. */
function* evictPods(d: Drain, pods: readonly Pod[]): Proc<DrainError[] | Interrupted> {
  if (pods.length === 0) return []
  const timeoutMs = Math.round((d.flags.timeoutSeconds ?? 0) * 1000)
  const startMs = d.kernel.nowMs
  const limits = {
    timeoutMs,
    deadlineMs: timeoutMs > 0 ? startMs + timeoutMs : undefined,
    giveUpAtMs: startMs + DRAIN_WAIT_LIMIT_MS,
  }
  const outcomes: Outcome[] = []
  const joined = new Signal()
  const running = pods.map((pod) => {
    const p = d.kernel.spawn(evictAndWait(d, pod, limits), `kubectl drain: evict ${podKey(pod)}`)
    p.whenDone(() => {
      outcomes.push(p.result)
      d.kernel.notify(joined)
    })
    return p
  })
  while (!running.every((p) => p.done)) yield* wait(joined)
  if (outcomes.includes(INTERRUPTED)) return INTERRUPTED
  return outcomes.filter((o): o is DrainError => o !== undefined && o !== INTERRUPTED)
}

interface Limits {
  readonly timeoutMs: number
  readonly deadlineMs: number | undefined
  readonly giveUpAtMs: number
}

function* evictAndWait(d: Drain, pod: Pod, limits: Limits): Proc<Outcome> {
  const { kernel, client, term } = d
  const namespace = pod.metadata?.namespace ?? ''
  const name = pod.metadata?.name ?? ''
  const timedOut = () => limits.deadlineMs !== undefined && kernel.nowMs >= limits.deadlineMs
  term.out(evictingPod(namespace, name))
  if (timedOut()) return { message: evictionError(namespace, name, globalTimeoutReached(limits.timeoutMs)) }
  const evicted = yield* client.createSubresource(
    PODS,
    namespace,
    name,
    'eviction',
    eviction(pod, d.flags),
    'delete',
  )
  if (!evicted.ok) {
    // Gone already: nothing to wait for (and nothing printed).
    if (evicted.code === 404) return undefined
    return { message: evictionError(namespace, name, evicted.status.message ?? '') }
  }
  let tickerStartMs: number | undefined
  for (;;) {
    const got = yield* client.get<Pod>(PODS, namespace, name, 'delete')
    if (got.ok ? got.object.metadata?.uid !== pod.metadata?.uid : got.code === 404) {
      term.out(namedOperation('pod', name, 'evicted'))
      return undefined
    }
    if (!got.ok) {
      term.out(namedOperation('pod', name, 'eviction failed'))
      return { message: waitForDeleteError(namespace, name, got.status.message ?? '') }
    }
    if (timedOut())
      return { message: waitForDeleteError(namespace, name, globalTimeoutReached(limits.timeoutMs)) }
    if (kernel.nowMs >= limits.giveUpAtMs) return INTERRUPTED
    tickerStartMs ??= kernel.nowMs
    // The ticker's next tick; one that passed while a GET was out is dropped.
    const elapsed = kernel.nowMs - tickerStartMs
    yield* sleep((Math.floor(elapsed / POLL_INTERVAL_MS) + 1) * POLL_INTERVAL_MS - elapsed)
  }
}

/** EvictPod's body: a policy/v1 Eviction with the drain's DeleteOptions (--grace-period ≥ 0 only). */
function eviction(pod: Pod, flags: DrainFlags): KubeObject {
  const grace = flags.gracePeriodSeconds ?? -1
  return {
    apiVersion: 'policy/v1',
    kind: 'Eviction',
    metadata: { name: pod.metadata?.name, namespace: pod.metadata?.namespace },
    deleteOptions: grace >= 0 ? { gracePeriodSeconds: grace } : {},
  } as KubeObject
}

function podKey(pod: Pod): string {
  return `${pod.metadata?.namespace}/${pod.metadata?.name}`
}
