/**
 * KubeSchedulerConfiguration (kubescheduler.config.k8s.io/v1): the document a scenario gives to
 * configure the simulated kube-scheduler, read the way kube-scheduler reads its `--config` file —
 * decoded, defaulted, validated, then the profiles' frameworks built — for the parts the
 * simulator models:
 *
 * - `percentageOfNodesToScore` (global, and per profile), 0–100, 0 meaning adaptive;
 * - `podInitialBackoffSeconds`, `podMaxBackoffSeconds` (the queue's backoff);
 * - `profiles[]`: `schedulerName` (`default-scheduler` when there is a single profile without
 *   one), `plugins.<extensionPoint>.enabled/disabled` (with `weight` for Score plugins, `*` to
 *   disable every default plugin at a point) and `plugins.multiPoint`, merged with the v1.33
 *   defaults as upstream merges them (a default plugin enabled again keeps its place with the new
 *   settings; others are appended);
 * - `pluginConfig[]` args for NodeResourcesFit (`scoringStrategy`), DefaultPreemption and
 *   NodeAffinity (`addedAffinity`).
 *
 * Other fields (leaderElection, clientConnection, parallelism, extenders, …) and unknown fields
 * are ignored; real kube-scheduler decodes strictly and refuses unknown fields. Args for plugins
 * the simulator does not have are accepted and unused, as upstream does for plugins a profile does
 * not enable. Enabling a plugin that kube-scheduler v1.33 has but the simulator does not is an
 * error that says so.
 *
 * kube-scheduler: pkg/scheduler/apis/config/v1/defaults.go, default_plugins.go (mergePlugins),
 * pkg/scheduler/apis/config/validation/validation.go, pkg/scheduler/framework/runtime/framework.go.
 */
import type { ApiClient } from '../../client/client'
import { Rng } from '../../kernel/rng'
import { SchedulerCache } from '../cache/cache'
import { Framework } from '../framework/framework'
import {
  type ExtensionPoint,
  type FrameworkRunner,
  type Handle,
  implementsPoint,
} from '../framework/interfaces'
import { staticListers } from '../framework/listers'
import { NO_NOMINATOR } from '../framework/nominator'
import {
  DEFAULT_MULTI_POINT_V1_33,
  DEFAULT_SCHEDULER_NAME,
  type PluginRef,
  type PluginSet,
  type Plugins,
  POINT_TYPE_NAMES,
  POINTS,
  type ProfileConfig,
} from '../framework/profile'
import type { Registry } from '../framework/registry'
import { NAME as DEFAULT_PREEMPTION } from '../plugins/DefaultPreemption/default-preemption'
import { readInterPodAffinityArgs } from '../plugins/InterPodAffinity/args'
import { NAME as INTER_POD_AFFINITY } from '../plugins/InterPodAffinity/inter-pod-affinity'
import { NAME as NODE_AFFINITY } from '../plugins/NodeAffinity/node-affinity'
import { readBalancedAllocationArgs } from '../plugins/NodeResourcesBalancedAllocation/args'
import { NAME as NODE_RESOURCES_BALANCED_ALLOCATION } from '../plugins/NodeResourcesBalancedAllocation/balanced-allocation'
import { NAME as NODE_RESOURCES_FIT } from '../plugins/NodeResourcesFit/fit'
import { readPodTopologySpreadArgs } from '../plugins/PodTopologySpread/args'
import { NAME as POD_TOPOLOGY_SPREAD } from '../plugins/PodTopologySpread/pod-topology-spread'
import { IN_TREE_REGISTRY } from '../plugins/registry'
import {
  isSchedulerConfiguration,
  type KubeSchedulerConfiguration,
  SCHEDULER_CONFIGURATION_API_VERSION,
  SCHEDULER_CONFIGURATION_KIND,
} from './kind'
import { readDefaultPreemptionArgs, readFitArgs, readNodeAffinityArgs } from './plugin-args'
import { type ConfigProblem, type PlainObject, ProblemList } from './read'

export type { ConfigProblem, KubeSchedulerConfiguration }
export { isSchedulerConfiguration, SCHEDULER_CONFIGURATION_API_VERSION, SCHEDULER_CONFIGURATION_KIND }

/** What the simulated kube-scheduler takes from a configuration (the rest of SchedulerOptions). */
export interface SchedulerConfig {
  readonly profiles: readonly ProfileConfig[]
  /** Global value; 0 = adaptive. */
  readonly percentageOfNodesToScore: number
  readonly podInitialBackoffMs: number
  readonly podMaxBackoffMs: number
}

