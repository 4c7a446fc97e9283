/**
 * The cluster's Pods (bootstrap Pods, src/sim/cluster/bootstrap-pods.ts): `kind: Pod` documents in
 * the cluster tab (or a scenario's cluster) are Pods that already exist when the scenario begins.
 * Bound to a node and Running (or with no status) they run there at time 0; bound and Pending,
 * their kubelet starts them; not bound, the scheduler places them; Succeeded or Failed, they stay
 * as they are. Fields the simulation does not model (managedFields, ownerReferences to objects
 * the cluster does not have, status fields) are kept and ignored, never refused.
 */
import type { KubeObject, Pod } from '../../api/types'
import { SYSTEM_NAMESPACES } from '../cluster/bootstrap'

/** A Pod document (apiVersion v1). */
export function isPodDocument(obj: { apiVersion?: unknown; kind?: unknown }): boolean {
  return obj.apiVersion === 'v1' && obj.kind === 'Pod'
}

export interface BootstrapPodsRead<T> {
  readonly pods: Pod[]
  /** A problem of one document; `field` is the path it is about, when there is one. */
  readonly problems: { readonly item: T; readonly message: string; readonly field?: string }[]
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * Read the Pod documents of a cluster: each needs a name, once per namespace; a namespace that
 * exists at bootstrap (a system one or one of `namespaces`; none means `default`); containers,
 * each with a name (once) and an image; and, when bound, one of `nodeNames`. A phase must be one
 * of Pending, Running, Succeeded, Failed (or absent).
 */
export function readBootstrapPods<T extends { readonly object: KubeObject }>(
  items: readonly T[],
  nodeNames: ReadonlySet<string>,
  namespaces: ReadonlySet<string>,
): BootstrapPodsRead<T> {
  const pods: Pod[] = []
  const problems: { item: T; message: string; field?: string }[] = []
  const seen = new Set<string>()
  for (const item of items) {
    const pod = item.object as Pod
    const name = typeof pod.metadata?.name === 'string' ? pod.metadata.name : ''
    const fail = (message: string, field?: string) =>
      problems.push({ item, message, ...(field ? { field } : {}) })
    if (!name) {
      fail('a Pod needs metadata.name', 'metadata')
      continue
    }
    const namespace = pod.metadata?.namespace || 'default'
    if (!namespaces.has(namespace) && !(SYSTEM_NAMESPACES as readonly string[]).includes(namespace)) {
      fail(
        `Pod "${name}": namespace "${namespace}" does not exist when the cluster starts (only ${SYSTEM_NAMESPACES.join(', ')} and the cluster's Namespaces do); add a Namespace "${namespace}" beside it`,
        'metadata.namespace',
      )
      continue
    }
    if (seen.has(`${namespace}/${name}`)) {
      fail(`Pod "${name}" in namespace "${namespace}" is defined twice`)
      continue
    }
    seen.add(`${namespace}/${name}`)
    const spec: unknown = pod.spec
    const containers = isRecord(spec) ? spec.containers : undefined
    if (!Array.isArray(containers) || containers.length === 0) {
      fail(`Pod "${name}": spec.containers: Required value`, 'spec.containers')
      continue
    }
    const problem = [
      ...containers,
      ...(isRecord(spec) && Array.isArray(spec.initContainers) ? spec.initContainers : []),
    ]
      .map((c, i) =>
        !isRecord(c) || typeof c.name !== 'string' || c.name === ''
          ? `container ${i + 1} needs a name`
          : typeof c.image !== 'string' || c.image === ''
            ? `container "${c.name}" needs an image`
            : undefined,
      )
      .find((p) => p !== undefined)
    if (problem) {
      fail(`Pod "${name}": ${problem}`, 'spec.containers')
      continue
    }
    const nodeName = isRecord(spec) ? spec.nodeName : undefined
    if (nodeName !== undefined && (typeof nodeName !== 'string' || !nodeNames.has(nodeName))) {
      fail(
        `Pod "${name}" is bound to node ${JSON.stringify(nodeName)}, which the cluster does not have (its Nodes: ${[...nodeNames].join(', ')})`,
        'spec.nodeName',
      )
      continue
    }
    const phase: unknown = isRecord(pod.status) ? pod.status.phase : undefined
    if (phase !== undefined && !['Pending', 'Running', 'Succeeded', 'Failed'].includes(phase as string)) {
      fail(
        `Pod "${name}": status.phase: Unsupported value: ${JSON.stringify(phase)}: supported values: "Failed", "Pending", "Running", "Succeeded"`,
        'status.phase',
      )
      continue
    }
    pods.push(pod)
  }
  return { pods, problems }
}
