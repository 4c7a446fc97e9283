/**
 * The core/v1 kinds without a controller in the simulation, as the apiserver stores them:
 * defaults from pkg/apis/core/v1/defaults.go (SetDefaults_Secret, _PersistentVolume,
 * _PersistentVolumeClaim(Spec), _Endpoints, _ReplicationController), the Secret conversion
 * (pkg/apis/core/v1/conversion.go Convert_v1_Secret_To_core_Secret: stringData is written over
 * data and dropped, so it never reaches etcd), the registries' PrepareForCreate
 * (pkg/registry/core/{persistentvolume,persistentvolumeclaim,resourcequota,replicationcontroller}
 * /strategy.go clear the status), and ValidateSecret / ValidateConfigMap
 * (pkg/apis/core/validation/validation.go, IsConfigMapKey in apimachinery util/validation).
 *
 * The PV and PVC phase `Pending` is what every read returns: the registries store an empty status
 * and decoding from etcd defaults the phase, so the simulation stores it as read.
 */
import type {
  ConfigMap,
  EndpointPort,
  Endpoints,
  PersistentVolume,
  PersistentVolumeClaim,
  PodTemplate,
  ReplicationController,
  Secret,
} from 'kubernetes-types/core/v1'
import { base64DecodedLength, base64Encode } from '../../../api/base64'
import { type FieldError, invalidValue, required } from '../../../api/status'
import { fields, type KubeObject } from '../../../api/types'
import { validateObjectMeta } from './meta-validation'
import { defaultTemplatePodSpec } from './pod-defaults'
import { validatePodSpec } from './pod-validation'

type Writable<T> = { -readonly [K in keyof T]: T[K] }

/** SetDefaults_Secret, then the v1 → internal conversion's stringData merge. */
export function defaultSecret(secret: Secret): void {
  const s = secret as Writable<Secret>
  s.type ||= 'Opaque'
  const stringData = s.stringData
  if (stringData && Object.keys(stringData).length > 0) {
    const data: Record<string, string> = { ...(s.data ?? {}) }
    for (const [k, v] of Object.entries(stringData)) data[k] = base64Encode(String(v))
    s.data = data
  }
  delete s.stringData
}

const CONFIG_KEY = /^[-._a-zA-Z0-9]+$/
const CONFIG_KEY_MSG =
  "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')"

/** IsConfigMapKey. */
export function configKeyErrors(key: string): string[] {
  const msgs: string[] = []
  if (key.length > 253) msgs.push('must be no more than 253 characters')
  if (!CONFIG_KEY.test(key)) msgs.push(CONFIG_KEY_MSG)
  if (key === '.') msgs.push("must not be '.'")
  else if (key === '..') msgs.push("must not be '..'")
  else if (key.startsWith('..')) msgs.push("must not start with '..'")
  return msgs
}

/** core.MaxSecretSize, also the ConfigMap limit (RuntimeObjectsMaxSize). */
const MAX_SIZE = 1024 * 1024

/** ValidateSecret: keys, total size, and what each built-in type requires. */
export function validateSecret(secret: Secret): FieldError[] {
  const errs = validateObjectMeta(secret.metadata, true)
  const data = secret.data ?? {}
  let size = 0
  for (const [key, value] of Object.entries(data)) {
    for (const msg of configKeyErrors(key)) errs.push(invalidValue(`data[${key}]`, key, msg))
    size += base64DecodedLength(String(value)) ?? 0
  }
  if (size > MAX_SIZE) {
    errs.push({ type: 'FieldValueTooLong', field: 'data', detail: `must have at most ${MAX_SIZE} bytes` })
  }
  const has = (key: string) => (base64DecodedLength(String(data[key] ?? '')) ?? 0) > 0
  switch (secret.type) {
    case 'kubernetes.io/service-account-token':
      if (!secret.metadata?.annotations?.['kubernetes.io/service-account.name']) {
        errs.push(required('metadata.annotations[kubernetes.io/service-account.name]', ''))
      }
      break
    case 'kubernetes.io/dockercfg':
      if (!('.dockercfg' in data)) errs.push(required('data[.dockercfg]', ''))
      break
    case 'kubernetes.io/dockerconfigjson':
      if (!('.dockerconfigjson' in data)) errs.push(required('data[.dockerconfigjson]', ''))
      break
    case 'kubernetes.io/basic-auth':
      if (!has('username') && !has('password')) errs.push(required('data[username]', ''))
      break
    case 'kubernetes.io/ssh-auth':
      if (!has('ssh-privatekey')) errs.push(required('data[ssh-privatekey]', ''))
      break
    case 'kubernetes.io/tls':
      if (!('tls.key' in data)) errs.push(required('data[tls.key]', ''))
      if (!('tls.crt' in data)) errs.push(required('data[tls.crt]', ''))
      break
  }
  return errs
}

