/**
 * The strategies of the built-in kinds no simulated controller acts on, by `group/resource`
 * (registered in strategy.ts). Each family's file cites its upstream sources.
 */
import { CORE_STRATEGIES } from './core-strategies'
import { GROUP_STRATEGIES } from './group-strategies'
import { serviceStrategy } from './service-strategy'
import type { Strategy } from './strategy'
import { WORKLOAD_STRATEGIES } from './workload-strategies'

export const BUILTIN_STRATEGIES: Readonly<Record<string, Strategy>> = {
  '/services': serviceStrategy,
  ...CORE_STRATEGIES,
  ...WORKLOAD_STRATEGIES,
  ...GROUP_STRATEGIES,
}