export type SchedulerConfigResult =
  | { readonly ok: true; readonly config: SchedulerConfig }
  | { readonly ok: false; readonly problems: readonly ConfigProblem[] }

/** Every plugin of kube-scheduler v1.33's in-tree registry (pkg/scheduler/framework/plugins/registry.go). */
const UPSTREAM_PLUGINS_V1_33: ReadonlySet<string> = new Set([
  ...DEFAULT_MULTI_POINT_V1_33.map((p) => p.name),
  'DynamicResources',
])

/** invalidPluginsByVersion for v1: removed plugins a v1 configuration may not name. */
const INVALID_PLUGINS_V1: ReadonlySet<string> = new Set([
  'AzureDiskLimits',
  'CinderLimits',
  'EBSLimits',
  'GCEPDLimits',
])
const INVALID_IN_V1 = `was invalid in version "${SCHEDULER_CONFIGURATION_API_VERSION}" (KubeSchedulerConfiguration is version "${SCHEDULER_CONFIGURATION_API_VERSION}")`

type PointKey = ExtensionPoint | 'multiPoint'
const POINT_KEYS: readonly PointKey[] = ['multiPoint', ...POINTS]

/** A plugin entry as written, with its path (`profiles[0].plugins.score.enabled[1]`). */
interface UserPlugin extends PluginRef {
  readonly path: string
}

interface UserPluginSet {
  readonly enabled: readonly UserPlugin[]
  readonly disabled: readonly PluginRef[]
}

/** A merged entry: a default plugin, or one the configuration enabled (with its path). */
interface Entry extends PluginRef {
  readonly path?: string
}

/** The plugins with args: each reader defaults and validates its plugin's `pluginConfig[].args`. */
const ARGS_READERS: ReadonlyMap<string, (r: ProblemList, value: unknown, path: string) => unknown> = new Map<
  string,
  (r: ProblemList, value: unknown, path: string) => unknown
>([
  [NODE_RESOURCES_FIT, readFitArgs],
  [DEFAULT_PREEMPTION, readDefaultPreemptionArgs],
  [NODE_AFFINITY, readNodeAffinityArgs],
  [NODE_RESOURCES_BALANCED_ALLOCATION, readBalancedAllocationArgs],
  [INTER_POD_AFFINITY, readInterPodAffinityArgs],
  [POD_TOPOLOGY_SPREAD, readPodTopologySpreadArgs],
])

/** Plugin construction needs a handle; building a framework to check it needs none of its parts. */
function checkHandle(profileName: string): Handle {
  return {
    client: undefined as unknown as ApiClient,
    snapshot: new SchedulerCache(),
    profileName,
    listers: staticListers(),
    rng: new Rng(0),
    nominator: NO_NOMINATOR,
    framework: undefined as unknown as FrameworkRunner,
  }
}

/**
 * Read a KubeSchedulerConfiguration: the scheduler's settings, or every problem found (field path
 * and message, as kube-scheduler's validation prints them). Never throws.
 */
export function readSchedulerConfiguration(
  doc: unknown,
  registry: Registry = IN_TREE_REGISTRY,
): SchedulerConfigResult {
  const r = new ProblemList()
  const isObject = typeof doc === 'object' && doc !== null && !Array.isArray(doc)
  if (!isObject) r.addText('', 'the configuration is not an object')
  const root = isObject ? (doc as PlainObject) : {}
  if (root.kind !== SCHEDULER_CONFIGURATION_KIND)
    r.invalid('kind', root.kind, `must be ${SCHEDULER_CONFIGURATION_KIND}`)
  if (root.apiVersion !== SCHEDULER_CONFIGURATION_API_VERSION) {
    r.notSupported('apiVersion', root.apiVersion ?? '', [SCHEDULER_CONFIGURATION_API_VERSION])
  }

  const percentage = r.int(root.percentageOfNodesToScore, 'percentageOfNodesToScore')
  checkPercentage(r, percentage, 'percentageOfNodesToScore')
  const initial = r.int(root.podInitialBackoffSeconds, 'podInitialBackoffSeconds') ?? 1
  const max = r.int(root.podMaxBackoffSeconds, 'podMaxBackoffSeconds') ?? 10
  if (initial <= 0) r.invalid('podInitialBackoffSeconds', initial, 'must be greater than 0')
  if (max < initial) {
    r.invalid('podMaxBackoffSeconds', max, 'must be greater than or equal to PodInitialBackoffSeconds')
  }

  // SetDefaults_KubeSchedulerConfiguration: no profiles means one; a lone profile is the default one.
  const written = r.each(root.profiles, 'profiles', (v, path) => r.object(v, path) ?? {})
  const profilesIn: PlainObject[] = written.length ? written : [{}]
  const profiles = profilesIn.map((p, i) =>
    readProfile(r, p, `profiles[${i}]`, profilesIn.length === 1, registry),
  )
  const seen = new Map<string, number>()
  profiles.forEach((p, i) => {
    if (p.schedulerName === '') return
    if (seen.has(p.schedulerName)) r.duplicate(`profiles[${i}].schedulerName`, p.schedulerName)
    else seen.set(p.schedulerName, i)
  })
  checkCommonQueueSort(r, profiles)
  if (r.size) return { ok: false, problems: r.problems }

  // NewFramework for each profile: what validation does not catch (a queue sort or binder missing,
  // a plugin registered twice at one point) stops kube-scheduler when it builds the profile.
  for (const [i, p] of profiles.entries()) {
    try {
      new Framework(p.config, registry, checkHandle(p.schedulerName))
    } catch (e) {
      r.addText(`profiles[${i}].plugins`, (e as Error).message)
    }
  }
  if (r.size) return { ok: false, problems: r.problems }
  return {
    ok: true,
    config: {
      profiles: profiles.map((p) => p.config),
      percentageOfNodesToScore: percentage ?? 0,
      podInitialBackoffMs: initial * 1000,
      podMaxBackoffMs: max * 1000,
    },
  }
}

