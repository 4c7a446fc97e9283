/**
 * The in-tree plugin registry (pkg/scheduler/framework/plugins/registry.go): every plugin the
 * simulator implements, by its upstream name. The default profile keeps, in upstream order, the
 * default plugins found here — adding a plugin is adding its line.
 */
import type { PluginFactory, Registry } from '../framework/registry'
import { NAME as DEFAULT_BINDER, DefaultBinder } from './DefaultBinder/default-binder'
import {
  NAME as DEFAULT_PREEMPTION,
  DefaultPreemption,
  type DefaultPreemptionArgs,
} from './DefaultPreemption/default-preemption'
import { NAME as IMAGE_LOCALITY, ImageLocality } from './ImageLocality/image-locality'
import {
  NAME as INTER_POD_AFFINITY,
  InterPodAffinity,
  type InterPodAffinityArgs,
} from './InterPodAffinity/inter-pod-affinity'
import { NAME as NODE_AFFINITY, NodeAffinity, type NodeAffinityArgs } from './NodeAffinity/node-affinity'
import { NAME as NODE_NAME, NodeName } from './NodeName/node-name'
import { NAME as NODE_PORTS, NodePorts } from './NodePorts/node-ports'
import {
  BalancedAllocation,
  NAME as NODE_RESOURCES_BALANCED_ALLOCATION,
  type NodeResourcesBalancedAllocationArgs,
} from './NodeResourcesBalancedAllocation/balanced-allocation'
import { Fit, NAME as NODE_RESOURCES_FIT, type NodeResourcesFitArgs } from './NodeResourcesFit/fit'
import { NAME as NODE_UNSCHEDULABLE, NodeUnschedulable } from './NodeUnschedulable/node-unschedulable'
import { CSILimits, NAME as NODE_VOLUME_LIMITS } from './NodeVolumeLimits/csi'
import type { PodTopologySpreadArgs } from './PodTopologySpread/args'
import { NAME as POD_TOPOLOGY_SPREAD, PodTopologySpread } from './PodTopologySpread/pod-topology-spread'
import { NAME as PRIORITY_SORT, PrioritySort } from './PrioritySort/priority-sort'
import { NAME as SCHEDULING_GATES, SchedulingGates } from './SchedulingGates/scheduling-gates'
import { NAME as TAINT_TOLERATION, TaintToleration } from './TaintToleration/taint-toleration'
import { NAME as VOLUME_BINDING, VolumeBinding } from './VolumeBinding/volume-binding'
import { NAME as VOLUME_RESTRICTIONS, VolumeRestrictions } from './VolumeRestrictions/volume-restrictions'
import { NAME as VOLUME_ZONE, VolumeZone } from './VolumeZone/volume-zone'

export const IN_TREE_REGISTRY: Registry = new Map<string, PluginFactory>([
  [SCHEDULING_GATES, () => new SchedulingGates()],
  [PRIORITY_SORT, () => new PrioritySort()],
  [NODE_UNSCHEDULABLE, () => new NodeUnschedulable()],
  [NODE_NAME, () => new NodeName()],
  [TAINT_TOLERATION, () => new TaintToleration()],
  [NODE_AFFINITY, (args) => new NodeAffinity(args as NodeAffinityArgs | undefined)],
  [NODE_PORTS, () => new NodePorts()],
  [NODE_RESOURCES_FIT, (args) => new Fit(args as NodeResourcesFitArgs | undefined)],
  [VOLUME_RESTRICTIONS, (_args, handle) => new VolumeRestrictions(handle)],
  [NODE_VOLUME_LIMITS, (_args, handle) => new CSILimits(handle)],
  [VOLUME_BINDING, (_args, handle) => new VolumeBinding(handle)],
  [VOLUME_ZONE, (_args, handle) => new VolumeZone(handle)],
  [
    POD_TOPOLOGY_SPREAD,
    (args, handle) => new PodTopologySpread(handle, args as PodTopologySpreadArgs | undefined),
  ],
  [
    INTER_POD_AFFINITY,
    (args, handle) => new InterPodAffinity(handle, args as InterPodAffinityArgs | undefined),
  ],
  [
    DEFAULT_PREEMPTION,
    (args, handle) =>
      new DefaultPreemption(handle, {
        minCandidateNodesPercentage: 10,
        minCandidateNodesAbsolute: 100,
        ...(args as DefaultPreemptionArgs | undefined),
      }),
  ],
  [
    NODE_RESOURCES_BALANCED_ALLOCATION,
    (args) => new BalancedAllocation(args as NodeResourcesBalancedAllocationArgs | undefined),
  ],
  [IMAGE_LOCALITY, (_args, handle) => new ImageLocality(handle)],
  [DEFAULT_BINDER, (_args, handle) => new DefaultBinder(handle)],
])
