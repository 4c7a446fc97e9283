import type { Service } from 'kubernetes-types/core/v1'
import { describe, expect, it } from 'vitest'
import { formatFieldError } from '../../../api/status'
import type { KubeObject } from '../../../api/types'
import { Rng } from '../../kernel/rng'
import {
  allocateClusterIP,
  allocateCreate,
  allocatedBy,
  allocateNodePort,
  ipToNumber,
} from './service-allocators'
import { defaultService, validateService } from './service-strategy'

const svc = (spec: Record<string, unknown>, name = 'my-service'): Service =>
  ({ apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: 'default' }, spec }) as Service

const none = allocatedBy([])

describe('SetDefaults_Service', () => {
  it.each([
    {
      name: 'ClusterIP: type, affinity, protocol, targetPort = port, internalTrafficPolicy',
      spec: { selector: { app: 'web' }, ports: [{ port: 80 }] },
      want: {
        selector: { app: 'web' },
        ports: [{ port: 80, protocol: 'TCP', targetPort: 80 }],
        sessionAffinity: 'None',
        type: 'ClusterIP',
        internalTrafficPolicy: 'Cluster',
      },
    },
    {
      name: 'NodePort adds externalTrafficPolicy Cluster; a named targetPort is kept',
      spec: { type: 'NodePort', ports: [{ port: 80, targetPort: 'http', protocol: 'UDP' }] },
      want: {
        type: 'NodePort',
        ports: [{ port: 80, targetPort: 'http', protocol: 'UDP' }],
        sessionAffinity: 'None',
        externalTrafficPolicy: 'Cluster',
        internalTrafficPolicy: 'Cluster',
      },
    },
    {
      name: 'LoadBalancer allocates node ports by default; ClientIP affinity gets its 3h timeout',
      spec: { type: 'LoadBalancer', sessionAffinity: 'ClientIP', ports: [{ port: 443 }] },
      want: {
        type: 'LoadBalancer',
        sessionAffinity: 'ClientIP',
        sessionAffinityConfig: { clientIP: { timeoutSeconds: 10800 } },
        ports: [{ port: 443, protocol: 'TCP', targetPort: 443 }],
        externalTrafficPolicy: 'Cluster',
        internalTrafficPolicy: 'Cluster',
        allocateLoadBalancerNodePorts: true,
      },
    },
    {
      name: 'ExternalName gets no traffic policies',
      spec: { type: 'ExternalName', externalName: 'db.example.com' },
      want: { type: 'ExternalName', externalName: 'db.example.com', sessionAffinity: 'None' },
    },
  ])('$name', ({ spec, want }) => {
    const s = svc(spec)
    defaultService(s)
    expect(s.spec).toEqual(want)
  })
})

