/**
 * VolumeBinding: a pod's PersistentVolumeClaims must exist, be bound, and their volumes must be
 * reachable from the node.
 * - PreFilter: Skip when no volume uses a claim (`persistentVolumeClaim`, or `ephemeral`, whose claim
 *   is `<pod>-<volume>`). A missing claim, a Lost claim, a claim being deleted, or an ephemeral claim
 *   the pod does not control rejects the pod (UnschedulableAndUnresolvable, upstream's texts). A
 *   claim is bound when it has spec.volumeName and the `pv.kubernetes.io/bind-completed` annotation;
 *   any other claim is unbound, and since podflow has no StorageClass objects every unbound claim is
 *   in Immediate binding mode (volume.IsDelayBindingMode says false for a missing or empty class),
 *   so the pod waits: `pod has unbound immediate PersistentVolumeClaims`.
 * - Filter: each bound claim's PersistentVolume must exist and its spec.nodeAffinity.required must
 *   match the node's labels (UnschedulableAndUnresolvable).
 * - Reserve / PreBind: upstream assumes and then writes PV/PVC bindings for claims it matched in
 *   Filter. Here every pod that passes PreFilter has only bound claims, which is upstream's
 *   "all bound" path: Reserve and PreBind succeed without touching the apiserver.
 * - PreScore / Score are not implemented: upstream only scores with the StorageCapacityScoring gate
 *   (alpha in v1.33, off by default); without it PreScore returns Skip.
 *
 * Not simulated: StorageClasses (WaitForFirstConsumer, allowedTopologies), matching unbound claims
 * to available PVs, dynamic provisioning, CSIStorageCapacity, in-tree → CSI translation of PVs
 * (needs CSINode). So `node(s) didn't find available persistent volumes to bind` and
 * `node(s) did not have enough free storage` never occur.
 *
 * kube-scheduler: pkg/scheduler/framework/plugins/volumebinding/volume_binding.go (podHasPVCs,
 * PreFilter, Filter, EventsToRegister) and binder.go (GetPodVolumeClaims, isPVCFullyBound,
 * checkBoundClaims, the ConflictReason texts); staging/src/k8s.io/component-helpers/storage/volume
 * (IsDelayBindingMode, CheckNodeAffinity) and storage/ephemeral (VolumeClaimName, VolumeIsForPod).
 */
import type { NodeSelector, PersistentVolumeClaim, Volume } from 'kubernetes-types/core/v1'
import type { Node, Pod } from '../../../../api/types'
import type { Proc } from '../../../kernel/kernel'
import type { CycleState } from '../../framework/cycle-state'
import { ActionType, type EventResource, UPDATE } from '../../framework/events'
import type {
  ClusterEventWithHint,
  EnqueueExtensions,
  FilterPlugin,
  Handle,
  PreBindPlugin,
  PreFilterOutcome,
  PreFilterPlugin,
  PreScorePlugin,
  ReservePlugin,
  ScorePlugin,
} from '../../framework/interfaces'
import type { Listers } from '../../framework/listers'
import type { NodeInfo } from '../../framework/node-info'
import { constStatus, errorStatus, newStatus, SKIP, type Status } from '../../framework/status'
import { matchNodeSelector } from '../helper/node-affinity'

export const NAME = 'VolumeBinding'
export const ERR_REASON_UNBOUND_IMMEDIATE = 'pod has unbound immediate PersistentVolumeClaims'
export const ERR_REASON_NODE_CONFLICT = 'node(s) had volume node affinity conflict'
export const ERR_REASON_PV_NOT_EXIST =
  'node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s)'

/** The annotation the PV controller sets once a claim is fully bound (volume.AnnBindCompleted). */
export const ANN_BIND_COMPLETED = 'pv.kubernetes.io/bind-completed'

/** apierrors.NewNotFound(persistentvolumeclaim).Error(), as the lister returns it. */
export const claimNotFound = (name: string): string => `persistentvolumeclaim "${name}" not found`

