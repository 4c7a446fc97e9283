/**
 * An object's history: every revision etcd holds for one key, who wrote it (the component whose
 * API request led to the write, found up the etcd request's cause chain), and what it changed (a
 * JSON Patch from the previous revision).
 */
import type { KubeObject } from '../../api/types'
import type { MessageView, ObjectRevision } from '../../protocol/messages'
import { type JsonPatchOp, jsonDiff } from './json-diff'
import type { RevisionIndex } from './objects'
import { causeChain, shortRequest, type Writer, writerOf } from './why'

export interface HistoryEntry {
  readonly revision: number
  readonly atMs: number
  /** The etcd request that wrote it; null for state from before time 0. */
  readonly messageId: number | null
  /** The object as stored after this revision; null when the revision deleted it. */
  readonly object: KubeObject | null
  /** 'create' (first revision, or a re-creation after a deletion), 'update' or 'delete'. */
  readonly change: 'create' | 'update' | 'delete'
  /** Who asked for the write; absent for bootstrap state or when the trace lacks the request. */
  readonly writer?: Writer
  /** `PATCH pods/nginx/status (kubelet/worker-1)`, or `before time 0`, or `etcd write` with no request. */
  readonly by: string
  /**
   * What changed since the previous revision. A creation is one `add` of the whole object at path
   * `''`, a deletion one `remove` of `''`.
   */
  readonly ops: readonly JsonPatchOp[]
}

export interface HistoryOptions {
  /**
   * JSON Pointers whose changes are left out (and everything under them). Default:
   * `/metadata/resourceVersion`, which every write changes.
   */
  readonly ignore?: readonly string[]
}

const DEFAULT_IGNORE = ['/metadata/resourceVersion']

function ignored(path: string, ignore: readonly string[]): boolean {
  return ignore.some((p) => path === p || path.startsWith(`${p}/`))
}

function byText(r: ObjectRevision, writer: Writer | undefined): string {
  if (writer) return `${shortRequest(writer.summary)} (${writer.component})`
  return r.messageId === null ? 'before time 0' : 'etcd write'
}

/** Every revision of `key`, oldest first, with its writer and its diff from the one before. */
export function objectHistory(
  index: RevisionIndex,
  key: string,
  messages: readonly MessageView[],
  options: HistoryOptions = {},
): HistoryEntry[] {
  const ignore = options.ignore ?? DEFAULT_IGNORE
  const out: HistoryEntry[] = []
  let previous: KubeObject | null = null
  for (const r of index.get(key) ?? []) {
    const writer = r.messageId === null ? undefined : writerOf(causeChain(messages, r.messageId))
    const change = r.object === null ? 'delete' : previous === null ? 'create' : 'update'
    const ops =
      change === 'update'
        ? jsonDiff(previous, r.object).filter((op) => !ignored(op.path, ignore))
        : change === 'create'
          ? [{ op: 'add' as const, path: '', value: r.object }]
          : [{ op: 'remove' as const, path: '' }]
    out.push({
      revision: r.revision,
      atMs: r.atMs,
      messageId: r.messageId,
      object: r.object,
      change,
      ...(writer ? { writer } : {}),
      by: byText(r, writer),
      ops,
    })
    previous = r.object
  }
  return out
}
