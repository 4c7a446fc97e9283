/**
 * The one scenario assembler: manifests in, the parts of a Scenario out, every problem at its
 * file and line. The worker (the cluster tab and the editor's applies), the CLI and the live
 * server read documents through it, so a document means the same thing wherever it is written.
 *
 * A text plays one of two roles:
 * - **the cluster**, what exists before the story begins (assembleCluster): Nodes, one
 *   KubeSchedulerConfiguration, Users, NodeFailures and WebhookServers (podflow.dev/v1alpha1),
 *   setup objects an administrator made before (Namespaces, RBAC, ServiceAccounts, quotas,
 *   limit ranges, priority classes, webhook configurations) and the Pods already running;
 * - **the workload**, what the user's kubectl applies (readWorkload): every API object, in file
 *   order, as `kubectl apply -f` sends them. The cluster-only documents (isClusterOnlyDocument)
 *   are not API objects kubectl could send, so a workload refuses them with kubectl's message.
 */
import type { KubeObject, Node, Pod } from '../../api/types'
import type { TokenUser } from '../apiserver/authn'
import { DEFAULT_NODES } from '../cluster/default-cluster'
import {
  isSchedulerConfiguration,
  type KubeSchedulerConfiguration,
  readSchedulerConfiguration,
} from '../scheduler/config/configuration'
import type { WebhookServerSpec } from '../webhook/server'
import { isPodDocument, readBootstrapPods } from './bootstrap-pods'
import {
  CLUSTER_KINDS_TEXT,
  isClusterObject,
  isUserDocument,
  readClusterObjects,
  USER_API_VERSION,
} from './cluster-objects'
import { isFaultDocument, readNodeFailure } from './faults'
import { fieldLine } from './field-line'
import { shapeProblem } from './field-shapes'
import { parseManifests, unknownKindMessage } from './parse'
import type { FaultAction } from './scenario'
import { isWebhookServerDocument, readWebhookServerItems } from './webhook-servers'

/** A text and the name kubectl gives it in messages (a file name, `STDIN`). */
export interface SourceText {
  readonly name: string
  readonly text: string
}

/** One document (or `kind: List` item) and where it starts. */
export interface SourcedObject {
  readonly object: KubeObject
  /** 1-based line where the document starts in its source. */
  readonly line: number
  readonly source: SourceText
}

/** A problem at a place: the source's name, a 1-based line, optionally a column. */
export interface SourcedProblem {
  readonly source: string
  readonly line: number
  readonly column?: number
  readonly message: string
  /** The message is kubectl's whole error line, naming the source itself (ParseError.kubectl). */
  readonly kubectl?: true
}

/** Every document of the texts in order, or every problem that stops kubectl from reading them. */
export function readDocuments(texts: readonly SourceText[]): {
  readonly objects: readonly SourcedObject[]
  readonly problems: readonly SourcedProblem[]
} {
  const objects: SourcedObject[] = []
  const problems: SourcedProblem[] = []
  for (const source of texts) {
    const parsed = parseManifests(source.text, source.name)
    if (!parsed.ok) {
      for (const e of parsed.errors) problems.push({ source: source.name, ...e })
      continue
    }
    for (const p of parsed.objects) objects.push({ object: p.object, line: p.line, source })
  }
  return { objects, problems }
}

/**
 * Documents that describe the simulated cluster rather than objects of its API: a v1 Node (the
 * machines), a KubeSchedulerConfiguration, and podflow's Users, NodeFailures and WebhookServers.
 * They belong to the cluster wherever they are written.
 */
export function isClusterOnlyDocument(obj: KubeObject): boolean {
  return (
    (obj.kind === 'Node' && obj.apiVersion === 'v1') ||
    isSchedulerConfiguration(obj) ||
    isUserDocument(obj) ||
    isFaultDocument(obj) ||
    isWebhookServerDocument(obj)
  )
}

/** A cluster as its documents describe it (empty nodes: the default cluster). */
export interface AssembledCluster {
  readonly nodes: readonly Node[]
  readonly schedulerConfiguration?: KubeSchedulerConfiguration
  readonly users: readonly TokenUser[]
  /** Setup objects, written at bootstrap. */
  readonly objects: readonly KubeObject[]
  /** The Pods already there when the cluster starts (bootstrap Pods). */
  readonly pods: readonly Pod[]
  /** NodeFailure documents, as the scenario's fault actions. */
  readonly faults: readonly FaultAction[]
  /** WebhookServer documents: the simulated servers behind webhook configurations' Services. */
  readonly webhookServers: readonly WebhookServerSpec[]
}

export type ClusterAssembly =
  | ({ readonly ok: true } & AssembledCluster)
  | { readonly ok: false; readonly problems: readonly SourcedProblem[] }

/**
 * The cluster the documents describe: Node objects (apiVersion v1), each name once; at most one
 * KubeSchedulerConfiguration, validated as kube-scheduler validates its configuration, each
 * problem at the line of its field; Users, NodeFailures and WebhookServers; setup objects in a
 * system namespace or one of the documents' Namespaces (readClusterObjects); Pods already there,
 * on one of the cluster's Nodes (readBootstrapPods). No Nodes means the default cluster.
 */
