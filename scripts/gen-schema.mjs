#!/usr/bin/env node
/**
 * Generates src/schema/k8s.schema.json, the JSON Schema the YAML editor validates against, from
 * kubernetes-types' TypeScript declarations (src/schema/k8s-root.ts lists the kinds).
 *
 * The output is git-ignored and rebuilt before dev, build, typecheck and test. It is skipped when
 * it is newer than every input (this script, the root file, its tsconfig, kubernetes-types and the
 * generator); `--force` regenerates anyway.
 *
 * Shape of the result:
 * - the root dispatches on `kind` (and `apiVersion` for kinds served by two groups) with
 *   `if`/`then` to one definition per kind, and offers the kinds as an enum for completion;
 *   `kind: List` validates each item against the root again (kubectl flattens Lists);
 * - every definition gets a `title` (its type name) for hovers;
 * - Quantity accepts numbers as well as strings (`cpu: 1` is valid YAML for the apiserver);
 *   Time accepts null (`creationTimestamp: null`, as `kubectl create --dry-run -o yaml` prints);
 * - `status` is an open object: the apiserver ignores it on create, and typing it in full
 *   would double the schema for fields nobody writes by hand.
 */
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const rootFile = join(root, 'src/schema/k8s-root.ts')
const tsconfig = join(root, 'src/schema/tsconfig.gen.json')
const outFile = join(root, 'src/schema/k8s.schema.json')
const require = createRequire(import.meta.url)

/**
 * kind → root alias in k8s-root.ts, and the apiVersion to match when a kind needs it. The kinds
 * are those of src/api/resources.ts that kubernetes-types describes (Events aside).
 */
const KINDS = [
  ['Pod', 'v1'],
  ['Node', 'v1'],
  ['Namespace', 'v1'],
  ['ServiceAccount', 'v1'],
  ['ConfigMap', 'v1'],
  ['Secret', 'v1'],
  ['Service', 'v1'],
  ['PersistentVolumeClaim', 'v1'],
  ['PersistentVolume', 'v1'],
  ['LimitRange', 'v1'],
  ['ResourceQuota', 'v1'],
  ['Deployment', 'apps/v1'],
  ['ReplicaSet', 'apps/v1'],
  ['StatefulSet', 'apps/v1'],
  ['DaemonSet', 'apps/v1'],
  ['Job', 'batch/v1'],
  ['CronJob', 'batch/v1'],
  ['Ingress', 'networking.k8s.io/v1'],
  ['NetworkPolicy', 'networking.k8s.io/v1'],
  ['HorizontalPodAutoscaler', 'autoscaling/v2'],
  ['PodDisruptionBudget', 'policy/v1'],
  ['PriorityClass', 'scheduling.k8s.io/v1'],
  ['Lease', 'coordination.k8s.io/v1'],
  ['Role', 'rbac.authorization.k8s.io/v1'],
  ['RoleBinding', 'rbac.authorization.k8s.io/v1'],
  ['ClusterRole', 'rbac.authorization.k8s.io/v1'],
  ['ClusterRoleBinding', 'rbac.authorization.k8s.io/v1'],
  ['StorageClass', 'storage.k8s.io/v1'],
  ['RuntimeClass', 'node.k8s.io/v1'],
  ['MutatingWebhookConfiguration', 'admissionregistration.k8s.io/v1'],
  ['ValidatingWebhookConfiguration', 'admissionregistration.k8s.io/v1'],
]

const ROOT_TITLE = 'Kubernetes object'
const ROOT_DESCRIPTION =
  'A Kubernetes manifest. The schema comes from kubernetes-types 1.30; the simulated apiserver follows v1.33 and has the last word.'

function inputsMtimeMs() {
  const inputs = [
    fileURLToPath(import.meta.url),
    rootFile,
    tsconfig,
    require.resolve('kubernetes-types/package.json'),
    require.resolve('ts-json-schema-generator/package.json'),
  ]
  return Math.max(...inputs.map((f) => statSync(f).mtimeMs))
}

function upToDate() {
  return existsSync(outFile) && statSync(outFile).mtimeMs >= inputsMtimeMs()
}

async function generate() {
  const { createGenerator } = await import('ts-json-schema-generator')
  const generator = createGenerator({
    path: rootFile,
    tsconfig,
    type: '*',
    expose: 'export',
    topRef: true,
    jsDoc: 'extended',
    skipTypeCheck: true,
    additionalProperties: false,
  })
  return generator.createSchema('*')
}

