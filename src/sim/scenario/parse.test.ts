import { describe, expect, it } from 'vitest'
import { MAX_INPUT_BYTES, type ParseResult, parseManifests } from './parse'

const ok = (r: ParseResult) => {
  if (!r.ok) throw new Error(`parse failed: ${JSON.stringify(r.errors)}`)
  return r.objects.map((o) => [o.object.kind, o.object.metadata?.name, o.line])
}
const errors = (r: ParseResult) => {
  if (r.ok) throw new Error('parse unexpectedly succeeded')
  return r.errors
}

const pod = (name: string) => `apiVersion: v1
kind: Pod
metadata:
  name: ${name}
spec:
  containers:
  - name: c
    image: nginx
`

describe('parseManifests', () => {
  it('reads every document of a multi-document YAML, with its first line', () => {
    const text = `${pod('a')}---\n${pod('b')}---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\n`
    expect(ok(parseManifests(text))).toEqual([
      ['Pod', 'a', 1],
      ['Pod', 'b', 10],
      ['Deployment', 'web', 19],
    ])
  })

  it('skips empty documents and comments', () => {
    const text = `---\n# nothing here\n---\n${pod('a')}---\n---\n`
    expect(ok(parseManifests(text))).toEqual([['Pod', 'a', 4]])
  })

  it.each(['', '\n\n', '# just a comment\n', '---\n---\n'])('accepts %j as no objects', (text) => {
    expect(parseManifests(text)).toEqual({ ok: true, objects: [] })
  })

  it('reads JSON', () => {
    const r = parseManifests('{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "j"}}')
    expect(ok(r)).toEqual([['Pod', 'j', 1]])
  })

  it('keeps the document as data: numbers, booleans, nested lists', () => {
    const r = parseManifests(`${pod('a')}    ports:\n    - containerPort: 80\n  hostNetwork: false\n`)
    expect(r.ok && r.objects[0]?.object).toEqual({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'a' },
      spec: {
        containers: [{ name: 'c', image: 'nginx', ports: [{ containerPort: 80 }] }],
        hostNetwork: false,
      },
    })
  })

  it('flattens kind: List into its items, each with its own line', () => {
    const text = `apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Pod
  metadata: {name: x}
- apiVersion: v1
  kind: Pod
  metadata:
    name: w
`
    expect(ok(parseManifests(text))).toEqual([
      ['Pod', 'x', 4],
      ['Pod', 'w', 7],
    ])
  })

  it('flattens typed lists (PodList) too', () => {
    const text = 'apiVersion: v1\nkind: PodList\nitems:\n- {apiVersion: v1, kind: Pod, metadata: {name: z}}\n'
    expect(ok(parseManifests(text))).toEqual([['Pod', 'z', 4]])
  })

  // kubectl's words and lines (checked with kubectl v1.33): go-yaml counts from the document's start.
  it.each([
    ['  name: b: c\n', 'yaml: line 4: mapping values are not allowed in this context'],
    ['\tname: b\n', 'yaml: line 4: found character that cannot start any token'],
  ])('reports the YAML syntax error in %j as kubectl does, marked at its line', (bad, message) => {
    const text = `${pod('a')}---\napiVersion: v1\nkind: Pod\nmetadata:\n${bad}`
    const errs = errors(parseManifests(text))
    expect(errs).toHaveLength(1)
    expect(errs[0]).toMatchObject({
      line: 13,
      message: `error parsing STDIN: error converting YAML to JSON: ${message}`,
      kubectl: true,
    })
  })

  // go-yaml v2 reads YAML 1.1: checked with kubectl v1.33, whose request carried these values.
  it('reads scalars as go-yaml v2 does: YAML 1.1 booleans and octals, no sexagesimals or timestamps', () => {
    const text =
      'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: o}\ndata:\n  m: 0400\n  n: 1_000\n  h: 0x1F\n  t: on\n  a: 12:30\n  d: 2001-12-14\n'
    const parsed = parseManifests(text)
    expect(parsed.ok && parsed.objects[0]?.object).toMatchObject({
      data: { m: 256, false: 1000, h: 31, t: true, a: '12:30', d: '2001-12-14' },
    })
  })

  it('refuses a name go-yaml reads as a boolean, as kubectl does (`name: y`)', () => {
    expect(errors(parseManifests('apiVersion: v1\nkind: Pod\nmetadata:\n  name: y\n', 'y.yaml'))).toEqual([
      {
        line: 4,
        message:
          'unable to decode "y.yaml": json: cannot unmarshal bool into Go struct field ObjectMeta.metadata.name of type string',
        kubectl: true,
      },
    ])
  })

  it('takes a key given twice as go-yaml does: the last value wins', () => {
    expect(ok(parseManifests('apiVersion: v1\nkind: Pod\nmetadata: {name: a, name: b}\n'))).toEqual([
      ['Pod', 'b', 1],
    ])
  })

  it.each([
    ['- a\n- b\n', 'error validating data: the document is not an object (got a list)'],
    ['hello\n', 'error validating data: the document is not an object (got string)'],
    ['42\n', 'error validating data: the document is not an object (got number)'],
  ])('rejects the non-object document %j', (text, message) => {
    expect(errors(parseManifests(text))).toEqual([{ line: 1, message }])
  })

  it.each([
    ['kind: Pod\nmetadata: {name: a}\n', 'error validating data: apiVersion not set'],
    ['apiVersion: ""\nkind: Pod\n', 'error validating data: apiVersion not set'],
    ['apiVersion: v1\nmetadata: {name: a}\n', 'error validating data: kind not set'],
    ['apiVersion: v1\nkind: Pod\nmetadata: [a]\n', 'error validating data: metadata must be an object'],
  ])('rejects %j', (text, message) => {
    expect(errors(parseManifests(text))).toEqual([{ line: 1, message }])
  })

  it('reports every bad document, each at its line', () => {
    const text = `${pod('a')}---\nkind: Pod\n---\napiVersion: v1\n`
    expect(errors(parseManifests(text))).toEqual([
      { line: 10, message: 'error validating data: apiVersion not set' },
      { line: 12, message: 'error validating data: kind not set' },
    ])
  })

  it('rejects an unknown kind with kubectl’s text', () => {
    const text = `${pod('a')}---\napiVersion: v1\nkind: Foo\nmetadata:\n  name: x\n`
    expect(errors(parseManifests(text, 'f.yaml'))).toEqual([
      {
        line: 10,
        message:
          'resource mapping not found for name: "x" namespace: "" from "f.yaml": no matches for kind "Foo" in version "v1"\nensure CRDs are installed first',
      },
    ])
  })

  it.each([
    ['apps/v1', 'Pod', 'default'],
    ['example.com/v1', 'Widget', ''],
  ])('names the namespace and version in the unknown-kind text (%s %s)', (apiVersion, kind, ns) => {
    const meta = ns ? `{name: w, namespace: ${ns}}` : '{name: w}'
    const text = `apiVersion: ${apiVersion}\nkind: ${kind}\nmetadata: ${meta}\n`
    expect(errors(parseManifests(text))[0]?.message).toBe(
      `resource mapping not found for name: "w" namespace: "${ns}" from "STDIN": no matches for kind "${kind}" in version "${apiVersion}"\nensure CRDs are installed first`,
    )
  })

  it('accepts a KubeSchedulerConfiguration (not an API object) with its line', () => {
    const text = `${pod('a')}---\napiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\npercentageOfNodesToScore: 50\n`
    const r = parseManifests(text)
    expect(r.ok && r.objects.map((o) => [o.object.kind, o.line])).toEqual([
      ['Pod', 1],
      ['KubeSchedulerConfiguration', 10],
    ])
  })

  it('keeps the unknown-kind text for other versions of the scheduler configuration', () => {
    const text = 'apiVersion: kubescheduler.config.k8s.io/v1beta3\nkind: KubeSchedulerConfiguration\n'
    expect(errors(parseManifests(text))[0]?.message).toBe(
      'resource mapping not found for name: "" namespace: "" from "STDIN": no matches for kind "KubeSchedulerConfiguration" in version "kubescheduler.config.k8s.io/v1beta3"\nensure CRDs are installed first',
    )
  })

  // kubectl says `no matches for kind "Node" in version "apps/v1"`.
  it('rejects a Node in the wrong API version', () => {
    const errs = errors(parseManifests('apiVersion: apps/v1\nkind: Node\nmetadata: {name: n1}\n'))
    expect(errs[0]?.message).toMatch(
      /^resource mapping not found for name: "n1" namespace: "" from "STDIN": no matches for kind "Node" in version "apps\/v1"/,
    )
  })

  it('accepts a v1 Node', () => {
    expect(ok(parseManifests('apiVersion: v1\nkind: Node\nmetadata: {name: n1}\n'))).toEqual([
      ['Node', 'n1', 1],
    ])
  })

  it('rejects an alias bomb without expanding it', () => {
    const lol = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    const names = 'abcdefghi'
    for (let i = 1; i < names.length; i++) {
      const prev = names[i - 1]
      lol.push(`${names[i]}: &${names[i]} [${Array(9).fill(`*${prev}`).join(',')}]`)
    }
    const errs = errors(parseManifests(`${lol.join('\n')}\n`))
    expect(errs).toEqual([
      { line: 1, message: 'yaml: Excessive alias count indicates a resource exhaustion attack' },
    ])
  })

  it('accepts a few aliases', () => {
    const text = `apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n  labels: &l {app: web}\n  annotations: *l\n`
    const r = parseManifests(text)
    expect(r.ok && r.objects[0]?.object.metadata?.annotations).toEqual({ app: 'web' })
  })

  it('refuses input over 5 MB', () => {
    expect(MAX_INPUT_BYTES).toBe(5 * 1024 * 1024)
    const big = `# ${'x'.repeat(MAX_INPUT_BYTES)}\n`
    expect(errors(parseManifests(big))).toEqual([
      { line: 1, message: `input is ${big.length} bytes; the limit is 5242880 bytes` },
    ])
    const justUnder = `${pod('a')}#${'x'.repeat(MAX_INPUT_BYTES - pod('a').length - 1)}`
    expect(justUnder.length).toBe(MAX_INPUT_BYTES)
    expect(parseManifests(justUnder).ok).toBe(true)
  })

  // The limit is in bytes (that is what the message says), not UTF-16 code units: 3 M 'é' are
  // 6 MB of UTF-8.
  it('measures the limit in UTF-8 bytes, not UTF-16 code units', () => {
    const text = `# ${'é'.repeat(3 * 1024 * 1024)}\n`
    expect(errors(parseManifests(text))).toEqual([
      { line: 1, message: `input is ${3 + 6 * 1024 * 1024} bytes; the limit is 5242880 bytes` },
    ])
    // Exactly at the limit in bytes (2-byte é, 3-byte €, 4-byte 😀) is accepted, one byte more is not.
    const head = `${pod('a')}# é€😀`
    const headBytes = new TextEncoder().encode(head).length
    const atLimit = `${head}${'x'.repeat(MAX_INPUT_BYTES - headBytes)}`
    expect(parseManifests(atLimit).ok).toBe(true)
    expect(errors(parseManifests(`${atLimit}x`))[0]?.message).toBe(
      `input is ${MAX_INPUT_BYTES + 1} bytes; the limit is 5242880 bytes`,
    )
  })

  it.each([
    ['2-byte', 'é'],
    ['3-byte', '€'],
    ['4-byte (a surrogate pair)', '😀'],
    ['a lone surrogate (3 bytes as U+FFFD)', '\ud800'],
    ['a lone surrogate at the end', 'x\udc00'],
  ])('counts %s characters as TextEncoder does', (_name, ch) => {
    const count = Math.ceil((MAX_INPUT_BYTES + 1) / new TextEncoder().encode(ch).length)
    const text = ch.repeat(count)
    const bytes = new TextEncoder().encode(text).length
    expect(errors(parseManifests(text))).toEqual([
      { line: 1, message: `input is ${bytes} bytes; the limit is 5242880 bytes` },
    ])
  })
})
