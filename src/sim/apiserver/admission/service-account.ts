/**
 * ServiceAccount (plugin/pkg/admission/serviceaccount/admission.go, v1.33), on Pod CREATE:
 * - mutating: `spec.serviceAccountName` defaults to `default`; the ServiceAccount must exist
 *   (a cache miss is retried with direct reads: 10 attempts for `default`, which its controller
 *   may not have created yet, 1 otherwise, 100–199 ms apart); unless `automountServiceAccountToken`
 *   is false (the pod's setting wins over the ServiceAccount's), the projected volume
 *   `kube-api-access-<5 chars>` (bound token, the `kube-root-ca.crt` CA, the namespace) is added
 *   and mounted read-only at /var/run/secrets/kubernetes.io/serviceaccount in every init
 *   container and container that has nothing mounted there; the ServiceAccount's
 *   imagePullSecrets are copied when the pod names none.
 * - validating: the ServiceAccount must (still) exist; mirror pods may not name one.
 * Missing: `error looking up service account dev/default: serviceaccount "default" not found`.
 */
import { forbidden } from '../../../api/status'
import type { KubeObject, Pod } from '../../../api/types'
import { type Proc, sleep } from '../../kernel/kernel'
import { ALPHANUMS } from '../names'
import type { AdmissionAttributes, AdmissionLister, AdmissionOutcome, AdmissionPlugin } from './types'

export const DEFAULT_SERVICE_ACCOUNT_NAME = 'default'
/** ServiceAccountVolumeName: the prefix of the projected token volume's generated name. */
export const SERVICE_ACCOUNT_VOLUME_NAME = 'kube-api-access'
export const DEFAULT_API_TOKEN_MOUNT_PATH = '/var/run/secrets/kubernetes.io/serviceaccount'
/** pkg/serviceaccount WarnOnlyBoundTokenExpirationSeconds: one hour and 7 seconds. */
export const BOUND_TOKEN_EXPIRATION_SECONDS = 3607
/** The ConfigMap root-ca-cert-publisher writes in every namespace. */
export const ROOT_CA_CONFIG_MAP = 'kube-root-ca.crt'
const MIRROR_POD_ANNOTATION = 'kubernetes.io/config.mirror'

interface ServiceAccountObject extends KubeObject {
  automountServiceAccountToken?: boolean
  imagePullSecrets?: { name?: string }[]
}

type Lookup = { readonly ok: true; readonly sa: ServiceAccountObject } | { readonly ok: false }

/** The projected volume source (TokenVolumeSource), with the defaultMode defaulting adds. */
export function tokenVolume(name: string): NonNullable<NonNullable<Pod['spec']>['volumes']>[number] {
  return {
    name,
    projected: {
      sources: [
        { serviceAccountToken: { expirationSeconds: BOUND_TOKEN_EXPIRATION_SECONDS, path: 'token' } },
        { configMap: { name: ROOT_CA_CONFIG_MAP, items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
        {
          downwardAPI: {
            items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }],
          },
        },
      ],
      defaultMode: 420,
    },
  }
}

const podName = (pod: Pod) => pod.metadata?.name ?? pod.metadata?.generateName ?? ''

const deny = (pod: Pod, detail: string): AdmissionOutcome => ({
  allowed: false,
  status: forbidden('pods', podName(pod), detail),
})

/**
 * getServiceAccount: the informer's cache, then direct reads (here: the watch cache again, a
 * little later — the apiserver's own GET would read etcd, which the cache trails by a watch event).
 */
function* getServiceAccount(a: AdmissionAttributes, lister: AdmissionLister, name: string): Proc<Lookup> {
  const namespace = a.request.namespace
  const lookup = () => lister.get('', 'serviceaccounts', namespace, name) as ServiceAccountObject | undefined
  const cached = lookup()
  if (cached) return { ok: true, sa: cached }
  const attempts = name === DEFAULT_SERVICE_ACCOUNT_NAME ? 10 : 1
  const retryIntervalMs = 100 + (a.rng ? a.rng.intn(100) : 0)
  for (let i = 0; i < attempts; i++) {
    if (i !== 0) yield* sleep(retryIntervalMs)
    const sa = lookup()
    if (sa) return { ok: true, sa }
  }
  return { ok: false }
}

