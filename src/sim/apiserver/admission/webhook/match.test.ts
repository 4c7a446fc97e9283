import { describe, expect, it } from 'vitest'
import type { KubeObject } from '../../../../api/types'
import type { AdmissionLister } from '../types'
import { deniedStatus, webhookUrl } from './call'
import { type RuleWithOperations, validateWebhookConfiguration, webhooksOf, withDefaults } from './config'
import { isExemptConfigurationResource, type MatchAttributes, ruleMatches, shouldCall } from './match'

const podCreate: MatchAttributes = {
  operation: 'CREATE',
  group: '',
  version: 'v1',
  resource: 'pods',
  subresource: '',
  namespace: 'default',
  object: { metadata: { name: 'p', labels: { app: 'web' } } },
}
const podRule: RuleWithOperations = {
  operations: ['CREATE'],
  apiGroups: [''],
  apiVersions: ['v1'],
  resources: ['pods'],
}

describe('webhook rules (predicates/rules)', () => {
  it.each<[string, RuleWithOperations, Partial<MatchAttributes>, boolean]>([
    ['exact', podRule, {}, true],
    ['wildcards', { operations: ['*'], apiGroups: ['*'], apiVersions: ['*'], resources: ['*'] }, {}, true],
    ['another operation', { ...podRule, operations: ['UPDATE'] }, {}, false],
    ['another group', { ...podRule, apiGroups: ['apps'] }, {}, false],
    ['another version', { ...podRule, apiVersions: ['v2'] }, {}, false],
    ['another resource', { ...podRule, resources: ['deployments'] }, {}, false],
    ['no operations', { ...podRule, operations: [] }, {}, false],
    ['pods does not match a subresource', podRule, { subresource: 'binding' }, false],
    ['pods/* matches pods/binding', { ...podRule, resources: ['pods/*'] }, { subresource: 'binding' }, true],
    ['pods/* also matches pods itself', { ...podRule, resources: ['pods/*'] }, {}, true],
    ['*/status', { ...podRule, resources: ['*/status'] }, { subresource: 'status' }, true],
    ['*/* matches the main resource', { ...podRule, resources: ['*/*'] }, {}, true],
    ['*/status does not match the main resource', { ...podRule, resources: ['*/status'] }, {}, false],
    ['Namespaced scope, namespaced object', { ...podRule, scope: 'Namespaced' }, {}, true],
    ['Cluster scope, namespaced object', { ...podRule, scope: 'Cluster' }, {}, false],
    [
      'Cluster scope, a Namespace',
      { ...podRule, resources: ['namespaces'], scope: 'Cluster' },
      { resource: 'namespaces', namespace: 'dev' },
      true,
    ],
    [
      'Namespaced scope, a Namespace',
      { ...podRule, resources: ['namespaces'], scope: 'Namespaced' },
      { resource: 'namespaces', namespace: 'dev' },
      false,
    ],
  ])('%s', (_, rule, attrs, expected) => {
    expect(ruleMatches(rule, { ...podCreate, ...attrs })).toBe(expected)
  })
})

const lister = (namespaces: Record<string, Record<string, string>>): AdmissionLister => ({
  get: (group, resource, _ns, name) =>
    group === '' && resource === 'namespaces' && namespaces[name]
      ? ({ metadata: { name, labels: namespaces[name] } } as KubeObject)
      : undefined,
  list: () => [],
})

const hook = (extra: Record<string, unknown> = {}) =>
  withDefaults('cfg', { name: 'x.example.com', rules: [podRule], ...extra }, 0)

