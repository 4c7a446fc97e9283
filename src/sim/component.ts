/**
 * The base of every control-plane and node component that talks to the apiserver: it owns an
 * ApiClient and routes watch events to it. Components reach the world only through their client,
 * so every call they make is a message in the trace.
 */
import { ApiClient, type Credentials } from './client/client'
import type { Component, Kernel } from './kernel/kernel'
import type { ComponentId, Message } from './kernel/trace'

export abstract class ClientComponent implements Component {
  readonly client: ApiClient

  constructor(
    readonly kernel: Kernel,
    readonly id: ComponentId,
    credentials: Credentials,
    userAgent: string,
  ) {
    this.client = new ApiClient(kernel, id, credentials, userAgent)
  }

  /** Connect to the apiserver (informers: LIST then WATCH) and start the control loops. */
  abstract start(): void

  receive(message: Message): void {
    if (this.client.receive(message)) return
    this.receiveOther(message)
  }

  /** Messages that are neither replies nor this client's watch events (e.g. CRI events). */
  protected receiveOther(message: Message): void {
    throw new Error(`${this.id}: unexpected message ${message.id} (${message.kind} ${message.summary})`)
  }
}
