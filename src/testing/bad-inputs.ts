/**
 * The bad-input list (issue 11), one named case per row, shared by every surface that takes a
 * manifest: the editor's apply (Session, src/sim/scenario/bad-input.test.ts), the CLI
 * (src/cli/bad-input.test.ts) and share links (src/app/share/bad-input.test.ts). Each case says
 * what the user must see: the problems that stop kubectl before anything is sent (with their line
 * and, where the parser knows it, column), the apiserver's answer, or the object created.
 */
import { MAX_INPUT_BYTES } from '../sim/scenario/parse'

export interface Problem {
  readonly line: number
  readonly column?: number
  readonly message: string
  /** The message is kubectl's whole error line (ParseProblem.kubectl). */
  readonly kubectl?: true
}

/** What the user sees. */
export type Outcome =
  /** Stopped before anything is sent (a parse-error in the editor, exit 1 in the CLI). */
  | { readonly refused: readonly Problem[] }
  /** Sent; the apiserver refuses the object of the document starting at `line`. */
  | { readonly server: { readonly line: number; readonly code: number; readonly message: string } }
  /** Sent and created: kubectl's line (`pod/web created`). */
  | { readonly created: string }

export interface BadInput {
  /** The row's name in docs/reliability.md and in every surface's test. */
  readonly name: string
  /** The input as text: what is pasted into the editor or carried by a share link. */
  readonly text: string
  /** The input as bytes on disk, for the CLI, when it is not `text` in UTF-8. */
  readonly bytes?: Uint8Array
  readonly outcome: Outcome
  /** The CLI's outcome when it differs (it reads bytes, names the file): an Outcome, or its stderr. */
  readonly cli?: Outcome | { readonly stderr: string }
  /**
   * The cluster tab's outcome when it differs: what it holds is written at bootstrap, so a problem
   * the apiserver's decoder finds there is a problem of the tab.
   */
  readonly clusterTab?: { readonly refused: readonly Problem[] }
  /** When a share link cannot carry it: the codec's problem (src/app/share/codec.ts ShareProblem). */
  readonly share?: { readonly link: Readonly<Record<string, unknown>> }
}

/** A manifest that works, applied after each bad one to show the app still does. */
export const GOOD = `apiVersion: v1
kind: Pod
metadata:
  name: after
spec:
  containers:
  - name: nginx
    image: nginx
`

const pod = (name: string, extra = '') => `apiVersion: v1
kind: Pod
metadata:
  name: ${name}
spec:
  containers:
  - name: nginx
    image: nginx
${extra}`

const DEPLOYMENT = (replicas: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: ${replicas}
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: nginx
        image: nginx
`

/** `kubectl get pod nginx -o yaml` from a real cluster: server-set and unmodelled fields. */
export const KUBECTL_GET_YAML = `apiVersion: v1
kind: Pod
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"v1","kind":"Pod","metadata":{"annotations":{},"name":"nginx","namespace":"default"},"spec":{"containers":[{"image":"nginx","name":"nginx"}]}}
  creationTimestamp: "2025-05-01T10:00:00Z"
  name: nginx
  namespace: default
  resourceVersion: "123"
  uid: 0b0e5d8b-8e7c-4a4c-9a55-2d1f5b4c4a11
  managedFields:
  - apiVersion: v1
    fieldsType: FieldsV1
    fieldsV1:
      f:spec:
        f:containers: {}
    manager: kubectl-client-side-apply
    operation: Update
    time: "2025-05-01T10:00:00Z"
spec:
  containers:
  - image: nginx
    imagePullPolicy: Always
    name: nginx
    resources: {}
    stdin: true
    tty: true
    terminationMessagePath: /dev/termination-log
    terminationMessagePolicy: File
    lifecycle:
      preStop:
        exec:
          command: [sh, -c, sleep 5]
  dnsPolicy: ClusterFirst
  enableServiceLinks: true
  preemptionPolicy: PreemptLowerPriority
  priority: 0
  restartPolicy: Always
  schedulerName: default-scheduler
  securityContext: {}
  shareProcessNamespace: true
  serviceAccountName: default
  terminationGracePeriodSeconds: 30
  tolerations:
  - effect: NoExecute
    key: node.kubernetes.io/not-ready
    operator: Exists
    tolerationSeconds: 300
status:
  phase: Running
  podIP: 10.244.1.5
