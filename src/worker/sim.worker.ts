/**
 * The simulation worker: the only code that touches postMessage. It runs the same simulation core
 * the CLI and the tests use (through Session, driven by WorkerHost), so what the page shows is
 * what `npm run sim` prints.
 */
import type { Command, WirePost } from '../protocol/messages'
import { WorkerHost } from './host'

/** The part of the worker global scope used here (the DOM lib has no WorkerGlobalScope). */
interface WorkerScope {
  onmessage: ((e: MessageEvent<Command>) => void) | null
  onmessageerror: ((e: MessageEvent) => void) | null
  postMessage(event: WirePost): void
}

const scope = self as unknown as WorkerScope

// A MessageChannel round trip yields to the event loop without setTimeout's 4 ms clamp.
const channel = new MessageChannel()
const deferred: Array<() => void> = []
channel.port1.onmessage = () => deferred.shift()?.()

const host = new WorkerHost(
  {
    post: (event) => scope.postMessage(event),
    now: () => performance.now(),
    defer: (fn) => {
      deferred.push(fn)
      channel.port2.postMessage(null)
    },
    later: (fn, ms) => {
      setTimeout(fn, ms)
    },
  },
  { ackFrames: true, maxPostBytes: 8 * 1024 },
)

scope.onmessage = (e) => {
  const command = e.data
  if (command?.type === 'fail') fail(command.how)
  else host.handle(command)
}

/**
 * For tests of the UI's recovery (the `fail` command): crash with an error nothing catches, or hang
 * in a loop that never yields (no ping is answered again; the UI terminates this worker).
 */
function fail(how: 'crash' | 'hang'): void {
  if (how === 'hang') for (;;) performance.now()
  setTimeout(() => {
    throw new Error('injected crash (a test asked this worker to fail)')
  })
}
scope.onmessageerror = () =>
  scope.postMessage({ type: 'error', message: 'the worker could not read a command' })
