/**
 * go-yaml's words for YAML mistakes, checked against the real kubectl v1.33: each text was given to
 * `kubectl apply -f <name>.yaml --validate=false` and `expected` is the line kubectl printed.
 */
import { describe, expect, it } from 'vitest'
import { parseManifests } from './parse'

const CASES: readonly (readonly [name: string, text: string, expected: string])[] = [
  [
    'a-bad1',
    'apiVersion: v1\nkind: Pod\nmetadata:\n  name: bad\nspec:\n  containers:\n  - name: c\n    image: nginx\n     ports: x\n',
    'error: error parsing a-bad1.yaml: error converting YAML to JSON: yaml: line 9: mapping values are not allowed in this context',
  ],
  [
    'anchor',
    'a: *b\n',
    "error: error parsing anchor.yaml: error converting YAML to JSON: yaml: unknown anchor 'b' referenced",
  ],
  [
    'b3',
    'a: b\n  c: d\n',
    'error: error parsing b3.yaml: error converting YAML to JSON: yaml: line 2: mapping values are not allowed in this context',
  ],
  [
    'b4',
    'a: [b\n',
    "error: error parsing b4.yaml: error converting YAML to JSON: yaml: line 1: did not find expected ',' or ']'",
  ],
  [
    'backtick',
    'a: `b`\n',
    'error: error parsing backtick.yaml: error converting YAML to JSON: yaml: found character that cannot start any token',
  ],
  [
    'badchar',
    'apiVersion: v1\nkind: Pod\nmetadata:\n  name: @x\n',
    'error: error parsing badchar.yaml: error converting YAML to JSON: yaml: line 4: found character that cannot start any token',
  ],
  [
    'badindent',
    'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n labels: {}\n',
    'error: error parsing badindent.yaml: error converting YAML to JSON: yaml: line 4: did not find expected key',
  ],
  [
    'badindent2',
    'apiVersion: v1\nkind: Pod\nmetadata:\n    name: x\n  labels: {}\n',
    'error: error parsing badindent2.yaml: error converting YAML to JSON: yaml: line 4: did not find expected key',
  ],
  [
    'blockseq',
    'a: b\n- c\n',
    'error: error parsing blockseq.yaml: error converting YAML to JSON: yaml: line 1: did not find expected key',
  ],
  [
    'colonline1',
    'a: b: c\n',
    'error: error parsing colonline1.yaml: error converting YAML to JSON: yaml: mapping values are not allowed in this context',
  ],
  [
    'colonline2',
    'x: y\na: b: c\n',
    'error: error parsing colonline2.yaml: error converting YAML to JSON: yaml: line 2: mapping values are not allowed in this context',
  ],
  [
    'colonnospace',
    'apiVersion: v1\nkind:Pod\nmetadata:\n  name: x\n',
    "error: error parsing colonnospace.yaml: error converting YAML to JSON: yaml: line 3: could not find expected ':'",
  ],
  [
    'colonvalue',
    'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\nspec:\n  containers:\n  - name: c\n    image: busybox\n    command: echo hello: world\n',
    'error: error parsing colonvalue.yaml: error converting YAML to JSON: yaml: line 9: mapping values are not allowed in this context',
  ],
  [
    'dashnospace',
    'spec:\n  containers:\n  -name: c\n   image: x\n',
    'error: error parsing dashnospace.yaml: error converting YAML to JSON: yaml: line 4: mapping values are not allowed in this context',
  ],
  [
    'deeper',
    'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n    labels:\n      a: b\n',
    'error: error parsing deeper.yaml: error converting YAML to JSON: yaml: line 5: mapping values are not allowed in this context',
  ],
  [
    'docdoc',
    'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n--- x\n',
    'error: error parsing docdoc.yaml: invalid Yaml document separator: x',
  ],
  [
    'flow',
    'apiVersion: v1\nkind: Pod\nmetadata: {name: x\nspec: {}\n',
    "error: error parsing flow.yaml: error converting YAML to JSON: yaml: line 3: did not find expected ',' or '}'",
  ],
  [
    'flowseq',
    'a: [b, c\nd: e\n',
    "error: error parsing flowseq.yaml: error converting YAML to JSON: yaml: line 1: did not find expected ',' or ']'",
  ],
  [
    'keyonly',
    'apiVersion: v1\nkind: Pod\nmetadata\n  name: x\n',
    "error: error parsing keyonly.yaml: error converting YAML to JSON: yaml: line 4: could not find expected ':'",
  ],
  [
    'lead',
    '# comment\n\napiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n labels: {}\n',
    'error: error parsing lead.yaml: error converting YAML to JSON: yaml: line 6: did not find expected key',
  ],
  [
    'leaddash',
    '---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n labels: {}\n',
    'error: error parsing leaddash.yaml: error converting YAML to JSON: yaml: line 5: did not find expected key',
  ],
  [
    'listinmap',
    'apiVersion: v1\nkind: Pod\nspec:\n  containers:\n    - name: a\n      image: b\n    ports:\n    - containerPort: 80\n',
    "error: error parsing listinmap.yaml: error converting YAML to JSON: yaml: line 6: did not find expected '-' indicator",
  ],
  [
    'mapafterscalar',
    'a:\n  b\n  c: d\n',
    'error: error parsing mapafterscalar.yaml: error converting YAML to JSON: yaml: line 3: mapping values are not allowed in this context',
  ],
  [
    'multi',
    'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n labels: {}\n',
    'error: error parsing multi.yaml: error converting YAML to JSON: yaml: line 4: did not find expected key',
  ],
  [
    'multi2',
    'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\n# c\napiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n labels: {}\n',
    'error: error parsing multi2.yaml: error converting YAML to JSON: yaml: line 5: did not find expected key',
  ],
  [
    'multi3',
    'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\n---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n labels: {}\n',
    'error: error parsing multi3.yaml: error converting YAML to JSON: yaml: line 5: did not find expected key',
  ],
  [
    'portsout',
    'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\nspec:\n  containers:\n  - name: c\n    image: nginx\n ports:\n  - containerPort: 80\n',
    'error: error parsing portsout.yaml: error converting YAML to JSON: yaml: line 8: did not find expected key',
  ],
  [
    'quotedkey',
    'a: "b"c\n',
    'error: error parsing quotedkey.yaml: error converting YAML to JSON: yaml: did not find expected key',
  ],
  [
    'seqindent',
    'apiVersion: v1\nkind: Pod\nspec:\n  containers:\n  - name: a\n    image: b\n   - name: c\n',
    'error: error parsing seqindent.yaml: error converting YAML to JSON: yaml: line 6: did not find expected key',
  ],
  [
    'seqinmapval',
    'metadata:\n  name: x\n  - y\n',
    'error: error parsing seqinmapval.yaml: error converting YAML to JSON: yaml: line 2: did not find expected key',
  ],
  [
    'squote',
    "a: 'b\n",
    'error: error parsing squote.yaml: error converting YAML to JSON: yaml: line 2: found unexpected end of stream',
  ],
  [
    'tab',
    'apiVersion: v1\nkind: Pod\nmetadata:\n\tname: x\n',
    'error: error parsing tab.yaml: error converting YAML to JSON: yaml: line 4: found character that cannot start any token',
  ],
  [
    'tabafterscalar',
    'a: b\n\tc: d\n',
    'error: error parsing tabafterscalar.yaml: error converting YAML to JSON: yaml: line 2: found a tab character that violates indentation',
  ],
  [
    'tabmid',
    'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n\tlabels: {}\n',
    'error: error parsing tabmid.yaml: error converting YAML to JSON: yaml: line 5: found a tab character that violates indentation',
  ],
  [
    'unalias',
    'a: *b\nc: d\n',
    "error: error parsing unalias.yaml: error converting YAML to JSON: yaml: unknown anchor 'b' referenced",
  ],
  [
    'unclosedquote',
    'apiVersion: v1\nkind: "Pod\nmetadata: {}\n',
    'error: error parsing unclosedquote.yaml: error converting YAML to JSON: yaml: line 4: found unexpected end of stream',
  ],
]

describe('YAML syntax errors as kubectl reports them', () => {
  it.each(CASES)('%s', (name, text, expected) => {
    const parsed = parseManifests(text, `${name}.yaml`)
    expect(parsed.ok).toBe(false)
    const errors = parsed.ok ? [] : parsed.errors
    // kubectl stops at the first mistake: one error, in its words.
    expect(errors.map((e) => `error: ${e.message}`)).toEqual([expected])
  })
})
