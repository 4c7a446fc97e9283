import { describe, expect, it } from 'vitest'
import { type JsonPatchOp, jsonPatch, mergePatch, PatchError, strategicMergePatch } from './patch'

describe('mergePatch (RFC 7386)', () => {
  it.each([
    ['replaces a scalar', { a: 1, b: 2 }, { a: 3 }, { a: 3, b: 2 }],
    ['null deletes', { a: 1, b: 2 }, { a: null }, { b: 2 }],
    ['deleting a missing key is a no-op', { a: 1 }, { z: null }, { a: 1 }],
    ['merges nested objects', { m: { x: 1, y: 2 } }, { m: { y: 3, z: 4 } }, { m: { x: 1, y: 3, z: 4 } }],
    ['null deletes nested', { m: { x: 1, y: 2 } }, { m: { x: null } }, { m: { y: 2 } }],
    ['replaces lists whole', { l: [1, 2, 3] }, { l: [4] }, { l: [4] }],
    ['an object replaces a scalar', { a: 1 }, { a: { b: 1 } }, { a: { b: 1 } }],
    ['a non-object patch replaces the target', { a: 1 }, [1, 2], [1, 2]],
    ['patches undefined as {}', undefined, { a: { b: null, c: 1 } }, { a: { c: 1 } }],
  ])('%s', (_name, target, patch, want) => {
    expect(mergePatch(target, patch)).toEqual(want)
  })

  it('does not modify the target', () => {
    const target = { metadata: { labels: { a: '1' } } }
    mergePatch(target, { metadata: { labels: { a: null, b: '2' } } })
    expect(target).toEqual({ metadata: { labels: { a: '1' } } })
  })
})

// Keys named like Object.prototype members (a ConfigMap may hold `constructor` or `__proto__`) are
// ordinary members for both merge patches: read and written as own properties.
describe.each([
  ['mergePatch', mergePatch],
  ['strategicMergePatch', strategicMergePatch],
] as const)('%s with prototype-named keys', (_name, patch) => {
  it('adds and merges them as own members', () => {
    const out = patch(
      { data: JSON.parse('{"__proto__": {"a": "1"}}') },
      { data: JSON.parse('{"__proto__": {"b": "2"}, "constructor": {"c": "3"}}') },
    ) as { data: Record<string, unknown> }
    expect(Object.getPrototypeOf(out.data)).toBe(Object.prototype)
    expect(Object.keys(out.data)).toEqual(['__proto__', 'constructor'])
    expect(Object.getOwnPropertyDescriptor(out.data, '__proto__')?.value).toEqual({ a: '1', b: '2' })
    expect(out.data.constructor).toEqual({ c: '3' })
  })

  it('deletes them with null', () => {
    const out = patch({ data: { constructor: 'x', k: 'v' } }, { data: { constructor: null } })
    expect(out).toEqual({ data: { k: 'v' } })
  })
})

