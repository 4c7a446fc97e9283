/** Test helper: a worker the bridge can talk to, that records commands and posts as the worker does. */
import { MessagePacker } from '../../protocol/message-pack'
import type { Command, WirePost, WireReset, WorkerEvent } from '../../protocol/messages'
import type { WorkerLike } from '../bridge'

export class FakeWorker implements WorkerLike {
  onmessage: ((e: MessageEvent) => void) | null = null
  onerror: ((e: ErrorEvent) => void) | null = null
  readonly commands: Command[] = []
  terminated = false
  private readonly packer = new MessagePacker()

  postMessage(command: Command): void {
    this.commands.push(structuredClone(command))
  }
  terminate(): void {
    this.terminated = true
  }
  /** Post as the worker does: a frame's messages packed. */
  emit(event: WorkerEvent | WireReset): void {
    let data: WirePost
    if (event.type === 'frame') {
      const { messages, ...frame } = event
      data = { ...frame, packed: this.packer.pack(messages) }
    } else data = event
    this.onmessage?.({ data: structuredClone(data) } as MessageEvent)
  }
  /** An error nothing in the worker caught, as the browser reports it to the page. */
  crash(message: string): void {
    this.onerror?.({ message, preventDefault: () => undefined } as ErrorEvent)
  }
  last<T extends Command['type']>(type: T): Extract<Command, { type: T }> {
    const found = this.commands.filter((c): c is Extract<Command, { type: T }> => c.type === type).at(-1)
    if (!found) throw new Error(`no ${type} command`)
    return found
  }
  of<T extends Command['type']>(type: T): Array<Extract<Command, { type: T }>> {
    return this.commands.filter((c): c is Extract<Command, { type: T }> => c.type === type)
  }
}
