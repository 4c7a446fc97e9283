import { describe, expect, it } from 'vitest'
import { fieldLine, fieldPosition, parseFieldPath, parseProblems, resultProblems } from './field-lines'

const pod = `apiVersion: v1
kind: Pod
metadata:
  name: web
  labels:
    app.kubernetes.io/name: web
spec:
  initContainers:
  - name: init
    image: busybox
  containers:
  - name: app
    image: nginx
    resources:
      requests:
        cpu: -1
  - name: sidecar
    ports:
    - containerPort: 0
`

// Line numbers in `pod`, for readability of the table below.
const L = {
  apiVersion: 1,
  metadata: 3,
  name: 4,
  labels: 5,
  label: 6,
  spec: 7,
  init0: 9,
  containers: 11,
  app: 12,
  appImage: 13,
  cpu: 16,
  sidecar: 17,
  ports: 18,
  port0: 19,
}

describe('parseFieldPath', () => {
  it.each([
    ['metadata.name', [{ key: 'metadata' }, { key: 'name' }]],
    ['spec.containers[0].image', [{ key: 'spec' }, { key: 'containers' }, { index: 0 }, { key: 'image' }]],
    [
      'spec.containers[1].resources.requests[cpu]',
      [
        { key: 'spec' },
        { key: 'containers' },
        { index: 1 },
        { key: 'resources' },
        { key: 'requests' },
        { key: 'cpu' },
      ],
    ],
    [
      'metadata.labels[app.kubernetes.io/name]',
      [{ key: 'metadata' }, { key: 'labels' }, { key: 'app.kubernetes.io/name' }],
    ],
    ['', []],
  ])('%s', (path, segments) => {
    expect(parseFieldPath(path)).toEqual(segments)
  })
})

describe('fieldLine', () => {
  it.each([
    ['metadata.name', L.name],
    ['metadata', L.metadata],
    ['metadata.labels[app.kubernetes.io/name]', L.label],
    ['spec.initContainers[0]', L.init0],
    ['spec.containers', L.containers],
    ['spec.containers[0]', L.app],
    ['spec.containers[0].image', L.appImage],
    ['spec.containers[0].resources.requests[cpu]', L.cpu],
    ['spec.containers[1].ports[0].containerPort', L.port0],
    ['', L.apiVersion],
  ])('%s is on its own line', (path, line) => {
    expect(fieldLine(pod, { index: 0 }, path)).toBe(line)
    expect(fieldPosition(pod, { index: 0 }, path)?.exact).toBe(true)
  })

  it.each([
    // Required value: the field is absent, so its parent (the list item) is marked.
    ['spec.containers[1].image', L.sidecar],
    ['spec.containers[0].resources.limits[cpu]', 14],
    ['metadata.namespace', L.metadata],
    ['spec.containers[5].name', L.containers],
    ['spec.volumes', L.spec],
    ['status.phase', L.apiVersion],
  ])('absent %s falls back to its nearest ancestor', (path, line) => {
    const at = fieldPosition(pod, { index: 0 }, path)
    expect(at?.line).toBe(line)
    expect(at?.exact).toBe(false)
  })

  it('gives the column of the key', () => {
    expect(fieldPosition(pod, { index: 0 }, 'spec.containers[0].image')).toEqual({
      line: L.appImage,
      column: 5,
      exact: true,
    })
    // A list item starts after its dash.
    expect(fieldPosition(pod, { index: 0 }, 'spec.containers[0]')).toEqual({
      line: L.app,
      column: 5,
      exact: true,
    })
  })

  const multi = `# a comment before the first document
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
---
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  template:
    spec:
      containers:
      - name: nginx
`

  it('finds the document by index among the non-empty ones', () => {
    expect(fieldLine(multi, { index: 0 }, 'metadata.name')).toBe(6)
    expect(fieldLine(multi, { index: 1 }, 'metadata.name')).toBe(12)
    expect(fieldLine(multi, { index: 1 }, 'spec.template.spec.containers[0].image')).toBe(17)
    expect(fieldLine(multi, { index: 2 }, 'metadata.name')).toBeUndefined()
  })

  it('finds the document by a line inside it', () => {
    expect(fieldLine(multi, { line: 3 }, 'metadata.name')).toBe(6)
    expect(fieldLine(multi, { line: 9 }, 'metadata.name')).toBe(12)
    expect(fieldLine(multi, { line: 15 }, 'kind')).toBe(10)
    expect(fieldLine(multi, { line: 9 }, '')).toBe(9)
  })

  it('looks inside the List item that holds the line', () => {
    const list = `apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Pod
  metadata:
    name: a
- apiVersion: v1
  kind: Pod
  metadata:
    name: b
  spec:
    containers:
    - name: app
`
    expect(fieldLine(list, { line: 8 }, 'metadata.name')).toBe(11)
    expect(fieldLine(list, { line: 4 }, 'metadata.name')).toBe(7)
    expect(fieldLine(list, { line: 8 }, 'spec.containers[0].image')).toBe(14)
  })

  it('follows flow collections', () => {
    const flow = `apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  containers: [{name: app, image: nginx}]
`
    expect(fieldLine(flow, { index: 0 }, 'metadata.name')).toBe(3)
    expect(fieldLine(flow, { index: 0 }, 'spec.containers[0].image')).toBe(5)
  })

  it('is undefined for an empty text', () => {
    expect(fieldLine('', { index: 0 }, 'metadata.name')).toBeUndefined()
    expect(fieldLine('# only a comment\n', { line: 1 }, '')).toBeUndefined()
  })
})