/** Walks every sub-schema (objects and arrays), calling `visit` on each object. */
function walk(node, visit) {
  if (Array.isArray(node)) {
    for (const n of node) walk(n, visit)
  } else if (node && typeof node === 'object') {
    visit(node)
    for (const v of Object.values(node)) walk(v, visit)
  }
}

function openStatus(properties) {
  const status = properties?.status
  if (!status) return
  properties.status = {
    type: 'object',
    description: `${status.description ?? 'Status of the object.'} Read-only: written by the control plane, ignored on create.`,
  }
}

/** A JSON Schema `if`/`then` pair (an object with a `then` key, never awaited). */
function ifThen(condition, consequence) {
  return Object.fromEntries([
    ['if', condition],
    ['then', consequence],
  ])
}

/** Turns the generator's output into the editor's schema (see the header comment). */
function shape(generated) {
  const defs = generated.definitions
  const aliasOf = {}
  for (const [kind] of KINDS) {
    const alias = defs[`K8s${kind}`]
    if (!alias) throw new Error(`k8s-root.ts does not export K8s${kind}`)
    const target = alias.$ref?.replace('#/definitions/', '') ?? `K8s${kind}`
    aliasOf[kind] = target
    openStatus(defs[target]?.properties)
  }
  if (defs.Quantity) defs.Quantity.type = ['string', 'number']
  if (defs.Time) defs.Time.type = ['string', 'null']

  // Keep what the kinds reach once status is open.
  const kept = {}
  const pending = Object.values(aliasOf)
  while (pending.length) {
    const name = pending.pop()
    if (kept[name]) continue
    const def = defs[name]
    if (!def) throw new Error(`missing definition ${name}`)
    kept[name] = def
    walk(def, (n) => {
      if (typeof n.$ref === 'string') pending.push(decodeURIComponent(n.$ref.replace('#/definitions/', '')))
    })
  }
  for (const [name, def] of Object.entries(kept)) def.title ??= name

  const kindsByName = new Map()
  for (const [kind, apiVersion] of KINDS) {
    kindsByName.set(kind, [...(kindsByName.get(kind) ?? []), apiVersion])
  }
  const branches = KINDS.map(([kind, apiVersion]) =>
    ifThen(
      {
        required: ['kind'],
        properties: {
          kind: { const: kind },
          ...((kindsByName.get(kind)?.length ?? 0) > 1 ? { apiVersion: { const: apiVersion } } : {}),
        },
      },
      { $ref: `#/definitions/${aliasOf[kind]}` },
    ),
  )
  branches.push(
    ifThen(
      { required: ['kind'], properties: { kind: { const: 'List' } } },
      {
        properties: {
          apiVersion: { const: 'v1' },
          kind: { const: 'List' },
          metadata: { type: 'object' },
          items: { type: 'array', items: { $ref: '#' } },
        },
        additionalProperties: false,
      },
    ),
  )
  const kinds = [...kindsByName.keys(), 'List']
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: ROOT_TITLE,
    description: ROOT_DESCRIPTION,
    type: 'object',
    required: ['apiVersion', 'kind'],
    properties: {
      apiVersion: {
        type: 'string',
        description: 'The group/version of the kind: v1, apps/v1, batch/v1, rbac.authorization.k8s.io/v1, …',
        examples: [...new Set(KINDS.map(([, v]) => v))],
      },
      kind: { type: 'string', description: 'The kind of object this document describes.', enum: kinds },
    },
    allOf: branches,
    definitions: kept,
  }
}

const force = process.argv.includes('--force')
const rel = relative(root, outFile)
if (!force && upToDate()) {
  console.log(`${rel} is up to date`)
} else {
  const t0 = performance.now()
  const schema = shape(await generate())
  const json = JSON.stringify(schema)
  mkdirSync(dirname(outFile), { recursive: true })
  writeFileSync(outFile, json)
  const ms = performance.now() - t0
  const kb = (n) => `${(n / 1024).toFixed(0)} KB`
  console.log(
    `${rel}: ${KINDS.length} kinds, ${Object.keys(schema.definitions).length} definitions, ` +
      `${kb(json.length)} (${kb(gzipSync(json).length)} gzipped) in ${ms.toFixed(0)} ms`,
  )
}