describe('strategicMergePatch', () => {
  const pod = {
    metadata: { name: 'p', labels: { app: 'web' }, finalizers: ['a', 'b'] },
    spec: {
      containers: [
        { name: 'web', image: 'nginx:1.26', ports: [{ containerPort: 80 }] },
        { name: 'sidecar', image: 'busybox', args: ['sleep', '1'] },
      ],
    },
    status: {
      conditions: [
        { type: 'PodScheduled', status: 'True' },
        { type: 'Ready', status: 'False' },
      ],
    },
  }

  it('merges containers by name, keeping the others and their order', () => {
    const out = strategicMergePatch(pod, { spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] } })
    expect(out.spec.containers).toEqual([
      { name: 'web', image: 'nginx:1.27', ports: [{ containerPort: 80 }] },
      { name: 'sidecar', image: 'busybox', args: ['sleep', '1'] },
    ])
  })

  it('appends list items with a new merge key', () => {
    const out = strategicMergePatch(pod, { spec: { containers: [{ name: 'log', image: 'fluentd' }] } })
    expect(out.spec.containers.map((c: { name: string }) => c.name)).toEqual(['web', 'sidecar', 'log'])
  })

  it('merges conditions by type', () => {
    const out = strategicMergePatch(pod, {
      status: {
        conditions: [
          { type: 'Ready', status: 'True' },
          { type: 'Initialized', status: 'True' },
        ],
      },
    })
    expect(out.status.conditions).toEqual([
      { type: 'PodScheduled', status: 'True' },
      { type: 'Ready', status: 'True' },
      { type: 'Initialized', status: 'True' },
    ])
  })

  it('removes a list item with $patch: delete', () => {
    const out = strategicMergePatch(pod, { spec: { containers: [{ name: 'sidecar', $patch: 'delete' }] } })
    expect(out.spec.containers.map((c: { name: string }) => c.name)).toEqual(['web'])
  })

  it('replaces a map with $patch: replace', () => {
    const out = strategicMergePatch(pod, { metadata: { labels: { tier: 'fe', $patch: 'replace' } } })
    expect(out.metadata.labels).toEqual({ tier: 'fe' })
  })

  it('merges finalizers as a set', () => {
    const out = strategicMergePatch(pod, { metadata: { finalizers: ['b', 'c'] } })
    expect(out.metadata.finalizers).toEqual(['a', 'b', 'c'])
  })

  it('replaces lists without a merge key (args)', () => {
    const out = strategicMergePatch(pod, {
      spec: { containers: [{ name: 'sidecar', args: ['sleep', '9'] }] },
    })
    expect(out.spec.containers[1]?.args).toEqual(['sleep', '9'])
  })

  it('merges nested keyed lists inside a merged item (ports by containerPort)', () => {
    const out = strategicMergePatch(pod, {
      spec: { containers: [{ name: 'web', ports: [{ containerPort: 443, name: 'https' }] }] },
    })
    expect(out.spec.containers[0]?.ports).toEqual([
      { containerPort: 80 },
      { containerPort: 443, name: 'https' },
    ])
  })

  it('null deletes a field; $setElementOrder and $retainKeys are ignored', () => {
    const out = strategicMergePatch(pod, {
      metadata: { labels: null },
      spec: { '$setElementOrder/containers': [{ name: 'sidecar' }, { name: 'web' }], $retainKeys: ['x'] },
    })
    expect(out.metadata).toEqual({ name: 'p', finalizers: ['a', 'b'] })
    expect(Object.keys(out.spec)).toEqual(['containers'])
  })

  it('does not modify the target', () => {
    const before = JSON.stringify(pod)
    strategicMergePatch(pod, { spec: { containers: [{ name: 'web', image: 'x' }] } })
    expect(JSON.stringify(pod)).toBe(before)
  })
})

