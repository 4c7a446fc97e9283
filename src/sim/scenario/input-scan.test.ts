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
  ...readdirSync(EXAMPLES).map((f): [string, string] => [f, readFileSync(join(EXAMPLES, f), 'utf8')]),
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
      'YAML 1.1 booleans (go-yaml reads `yes` as true)',
      pod({ containers: [{ name: 'c', image: 'i', stdin: 'yes' }] }),
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

  it.each([
    [
      pod({ containers: [{ name: 'c', image: 'i' }] }, { name: 'p', labels: { version: 1 } }),
      'metadata.labels.version: must be a string, not a number (1); quote it: "1"',
    ],
    [
      pod({ containers: [{ name: 'c', image: 'i', ports: [{ containerPort: '80' }] }] }),
      'spec.containers[0].ports[0].containerPort: must be a number, not a string ("80")',
    ],
    [
      pod({ containers: [{ name: 'c', image: 'i', stdin: 'sometimes' }] }),
      'spec.containers[0].stdin: must be true or false, not a string ("sometimes")',
    ],
    [
      pod({ containers: [{ name: 'c', image: 'i', args: 'run' }] }),
      'spec.containers[0].args: must be a list, not a string ("run")',
    ],
    [
      pod({ containers: [{ name: 'c', image: 'i' }] }, { name: 'p', annotations: ['a'] }),
      'metadata.annotations: must be a map, not a list',
    ],
  ])('refuses %#: %s', (obj, message) => {
    expect(shapeProblem(obj)?.message).toBe(`error validating data: ${message}`)
  })

  it('reports a List item at the line of its field', () => {
    const text =
      'apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Pod\n  metadata:\n    name: a\n    labels:\n      tier: 3\n'
    const r = parseManifests(text)
    expect(r.ok ? [] : r.errors).toEqual([
      {
        line: 9,
        message:
          'error validating data: metadata.labels.tier: must be a string, not a number (3); quote it: "3"',
      },
    ])
  })
})