const lookupError = (a: AdmissionAttributes, pod: Pod, name: string) =>
  deny(
    pod,
    `error looking up service account ${a.request.namespace}/${name}: serviceaccount "${name}" not found`,
  )

function shouldAutomount(sa: ServiceAccountObject, pod: Pod): boolean {
  const fromPod = pod.spec?.automountServiceAccountToken
  if (fromPod !== undefined && fromPod !== null) return fromPod
  if (sa.automountServiceAccountToken !== undefined) return sa.automountServiceAccountToken
  return true
}

function mountServiceAccountToken(a: AdmissionAttributes, pod: Pod): void {
  const spec = pod.spec ?? { containers: [] }
  const existing = (spec.volumes ?? []).find((v) => v.name.startsWith(`${SERVICE_ACCOUNT_VOLUME_NAME}-`))
  let volumeName = existing?.name
  if (!volumeName) {
    if (!a.rng) throw new Error('ServiceAccount admission: no name generator (attrs.rng) on a CREATE')
    volumeName = `${SERVICE_ACCOUNT_VOLUME_NAME}-${a.rng.string(ALPHANUMS, 5)}`
  }
  let needsVolume = false
  for (const c of [...(spec.initContainers ?? []), ...(spec.containers ?? [])]) {
    if ((c.volumeMounts ?? []).some((m) => m.mountPath === DEFAULT_API_TOKEN_MOUNT_PATH)) continue
    c.volumeMounts = [
      ...(c.volumeMounts ?? []),
      { name: volumeName, readOnly: true, mountPath: DEFAULT_API_TOKEN_MOUNT_PATH },
    ]
    needsVolume = true
  }
  if (!existing && needsVolume) spec.volumes = [...(spec.volumes ?? []), tokenVolume(volumeName)]
}

const isMirrorPod = (pod: Pod) => pod.metadata?.annotations?.[MIRROR_POD_ANNOTATION] !== undefined

function validateMirrorPod(pod: Pod): AdmissionOutcome {
  const spec = pod.spec
  if (spec?.serviceAccountName) return deny(pod, 'a mirror pod may not reference service accounts')
  if ((spec?.volumes ?? []).some((v) => v.secret)) return deny(pod, 'a mirror pod may not reference secrets')
  if ((spec?.volumes ?? []).some((v) => v.projected?.sources?.some((s) => s.serviceAccountToken))) {
    return deny(pod, 'a mirror pod may not use ServiceAccountToken volume projections')
  }
  return { allowed: true }
}

export const serviceAccount: AdmissionPlugin = {
  name: 'ServiceAccount',
  handles: (a) => a.operation === 'CREATE' && a.request.resource === 'pods' && a.request.subresource === '',
  *admit(a, lister) {
    const pod = a.object as Pod
    if (isMirrorPod(pod)) return validateMirrorPod(pod)
    const spec = (pod.spec ??= { containers: [] })
    // v1 conversion: the deprecated `serviceAccount` fills an empty serviceAccountName.
    if (!spec.serviceAccountName && spec.serviceAccount) spec.serviceAccountName = spec.serviceAccount
    if (!spec.serviceAccountName) spec.serviceAccountName = DEFAULT_SERVICE_ACCOUNT_NAME
    const name = spec.serviceAccountName
    const found = yield* getServiceAccount(a, lister, name)
    if (!found.ok) return lookupError(a, pod, name)
    if (shouldAutomount(found.sa, pod)) mountServiceAccountToken(a, pod)
    if (!spec.imagePullSecrets?.length && found.sa.imagePullSecrets?.length) {
      spec.imagePullSecrets = found.sa.imagePullSecrets.map((s) => ({ name: s.name ?? '' }))
    }
    // ...and v1 conversion writes serviceAccountName back into the deprecated field.
    spec.serviceAccount = spec.serviceAccountName
    return { allowed: true }
  },
  *validate(a, lister) {
    const pod = a.object as Pod
    if (isMirrorPod(pod)) return validateMirrorPod(pod)
    const name = pod.spec?.serviceAccountName ?? DEFAULT_SERVICE_ACCOUNT_NAME
    const found = yield* getServiceAccount(a, lister, name)
    if (!found.ok) return lookupError(a, pod, name)
    return { allowed: true }
  },
}
