/** Benchmark sizes: `full` is what docs/performance.md reports; `smoke` is what CI runs. */
export interface Sizes {
  readonly kernelEvents: number
  readonly basic: { nodes: number; initPods: number; measurePods: number }
  readonly anti: { nodes: number; initPods: number; measurePods: number }
  readonly deployments: ReadonlyArray<readonly [replicas: number, nodes: number]>
  readonly memory: { nodes: number; pods: number }
  /** Re-applies at the cursor (bench/reapply.ts), after a user's pause and in quick succession. */
  readonly reapply: {
    replicas: number
    workers: number
    applies: number
    pausesMs: readonly number[]
    warmupMs: number
  }
}

export const SIZES: Readonly<Record<'full' | 'smoke', Sizes>> = {
  // scheduler_perf's SchedulingBasic/5000Nodes_50000Pods and SchedulingPodAntiAffinity/5000Nodes.
  full: {
    kernelEvents: 2_000_000,
    basic: { nodes: 5000, initPods: 5000, measurePods: 50_000 },
    anti: { nodes: 5000, initPods: 1000, measurePods: 2000 },
    deployments: [
      [3, 4],
      [100, 20],
      [500, 100],
      [1000, 1000],
    ],
    // 150,000 Pods do not fit in the default heap yet (see docs/performance.md): the run measures
    // 20,000 and projects; `--memory-pods=150000` (with a larger --max-old-space-size) tries it.
    memory: { nodes: 5000, pods: 20_000 },
    // The browser benchmark's scenario: 99 replicas on 100 nodes.
    reapply: { replicas: 99, workers: 99, applies: 10, pausesMs: [2_000, 300], warmupMs: 10_000 },
  },
  smoke: {
    kernelEvents: 20_000,
    basic: { nodes: 150, initPods: 50, measurePods: 200 },
    anti: { nodes: 120, initPods: 20, measurePods: 60 },
    deployments: [[3, 4]],
    memory: { nodes: 50, pods: 100 },
    reapply: { replicas: 3, workers: 3, applies: 2, pausesMs: [300], warmupMs: 200 },
  },
}