describe('resultProblems', () => {
  it('puts a 400 for a value of the wrong type at the field Go names, of the kind it names', () => {
    const text = `apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: a
    image: nginx
    ports:
    - containerPort: 80
  - name: b
    image: nginx
    ports:
    - containerPort: "eighty"
`
    const message =
      'Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal string into Go struct field ContainerPort.spec.containers.ports.containerPort of type int32'
    const problems = resultProblems(text, [{ code: 400, line: 1, status: { reason: 'BadRequest', message } }])
    // The second container's port: the first holds a number, which Go would have taken.
    expect(problems).toEqual([
      {
        line: 14,
        column: 7,
        message: `Error from server (BadRequest): ${message}`,
        severity: 'error',
        source: 'kube-apiserver 400 BadRequest',
      },
    ])
  })

  const twoDocs = `apiVersion: v1
kind: Pod
metadata:
  name: broken
spec:
  containers:
  - name: app
---
apiVersion: v1
kind: Pod
metadata:
  name: taken
spec:
  containers:
  - name: app
    image: nginx
`

  it('puts each 422 cause at its field, and other errors at the first line of their document', () => {
    const problems = resultProblems(twoDocs, [
      {
        code: 422,
        line: 1,
        status: {
          reason: 'Invalid',
          message:
            'Pod "broken" is invalid: [spec.containers[0].image: Required value, metadata.name: Invalid value]',
          details: {
            causes: [
              { reason: 'FieldValueRequired', message: 'Required value', field: 'spec.containers[0].image' },
              { reason: 'FieldValueInvalid', message: 'Invalid value: "broken"', field: 'metadata.name' },
            ],
          },
        },
      },
      {
        code: 409,
        line: 9,
        status: { reason: 'AlreadyExists', message: 'pods "taken" already exists' },
      },
    ])
    expect(problems).toEqual([
      {
        line: 7,
        column: 5,
        message: 'spec.containers[0].image: Required value',
        severity: 'error',
        source: 'kube-apiserver 422 Invalid',
      },
      {
        line: 4,
        column: 3,
        message: 'metadata.name: Invalid value: "broken"',
        severity: 'error',
        source: 'kube-apiserver 422 Invalid',
      },
      {
        line: 9,
        column: 1,
        message: 'Error from server (AlreadyExists): pods "taken" already exists',
        severity: 'error',
        source: 'kube-apiserver 409 AlreadyExists',
      },
    ])
  })

  it('ignores successes and matches results without a line by index', () => {
    const problems = resultProblems(twoDocs, [
      { code: 201 },
      {
        code: 403,
        status: {
          reason: 'Forbidden',
          message: 'pods "taken" is forbidden: User "jane" cannot create resource "pods"',
        },
      },
    ])
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatchObject({
      line: 9,
      message:
        'Error from server (Forbidden): pods "taken" is forbidden: User "jane" cannot create resource "pods"',
    })
  })

  it('puts a 422 without causes, and a 404 without a Status, at the document', () => {
    const problems = resultProblems(twoDocs, [
      { code: 422, line: 1, status: { reason: 'Invalid', message: 'Pod "broken" is invalid' } },
      { code: 404, line: 9 },
    ])
    expect(problems.map((p) => [p.line, p.message])).toEqual([
      [1, 'Error from server (Invalid): Pod "broken" is invalid'],
      [9, 'Error from server: the server responded with HTTP 404'],
    ])
  })

  it('falls back to the result line when the text no longer has the document', () => {
    const problems = resultProblems('', [{ code: 409, line: 12, status: { message: 'conflict' } }])
    expect(problems[0]?.line).toBe(12)
  })
})

describe('parseProblems', () => {
  it('keeps line and column and marks them as errors', () => {
    expect(parseProblems([{ line: 3, column: 7, message: 'yaml: line 3: bad indentation' }])).toEqual([
      { line: 3, column: 7, message: 'yaml: line 3: bad indentation', severity: 'error', source: 'kubectl' },
    ])
  })
})