const STATE_KEY = NAME

/**
 * Resources EventResource does not list yet (framework/events.ts). Widened here so the
 * registrations compile; the queue only delivers them once it emits PVC/PV events.
 */
const PVC_RESOURCE = 'PersistentVolumeClaim' satisfies EventResource
const PV_RESOURCE = 'PersistentVolume' satisfies EventResource

const NODE_CONFLICT = constStatus('UnschedulableAndUnresolvable', ERR_REASON_NODE_CONFLICT, NAME)
const PV_NOT_EXIST = constStatus('UnschedulableAndUnresolvable', ERR_REASON_PV_NOT_EXIST, NAME)

/** What PreFilter found: the pod's bound claims (Filter checks their volumes per node). */
interface StateData {
  readonly boundClaims: readonly PersistentVolumeClaim[]
}

/** The claim a volume uses: `claimName`, or `<pod>-<volume>` for a generic ephemeral volume. */
function claimNameOf(pod: Pod, vol: Volume): { name: string; ephemeral: boolean } | null {
  if (vol.persistentVolumeClaim) return { name: vol.persistentVolumeClaim.claimName, ephemeral: false }
  if (vol.ephemeral) return { name: `${pod.metadata?.name ?? ''}-${vol.name}`, ephemeral: true }
  return null
}

/** ephemeral.VolumeIsForPod: the claim is in the pod's namespace and the pod is its controller. */
function ephemeralClaimError(pod: Pod, pvc: PersistentVolumeClaim): string | null {
  const ns = pod.metadata?.namespace ?? ''
  const controlled = (pvc.metadata?.ownerReferences ?? []).some(
    (r) => r.controller === true && r.uid === pod.metadata?.uid,
  )
  if ((pvc.metadata?.namespace ?? '') === ns && controlled) return null
  return `PVC ${pvc.metadata?.namespace ?? ''}/${pvc.metadata?.name ?? ''} was not created for pod ${ns}/${pod.metadata?.name ?? ''} (pod is not owner)`
}

/** isPVCFullyBound. */
export function isClaimFullyBound(pvc: PersistentVolumeClaim): boolean {
  const annotations = pvc.metadata?.annotations
  return !!pvc.spec?.volumeName && annotations !== undefined && Object.hasOwn(annotations, ANN_BIND_COMPLETED)
}

/** volume.CheckNodeAffinity: matched against a node that has only these labels (no name). */
function volumeNodeAffinityMatches(required: NodeSelector | undefined, node: Node): boolean {
  if (!required) return true
  const labelsOnly: Node = { metadata: { labels: node.metadata?.labels ?? {} } }
  return matchNodeSelector(labelsOnly, required)
}

