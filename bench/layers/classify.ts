/**
 * Where a CPU profile of the whole path spent its time, by layer of the control plane: each
 * sample goes to the scheduling algorithm if `schedulePod` is on its stack, to the garbage
 * collector if that is what ran, and otherwise to the first frame from the leaf up that is in one
 * of the simulation's components (a helper such as deepFreeze or a Map lookup counts for whoever
 * called it; the kernel's own code for the kernel). Pure: the profile is V8's
 * (node:inspector Profiler.stop); `pathOf` names the source file a frame is in (its path in the
 * repository), from a bundle's module comments when the code ran bundled (bundleSources).
 */

export type Layer = 'algorithm' | 'scheduler' | 'clients' | 'apiserver' | 'etcd' | 'kernel' | 'gc' | 'other'

/** In the order the report lists them, with what each holds. */
export const LAYERS: ReadonlyArray<readonly [Layer, string]> = [
  ['algorithm', 'scheduling algorithm (schedulePod: PreFilter, Filter, Score, selectHost)'],
  ['scheduler', 'the rest of kube-scheduler (queue, cache, cycle, binding cycle, event handlers)'],
  ['clients', 'clients (informers, REST client, event recorder, the Pod creator)'],
  ['apiserver', 'kube-apiserver (authn, RBAC, admission, validation, storage, watch cache)'],
  ['etcd', 'etcd (MVCC, transactions, watches)'],
  ['kernel', 'kernel and network (events, messages, trace, resuming processes)'],
  ['gc', 'garbage collector'],
  ['other', 'other (the driver, Node internals)'],
]

/** Which layer a file under the repository belongs to, by path prefix (first match). */
const OWNERS: ReadonlyArray<readonly [string, Layer]> = [
  ['src/sim/scheduler/', 'scheduler'],
  ['src/sim/client/', 'clients'],
  ['bench/scheduler-perf/control-plane.ts', 'clients'],
  ['src/sim/apiserver/', 'apiserver'],
  ['src/sim/etcd/', 'etcd'],
  ['src/sim/kernel/', 'kernel'],
  ['src/sim/network/', 'kernel'],
  ['src/sim/component.ts', 'kernel'],
]

export interface CallFrame {
  readonly functionName: string
  readonly url: string
  /** 0-based. */
  readonly lineNumber: number
}

/** The repository path of the file a frame's code came from, if it is one of ours. */
export type PathOf = (frame: CallFrame) => string | undefined

export interface CpuProfile {
  readonly nodes: ReadonlyArray<{ id: number; callFrame: CallFrame; children?: readonly number[] }>
  readonly samples: readonly number[]
  /** µs between samples; the first is from the profile's start. */
  readonly timeDeltas: readonly number[]
}

/** The layer of one sample; `stack` runs from the leaf (what ran) to the root. */
export function layerOf(stack: readonly CallFrame[], pathOf: PathOf): Layer {
  if (stack[0]?.functionName === '(garbage collector)') return 'gc'
  const paths = stack.map(pathOf)
  if (
    stack.some(
      (f, i) => f.functionName === 'schedulePod' && paths[i]?.startsWith('src/sim/scheduler/algorithm/'),
    )
  )
    return 'algorithm'
  for (const path of paths) {
    if (path === undefined) continue
    for (const [owner, layer] of OWNERS) if (path.startsWith(owner)) return layer
  }
  return 'other'
}

/** Files under `root` (as tsx runs them): the path after it. */
export function filesUnder(root: string): PathOf {
  const prefix = `file://${root.endsWith('/') ? root : `${root}/`}`
  return (f) => (f.url.startsWith(prefix) ? f.url.slice(prefix.length) : undefined)
}

/**
 * Frames of a bundle esbuild made without minifying (bench/bundled.mjs), which starts each
 * module's code with a comment line naming its file (`// src/sim/kernel/kernel.ts`): the file
 * whose comment is the last one at or above the frame's line. Other frames: `otherwise`.
 */
export function bundleSources(bundleUrl: string, bundleText: string, otherwise: PathOf): PathOf {
  const starts: number[] = []
  const files: string[] = []
  const lines = bundleText.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const m = /^\/\/ ((?:src|bench)\/\S+\.tsx?)$/.exec(lines[i] as string)
    if (m) {
      starts.push(i)
      files.push(m[1] as string)
    }
  }
  return (f) => {
    if (f.url !== bundleUrl) return otherwise(f)
    // The last module start at or above the line.
    let lo = 0
    let hi = starts.length - 1
    let found = -1
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      if ((starts[mid] as number) <= f.lineNumber) {
        found = mid
        lo = mid + 1
      } else hi = mid - 1
    }
    return found < 0 ? undefined : files[found]
  }
}

/** Milliseconds per layer (idle time left out). */
export function layerTimes(profile: CpuProfile, pathOf: PathOf): Map<Layer, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  // Every distinct leaf node is classified once, however many samples it has.
  const layerOfNode = new Map<number, Layer | undefined>()
  const times = new Map<Layer, number>(LAYERS.map(([l]) => [l, 0]))
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i] as number
    let layer = layerOfNode.get(id)
    if (!layerOfNode.has(id)) {
      const stack: CallFrame[] = []
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const node = byId.get(at)
        if (node) stack.push(node.callFrame)
      }
      const leaf = stack[0]?.functionName
      // Idle is no layer's; `(program)` (V8 itself: compiling, ICs) is counted under other.
      layer = leaf === '(idle)' || leaf === '(root)' ? undefined : layerOf(stack, pathOf)
      layerOfNode.set(id, layer)
    }
    // A sample stands for the time until the next one.
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000
    if (layer) times.set(layer, (times.get(layer) ?? 0) + ms)
  }
  return times
}