describe('Service allocation (alloc.go allocateCreate)', () => {
  it('a ClusterIP from the upper band of 10.96.0.0/12, the same for the same seed', () => {
    const draw = (seed: number) => {
      const s = svc({ type: 'ClusterIP', ports: [{ port: 80 }] })
      expect(allocateCreate(s, new Rng(seed), none)).toEqual({ ok: true })
      return s.spec
    }
    for (const seed of [1, 2, 3, 42]) {
      const spec = draw(seed)
      const n = ipToNumber(spec?.clusterIP ?? '')
      expect(n).toBeGreaterThanOrEqual(ipToNumber('10.96.1.1'))
      expect(n).toBeLessThanOrEqual(ipToNumber('10.111.255.254'))
      expect(spec?.clusterIPs).toEqual([spec?.clusterIP])
      expect(spec?.ipFamilies).toEqual(['IPv4'])
      expect(spec?.ipFamilyPolicy).toBe('SingleStack')
      expect(draw(seed)).toEqual(spec)
    }
    expect(draw(1)?.clusterIP).not.toBe(draw(2)?.clusterIP)
  })

  it('skips addresses other Services hold', () => {
    const rng = new Rng(7)
    const first = allocateClusterIP(new Rng(7), new Set()) as string
    expect(allocateClusterIP(rng, new Set([first]))).not.toBe(first)
  })

  it('headless keeps None; a selectorless headless Service is RequireDualStack with one family', () => {
    const withSelector = svc({ clusterIP: 'None', selector: { app: 'db' }, ports: [{ port: 5432 }] })
    allocateCreate(withSelector, new Rng(1), none)
    expect(withSelector.spec).toMatchObject({
      clusterIP: 'None',
      clusterIPs: ['None'],
      ipFamilyPolicy: 'SingleStack',
      ipFamilies: ['IPv4'],
    })
    const selectorless = svc({ clusterIP: 'None' })
    allocateCreate(selectorless, new Rng(1), none)
    expect(selectorless.spec).toMatchObject({
      clusterIPs: ['None'],
      ipFamilyPolicy: 'RequireDualStack',
      ipFamilies: ['IPv4'],
    })
  })

  it('NodePorts from 30086-32767 first, one per port number; requested ones are checked', () => {
    const s = svc({
      type: 'NodePort',
      ports: [
        { name: 'tcp', port: 53, protocol: 'TCP' },
        { name: 'udp', port: 53, protocol: 'UDP' },
        { name: 'web', port: 80, nodePort: 30080 },
      ],
    })
    expect(allocateCreate(s, new Rng(3), none)).toEqual({ ok: true })
    const [a, b, c] = s.spec?.ports ?? []
    expect(a?.nodePort).toBe(b?.nodePort)
    expect(a?.nodePort).toBeGreaterThanOrEqual(30086)
    expect(a?.nodePort).toBeLessThanOrEqual(32767)
    expect(c?.nodePort).toBe(30080)
    // The same draws: the ClusterIP first, then the node port.
    const rng = new Rng(3)
    allocateClusterIP(rng, new Set())
    expect(allocateNodePort(rng, new Set())).toBe(a?.nodePort)
  })

  it.each([
    {
      name: 'a ClusterIP outside the range',
      spec: { clusterIP: '10.0.0.5', ports: [{ port: 80 }] },
      taken: [] as KubeObject[],
      want: 'spec.clusterIPs: Invalid value: []string{"10.0.0.5"}: failed to allocate IP 10.0.0.5: the provided IP (10.0.0.5) is not in the valid range. The range of valid IPs is 10.96.0.0/12',
    },
    {
      name: 'a ClusterIP already held',
      spec: { clusterIP: '10.96.0.1', ports: [{ port: 80 }] },
      taken: [svc({ clusterIP: '10.96.0.1', clusterIPs: ['10.96.0.1'] }, 'kubernetes')],
      want: 'spec.clusterIPs: Invalid value: []string{"10.96.0.1"}: failed to allocate IP 10.96.0.1: provided IP is already allocated',
    },
    {
      name: 'a NodePort out of range',
      spec: { type: 'NodePort', ports: [{ port: 80, nodePort: 8080 }] },
      taken: [],
      want: 'spec.ports[0].nodePort: Invalid value: 8080: provided port is not in the valid range. The range of valid ports is 30000-32767',
    },
    {
      name: 'dual-stack on a single-stack cluster',
      spec: { ipFamilyPolicy: 'RequireDualStack', selector: { a: 'b' }, ports: [{ port: 80 }] },
      taken: [],
      want: 'spec.ipFamilyPolicy: Invalid value: "RequireDualStack": this cluster is not configured for dual-stack services',
    },
  ])('422 for $name', ({ spec, taken, want }) => {
    const r = allocateCreate(svc(spec), new Rng(1), allocatedBy(taken as Service[]))
    expect(r.ok).toBe(false)
    if (!r.ok && 'errors' in r) expect(r.errors.map(formatFieldError)).toEqual([want])
  })
})

describe('ValidateService', () => {
  it.each([
    { name: 'no ports', spec: { selector: { a: 'b' } }, want: ['spec.ports: Required value'] },
    { name: 'headless without ports is fine', spec: { clusterIP: 'None' }, want: [] },
    {
      name: 'two unnamed ports',
      spec: {
        ports: [
          { port: 80, protocol: 'TCP', targetPort: 80 },
          { port: 443, protocol: 'TCP', targetPort: 443 },
        ],
      },
      want: ['spec.ports[0].name: Required value', 'spec.ports[1].name: Required value'],
    },
    {
      name: 'port 0 and a bad protocol',
      spec: { ports: [{ port: 0, protocol: 'HTTP', targetPort: 1 }] },
      want: [
        'spec.ports[0].port: Invalid value: 0: must be between 1 and 65535, inclusive',
        'spec.ports[0].protocol: Unsupported value: "HTTP": supported values: "SCTP", "TCP", "UDP"',
      ],
    },
    {
      name: 'ExternalName without externalName',
      spec: { type: 'ExternalName' },
      want: ['spec.externalName: Required value'],
    },
  ])('$name', ({ spec, want }) => {
    expect(validateService(svc(spec)).map(formatFieldError)).toEqual(want)
  })

  it('names are DNS-1035 labels', () => {
    expect(validateService(svc({ clusterIP: 'None' }, '1web')).map(formatFieldError)).toEqual([
      expect.stringContaining('metadata.name: Invalid value: "1web": a DNS-1035 label must consist of'),
    ])
  })
})