export class VolumeBinding
  implements
    PreFilterPlugin,
    FilterPlugin,
    PreScorePlugin,
    ScorePlugin,
    ReservePlugin,
    PreBindPlugin,
    EnqueueExtensions
{
  readonly name = NAME
  private readonly listers: Listers

  constructor(handle: Pick<Handle, 'listers'>) {
    this.listers = handle.listers
  }

  /**
   * podHasPVCs, then GetPodVolumeClaims: the first problem rejects the pod; otherwise the claims
   * are all bound or some are unbound (Immediate).
   */
  preFilter(state: CycleState, pod: Pod): PreFilterOutcome {
    const ns = pod.metadata?.namespace ?? ''
    const claims: PersistentVolumeClaim[] = []
    for (const vol of pod.spec?.volumes ?? []) {
      const ref = claimNameOf(pod, vol)
      if (ref === null) continue
      const pvc = this.listers.persistentVolumeClaims.get(ns, ref.name)
      if (!pvc) {
        const text = ref.ephemeral
          ? `waiting for ephemeral volume controller to create the persistentvolumeclaim "${ref.name}"`
          : claimNotFound(ref.name)
        return reject(text)
      }
      if (pvc.status?.phase === 'Lost') {
        return reject(
          `persistentvolumeclaim "${ref.name}" bound to non-existent persistentvolume "${pvc.spec?.volumeName ?? ''}"`,
        )
      }
      if (pvc.metadata?.deletionTimestamp)
        return reject(`persistentvolumeclaim "${ref.name}" is being deleted`)
      if (ref.ephemeral) {
        const err = ephemeralClaimError(pod, pvc)
        if (err !== null) return reject(err)
      }
      claims.push(pvc)
    }
    if (claims.length === 0) {
      state.write(STATE_KEY, { boundClaims: [] } satisfies StateData)
      return { result: null, status: SKIP }
    }
    // No StorageClass exists, so no claim is in WaitForFirstConsumer mode: unbound means Immediate.
    if (claims.some((c) => !isClaimFullyBound(c))) return reject(ERR_REASON_UNBOUND_IMMEDIATE)
    state.write(STATE_KEY, { boundClaims: claims } satisfies StateData)
    return { result: null, status: null }
  }

  /** FindPodVolumes for bound claims (checkBoundClaims): stops at the first volume that fails. */
  filter(state: CycleState, _pod: Pod, nodeInfo: NodeInfo): Status | null {
    const s = state.read<StateData>(STATE_KEY)
    // CycleState.Read's ErrNotFound; unreachable, as Filter only runs after this PreFilter.
    if (s === undefined) return errorStatus('not found', NAME)
    const node = nodeInfo.node as Node
    for (const pvc of s.boundClaims) {
      const pv = this.listers.persistentVolumes.get('', pvc.spec?.volumeName ?? '')
      if (!pv) return PV_NOT_EXIST
      if (!volumeNodeAffinityMatches(pv.spec?.nodeAffinity?.required, node)) return NODE_CONFLICT
    }
    return null
  }

  /**
   * The scorer (storage capacity scoring) exists only with the StorageCapacityScoring gate, alpha
   * and off in v1.33: PreScore says Skip, so Score never runs. Both are here because the profile
   * lists VolumeBinding at PreScore and at Score (weight 1), as upstream's does.
   */
  preScore(): Status | null {
    return SKIP
  }

  score(): number {
    return 0
  }

  /** AssumePodVolumes finds every claim bound (the only case that reaches Reserve here). */
  reserve(_state: CycleState, _pod: Pod, _nodeName: string): Status | null {
    return null
  }

  /** Nothing was assumed, so nothing to revert. */
  unreserve(_state: CycleState, _pod: Pod, _nodeName: string): void {}

  /** allBound: no PV or PVC to update, no API call. */
  *preBind(_state: CycleState, _pod: Pod, _nodeName: string): Proc<Status | null> {
    return null
  }

  /** v1.33 with queueing hints on (the default); StorageClass/CSINode/CSIDriver/CSIStorageCapacity left out. */
  eventsToRegister(): readonly ClusterEventWithHint[] {
    return [
      {
        event: { resource: PVC_RESOURCE, actionType: ActionType.Add | UPDATE },
        // isSchedulableAfterPersistentVolumeClaimChange: a claim of this pod was created or changed.
        hint: (pod, _old, newObj) => {
          const pvc = newObj as PersistentVolumeClaim
          if ((pvc.metadata?.namespace ?? '') !== (pod.metadata?.namespace ?? '')) return 'QueueSkip'
          for (const vol of pod.spec?.volumes ?? []) {
            if (claimNameOf(pod, vol)?.name === pvc.metadata?.name) return 'Queue'
          }
          return 'QueueSkip'
        },
      },
      { event: { resource: PV_RESOURCE, actionType: ActionType.Add | UPDATE } },
      { event: { resource: 'Node', actionType: ActionType.Add | ActionType.UpdateNodeLabel } },
    ]
  }
}

function reject(reason: string): PreFilterOutcome {
  return { result: null, status: newStatus('UnschedulableAndUnresolvable', [reason], NAME) }
}
