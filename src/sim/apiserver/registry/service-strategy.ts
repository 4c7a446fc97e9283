/**
 * core/v1 Services: SetDefaults_Service (pkg/apis/core/v1/defaults.go), the REST's BeginCreate
 * allocations (pkg/registry/core/service/storage/alloc.go, here service-allocators.ts),
 * PrepareForCreate (pkg/registry/core/service/strategy.go: status cleared, which encodes as
 * `status: {loadBalancer: {}}`), and ValidateService (pkg/apis/core/validation/validation.go).
 */
import type { Service, ServicePort } from 'kubernetes-types/core/v1'
import {
  duplicate,
  type FieldError,
  forbiddenField,
  invalidValue,
  notSupported,
  required,
} from '../../../api/status'
import { fields, type KubeObject } from '../../../api/types'
import type { BeginCreateResult, CreateEnv } from './begin-create'
import { validateObjectMeta } from './meta-validation'
import { portNameErrors } from './pod-validation'
import { allocateCreate, allocatedBy, isIPv4 } from './service-allocators'

type Writable<T> = { -readonly [K in keyof T]: T[K] }
type ServiceSpec = Writable<NonNullable<Service['spec']>>

/** SetDefaults_Service. */
export function defaultService(svc: Service): void {
  const spec = ((svc as Writable<Service>).spec ??= {}) as ServiceSpec
  spec.sessionAffinity ||= 'None'
  if (spec.sessionAffinity === 'None') delete spec.sessionAffinityConfig
  if (
    spec.sessionAffinity === 'ClientIP' &&
    spec.sessionAffinityConfig?.clientIP?.timeoutSeconds === undefined
  ) {
    // v1.DefaultClientIPServiceAffinitySeconds: three hours.
    spec.sessionAffinityConfig = { clientIP: { timeoutSeconds: 10800 } }
  }
  spec.type ||= 'ClusterIP'
  for (const p of (spec.ports ?? []) as Writable<ServicePort>[]) {
    p.protocol ||= 'TCP'
    if (p.targetPort === undefined || p.targetPort === 0 || p.targetPort === '') p.targetPort = p.port
  }
  // service.ExternallyAccessible: LoadBalancer, NodePort, or ClusterIP with externalIPs.
  const external =
    spec.type === 'LoadBalancer' ||
    spec.type === 'NodePort' ||
    (spec.type === 'ClusterIP' && (spec.externalIPs ?? []).length > 0)
  if (external) spec.externalTrafficPolicy ||= 'Cluster'
  if (spec.type === 'NodePort' || spec.type === 'LoadBalancer' || spec.type === 'ClusterIP') {
    spec.internalTrafficPolicy ??= 'Cluster'
  }
  if (spec.type === 'LoadBalancer') spec.allocateLoadBalancerNodePorts ??= true
}

const DNS1035_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/
export const DNS1035_LABEL_MSG =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')"

const SERVICE_TYPES = ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort']
const PROTOCOLS = ['SCTP', 'TCP', 'UDP']
const PORT_RANGE_MSG = 'must be between 1 and 65535, inclusive'

/** ValidateService: the checks a pasted manifest runs into. */
export function validateService(svc: Service): FieldError[] {
  const errs = validateObjectMeta(svc.metadata, true)
  const name = svc.metadata?.name
  // ValidateServiceName is a DNS-1035 label (the name becomes an environment variable prefix).
  if (name) {
    const nameErrs = errs.filter((e) => e.field === 'metadata.name')
    if (nameErrs.length === 0) {
      if (name.length > 63)
        errs.push(invalidValue('metadata.name', name, 'must be no more than 63 characters'))
      if (!DNS1035_LABEL.test(name)) errs.push(invalidValue('metadata.name', name, DNS1035_LABEL_MSG))
    }
  }
  const spec = (svc.spec ?? {}) as ServiceSpec
  const headless = spec.clusterIP === 'None'
  const ports = (spec.ports ?? []) as ServicePort[]
  if (spec.type !== 'ExternalName' && !headless && ports.length === 0) errs.push(required('spec.ports', ''))
  if (spec.type === 'ExternalName') {
    if (!spec.externalName) errs.push(required('spec.externalName', ''))
  }
  const names = new Set<string>()
  ports.forEach((p, i) => {
    const path = `spec.ports[${i}]`
    if (ports.length > 1 && !p.name) errs.push(required(`${path}.name`, ''))
    else if (p.name) {
      for (const msg of portNameErrors(p.name)) errs.push(invalidValue(`${path}.name`, p.name, msg))
      if (names.has(p.name)) errs.push(duplicate(`${path}.name`, p.name))
      names.add(p.name)
    }
    if (!(p.port >= 1 && p.port <= 65535))
      errs.push(invalidValue(`${path}.port`, p.port ?? 0, PORT_RANGE_MSG))
    if (p.protocol && !PROTOCOLS.includes(p.protocol))
      errs.push(notSupported(`${path}.protocol`, p.protocol, PROTOCOLS))
    const target = p.targetPort
    if (typeof target === 'number' && !(target >= 1 && target <= 65535)) {
      errs.push(invalidValue(`${path}.targetPort`, target, PORT_RANGE_MSG))
    } else if (typeof target === 'string') {
      for (const msg of portNameErrors(target)) errs.push(invalidValue(`${path}.targetPort`, target, msg))
    }
    if (p.nodePort && spec.type === 'ClusterIP') {
      errs.push(forbiddenField(`${path}.nodePort`, "may not be used when `type` is 'ClusterIP'"))
    }
  })
  if (spec.type && !SERVICE_TYPES.includes(spec.type))
    errs.push(notSupported('spec.type', spec.type, SERVICE_TYPES))
  if (spec.sessionAffinity && !['ClientIP', 'None'].includes(spec.sessionAffinity)) {
    errs.push(notSupported('spec.sessionAffinity', spec.sessionAffinity, ['ClientIP', 'None']))
  }
  ;(spec.clusterIPs ?? []).forEach((ip, i) => {
    if (ip !== 'None' && ip !== '' && !isIPv4(ip)) {
      errs.push(
        invalidValue(
          `spec.clusterIPs[${i}]`,
          ip,
          'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)',
        ),
      )
    }
  })
  return errs
}

export const serviceStrategy = {
  defaults: (obj: KubeObject) => defaultService(obj as Service),
  beginCreate: (obj: KubeObject, env: CreateEnv): BeginCreateResult => {
    const taken = allocatedBy(env.lister.list('', 'services') as Service[])
    return allocateCreate(obj as Service, env.rng, taken)
  },
  prepareForCreate: (obj: KubeObject) => {
    fields(obj).status = { loadBalancer: {} }
  },
  validate: (obj: KubeObject) => validateService(obj as Service),
  statusSubresource: true,
  generation: false,
}