`

/** Nine levels of nine aliases: 387,420,489 strings if expanded. */
function aliasBomb(): string {
  const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
  const names = 'abcdefghi'
  for (let i = 1; i < names.length; i++)
    lines.push(
      `${names[i]}: &${names[i]} [${Array(9)
        .fill(`*${names[i - 1]}`)
        .join(',')}]`,
    )
  return `${lines.join('\n')}\n`
}

const utf8 = (s: string) => new TextEncoder().encode(s)
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/** Over the limit by a few bytes: a Pod and a comment. */
const OVER_LIMIT = `${pod('big')}# ${'x'.repeat(MAX_INPUT_BYTES)}\n`
/** Exactly at it (5,242,880 bytes): accepted. */
const AT_LIMIT = `${pod('big')}# ${'x'.repeat(MAX_INPUT_BYTES - pod('big').length - 3)}\n`

/** A Pod whose image name holds text that was not valid Unicode. */
const NOT_UNICODE = pod('web').replace('image: nginx', 'image: ngi\ud800nx')

/** The start of an ELF executable, as text (every byte is ASCII, so it is valid UTF-8 too). */
const ELF = '\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x03\x00>\x00'

export const BAD_INPUTS: readonly BadInput[] = [
  {
    name: 'YAML syntax error',
    text: pod('web').replace('  name: web', '  name: web: x'),
    outcome: {
      refused: [
        {
          line: 4,
          column: 9,
          message:
            'error parsing STDIN: error converting YAML to JSON: yaml: line 4: mapping values are not allowed in this context',
          kubectl: true,
        },
      ],
    },
    cli: {
      stderr:
        'error: error parsing bad.yaml: error converting YAML to JSON: yaml: line 4: mapping values are not allowed in this context\n',
    },
  },
  {
    // go-yaml, kubectl's parser, takes a repeated key: the last value wins.
    name: 'YAML syntax error: a key twice',
    text: pod('web').replace('  name: web\n', '  name: first\n  name: web\n'),
    outcome: { created: 'pod/web created' },
  },
  {
    name: 'wrong type: a number where text goes',
    clusterTab: {
      refused: [
        {
          line: 11,
          message:
            'json: cannot unmarshal number into Go struct field EnvVar.spec.containers.env.value of type string',
        },
      ],
    },
    text: pod('web', '    env:\n    - name: PORT\n      value: 8080\n'),
    outcome: {
      server: {
        line: 1,
        code: 400,
        message:
          'Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal number into Go struct field EnvVar.spec.containers.env.value of type string',
      },
    },
  },
  {
    name: 'wrong type: text where a number goes',
    clusterTab: {
      refused: [
        {
          line: 1,
          message:
            'only Node objects (apiVersion: v1, kind: Node), one KubeSchedulerConfiguration (apiVersion: kubescheduler.config.k8s.io/v1), Users, NodeFailures and WebhookServers (apiVersion: podflow.dev/v1alpha1), setup objects (Namespace, ServiceAccount, ConfigMap, Secret, Role, RoleBinding, ClusterRole, ClusterRoleBinding, ResourceQuota, LimitRange, PriorityClass, MutatingWebhookConfiguration, ValidatingWebhookConfiguration) and the Pods already running (apiVersion: v1, kind: Pod) belong in the cluster; found apps/v1 Deployment "web"',
        },
      ],
    },
    text: DEPLOYMENT('"three"'),
    outcome: {
      server: {
        line: 1,
        code: 400,
        message:
          'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32',
      },
    },
  },
  {
    name: 'wrong type: text where a list goes',
    clusterTab: {
      refused: [
        {
          line: 6,
          message:
            'json: cannot unmarshal string into Go struct field PodSpec.spec.containers of type []v1.Container',
        },
      ],
    },
    text: 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  containers: nginx\n',
    outcome: {
      server: {
        line: 1,
        code: 400,
        message:
          'Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal string into Go struct field PodSpec.spec.containers of type []v1.Container',
      },
    },
  },
  {
    name: 'wrong type in metadata: kubectl decodes it itself',
    text: pod('web').replace('  name: web', '  name: web\n  labels:\n    tier: 1'),
    outcome: {
      refused: [
        {
          line: 6,
          message:
            'unable to decode "STDIN": json: cannot unmarshal number into Go struct field ObjectMeta.metadata.labels of type string',
          kubectl: true,
        },
      ],
    },
    cli: {
      stderr:
        'error: unable to decode "bad.yaml": json: cannot unmarshal number into Go struct field ObjectMeta.metadata.labels of type string\n',
    },
  },
  {
    name: 'unknown field',
    text: pod('web', '    imagePullPolcy: Always\n'),
    outcome: {
      server: {
        line: 1,
        code: 400,
        message:
          'Pod in version "v1" cannot be handled as a Pod: strict decoding error: unknown field "spec.containers[0].imagePullPolcy"',
      },
    },
  },
  {
    name: 'valid fields the simulation does not model (kubectl get -o yaml)',
    text: KUBECTL_GET_YAML,
    outcome: { created: 'pod/nginx created' },
  },
  {
    name: 'unknown kind',
    text: 'apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n',
    outcome: {
      refused: [
        {
          line: 1,
          message:
            'resource mapping not found for name: "w" namespace: "" from "STDIN": no matches for kind "Widget" in version "example.com/v1"\nensure CRDs are installed first',
        },
      ],
    },
    cli: {
      refused: [
        {
          line: 1,
          message:
            'resource mapping not found for name: "w" namespace: "" from "bad.yaml": no matches for kind "Widget" in version "example.com/v1"\nensure CRDs are installed first',
        },
      ],
    },
  },
  {
    name: 'mixed multi-document file (a good Pod, an unknown kind, a list)',
    text: `${pod('good')}---\napiVersion: v1\nkind: Widget\nmetadata:\n  name: w\n---\n- a\n- b\n`,
    outcome: {
      refused: [
        {
          line: 10,
          message:
            'resource mapping not found for name: "w" namespace: "" from "STDIN": no matches for kind "Widget" in version "v1"\nensure CRDs are installed first',
        },
        { line: 15, message: 'error validating data: the document is not an object (got a list)' },
      ],
    },
    cli: {
      refused: [
        {
          line: 10,
          message:
            'resource mapping not found for name: "w" namespace: "" from "bad.yaml": no matches for kind "Widget" in version "v1"\nensure CRDs are installed first',
        },
        { line: 15, message: 'error validating data: the document is not an object (got a list)' },
      ],
    },
  },
  {
    name: 'empty documents',
    text: '---\n# nothing here\n---\n\n---\n',
    outcome: { refused: [{ line: 1, message: 'no objects passed to apply' }] },
    cli: { stderr: 'error: no objects passed to apply\n' },
  },
  {
    name: '5 MB input (over the limit)',
    text: OVER_LIMIT,
    share: { link: { reason: 'too-large', max: 1_048_576 } },
    outcome: {
      refused: [{ line: 1, message: `input is ${OVER_LIMIT.length} bytes; the limit is 5242880 bytes` }],
    },
  },
  {
    name: '5 MB input (at the limit)',
    text: AT_LIMIT,
    share: { link: { reason: 'too-large', max: 1_048_576 } },
    outcome: { created: 'pod/big created' },
  },
  {
    name: 'YAML alias bomb',
    text: aliasBomb(),
    outcome: {
      refused: [{ line: 1, message: 'yaml: Excessive alias count indicates a resource exhaustion attack' }],
    },
  },
  {
    name: 'YAML alias cycle',
    text: 'apiVersion: v1\nkind: Pod\nmetadata: &m\n  name: web\n  labels: *m\n',
    outcome: {
      refused: [{ line: 5, column: 11, message: "yaml: line 5: anchor 'm' value contains itself" }],
    },
  },
  {
    name: 'deep nesting',
    text: `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: deep\nx: ${'['.repeat(100_000)}${']'.repeat(100_000)}\n`,
    outcome: {
      refused: [
        {
          line: 5,
          column: 103,
          message: 'yaml: line 5: exceeded max depth of 100 (collections nested more than 100 levels deep)',
        },
      ],
    },
  },
  {
    name: 'binary garbage',
    text: ELF,
    outcome: {
      refused: [
        {
          line: 1,
          column: 1,
          message:
            'yaml: line 1: control characters are not allowed (U+007F at column 1; is this a binary file?)',
        },
      ],
    },
  },
  {
    name: 'invalid UTF-8',
    // In a JS string (the editor, a link), text that was not valid Unicode is a lone surrogate.
    text: NOT_UNICODE,
    // On disk: a Latin-1 byte where the lone surrogate is (0xC3 followed by `n` is no UTF-8 sequence).
    bytes: concat(
      ...NOT_UNICODE.split('\ud800').flatMap((part, i) =>
        i ? [new Uint8Array([0xc3]), utf8(part)] : [utf8(part)],
      ),
    ),
    outcome: {
      refused: [
        {
          line: 8,
          column: 15,
          message:
            'yaml: line 8: invalid Unicode (a lone surrogate U+D800 at column 15; the text was not valid UTF-8 when it was read)',
        },
      ],
    },
    cli: {
      refused: [
        {
          line: 8,
          message:
            'invalid UTF-8: byte 0xC3 at line 8, column 15 (manifests must be UTF-8 text; is this a binary file?)',
        },
      ],
    },
  },
]
