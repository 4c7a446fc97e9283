/**
 * framework.NodeToStatus: why each node was rejected in one attempt, plus one status standing for
 * every node not in the map (nodes a PreFilter ruled out, or all nodes when PreFilter failed).
 *
 * kube-scheduler: pkg/scheduler/framework/types.go (NodeToStatus, NewDefaultNodeToStatus).
 */
import { newStatus, type Status } from './status'

export class NodeToStatus {
  private readonly map = new Map<string, Status>()
  /** Nodes absent from the map have this status (default: UnschedulableAndUnresolvable, no reason). */
  absentNodesStatus: Status = newStatus('UnschedulableAndUnresolvable')

  set(node: string, status: Status): void {
    this.map.set(node, status)
  }

  get(node: string): Status {
    return this.map.get(node) ?? this.absentNodesStatus
  }

  has(node: string): boolean {
    return this.map.has(node)
  }

  get size(): number {
    return this.map.size
  }

  entries(): IterableIterator<[string, Status]> {
    return this.map.entries()
  }
}
