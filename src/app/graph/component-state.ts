/**
 * The one-line state each component box shows at the cursor, as a pure function of the store's
 * trace slice. Each box selects its own string, so it re-renders only when that text changes.
 */

import { countAt, etcdStatsAt } from '../model/etcd-stats'
import type { RevisionIndex } from '../model/objects'
import { podsViewAt } from '../model/pods-view'
import { middleEllipsis } from './labels'
import {
  APISERVER,
  CONTROL_COMPONENTS,
  CONTROLLER_MANAGER,
  type ControlComponent,
  ETCD,
  KUBECTL,
  REGISTRY,
  SCHEDULER,
  WEBHOOKS,
} from './layout'

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

export function isControlComponent(id: string): id is ControlComponent {
  return (CONTROL_COMPONENTS as readonly string[]).includes(id)
}

/** The state line of a control-plane box at `atMs`. */
export function componentState(id: ControlComponent, revisions: RevisionIndex, atMs: number): string {
  switch (id) {
    case KUBECTL:
      return 'you, at the terminal'
    case APISERVER: {
      const w = etcdStatsAt(revisions, atMs).lastWrite
      if (!w) return 'no writes yet'
      // The box fits about 26 characters; the name gives way.
      const head = `${w.verb} ${w.resource}/`
      return `${head}${middleEllipsis(w.name, Math.max(8, 26 - head.length))}`
    }
    case ETCD: {
      const s = etcdStatsAt(revisions, atMs)
      return `revision ${s.revision} · ${plural(s.keys, 'key')}`
    }
    case SCHEDULER: {
      const n = podsViewAt(revisions, atMs).unscheduled
      return n === 0 ? 'no Pods to place' : `${plural(n, 'unscheduled Pod')}`
    }
    case CONTROLLER_MANAGER: {
      const d = countAt(revisions, 'deployments', atMs)
      const rs = countAt(revisions, 'replicasets', atMs)
      return `${plural(d, 'Deployment')} · ${plural(rs, 'ReplicaSet')}`
    }
    case REGISTRY:
      return 'image registry'
    case WEBHOOKS:
      return 'simulated servers'
  }
}

/** What the state line means, for the box's accessible name. */
export const STATE_MEANING: Readonly<Record<ControlComponent, string>> = {
  kubectl: 'the user',
  'kube-apiserver': 'last write',
  etcd: 'store',
  'kube-scheduler': 'queue',
  'kube-controller-manager': 'objects it reconciles',
  registry: 'serves images',
  webhooks: 'what it is',
}
