/** What kubectl prints for each applied object (shared with the app: src/api/kubectl). */
import { formatApplyResult } from '../api/kubectl/apply-output'
import type { ObjectResponse } from '../sim/scenario/result'

/**
 * `file` is the manifest the object came from, as kubectl names it (`STDIN` for `-f -`);
 * `onlyError`: whether it is the apply's only error (see formatApplyResult).
 */
export function formatResponse(r: ObjectResponse, file = 'STDIN', onlyError = true): string {
  return formatApplyResult(r, file, { onlyError })
}

/** Whether kubectl prints this response on stderr (an error) rather than stdout. */
export function isError(r: ObjectResponse): boolean {
  return r.status !== undefined || r.error !== undefined
}