/** The problems as one message per line (what a refused configuration prints). */
export function formatConfigProblems(problems: readonly ConfigProblem[]): string {
  return problems.map((p) => p.message).join('\n')
}

function checkPercentage(r: ProblemList, value: number | undefined, path: string): void {
  if (value !== undefined && (value < 0 || value > 100)) r.invalid(path, value, 'not in valid range [0-100]')
}

interface ReadProfile {
  readonly schedulerName: string
  readonly config: ProfileConfig
  /** The merged queueSort set, for the "same for all profiles" check. */
  readonly queueSort: UserPluginSet
}

function readProfile(
  r: ProblemList,
  o: PlainObject,
  path: string,
  only: boolean,
  registry: Registry,
): ReadProfile {
  const written = r.string(o.schedulerName, `${path}.schedulerName`)
  const schedulerName = written ?? (only ? DEFAULT_SCHEDULER_NAME : '')
  if (schedulerName === '') r.required(`${path}.schedulerName`)
  const percentage = r.int(o.percentageOfNodesToScore, `${path}.percentageOfNodesToScore`)
  checkPercentage(r, percentage, `${path}.percentageOfNodesToScore`)

  const pluginsPath = `${path}.plugins`
  const pluginsIn = r.object(o.plugins, pluginsPath) ?? {}
  const sets = new Map<PointKey, UserPluginSet>()
  for (const key of POINT_KEYS) {
    const set = readPluginSet(r, pluginsIn[key], `${pluginsPath}.${key}`)
    if (set) sets.set(key, set)
  }
  checkPluginNames(r, sets, registry)

  // mergePlugins(getDefaultPlugins(), custom): only MultiPoint has defaults in v1.33.
  const multi = mergePluginSet(DEFAULT_MULTI_POINT_V1_33, sets.get('multiPoint'))
  const plugins: Record<string, PluginSet> = {
    // Default plugins the simulator does not have are left out, where they would run.
    multiPoint: { enabled: multi.filter((e) => e.path !== undefined || registry.has(e.name)).map(ref) },
  }
  for (const point of POINTS) {
    const set = sets.get(point)
    if (set) plugins[point] = { enabled: set.enabled.map(ref), disabled: set.disabled.map(ref) }
  }

  const pluginConfig: { name: string; args: unknown }[] = []
  const names = new Set<string>()
  r.each(o.pluginConfig, `${path}.pluginConfig`, (v, p) => {
    const entry = r.object(v, p)
    if (!entry) return
    const name = r.string(entry.name, `${p}.name`) ?? ''
    if (name === '') r.required(`${p}.name`)
    if (names.has(name)) r.duplicate(p, name)
    names.add(name)
    if (INVALID_PLUGINS_V1.has(name)) {
      r.invalid(p, name, INVALID_IN_V1)
      return
    }
    const read = ARGS_READERS.get(name)
    if (read) pluginConfig.push({ name, args: read(r, entry.args, `${p}.args`) })
  })

  return {
    schedulerName,
    queueSort: sets.get('queueSort') ?? { enabled: [], disabled: [] },
    config: {
      schedulerName,
      ...(percentage !== undefined ? { percentageOfNodesToScore: percentage } : {}),
      plugins: plugins as Plugins,
      ...(pluginConfig.length ? { pluginConfig } : {}),
    },
  }
}