describe('which webhooks are called (ShouldCallHook)', () => {
  const l = lister({ default: { env: 'dev' } })

  it('calls a webhook whose rules match, with empty selectors', () => {
    expect(shouldCall(hook(), podCreate, l)).toBe(true)
  })

  it('filters by the namespace labels', () => {
    expect(shouldCall(hook({ namespaceSelector: { matchLabels: { env: 'dev' } } }), podCreate, l)).toBe(true)
    expect(shouldCall(hook({ namespaceSelector: { matchLabels: { env: 'prod' } } }), podCreate, l)).toBe(
      false,
    )
    const notIn = { matchExpressions: [{ key: 'env', operator: 'NotIn', values: ['dev'] }] }
    expect(shouldCall(hook({ namespaceSelector: notIn }), podCreate, l)).toBe(false)
  })

  it('a missing namespace is a 404 when a selector must read it', () => {
    const r = shouldCall(
      hook({ namespaceSelector: { matchLabels: { env: 'dev' } } }),
      { ...podCreate, namespace: 'gone' },
      l,
    )
    expect(r).toMatchObject({ code: 404, message: 'namespaces "gone" not found' })
  })

  it('filters by the object labels (new or old object)', () => {
    expect(shouldCall(hook({ objectSelector: { matchLabels: { app: 'web' } } }), podCreate, l)).toBe(true)
    expect(shouldCall(hook({ objectSelector: { matchLabels: { app: 'db' } } }), podCreate, l)).toBe(false)
    const old = { ...podCreate, object: { metadata: {} }, oldObject: { metadata: { labels: { app: 'db' } } } }
    expect(shouldCall(hook({ objectSelector: { matchLabels: { app: 'db' } } }), old, l)).toBe(true)
  })

  it('never sends webhook configurations to webhooks', () => {
    expect(
      isExemptConfigurationResource({
        ...podCreate,
        group: 'admissionregistration.k8s.io',
        resource: 'mutatingwebhookconfigurations',
      }),
    ).toBe(true)
    expect(isExemptConfigurationResource(podCreate)).toBe(false)
  })
})

describe('webhook configurations', () => {
  it('apply the v1 defaults', () => {
    expect(
      withDefaults('cfg', { name: 'x', clientConfig: { service: { namespace: 'n', name: 's' } } }, 0),
    ).toEqual({
      uid: 'cfg/x/0',
      configuration: 'cfg',
      name: 'x',
      service: { namespace: 'n', name: 's', path: '', port: 443 },
      rules: [],
      failurePolicy: 'Fail',
      namespaceSelector: {},
      objectSelector: {},
      timeoutSeconds: 10,
      reinvocationPolicy: 'Never',
    })
  })

  it('order webhooks by configuration name, then as written', () => {
    const hooks = webhooksOf([
      { metadata: { name: 'zeta' }, webhooks: [{ name: 'z1' }] },
      { metadata: { name: 'alpha' }, webhooks: [{ name: 'a1' }, { name: 'a2' }, { name: 'a1' }] },
    ])
    expect(hooks.map((h) => h.uid)).toEqual(['alpha/a1/0', 'alpha/a2/0', 'alpha/a1/1', 'zeta/z1/0'])
  })

  it('resolve a Service reference to its URL', () => {
    const w = withDefaults(
      'c',
      { name: 'x', clientConfig: { service: { namespace: 'webhooks', name: 'inj', path: '/mutate' } } },
      0,
    )
    expect(webhookUrl(w)).toBe('https://inj.webhooks.svc:443/mutate')
  })

  it('require sideEffects and admissionReviewVersions', () => {
    const errors = validateWebhookConfiguration(
      { webhooks: [{ name: 'x.example.com', clientConfig: { service: { namespace: 'n', name: 's' } } }] },
      true,
    )
    expect(errors.map((e) => e.field)).toEqual([
      'webhooks[0].sideEffects',
      'webhooks[0].admissionReviewVersions',
    ])
  })
})

describe('a denial as upstream words it (ToStatusErr)', () => {
  it.each([
    [{ code: 403, message: 'no thanks' }, 403, 'admission webhook "d" denied the request: no thanks'],
    [{ reason: 'Because' }, 400, 'admission webhook "d" denied the request: Because'],
    [{ code: 200 }, 400, 'admission webhook "d" denied the request without explanation'],
    [undefined, 400, 'admission webhook "d" denied the request without explanation'],
  ])('%j → %i %s', (result, code, message) => {
    const s = deniedStatus('d', result)
    expect(s.code).toBe(code)
    expect(s.message).toBe(message)
    expect(s.status).toBe('Failure')
  })
})
