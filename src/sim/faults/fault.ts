/**
 * What-if faults: failures a scenario injects at a virtual time, one module each. Like a user
 * action, a fault is part of the scenario, so the run stays a pure function of it: injecting one at
 * a past time forks the future, and the trace up to that time comes out the same.
 *
 * | fault                 | stands for                                                  | module                  |
 * | --------------------- | ----------------------------------------------------------- | ----------------------- |
 * | `node-down`           | a machine that stops, or a partition from the control plane | node-down.ts            |
 * | `drop-message`        | a connection that dies with one message on it               | drop-message.ts         |
 * | `delay-message`       | a stall on one connection                                   | delay-message.ts        |
 * | `image-pull-failure`  | an image gone, made private, or a registry outage           | image-pull-failure.ts   |
 * | `crash-container`     | a process that crashes or is killed                         | crash-container.ts      |
 * | `webhook-timeout`     | an admission webhook that hangs                             | webhook-timeout.ts      |
 * | `slow-etcd`           | a slow disk or an overloaded etcd                           | slow-etcd.ts            |
 */
import type { FaultContext, FaultDone } from './context'
import { type CrashContainerFault, scheduleCrashContainer } from './crash-container'
import { type DelayMessageFault, scheduleDelayMessage } from './delay-message'
import { type DropMessageFault, scheduleDropMessage } from './drop-message'
import { type ImagePullFailureFault, scheduleImagePullFailure } from './image-pull-failure'
import { type NodeDownFault, scheduleNodeDown } from './node-down'
import { type SlowEtcdFault, scheduleSlowEtcd } from './slow-etcd'
import { scheduleWebhookTimeout, type WebhookTimeoutFault } from './webhook-timeout'

export type {
  CrashContainerFault,
  DelayMessageFault,
  DropMessageFault,
  ImagePullFailureFault,
  NodeDownFault,
  SlowEtcdFault,
  WebhookTimeoutFault,
}

export type FaultAction =
  | NodeDownFault
  | DropMessageFault
  | DelayMessageFault
  | ImagePullFailureFault
  | CrashContainerFault
  | WebhookTimeoutFault
  | SlowEtcdFault

export type FaultType = FaultAction['type']

export const FAULT_TYPES: ReadonlySet<string> = new Set<FaultType>([
  'node-down',
  'drop-message',
  'delay-message',
  'image-pull-failure',
  'crash-container',
  'webhook-timeout',
  'slow-etcd',
])

export const isFaultAction = (a: { readonly type: string }): a is FaultAction => FAULT_TYPES.has(a.type)

/**
 * Set the fault up before the run starts (at construction: message faults must be planned before
 * their message is sent); it acts at its time and then calls `done` with what it did. Throws when
 * it names a node, server or image the cluster cannot have (read.ts checks these first).
 */
export function scheduleFault(ctx: FaultContext, fault: FaultAction, done: FaultDone): void {
  switch (fault.type) {
    case 'node-down':
      scheduleNodeDown(ctx, fault, done)
      return
    case 'drop-message':
      scheduleDropMessage(ctx, fault, done)
      return
    case 'delay-message':
      scheduleDelayMessage(ctx, fault, done)
      return
    case 'image-pull-failure':
      scheduleImagePullFailure(ctx, fault, done)
      return
    case 'crash-container':
      scheduleCrashContainer(ctx, fault, done)
      return
    case 'webhook-timeout':
      scheduleWebhookTimeout(ctx, fault, done)
      return
    case 'slow-etcd':
      scheduleSlowEtcd(ctx, fault, done)
      return
  }
}
