/**
 * Names kubectl knows that the console needs to answer as kubectl would: its commands (for
 * cobra's "Did you mean this?") and the resource types of a v1.33 cluster (so a real type the
 * console does not print gets "the console does not…" rather than kubectl's "the server doesn't
 * have a resource type", which would be untrue).
 */

/**
 * kubectl v1.33's available top-level commands, in the order NewKubectlCommand adds them (cobra
 * suggests in that order, not sorted). `alpha` has no subcommands in a release build, so it is
 * not available; cobra's own `help` command is never suggested.
 */
export const KUBECTL_COMMANDS: readonly string[] = [
  'create',
  'expose',
  'run',
  'set',
  'explain',
  'get',
  'edit',
  'delete',
  'rollout',
  'scale',
  'autoscale',
  'certificate',
  'cluster-info',
  'top',
  'cordon',
  'uncordon',
  'drain',
  'taint',
  'describe',
  'logs',
  'attach',
  'exec',
  'port-forward',
  'proxy',
  'cp',
  'auth',
  'debug',
  'events',
  'diff',
  'apply',
  'patch',
  'replace',
  'wait',
  'kustomize',
  'label',
  'annotate',
  'completion',
  'config',
  'plugin',
  'version',
  'api-versions',
  'api-resources',
  'options',
]

/**
 * cobra's findSuggestions: commands within Levenshtein distance 2 (case-insensitive) or that
 * start with what was typed, as the lines kubectl prints after "unknown command".
 */
export function commandSuggestions(typed: string): string {
  const lower = typed.toLowerCase()
  const found = KUBECTL_COMMANDS.filter((c) => levenshtein(lower, c) <= 2 || c.startsWith(lower))
  return found.length ? `\n\nDid you mean this?\n${found.map((c) => `\t${c}\n`).join('')}` : ''
}

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      row[j] = Math.min(
        (previous[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      )
    }
    previous = row
  }
  return previous[b.length] as number
}

/**
 * The resource names (plural, singular, short) of a v1.33 cluster's built-in types, and `all`.
 * Group-qualified forms (`deployments.apps`) are matched by their first part.
 */
const RESOURCE_WORDS = `
  all bindings binding componentstatuses componentstatus cs configmaps configmap cm endpoints endpoint ep
  events event ev limitranges limitrange limits namespaces namespace ns nodes node no
  persistentvolumeclaims persistentvolumeclaim pvc persistentvolumes persistentvolume pv pods pod po
  podtemplates podtemplate replicationcontrollers replicationcontroller rc resourcequotas resourcequota quota
  secrets secret serviceaccounts serviceaccount sa services service svc
  mutatingwebhookconfigurations mutatingwebhookconfiguration validatingwebhookconfigurations
  validatingwebhookconfiguration validatingadmissionpolicies validatingadmissionpolicy
  validatingadmissionpolicybindings validatingadmissionpolicybinding customresourcedefinitions
  customresourcedefinition crd crds apiservices apiservice controllerrevisions controllerrevision
  daemonsets daemonset ds deployments deployment deploy replicasets replicaset rs statefulsets statefulset sts
  selfsubjectreviews tokenreviews localsubjectaccessreviews selfsubjectaccessreviews selfsubjectrulesreviews
  subjectaccessreviews horizontalpodautoscalers horizontalpodautoscaler hpa cronjobs cronjob cj jobs job
  certificatesigningrequests certificatesigningrequest csr leases lease endpointslices endpointslice
  flowschemas flowschema prioritylevelconfigurations prioritylevelconfiguration ingressclasses ingressclass
  ingresses ingress ing ipaddresses ipaddress networkpolicies networkpolicy netpol servicecidrs servicecidr
  runtimeclasses runtimeclass poddisruptionbudgets poddisruptionbudget pdb clusterrolebindings
  clusterrolebinding clusterroles clusterrole rolebindings rolebinding roles role priorityclasses
  priorityclass pc csidrivers csidriver csinodes csinode csistoragecapacities csistoragecapacity
  storageclasses storageclass sc volumeattachments volumeattachment
`

const RESOURCES = new Set(RESOURCE_WORDS.split(/\s+/).filter(Boolean))

/** Whether kubectl would find this resource type on a v1.33 cluster. */
export function isKubernetesResource(word: string): boolean {
  return RESOURCES.has(word.toLowerCase().split('.')[0] as string)
}

/** What `kubectl delete` acts on in the console, by the names kubectl accepts for it. */
export interface DeleteKind {
  readonly apiVersion: string
  readonly kind: string
  readonly namespaced: boolean
  /** How kubectl names it in `<kind> "<name>" deleted`: the kind lower-cased, with its group. */
  readonly printed: string
}

const POD: DeleteKind = { apiVersion: 'v1', kind: 'Pod', namespaced: true, printed: 'pod' }
const NODE: DeleteKind = { apiVersion: 'v1', kind: 'Node', namespaced: false, printed: 'node' }
const DEPLOYMENT: DeleteKind = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  namespaced: true,
  printed: 'deployment.apps',
}
const REPLICASET: DeleteKind = {
  apiVersion: 'apps/v1',
  kind: 'ReplicaSet',
  namespaced: true,
  printed: 'replicaset.apps',
}

const DELETE_KINDS: Readonly<Record<string, DeleteKind>> = {
  pods: POD,
  pod: POD,
  po: POD,
  nodes: NODE,
  node: NODE,
  no: NODE,
  deployments: DEPLOYMENT,
  deployment: DEPLOYMENT,
  deploy: DEPLOYMENT,
  'deployments.apps': DEPLOYMENT,
  replicasets: REPLICASET,
  replicaset: REPLICASET,
  rs: REPLICASET,
  'replicasets.apps': REPLICASET,
}

export function deleteKind(word: string): DeleteKind | undefined {
  return DELETE_KINDS[word.toLowerCase()]
}
