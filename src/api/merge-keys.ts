/**
 * Strategic merge patch metadata: the merge key of each list field (the `patchMergeKey` struct
 * tags of k8s.io/api), looked up by field name. One table for every writer and reader of
 * strategic merge patches: the apiserver, kubectl apply, the kubelet's status patches.
 */
const MERGE_KEYS: Readonly<Record<string, string>> = {
  containers: 'name',
  initContainers: 'name',
  ephemeralContainers: 'name',
  env: 'name',
  volumes: 'name',
  volumeMounts: 'mountPath',
  ports: 'containerPort',
  conditions: 'type',
  containerStatuses: 'name',
  initContainerStatuses: 'name',
  ephemeralContainerStatuses: 'name',
  podIPs: 'ip',
  hostIPs: 'ip',
  imagePullSecrets: 'name',
  ownerReferences: 'uid',
  addresses: 'type',
}

/** The merge key of a list field, or undefined when the list is replaced as a whole. */
export const mergeKeyOf = (field: string): string | undefined =>
  Object.hasOwn(MERGE_KEYS, field) ? MERGE_KEYS[field] : undefined

/** Lists of scalars merged as sets (patchStrategy "merge" without a key). */
export const MERGE_SETS: ReadonlySet<string> = new Set(['finalizers'])