const ref = (p: PluginRef): PluginRef => (p.weight ? { name: p.name, weight: p.weight } : { name: p.name })

function readPluginSet(r: ProblemList, value: unknown, path: string): UserPluginSet | undefined {
  const o = r.object(value, path)
  if (!o) return undefined
  const read = (list: 'enabled' | 'disabled') =>
    r
      .each(o[list], `${path}.${list}`, (v, p) => {
        const item = r.object(v, p)
        if (!item) return undefined
        const name = r.string(item.name, `${p}.name`) ?? ''
        if (name === '') r.required(`${p}.name`)
        const weight = list === 'enabled' ? r.int(item.weight, `${p}.weight`) : undefined
        return { name, ...(weight ? { weight } : {}), path: p }
      })
      .filter((x): x is UserPlugin => x !== undefined)
  return { enabled: read('enabled'), disabled: read('disabled') }
}

/**
 * Every plugin the configuration enables must exist (and implement the point it is enabled at);
 * kube-scheduler reports these when it builds the framework, here they get their field path.
 */
function checkPluginNames(
  r: ProblemList,
  sets: ReadonlyMap<PointKey, UserPluginSet>,
  registry: Registry,
): void {
  for (const [key, set] of sets) {
    for (const p of set.enabled) {
      if (p.name === '') continue
      const typeName = key === 'multiPoint' ? 'plugin' : POINT_TYPE_NAMES[key]
      if (key !== 'multiPoint' && INVALID_PLUGINS_V1.has(p.name)) {
        r.invalid(p.path, p.name, INVALID_IN_V1)
        continue
      }
      const factory = registry.get(p.name)
      if (!factory) {
        r.invalid(
          p.path,
          p.name,
          UPSTREAM_PLUGINS_V1_33.has(p.name)
            ? `${typeName} "${p.name}" is part of kube-scheduler v1.33 but not simulated by podflow`
            : `${typeName} "${p.name}" does not exist`,
        )
        continue
      }
      if (key !== 'multiPoint' && !implementsPoint(factory(undefined, checkHandle('')), key)) {
        r.invalid(p.path, p.name, `plugin "${p.name}" does not extend ${POINT_TYPE_NAMES[key]} plugin`)
      }
    }
  }
}

/**
 * mergePluginSet (default_plugins.go): the defaults minus the disabled ones (all of them with
 * `*`), a default enabled again replaced in place by the configuration's entry, then the
 * configuration's other entries in their order.
 */
function mergePluginSet(defaults: readonly PluginRef[], custom: UserPluginSet | undefined): Entry[] {
  if (!custom) return [...defaults]
  const disabled = new Set(custom.disabled.map((p) => p.name))
  const byName = new Map<string, number>()
  custom.enabled.forEach((p, i) => {
    byName.set(p.name, i)
  })
  const replaced = new Set<number>()
  const out: Entry[] = []
  if (!disabled.has('*')) {
    for (const d of defaults) {
      if (disabled.has(d.name)) continue
      const i = byName.get(d.name)
      if (i === undefined) {
        out.push(d)
        continue
      }
      out.push(custom.enabled[i] as UserPlugin)
      replaced.add(i)
    }
  }
  custom.enabled.forEach((p, i) => {
    if (!replaced.has(i)) out.push(p)
  })
  return out
}

/** validateCommonQueueSort: every profile sorts its queue the same way (there is one queue). */
function checkCommonQueueSort(r: ProblemList, profiles: readonly ReadProfile[]): void {
  const canon = profiles[0]?.queueSort
  if (!canon) return
  if (canon.enabled.length > 1) {
    r.invalid(
      'profiles[0].plugins.queueSort.Enabled',
      canon.enabled.length,
      'only one queue sort plugin can be enabled',
    )
  }
  const key = (s: UserPluginSet) =>
    JSON.stringify({ enabled: s.enabled.map(ref), disabled: s.disabled.map((p) => p.name) })
  const want = key(canon)
  profiles.forEach((p, i) => {
    if (i === 0 || key(p.queueSort) === want) return
    r.add({
      type: 'FieldValueInvalid',
      field: `profiles[${i}].plugins.queueSort`,
      badValueText: key(p.queueSort),
      detail: 'must be the same for all profiles',
    })
  })
}