export function assembleCluster(items: readonly SourcedObject[]): ClusterAssembly {
  const problems: SourcedProblem[] = []
  const at = (item: SourcedObject, message: string, field?: string): void => {
    problems.push({
      source: item.source.name,
      line: field ? fieldLine(item.source.text, item.line, field) : item.line,
      message,
    })
  }
  // What the cluster holds is written at bootstrap, not decoded by the apiserver: the same check
  // its decoder would make, here.
  for (const item of items) {
    const shape = isUserDocument(item.object) ? undefined : shapeProblem(item.object)
    if (shape) at(item, shape.message, shape.path)
  }
  const seen = new Set<string>()
  const nodes: Node[] = []
  let config: SourcedObject | undefined
  const failures: SourcedObject[] = []
  const setup = readClusterObjects(items.filter((p) => isUserDocument(p.object) || isClusterObject(p.object)))
  for (const p of setup.problems) at(p.item, p.message)
  const servers = readWebhookServerItems(items.filter((p) => isWebhookServerDocument(p.object)))
  for (const p of servers.problems) at(p.item, p.message)
  const podDocuments = items.filter((p) => isPodDocument(p.object))
  for (const item of items) {
    const { object } = item
    if (
      isUserDocument(object) ||
      isClusterObject(object) ||
      isWebhookServerDocument(object) ||
      isPodDocument(object)
    )
      continue
    if (isFaultDocument(object)) {
      failures.push(item)
      continue
    }
    const name = typeof object.metadata?.name === 'string' ? object.metadata.name : undefined
    if (isSchedulerConfiguration(object)) {
      if (config) {
        at(
          item,
          `a second KubeSchedulerConfiguration (the first is at ${place(config, item)}); kube-scheduler reads one`,
        )
      } else config = item
      continue
    }
    if (object.kind !== 'Node' || object.apiVersion !== 'v1') {
      at(
        item,
        `only Node objects (apiVersion: v1, kind: Node), one KubeSchedulerConfiguration (apiVersion: kubescheduler.config.k8s.io/v1), Users, NodeFailures and WebhookServers (apiVersion: ${USER_API_VERSION}), setup objects (${CLUSTER_KINDS_TEXT}) and the Pods already running (apiVersion: v1, kind: Pod) belong in the cluster; found ${object.apiVersion} ${object.kind}${name ? ` "${name}"` : ''}`,
      )
      continue
    }
    if (!name) {
      at(item, 'a Node needs metadata.name')
      continue
    }
    if (seen.has(name)) at(item, `Node "${name}" is defined twice`)
    seen.add(name)
    nodes.push(object as Node)
  }
  // Faults and Pods name Nodes of this cluster (or of the default one when it has none).
  const nodeNames = new Set(nodes.length ? seen : DEFAULT_NODES.map((n) => n.name))
  const namespaceNames = new Set(
    setup.objects
      .filter((o) => o.apiVersion === 'v1' && o.kind === 'Namespace')
      .map((o) => o.metadata?.name ?? ''),
  )
  const bootstrapPods = readBootstrapPods(podDocuments, nodeNames, namespaceNames)
  for (const p of bootstrapPods.problems) at(p.item, p.message, p.field)
  const faults: FaultAction[] = []
  for (const item of failures) {
    const read = readNodeFailure(item.object, nodeNames)
    if (read.ok) faults.push(read.fault)
    else at(item, read.message)
  }
  if (config) {
    const read = readSchedulerConfiguration(config.object)
    if (!read.ok) for (const p of read.problems) at(config, p.message, p.field)
  }
  if (problems.length) return { ok: false, problems: sortProblems(problems, items) }
  return {
    ok: true,
    nodes,
    ...(config ? { schedulerConfiguration: config.object as KubeSchedulerConfiguration } : {}),
    users: setup.users,
    objects: setup.objects,
    pods: bootstrapPods.pods,
    faults,
    webhookServers: servers.servers,
  }
}

export type WorkloadRead =
  | { readonly ok: true; readonly objects: readonly SourcedObject[] }
  | { readonly ok: false; readonly problems: readonly SourcedProblem[] }

/**
 * What kubectl applies of the documents: every API object, in order. A cluster-only document is
 * refused with kubectl's message for a kind the apiserver does not serve (and where it belongs);
 * documents without a single object are kubectl's `error: no objects passed to apply`.
 */
export function readWorkload(items: readonly SourcedObject[]): WorkloadRead {
  const notApi = items.filter((p) => isClusterOnlyDocument(p.object) && !isNodeDocument(p.object))
  if (notApi.length) {
    return {
      ok: false,
      problems: notApi.map((p) => ({
        source: p.source.name,
        line: p.line,
        message: `${unknownKindMessage(p.object, p.source.name)}\n(${clusterRole(p.object)}: it belongs in the cluster tab)`,
      })),
    }
  }
  if (items.length === 0) {
    return { ok: false, problems: [{ source: 'STDIN', line: 1, message: 'no objects passed to apply' }] }
  }
  return { ok: true, objects: items }
}

const isNodeDocument = (obj: KubeObject): boolean => obj.kind === 'Node' && obj.apiVersion === 'v1'

function clusterRole(obj: KubeObject): string {
  if (isUserDocument(obj)) return 'a User is one of the cluster’s users'
  if (isFaultDocument(obj)) return 'a NodeFailure is a fault the scenario injects'
  if (isWebhookServerDocument(obj)) return 'a WebhookServer is a simulated webhook server'
  return 'a KubeSchedulerConfiguration configures kube-scheduler'
}

/** `line 12` within one source, `file.yaml:12` across several. */
function place(item: SourcedObject, from: SourcedObject): string {
  return item.source === from.source ? `line ${item.line}` : `${item.source.name}:${item.line}`
}

/** In the order of the sources, then by line. */
function sortProblems(problems: SourcedProblem[], items: readonly SourcedObject[]): SourcedProblem[] {
  const order = new Map<string, number>()
  for (const item of items) if (!order.has(item.source.name)) order.set(item.source.name, order.size)
  return problems.sort((a, b) => (order.get(a.source) ?? 0) - (order.get(b.source) ?? 0) || a.line - b.line)
}
