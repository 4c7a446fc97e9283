/**
 * A scheduler without a component around it: the default profile's framework over a cache you
 * fill with nodes and pods, and the algorithm, for unit tests of Filter/Score/selection.
 */
import type { Node, Pod } from '../../../api/types'
import type { ApiClient } from '../../client/client'
import { Rng } from '../../kernel/rng'
import { ScheduleAlgorithm, type ScheduleOutcome } from '../algorithm/schedule-pod'
import { SchedulerCache } from '../cache/cache'
import { CycleState } from '../framework/cycle-state'
import { Framework } from '../framework/framework'
import type { HandleBase } from '../framework/interfaces'
import { type Listers, staticListers } from '../framework/listers'
import type { PodNominatorView } from '../framework/nominator'
import { defaultProfile, type ProfileConfig } from '../framework/profile'
import type { Registry } from '../framework/registry'
import { IN_TREE_REGISTRY } from '../plugins/registry'
import { AttemptRecorder } from '../recording/recorder'

export interface Harness {
  readonly cache: SchedulerCache
  readonly fwk: Framework
  readonly algorithm: ScheduleAlgorithm
  readonly recorder: AttemptRecorder
  schedule(pod: Pod): ScheduleOutcome
}

export function harness(
  nodes: readonly Node[],
  pods: readonly Pod[] = [],
  options: {
    seed?: number
    profile?: ProfileConfig
    recording?: 'full' | 'summary'
    percentage?: number
    listers?: Listers
    /** Default: the in-tree registry (use it to test a plugin not registered yet). */
    registry?: Registry
    nominator?: PodNominatorView
  } = {},
): Harness {
  const cache = new SchedulerCache()
  for (const n of nodes) cache.addNode(n)
  for (const p of pods) cache.addPod(p)
  const recorder = new AttemptRecorder(options.recording ?? 'full')
  const registry = options.registry ?? IN_TREE_REGISTRY
  const profile = options.profile ?? defaultProfile(registry)
  const rng = new Rng(options.seed ?? 1)
  const handle: HandleBase = {
    client: {} as ApiClient,
    snapshot: cache,
    profileName: profile.schedulerName,
    listers: options.listers ?? staticListers(),
    rng,
    ...(options.nominator ? { nominator: options.nominator } : {}),
  }
  const fwk = new Framework(profile, registry, handle, recorder.decorator)
  const algorithm = new ScheduleAlgorithm(cache, rng, options.percentage)
  return {
    cache,
    fwk,
    algorithm,
    recorder,
    schedule: (pod) => {
      recorder.begin()
      return algorithm.schedulePod(fwk, new CycleState(), pod)
    },
  }
}
