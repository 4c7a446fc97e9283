/**
 * The checks that keep text the parser cannot take away from it (input-scan.ts) and the field
 * type check (field-shapes.ts): they must catch what they are for, and never refuse a manifest
 * that works with kubectl.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { TEMPLATES } from '../../app/editor/templates'
import { SCENARIOS } from '../../scenarios/library'
import { KUBECTL_GET_YAML } from '../../testing/bad-inputs'
import { shapeProblem } from './field-shapes'
import { badCharacter, MAX_DEPTH, tooDeep } from './input-scan'
import { parseManifests } from './parse'

const EXAMPLES = join(process.cwd(), 'examples')
const manifests: [string, string][] = [
  ...readdirSync(EXAMPLES, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.yaml'))
    .map((f): [string, string] => [f, readFileSync(join(EXAMPLES, f), 'utf8')]),
  ...SCENARIOS.flatMap((s) => [
    [`${s.id} cluster`, s.input.clusterYaml] as [string, string],
    ...s.input.actions.flatMap((a, i) =>
      a.type === 'apply' ? [[`${s.id} action ${i}`, a.yaml] as [string, string]] : [],
    ),
  ]),
  ...TEMPLATES.map((t): [string, string] => [`template ${t.yaml.slice(0, 30)}`, t.yaml]),
  ['kubectl get -o yaml', KUBECTL_GET_YAML],
]

describe('real manifests pass every check', () => {
  it.each(manifests)('%s', (_name, text) => {
    expect(badCharacter(text)).toBeUndefined()
    expect(tooDeep(text)).toBeUndefined()
    const parsed = parseManifests(text)
    if (parsed.ok) for (const { object } of parsed.objects) expect(shapeProblem(object)).toBeUndefined()
  })
})

describe('characters YAML does not allow', () => {
  it.each([
    ['NUL', 'a: \u0000', 1, 4, 'U+0000'],
    ['DEL on line 2', 'a: b\nc: \u007f', 2, 4, 'U+007F'],
    ['a C1 control', 'a: \u0090', 1, 4, 'U+0090'],
    ['U+FFFE', 'a: \ufffe', 1, 4, 'U+FFFE'],
    ['a lone low surrogate', 'a: x\udc00', 1, 5, 'U+DC00'],
  ])('%s', (_name, text, line, column, code) => {
    expect(badCharacter(text)).toMatchObject({ line, column, message: expect.stringContaining(code) })
  })

  it.each([
    ['tabs, CR LF', 'a:\t"b"\r\nc: d\r\n'],
    ['a BOM, NBSP, emoji and CJK', '\ufeffa: "\u00a0🙂 中文"\n'],
    ['NEL', 'a: b\u0085'],
  ])('accepts %s', (_name, text) => {
    expect(badCharacter(text)).toBeUndefined()
  })
})

describe('nesting', () => {
  const nested = (n: number) => Array.from({ length: n }, (_, i) => `${' '.repeat(i)}k:`).join('\n')
  it('counts block levels by indentation, flow levels by brackets, compact sequences by dashes', () => {
    expect(tooDeep(nested(MAX_DEPTH))).toBeUndefined()
    expect(tooDeep(nested(MAX_DEPTH + 1))).toMatchObject({ line: MAX_DEPTH + 1 })
    expect(tooDeep(`a: ${'['.repeat(MAX_DEPTH - 1)}`)).toBeUndefined()
    expect(tooDeep(`a: ${'{'.repeat(MAX_DEPTH)}`)).toMatchObject({ line: 1, column: 4 + MAX_DEPTH - 1 })
    expect(tooDeep(`${'- '.repeat(MAX_DEPTH)}x`)).toMatchObject({ line: 1 })
  })

  it('does not count brackets in quotes, comments or block scalars', () => {
    const deep = '['.repeat(500)
    expect(tooDeep(`a: "${deep}"\nb: '${deep}'\nc: 1 # ${deep}\n`)).toBeUndefined()
    // A shell script in a ConfigMap, indented deeper and deeper, is text.
    const script = Array.from({ length: 300 }, (_, i) => `${' '.repeat(4 + i)}echo ${deep}`).join('\n')
    expect(tooDeep(`data:\n  run.sh: |\n${script}\nafter: {}\n`)).toBeUndefined()
    // A quoted scalar over several lines.
    expect(tooDeep(`a: "x\n  ${deep}\n  y"\nb: 1\n`)).toBeUndefined()
  })

  it('does not let a quote inside a plain scalar hide brackets from the count', () => {
    expect(tooDeep(`a: [don't ${'['.repeat(MAX_DEPTH + 5)}`)).toMatchObject({ line: 1 })
    expect(tooDeep(`a: [x '${'['.repeat(MAX_DEPTH + 5)}`)).toMatchObject({ line: 1 })
  })

  it('refuses depth built from aliases, which the text does not show', () => {
    // Five aliases, each 20 levels around the one before: 110 levels, no line over 21.
    const wrap = (inner: string) => `${'['.repeat(20)}${inner}${']'.repeat(20)}`
    const lines = [`a0: &a0 ${wrap('1')}`]
    for (let i = 1; i <= 5; i++) lines.push(`a${i}: &a${i} ${wrap(`*a${i - 1}`)}`)
    const r = parseManifests(`${lines.join('\n')}\n`)
    expect(r.ok ? [] : r.errors.map((e) => e.message)).toEqual([
      `yaml: line 1: exceeded max depth of ${MAX_DEPTH} (collections nested more than ${MAX_DEPTH} levels deep, counting aliases)`,
    ])
  })
})

describe('field types', () => {
  const pod = (spec: object, metadata: object = { name: 'p' }) => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata,
    spec,
  })
  it.each([
    [
      'booleans (YAML 1.1 `yes`, as go-yaml reads it, arrives as true)',
      pod({ containers: [{ name: 'c', image: 'i', stdin: true }] }),
    ],
    [
      'null anywhere (kubectl create --dry-run writes creationTimestamp: null)',
      pod({ containers: null }, { name: 'p', creationTimestamp: null }),
    ],
    [
      'an int-or-string port as either',
      pod({
        containers: [
          {
            name: 'c',
            image: 'i',
            livenessProbe: { httpGet: { port: 8080 } },
            readinessProbe: { httpGet: { port: 'http' } },
          },
        ],
      }),
    ],
    [
      'quantities as numbers',
      pod({ containers: [{ name: 'c', image: 'i', resources: { requests: { cpu: 1, memory: '64Mi' } } }] }),
    ],
    [
      'fields the table does not know (the apiserver answers those)',
      pod({ containers: [{ name: 'c', image: 'i', imagePullPolcy: 3 }] }),
    ],
    [
      'kinds the apiserver does not serve',
      { apiVersion: 'podflow.dev/v1alpha1', kind: 'User', metadata: { name: 7 } },
    ],
  ])('accepts %s', (_name, obj) => {
    expect(shapeProblem(obj)).toBeUndefined()
  })

  // encoding/json's words, as the apiserver's decoder (or kubectl's, for metadata) says them.
  it.each([
    [
      pod({ containers: [{ name: 'c', image: 'i' }] }, { name: 'p', labels: { version: 1 } }),
      'number into Go struct field ObjectMeta.metadata.labels of type string',
      'metadata.labels.version',
    ],
    [
      pod({ containers: [{ name: 'c', image: 'i', ports: [{ containerPort: '80' }] }] }),
      'string into Go struct field ContainerPort.spec.containers.ports.containerPort of type int32',
      'spec.containers[0].ports[0].containerPort',
    ],
    [
      pod({ containers: [{ name: 'c', image: 'i', stdin: 'sometimes' }] }),
      'string into Go struct field Container.spec.containers.stdin of type bool',
      'spec.containers[0].stdin',
    ],
    [
      pod({ containers: [{ name: 'c', image: 'i', args: 'run' }] }),
      'string into Go struct field Container.spec.containers.args of type []string',
      'spec.containers[0].args',
    ],
    [
      pod({ containers: [{ name: 'c', image: 'i' }] }, { name: 'p', annotations: ['a'] }),
      'array into Go struct field ObjectMeta.metadata.annotations of type map[string]string',
      'metadata.annotations',
    ],
    [
      pod({ containers: [{ name: 'c', image: 'i' }], terminationGracePeriodSeconds: 1.5 }),
      'number 1.5 into Go struct field PodSpec.spec.terminationGracePeriodSeconds of type int64',
      'spec.terminationGracePeriodSeconds',
    ],
    [
      {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'd' },
        spec: { replicas: 2147483648 },
      },
      'number 2147483648 into Go struct field DeploymentSpec.spec.replicas of type int32',
      'spec.replicas',
    ],
  ])('refuses %#: %s', (obj, message, path) => {
    expect(shapeProblem(obj)).toMatchObject({ message: `json: cannot unmarshal ${message}`, path })
  })

  it('reports a List item at the line of its field, as kubectl decodes metadata itself', () => {
    const text =
      'apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Pod\n  metadata:\n    name: a\n    labels:\n      tier: 3\n'
    const r = parseManifests(text, 'list.yaml')
    expect(r.ok ? [] : r.errors).toEqual([
      {
        line: 9,
        message:
          'unable to decode "list.yaml": json: cannot unmarshal number into Go struct field ObjectMeta.metadata.labels of type string',
        kubectl: true,
      },
    ])
  })
})