/** ValidateConfigMap: keys of data and binaryData, unique across both. */
export function validateConfigMap(cm: ConfigMap): FieldError[] {
  const errs = validateObjectMeta(cm.metadata, true)
  for (const key of Object.keys(cm.data ?? {})) {
    for (const msg of configKeyErrors(key)) errs.push(invalidValue(`data[${key}]`, key, msg))
  }
  for (const key of Object.keys(cm.binaryData ?? {})) {
    for (const msg of configKeyErrors(key)) errs.push(invalidValue(`binaryData[${key}]`, key, msg))
    if (cm.data && key in cm.data) {
      errs.push(invalidValue(`data[${key}]`, key, 'duplicate of key present in binaryData'))
    }
  }
  return errs
}

export function defaultPersistentVolume(pv: PersistentVolume): void {
  const spec = ((pv as Writable<PersistentVolume>).spec ??= {}) as Writable<
    NonNullable<PersistentVolume['spec']>
  >
  spec.persistentVolumeReclaimPolicy ||= 'Retain'
  spec.volumeMode ??= 'Filesystem'
}

export function defaultPersistentVolumeClaim(pvc: PersistentVolumeClaim): void {
  const spec = ((pvc as Writable<PersistentVolumeClaim>).spec ??= {}) as Writable<
    NonNullable<PersistentVolumeClaim['spec']>
  >
  spec.volumeMode ??= 'Filesystem'
}

function defaultEndpoints(ep: Endpoints): void {
  for (const subset of ep.subsets ?? []) {
    for (const p of (subset.ports ?? []) as Writable<EndpointPort>[]) p.protocol ||= 'TCP'
  }
}

/** SetDefaults_ReplicationController: selector and labels from the template's labels, one replica. */
function defaultReplicationController(rc: ReplicationController): void {
  const spec = ((rc as Writable<ReplicationController>).spec ??= {}) as Writable<
    NonNullable<ReplicationController['spec']>
  >
  const labels = spec.template?.metadata?.labels
  if (labels) {
    if (Object.keys(spec.selector ?? {}).length === 0) spec.selector = { ...labels }
    const meta = (rc.metadata ??= {})
    if (Object.keys(meta.labels ?? {}).length === 0) meta.labels = { ...labels }
  }
  spec.replicas ??= 1
  if (spec.template?.spec) defaultTemplatePodSpec(spec.template.spec)
}

const metaOnly = (obj: KubeObject, namespaced: boolean) => validateObjectMeta(obj.metadata, namespaced)

const clearStatus = (status: Record<string, unknown>) => (obj: KubeObject) => {
  fields(obj).status = { ...status }
}

export const CORE_STRATEGIES = {
  '/secrets': {
    defaults: (obj: KubeObject) => defaultSecret(obj as Secret),
    validate: (obj: KubeObject) => validateSecret(obj as Secret),
    statusSubresource: false,
    generation: false,
  },
  '/configmaps': {
    validate: (obj: KubeObject) => validateConfigMap(obj as ConfigMap),
    statusSubresource: false,
    generation: false,
  },
  '/persistentvolumes': {
    defaults: (obj: KubeObject) => defaultPersistentVolume(obj as PersistentVolume),
    prepareForCreate: clearStatus({ phase: 'Pending' }),
    validate: metaOnly,
    statusSubresource: true,
    generation: false,
  },
  '/persistentvolumeclaims': {
    defaults: (obj: KubeObject) => defaultPersistentVolumeClaim(obj as PersistentVolumeClaim),
    prepareForCreate: clearStatus({ phase: 'Pending' }),
    validate: metaOnly,
    statusSubresource: true,
    generation: false,
  },
  '/resourcequotas': {
    prepareForCreate: clearStatus({}),
    validate: metaOnly,
    statusSubresource: true,
    generation: false,
  },
  '/endpoints': {
    defaults: (obj: KubeObject) => defaultEndpoints(obj as Endpoints),
    validate: metaOnly,
    statusSubresource: false,
    generation: false,
  },
  '/podtemplates': {
    defaults: (obj: KubeObject) => {
      const spec = (obj as PodTemplate).template?.spec
      if (spec) defaultTemplatePodSpec(spec)
    },
    validate: (obj: KubeObject) => [
      ...validateObjectMeta(obj.metadata, true),
      ...validatePodSpec((obj as PodTemplate).template?.spec, 'template.spec'),
    ],
    statusSubresource: false,
    generation: false,
  },
  '/replicationcontrollers': {
    defaults: (obj: KubeObject) => defaultReplicationController(obj as ReplicationController),
    prepareForCreate: clearStatus({ replicas: 0 }),
    validate: (obj: KubeObject) => [
      ...validateObjectMeta(obj.metadata, true),
      ...validatePodSpec((obj as ReplicationController).spec?.template?.spec, 'spec.template.spec'),
    ],
    statusSubresource: true,
    generation: true,
  },
} as const
