/**
 * How many feasible nodes to find before Filter stops: in a large cluster the scheduler samples.
 *
 * kube-scheduler: pkg/scheduler/schedule_one.go (numFeasibleNodesToFind). Below 100 nodes, all.
 * Otherwise `percentageOfNodesToScore` (profile value, else global, 0 = adaptive:
 * 50 − nodes/125, at least 5) percent of the nodes, and never fewer than 100.
 * Examples: 1000 nodes → 420; 6000 → 300; 40% of 1000 → 400.
 */
export const MIN_FEASIBLE_NODES_TO_FIND = 100
export const MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND = 5

export function numFeasibleNodesToFind(
  percentageOfNodesToScore: number | undefined,
  numAllNodes: number,
): number {
  if (numAllNodes < MIN_FEASIBLE_NODES_TO_FIND) return numAllNodes
  let percentage = percentageOfNodesToScore ?? 0
  if (percentage === 0) {
    percentage = 50 - Math.trunc(numAllNodes / 125)
    if (percentage < MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND) percentage = MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND
  }
  const numNodes = Math.trunc((numAllNodes * percentage) / 100)
  return Math.max(numNodes, MIN_FEASIBLE_NODES_TO_FIND)
}
