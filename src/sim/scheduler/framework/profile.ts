/**
 * Scheduler profiles: which plugins run at which extension point, with which score weights and
 * args. The shape is KubeSchedulerConfiguration's `profiles[]` (kubescheduler.config.k8s.io/v1)
 * after defaulting — the user's plugins already merged with the default ones — reduced to what the
 * simulator reads. config/configuration.ts turns a configuration document into this form.
 *
 * The default profile is v1.33's (pkg/scheduler/apis/config/v1/default_plugins.go): one MultiPoint
 * list, expanded to every extension point each plugin implements, in list order. Plugins the
 * simulator does not implement yet are left out of the default by `defaultProfile(registry)`;
 * implementing one is a registry entry, and it appears at its upstream position.
 */
import type { ExtensionPoint } from './interfaces'
import type { Registry } from './registry'

export const DEFAULT_SCHEDULER_NAME = 'default-scheduler'

export interface PluginRef {
  readonly name: string
  /** Score weight; 0 or absent means 1 (only meaningful for Score plugins). */
  readonly weight?: number
}

export interface PluginSet {
  readonly enabled?: readonly PluginRef[]
  /** `{name: '*'}` disables every MultiPoint plugin at that point. */
  readonly disabled?: readonly PluginRef[]
}

export type Plugins = Partial<Record<ExtensionPoint | 'multiPoint', PluginSet>>

export interface ProfileConfig {
  readonly schedulerName: string
  /** Absent: the configuration's global value. 0: adaptive (50 − nodes/125, at least 5). */
  readonly percentageOfNodesToScore?: number
  readonly plugins: Plugins
  readonly pluginConfig?: readonly { readonly name: string; readonly args: unknown }[]
}

/** v1.33 default MultiPoint list, in order, with the default Score weights. */
export const DEFAULT_MULTI_POINT_V1_33: readonly PluginRef[] = [
  { name: 'SchedulingGates' },
  { name: 'PrioritySort' },
  { name: 'NodeUnschedulable' },
  { name: 'NodeName' },
  { name: 'TaintToleration', weight: 3 },
  { name: 'NodeAffinity', weight: 2 },
  { name: 'NodePorts' },
  { name: 'NodeResourcesFit', weight: 1 },
  { name: 'VolumeRestrictions' },
  { name: 'NodeVolumeLimits' },
  { name: 'VolumeBinding' },
  { name: 'VolumeZone' },
  { name: 'PodTopologySpread', weight: 2 },
  { name: 'InterPodAffinity', weight: 2 },
  { name: 'DefaultPreemption' },
  { name: 'NodeResourcesBalancedAllocation', weight: 1 },
  { name: 'ImageLocality', weight: 1 },
  { name: 'DefaultBinder' },
]

/** The v1.33 default profile, keeping the plugins `registry` has, in upstream order. */
export function defaultProfile(registry: Registry): ProfileConfig {
  return {
    schedulerName: DEFAULT_SCHEDULER_NAME,
    plugins: { multiPoint: { enabled: DEFAULT_MULTI_POINT_V1_33.filter((p) => registry.has(p.name)) } },
  }
}

/** Extension points in the order kube-scheduler's config lists them. */
export const POINTS: readonly ExtensionPoint[] = [
  'preEnqueue',
  'queueSort',
  'preFilter',
  'filter',
  'postFilter',
  'preScore',
  'score',
  'reserve',
  'permit',
  'preBind',
  'bind',
  'postBind',
]

/** The Go interface behind each point, as kube-scheduler's errors name it (`ScorePlugin`). */
export const POINT_TYPE_NAMES: Readonly<Record<ExtensionPoint, string>> = {
  preEnqueue: 'PreEnqueuePlugin',
  queueSort: 'QueueSortPlugin',
  preFilter: 'PreFilterPlugin',
  filter: 'FilterPlugin',
  postFilter: 'PostFilterPlugin',
  preScore: 'PreScorePlugin',
  score: 'ScorePlugin',
  reserve: 'ReservePlugin',
  permit: 'PermitPlugin',
  preBind: 'PreBindPlugin',
  bind: 'BindPlugin',
  postBind: 'PostBindPlugin',
}

export interface ExpandedProfile {
  /** Plugin names per extension point, in run order. */
  readonly points: Readonly<Record<ExtensionPoint, readonly string[]>>
  /** Score weight per plugin name. */
  readonly weights: ReadonlyMap<string, number>
  /** Every plugin name used at some point. */
  readonly names: readonly string[]
}

/**
 * MultiPoint expansion (framework/runtime/framework.go updatePluginList, expandMultiPointPlugins):
 * for each point, plugins enabled at that point explicitly come first when they also appear in
 * MultiPoint (overrides), then MultiPoint plugins implementing the point (unless disabled there,
 * or everything is with `*`), then the other explicit ones. `implementsPoint(name, point)` tells
 * whether plugin `name` has that extension point.
 *
 * The profile is in its defaulted form: the configuration's MultiPoint `disabled` list has already
 * been applied to the default plugins when they were merged (see config/configuration.ts), so it
 * is not looked at here. A plugin named twice at one point is an error, as upstream.
 *
 * Weights (getScoreWeights): a Score point entry wins over the MultiPoint one; 0 or absent is 1.
 */
export function expandProfile(
  profile: ProfileConfig,
  implementsPoint: (name: string, point: ExtensionPoint) => boolean,
): ExpandedProfile {
  const multiEnabled = profile.plugins.multiPoint?.enabled ?? []
  const points = {} as Record<ExtensionPoint, string[]>
  const names = new Set<string>()
  for (const point of POINTS) {
    const set = profile.plugins[point] ?? {}
    const explicit = (set.enabled ?? []).map((p) => p.name)
    const twice = explicit.find((n, i) => explicit.indexOf(n) !== i)
    if (twice !== undefined)
      throw new Error(`plugin "${twice}" already registered as "${POINT_TYPE_NAMES[point]}"`)
    const disabled = new Set((set.disabled ?? []).map((p) => p.name))
    const out: string[] = []
    if (!disabled.has('*')) {
      const overrides = new Set<string>()
      const fromMulti: string[] = []
      for (const p of multiEnabled) {
        if (!implementsPoint(p.name, point) || disabled.has(p.name)) continue
        if (explicit.includes(p.name)) overrides.add(p.name)
        else if (fromMulti.includes(p.name))
          throw new Error(`plugin "${p.name}" already registered as "${POINT_TYPE_NAMES[point]}"`)
        else fromMulti.push(p.name)
      }
      out.push(...explicit.filter((n) => overrides.has(n)), ...fromMulti)
      out.push(...explicit.filter((n) => !overrides.has(n)))
    } else {
      out.push(...explicit)
    }
    points[point] = out
    for (const n of out) names.add(n)
  }
  const weights = new Map<string, number>()
  for (const p of [...(profile.plugins.score?.enabled ?? []), ...multiEnabled]) {
    if (!weights.has(p.name)) weights.set(p.name, p.weight || 1)
  }
  return { points, weights, names: [...names] }
}

/** The args for `name`: the profile's pluginConfig entry, or undefined for the plugin's defaults. */
export function pluginArgs(profile: ProfileConfig, name: string): unknown {
  return profile.pluginConfig?.find((c) => c.name === name)?.args
}
