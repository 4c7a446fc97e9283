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
import { NAME as NODE_AFFINITY, NodeAffinity, type NodeAffinityArgs } from './NodeAffinity/node-affinity'
import { NAME as NODE_NAME, NodeName } from './NodeName/node-name'
import { Fit, NAME as NODE_RESOURCES_FIT, type NodeResourcesFitArgs } from './NodeResourcesFit/fit'
import { NAME as NODE_UNSCHEDULABLE, NodeUnschedulable } from './NodeUnschedulable/node-unschedulable'
import { NAME as PRIORITY_SORT, PrioritySort } from './PrioritySort/priority-sort'
import { NAME as SCHEDULING_GATES, SchedulingGates } from './SchedulingGates/scheduling-gates'
import { NAME as TAINT_TOLERATION, TaintToleration } from './TaintToleration/taint-toleration'

export const IN_TREE_REGISTRY: Registry = new Map<string, PluginFactory>([
  [SCHEDULING_GATES, () => new SchedulingGates()],
  [PRIORITY_SORT, () => new PrioritySort()],
  [NODE_UNSCHEDULABLE, () => new NodeUnschedulable()],
  [NODE_NAME, () => new NodeName()],
  [TAINT_TOLERATION, () => new TaintToleration()],
  [NODE_AFFINITY, (args) => new NodeAffinity(args as NodeAffinityArgs | undefined)],
  [NODE_RESOURCES_FIT, (args) => new Fit(args as NodeResourcesFitArgs | undefined)],
  [
    DEFAULT_PREEMPTION,
    (args, handle) =>
      new DefaultPreemption(handle, {
        minCandidateNodesPercentage: 10,
        minCandidateNodesAbsolute: 100,
        ...(args as DefaultPreemptionArgs | undefined),
      }),
  ],
  [DEFAULT_BINDER, (_args, handle) => new DefaultBinder(handle)],
])
