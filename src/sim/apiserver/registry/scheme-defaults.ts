/**
 * What decoding a request body does to the object before any handler logic sees it: quantities
 * in their stored form (stored-quantities.ts), then the scheme's defaulting functions for the
 * resource (the strategy's `defaults`). Create, update, patch and a mutating webhook's patch all
 * decode their object this way.
 */
import type { KubeObject } from '../../../api/types'
import { typeOfKind } from '../strict-fields'
import { canonicalizeQuantities } from './stored-quantities'
import { strategyFor } from './strategy'

export interface DecodeDefaultsOptions {
  /** Whether to run the scheme defaults too (the main resource; `/status` only decodes). */
  readonly defaults?: boolean
}

export function applyDecodeDefaults(
  obj: KubeObject,
  group: string,
  resource: string,
  options: DecodeDefaultsOptions = {},
): void {
  const type = typeOfKind(obj.apiVersion ?? '', obj.kind ?? '')
  if (type) canonicalizeQuantities(obj, type)
  const strategy = strategyFor(group, resource)
  if (options.defaults !== false) strategy.defaults?.(obj)
  strategy.normalize?.(obj)
}