describe('jsonPatch (RFC 6902)', () => {
  const doc = () => ({ a: 1, list: ['x', 'y'], m: { 'k/1': 'slash', 'k~2': 'tilde' } })

  it.each<[string, JsonPatchOp[], unknown]>([
    ['add a member', [{ op: 'add', path: '/b', value: 2 }], { ...doc(), b: 2 }],
    ['add replaces an existing member', [{ op: 'add', path: '/a', value: 9 }], { ...doc(), a: 9 }],
    [
      'add into a list',
      [{ op: 'add', path: '/list/1', value: 'new' }],
      { ...doc(), list: ['x', 'new', 'y'] },
    ],
    [
      'add at the end with -',
      [{ op: 'add', path: '/list/-', value: 'z' }],
      { ...doc(), list: ['x', 'y', 'z'] },
    ],
    [
      'add at index length',
      [{ op: 'add', path: '/list/2', value: 'z' }],
      { ...doc(), list: ['x', 'y', 'z'] },
    ],
    ['remove a member', [{ op: 'remove', path: '/a' }], { list: ['x', 'y'], m: doc().m }],
    ['remove from a list', [{ op: 'remove', path: '/list/0' }], { ...doc(), list: ['y'] }],
    ['replace', [{ op: 'replace', path: '/a', value: 'one' }], { ...doc(), a: 'one' }],
    ['replace in a list', [{ op: 'replace', path: '/list/1', value: 'Y' }], { ...doc(), list: ['x', 'Y'] }],
    [
      'escaped ~1 and ~0',
      [
        { op: 'replace', path: '/m/k~11', value: 'S' },
        { op: 'remove', path: '/m/k~02' },
      ],
      { ...doc(), m: { 'k/1': 'S' } },
    ],
    ['move', [{ op: 'move', from: '/a', path: '/m/a' }], { list: ['x', 'y'], m: { ...doc().m, a: 1 } }],
    [
      'move within a list',
      [{ op: 'move', from: '/list/0', path: '/list/-' }],
      { ...doc(), list: ['y', 'x'] },
    ],
    ['copy', [{ op: 'copy', from: '/list', path: '/copy' }], { ...doc(), copy: ['x', 'y'] }],
    [
      'test that holds, then add',
      [
        { op: 'test', path: '/a', value: 1 },
        { op: 'add', path: '/t', value: true },
      ],
      { ...doc(), t: true },
    ],
    ['replace the whole document', [{ op: 'replace', path: '', value: { new: 1 } }], { new: 1 }],
  ])('%s', (_name, ops, want) => {
    expect(jsonPatch(doc(), ops)).toEqual(want)
  })

  it('copies: the target and the copied value stay independent', () => {
    const target = doc()
    const out = jsonPatch(target, [
      { op: 'copy', from: '/list', path: '/copy' },
      { op: 'add', path: '/copy/-', value: 'only in copy' },
    ]) as unknown as { list: string[]; copy: string[] }
    expect(out.list).toEqual(['x', 'y'])
    expect(out.copy).toEqual(['x', 'y', 'only in copy'])
    expect(target).toEqual(doc())
  })

  it.each<[string, JsonPatchOp[], string]>([
    ['test that fails', [{ op: 'test', path: '/a', value: 2 }], 'testing value /a failed'],
    [
      'replace of a missing member',
      [{ op: 'replace', path: '/nope', value: 1 }],
      'doc is missing key: /nope',
    ],
    ['remove of a missing member', [{ op: 'remove', path: '/nope' }], 'doc is missing key: /nope'],
    ['add under a missing parent', [{ op: 'add', path: '/no/such', value: 1 }], 'doc is missing path: /no'],
    ['add past the end of a list', [{ op: 'add', path: '/list/5', value: 1 }], 'index out of range: 5'],
    ['add at a negative index', [{ op: 'add', path: '/list/-1', value: 1 }], 'index out of range: -1'],
    ['a pointer without a leading slash', [{ op: 'add', path: 'a', value: 1 }], 'invalid JSON pointer "a"'],
    ['move from a missing path', [{ op: 'move', from: '/nope', path: '/b' }], 'doc is missing path: /nope'],
    [
      'an unknown op',
      [{ op: 'frobnicate', path: '/a' } as unknown as JsonPatchOp],
      'Unexpected kind: frobnicate',
    ],
  ])('%s is a PatchError', (_name, ops, message) => {
    expect(() => jsonPatch(doc(), ops)).toThrow(PatchError)
    expect(() => jsonPatch(doc(), ops)).toThrow(message)
  })

  it('leaves the target untouched when a later op fails', () => {
    const target = doc()
    expect(() =>
      jsonPatch(target, [
        { op: 'add', path: '/b', value: 1 },
        { op: 'test', path: '/a', value: 'nope' },
      ]),
    ).toThrow(PatchError)
    expect(target).toEqual(doc())
  })

  // RFC 6902 §4.2 and §4.3: the target location of remove and replace MUST exist, so their index
  // is an integer 0 ≤ i < length (`-` names no element).
  it.each<[string, JsonPatchOp]>([
    ['remove past the end', { op: 'remove', path: '/list/5' }],
    ['remove at index length', { op: 'remove', path: '/list/2' }],
    ['remove /list/-', { op: 'remove', path: '/list/-' }],
    ['remove at a negative index', { op: 'remove', path: '/list/-1' }],
    ['remove at a non-integer index', { op: 'remove', path: '/list/0.5' }],
    ['remove at an empty index', { op: 'remove', path: '/list/' }],
    ['replace at index length', { op: 'replace', path: '/list/2', value: 'z' }],
    ['replace /list/-', { op: 'replace', path: '/list/-', value: 'z' }],
    ['add at a leading-zero index', { op: 'add', path: '/list/01', value: 'z' }],
  ])('%s is a PatchError', (_name, op) => {
    expect(() => jsonPatch(doc(), [op])).toThrow(PatchError)
    expect(() => jsonPatch(doc(), [op])).toThrow(`index out of range: ${op.path.slice('/list/'.length)}`)
  })

  it.each<[string, JsonPatchOp, string[]]>([
    ['remove the last element', { op: 'remove', path: '/list/1' }, ['x']],
    ['replace the last element', { op: 'replace', path: '/list/1', value: 'z' }, ['x', 'z']],
    ['add at index length appends', { op: 'add', path: '/list/2', value: 'z' }, ['x', 'y', 'z']],
    ['add at 0 prepends', { op: 'add', path: '/list/0', value: 'z' }, ['z', 'x', 'y']],
  ])('%s', (_name, op, list) => {
    expect(jsonPatch(doc(), [op]).list).toEqual(list)
  })

  it('remove under a scalar is a PatchError', () => {
    expect(() => jsonPatch(doc(), [{ op: 'remove', path: '/a/b' }])).toThrow('doc is missing path: /a')
  })

  // RFC 6902 §4.6: objects are equal when they have the same members, whatever their order.
  it('test compares objects regardless of key order', () => {
    const target = { m: { a: 1, b: 2 }, l: [{ x: 1, y: [2, { z: 3, w: 4 }] }] }
    const ops: JsonPatchOp[] = [
      { op: 'test', path: '/m', value: { b: 2, a: 1 } },
      { op: 'test', path: '/l', value: [{ y: [2, { w: 4, z: 3 }], x: 1 }] },
    ]
    expect(jsonPatch(target, ops)).toEqual(target)
  })

  it.each<[string, unknown]>([
    ['a missing member', { a: 1 }],
    ['an extra member', { a: 1, b: 2, c: 3 }],
    ['a list in another order', [2, 1]],
    ['a string for a number', { a: '1', b: 2 }],
    ['null for an object', null],
  ])('test fails on %s', (_name, value) => {
    const target = { m: { a: 1, b: 2 }, l: [1, 2] }
    const path = Array.isArray(value) ? '/l' : '/m'
    expect(() => jsonPatch(target, [{ op: 'test', path, value }])).toThrow(`testing value ${path} failed`)
  })

  // Keys named like Object.prototype members are ordinary members.
  it.each<[string, JsonPatchOp[], unknown]>([
    ['add constructor', [{ op: 'add', path: '/m/constructor', value: 'x' }], { constructor: 'x' }],
    ['add __proto__', [{ op: 'add', path: '/m/__proto__', value: 'x' }], JSON.parse('{"__proto__":"x"}')],
  ])('%s', (_name, ops, want) => {
    const out = jsonPatch({ m: {} }, ops) as { m: object }
    expect(Object.getPrototypeOf(out.m)).toBe(Object.prototype)
    expect(out.m).toEqual(want)
    expect(Object.keys(out.m)).toEqual(Object.keys(want as object))
  })

  it.each<[string, JsonPatchOp]>([
    ['replace of constructor', { op: 'replace', path: '/m/constructor', value: 1 }],
    ['remove of toString', { op: 'remove', path: '/m/toString' }],
    ['test of hasOwnProperty', { op: 'test', path: '/m/hasOwnProperty', value: 1 }],
  ])('%s on an object without it is a PatchError', (_name, op) => {
    expect(() => jsonPatch({ m: {} }, [op])).toThrow(PatchError)
  })
})
