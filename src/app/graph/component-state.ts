/**
 * The one-line state each component box shows at the cursor, as a pure function of the store's
 * trace slice. Each box selects its own string, so it re-renders only when that text changes.
 */

import { plural, type Translate, t } from '../i18n/i18n'
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

export function isControlComponent(id: string): id is ControlComponent {
  return (CONTROL_COMPONENTS as readonly string[]).includes(id)
}

/** The state line of a control-plane box at `atMs`. */
export function componentState(
  id: ControlComponent,
  revisions: RevisionIndex,
  atMs: number,
  tr: Translate = t,
): string {
  switch (id) {
    case KUBECTL:
      return tr('graph.state.kubectl')
    case APISERVER: {
      const w = etcdStatsAt(revisions, atMs).lastWrite
      if (!w) return tr('graph.state.noWrites')
      // The box fits about 26 characters; the name gives way.
      const head = `${w.verb} ${w.resource}/`
      return `${head}${middleEllipsis(w.name, Math.max(8, 26 - head.length))}`
    }
    case ETCD: {
      const s = etcdStatsAt(revisions, atMs)
      return tr('graph.state.etcd', {
        revision: s.revision,
        keys: plural(tr, s.keys, 'graph.state.keysOne', 'graph.state.keysOther'),
      })
    }
    case SCHEDULER: {
      const n = podsViewAt(revisions, atMs).unscheduled
      return n === 0
        ? tr('graph.state.noPodsToPlace')
        : plural(tr, n, 'graph.state.unscheduledOne', 'graph.state.unscheduledOther')
    }
    case CONTROLLER_MANAGER: {
      const d = countAt(revisions, 'deployments', atMs)
      const rs = countAt(revisions, 'replicasets', atMs)
      return tr('graph.state.controllers', {
        deployments: plural(tr, d, 'graph.state.deploymentsOne', 'graph.state.deploymentsOther'),
        replicasets: plural(tr, rs, 'graph.state.replicaSetsOne', 'graph.state.replicaSetsOther'),
      })
    }
    case REGISTRY:
      return tr('graph.state.registry')
    case WEBHOOKS:
      return tr('graph.state.webhooks')
  }
}

/** What the state line means, for the box's accessible name. */
export function stateMeaning(id: ControlComponent, tr: Translate = t): string {
  return tr(`graph.meaning.${id}`)
}
