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
 *   would double the schema for fields nobody writes by hand;
 * - KubeSchedulerConfiguration (kubescheduler.config.k8s.io/v1, the cluster tab's scheduler
 *   configuration) is not in kubernetes-types: a small hand-written definition covers the fields
 *   the simulator reads and names kube-scheduler's others (schedulerConfigurationDefinitions);
 * - User, NodeFailure and WebhookServer (podflow.dev/v1alpha1, the cluster tab's users, faults and
 *   simulated webhook servers) are podflow's own: hand-written too (userDefinition,
 *   nodeFailureDefinition, webhookServerDefinition).
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
  ['PodTemplate', 'v1'],
  ['Endpoints', 'v1'],
  ['ReplicationController', 'v1'],
  ['ControllerRevision', 'apps/v1'],
  ['CertificateSigningRequest', 'certificates.k8s.io/v1'],
  ['EndpointSlice', 'discovery.k8s.io/v1'],
  ['IngressClass', 'networking.k8s.io/v1'],
  ['PriorityLevelConfiguration', 'flowcontrol.apiserver.k8s.io/v1'],
  ['VolumeAttachment', 'storage.k8s.io/v1'],
  ['CSIDriver', 'storage.k8s.io/v1'],
  ['CSINode', 'storage.k8s.io/v1'],
  ['CSIStorageCapacity', 'storage.k8s.io/v1'],
  ['ValidatingAdmissionPolicy', 'admissionregistration.k8s.io/v1'],
  ['ValidatingAdmissionPolicyBinding', 'admissionregistration.k8s.io/v1'],
  ['CustomResourceDefinition', 'apiextensions.k8s.io/v1'],
]

/**
 * Kinds the apiserver serves that kubernetes-types 1.30 has no v1 type for (networking.k8s.io/v1
 * IPAddress and ServiceCIDR are v1 only from 1.33; kube-aggregator's APIService is not in it):
 * offered by the `kind` enum, and accepted without a schema.
 */
const SCHEMALESS_KINDS = ['IPAddress', 'ServiceCIDR', 'APIService']

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

const SCHEDULER_CONFIG_API_VERSION = 'kubescheduler.config.k8s.io/v1'
const SCHEDULER_CONFIG_KIND = 'KubeSchedulerConfiguration'

/** kube-scheduler v1.33's in-tree plugins, for completion (the default profile's, in order). */
const SCHEDULER_PLUGINS = [
  'SchedulingGates',
  'PrioritySort',
  'NodeUnschedulable',
  'NodeName',
  'TaintToleration',
  'NodeAffinity',
  'NodePorts',
  'NodeResourcesFit',
  'VolumeRestrictions',
  'NodeVolumeLimits',
  'VolumeBinding',
  'VolumeZone',
  'PodTopologySpread',
  'InterPodAffinity',
  'DefaultPreemption',
  'NodeResourcesBalancedAllocation',
  'ImageLocality',
  'DefaultBinder',
  'DynamicResources',
]

const EXTENSION_POINTS = [
  [
    'multiPoint',
    'Plugins enabled at every extension point they implement. The default profile lists all its plugins here.',
  ],
  ['preEnqueue', 'Checks before a Pod enters the active queue (SchedulingGates).'],
  ['queueSort', 'Orders the scheduling queue; exactly one plugin, the same in every profile (PrioritySort).'],
  ['preFilter', 'Pre-processing of the Pod before Filter; may narrow the nodes to look at.'],
  ['filter', 'Rules out nodes that cannot run the Pod.'],
  ['postFilter', 'Runs when no node fits (DefaultPreemption).'],
  ['preScore', 'Pre-processing before Score.'],
  ['score', 'Ranks the feasible nodes; each plugin’s normalized score (0–100) is multiplied by its weight.'],
  ['reserve', 'Reserves resources on the chosen node.'],
  ['permit', 'Approves, denies or delays the binding.'],
  ['preBind', 'Work before binding (volumes).'],
  ['bind', 'Binds the Pod to the node (DefaultBinder: POST pods/binding).'],
  ['postBind', 'Informational, after a successful bind.'],
]

const NOT_SIMULATED = 'A kube-scheduler setting the simulation accepts and ignores.'

/** Definitions for KubeSchedulerConfiguration, by name (referenced as #/definitions/<name>). */
function schedulerConfigurationDefinitions() {
  const ref = (name) => ({ $ref: `#/definitions/${name}` })
  const int = (description, minimum, maximum) => ({
    type: 'integer',
    description,
    ...(minimum !== undefined ? { minimum } : {}),
    ...(maximum !== undefined ? { maximum } : {}),
  })
  const percentage = (description) =>
    int(
      `${description} 0 (the default) is adaptive: 50% − 1% per 125 nodes, at least 5%. Below 100 nodes every node is looked at; never fewer than 100 are.`,
      0,
      100,
    )
  const closed = (title, description, properties, required) => ({
    type: 'object',
    title,
    description,
    properties,
    ...(required ? { required } : {}),
    additionalProperties: false,
  })
  const open = (description) => ({ type: 'object', description: `${description} ${NOT_SIMULATED}` })
  const argsFor = (plugin, definition) =>
    ifThen(
      { required: ['name'], properties: { name: { const: plugin } } },
      { properties: { args: ref(definition) } },
    )
  return {
    KubeSchedulerConfiguration: closed(
      'KubeSchedulerConfiguration',
      'kube-scheduler’s configuration (its --config file), kubescheduler.config.k8s.io/v1. In the cluster tab it configures the simulated scheduler; it is merged with the v1.33 defaults and validated as kube-scheduler does.',
      {
        apiVersion: {
          const: SCHEDULER_CONFIG_API_VERSION,
          description: 'The one version kube-scheduler v1.33 reads.',
        },
        kind: { const: SCHEDULER_CONFIG_KIND },
        percentageOfNodesToScore: percentage(
          'How many nodes Filter looks for, as a percentage of the cluster, before it stops and Score begins. A profile’s own value wins.',
        ),
        podInitialBackoffSeconds: int(
          'Backoff of a Pod that failed to schedule, first retry (default 1).',
          1,
        ),
        podMaxBackoffSeconds: int(
          'Largest backoff; doubles from the initial one up to this (default 10).',
          1,
        ),
        profiles: {
          type: 'array',
          description:
            'The scheduling profiles: the whole list (a Pod whose spec.schedulerName matches none is left Pending by this scheduler). Default: one profile, default-scheduler.',
          items: ref('KubeSchedulerProfile'),
        },
        parallelism: int(`Goroutines for filtering and scoring (default 16). ${NOT_SIMULATED}`, 1),
        leaderElection: open('Leader election (one scheduler runs here).'),
        clientConnection: open('The connection to the apiserver.'),
        healthzBindAddress: { type: 'string', description: NOT_SIMULATED },
        metricsBindAddress: { type: 'string', description: NOT_SIMULATED },
        enableProfiling: { type: 'boolean', description: NOT_SIMULATED },
        enableContentionProfiling: { type: 'boolean', description: NOT_SIMULATED },
        extenders: { type: 'array', description: `HTTP scheduler extenders. ${NOT_SIMULATED}` },
        delayCacheUntilActive: { type: 'boolean', description: NOT_SIMULATED },
      },
      ['apiVersion', 'kind'],
    ),
    KubeSchedulerProfile: closed(
      'KubeSchedulerProfile',
      'A scheduling profile: a scheduler name and the plugins that run for the Pods naming it.',
      {
        schedulerName: {
          type: 'string',
          description:
            'The name Pods use in spec.schedulerName; default-scheduler when the configuration has a single profile without a name.',
          examples: ['default-scheduler'],
        },
        percentageOfNodesToScore: percentage(
          'This profile’s percentageOfNodesToScore (else the global one).',
        ),
        plugins: ref('Plugins'),
        pluginConfig: {
          type: 'array',
          description: 'Arguments for plugins, by plugin name.',
          items: ref('PluginConfig'),
        },
      },
    ),
    Plugins: closed(
      'Plugins',
      'Plugins to enable or disable per extension point, merged with the default ones: a default plugin enabled again keeps its place with the new settings; others come after.',
      Object.fromEntries(
        EXTENSION_POINTS.map(([point, text]) => [point, { ...ref('PluginSet'), description: text }]),
      ),
    ),
    PluginSet: closed('PluginSet', 'Plugins enabled and disabled at one extension point.', {
      enabled: {
        type: 'array',
        description: 'Plugins to run here, after the default ones.',
        items: ref('Plugin'),
      },
      disabled: {
        type: 'array',
        description: 'Default plugins not to run here; name "*" disables all of them.',
        items: ref('Plugin'),
      },
    }),
    Plugin: closed(
      'Plugin',
      'A plugin, by name.',
      {
        name: { type: 'string', description: 'The plugin’s name.', examples: ['*', ...SCHEDULER_PLUGINS] },
        weight: int(
          'Score weight: the plugin’s normalized score (0–100) is multiplied by it. 0 or absent means 1 (default weights: TaintToleration 3, NodeAffinity 2, PodTopologySpread 2, InterPodAffinity 2, others 1).',
        ),
      },
      ['name'],
    ),
    PluginConfig: {
      type: 'object',
      title: 'PluginConfig',
      description: 'Arguments for one plugin.',
      properties: {
        name: { type: 'string', description: 'The plugin’s name.', examples: SCHEDULER_PLUGINS },
        args: { type: 'object', description: 'The plugin’s arguments (<Plugin>Args).' },
      },
      required: ['name'],
      additionalProperties: false,
      allOf: [
        argsFor('NodeResourcesFit', 'NodeResourcesFitArgs'),
        argsFor('DefaultPreemption', 'DefaultPreemptionArgs'),
        argsFor('NodeAffinity', 'NodeAffinityArgs'),
        argsFor('NodeResourcesBalancedAllocation', 'NodeResourcesBalancedAllocationArgs'),
        argsFor('PodTopologySpread', 'PodTopologySpreadArgs'),
        argsFor('InterPodAffinity', 'InterPodAffinityArgs'),
      ],
    },
    NodeResourcesFitArgs: closed('NodeResourcesFitArgs', 'NodeResourcesFit’s arguments.', {
      ignoredResources: {
        type: 'array',
        description: 'Extended resources Filter does not check.',
        items: { type: 'string' },
      },
      ignoredResourceGroups: {
        type: 'array',
        description: 'Extended resource groups (the part before "/") Filter does not check.',
        items: { type: 'string' },
      },
      scoringStrategy: ref('ScoringStrategy'),
    }),
    ScoringStrategy: closed(
      'ScoringStrategy',
      'How NodeResourcesFit scores nodes. Default: LeastAllocated over cpu and memory, weight 1 each.',
      {
        type: {
          type: 'string',
          description:
            'LeastAllocated: prefer the emptiest nodes (spreads Pods). MostAllocated: prefer the fullest nodes (packs Pods, bin packing). RequestedToCapacityRatio: a score per utilization, given by requestedToCapacityRatio.shape.',
          enum: ['LeastAllocated', 'MostAllocated', 'RequestedToCapacityRatio'],
        },
        resources: {
          type: 'array',
          description:
            'The resources scored and their weights in the node’s score (default: cpu and memory, weight 1). Requests count with the non-zero defaults (100m cpu, 200Mi memory) for containers that request nothing.',
          items: ref('ResourceSpec'),
        },
        requestedToCapacityRatio: closed(
          'RequestedToCapacityRatioParam',
          'The scoring function of RequestedToCapacityRatio.',
          {
            shape: {
              type: 'array',
              description:
                'Points (utilization → score) of a piecewise-linear function, utilization increasing. {0: 0, 100: 10} packs; {0: 10, 100: 0} spreads.',
              items: ref('UtilizationShapePoint'),
              minItems: 1,
            },
          },
        ),
      },
    ),
    ResourceSpec: closed(
      'ResourceSpec',
      'A resource and its weight.',
      {
        name: {
          type: 'string',
          description: 'cpu, memory, ephemeral-storage, or an extended resource.',
          examples: ['cpu', 'memory'],
        },
        weight: int('Weight in the node’s score, 1–100 (0 or absent means 1).', 0, 100),
      },
      ['name'],
    ),
    UtilizationShapePoint: closed(
      'UtilizationShapePoint',
      'One point of the RequestedToCapacityRatio function.',
      {
        utilization: int('Requested as a percentage of allocatable, 0–100.', 0, 100),
        score: int('Score at that utilization, 0–10 (scaled to 0–100).', 0, 10),
      },
      ['utilization', 'score'],
    ),
    DefaultPreemptionArgs: closed('DefaultPreemptionArgs', 'DefaultPreemption’s arguments.', {
      minCandidateNodesPercentage: int(
        'Nodes to look at for preemption, as a percentage (default 10).',
        0,
        100,
      ),
      minCandidateNodesAbsolute: int('Nodes to look at for preemption, at least (default 100).', 0),
    }),
    NodeResourcesBalancedAllocationArgs: closed(
      'NodeResourcesBalancedAllocationArgs',
      'NodeResourcesBalancedAllocation’s arguments.',
      {
        resources: {
          type: 'array',
          description:
            'The resources whose requested fractions should be balanced (default: cpu and memory). Weights must be 1.',
          items: ref('ResourceSpec'),
        },
      },
    ),
    PodTopologySpreadArgs: closed('PodTopologySpreadArgs', 'PodTopologySpread’s arguments.', {
      defaultingType: {
        type: 'string',
        description:
          'System (default): Pods without constraints that belong to a Service or ReplicaSet get the built-in spreading (hostname maxSkew 3, zone maxSkew 5, ScheduleAnyway). List: they get defaultConstraints instead; List with none turns default spreading off (for bin packing).',
        enum: ['System', 'List'],
      },
      defaultConstraints: {
        type: 'array',
        description:
          'With defaultingType List: the constraints for Pods that have none (no labelSelector: it is built from the Pod’s owners).',
        items: ref('TopologySpreadConstraint'),
      },
    }),
    InterPodAffinityArgs: closed('InterPodAffinityArgs', 'InterPodAffinity’s arguments.', {
      hardPodAffinityWeight: int(
        'Score weight, 0–100, of existing Pods’ required affinity terms that the incoming Pod matches (default 1).',
        0,
        100,
      ),
      ignorePreferredTermsOfExistingPods: {
        type: 'boolean',
        description: 'Score only with the incoming Pod’s own preferred terms (default false).',
      },
    }),
    NodeAffinityArgs: closed('NodeAffinityArgs', 'NodeAffinity’s arguments.', {
      addedAffinity: {
        ...ref('NodeAffinity'),
        description: 'A node affinity every Pod of the profile gets, on top of its own.',
      },
    }),
  }
}

const USER_API_VERSION = 'podflow.dev/v1alpha1'
const USER_KIND = 'User'

/** The cluster tab's User document (src/sim/scenario/cluster-objects.ts reads it). */
function userDefinition() {
  return {
    type: 'object',
    title: USER_KIND,
    description:
      'A user of the cluster, podflow.dev/v1alpha1: stands in for the apiserver’s static token file (--token-auth-file) or an identity provider. kubectl can act as this user (Apply as…), authenticating with a bearer token podflow derives from the name. A user has no rights until RBAC objects (RoleBinding, ClusterRoleBinding with a subject of kind User) grant some.',
    properties: {
      apiVersion: { const: USER_API_VERSION },
      kind: { const: USER_KIND },
      metadata: {
        type: 'object',
        description: 'Only the name is read.',
        properties: {
          name: {
            type: 'string',
            description: 'The Kubernetes user name (what RBAC subjects of kind User name).',
          },
        },
        required: ['name'],
      },
      spec: {
        type: 'object',
        properties: {
          groups: {
            type: 'array',
            description:
              'The user’s groups (RBAC subjects of kind Group); system:authenticated is always added.',
            items: { type: 'string' },
          },
          credential: {
            type: 'string',
            enum: ['token', 'certificate'],
            description:
              'How kubectl authenticates as this user: a bearer token (default), or a client certificate with CN=<name> and O=<groups> signed by the cluster CA (x509, as kubeadm’s admin.conf).',
          },
        },
        additionalProperties: false,
      },
    },
    required: ['apiVersion', 'kind', 'metadata'],
    additionalProperties: false,
  }
}

const NODE_FAILURE_KIND = 'NodeFailure'

/** The cluster tab's NodeFailure document (src/sim/scenario/faults.ts reads it). */
function nodeFailureDefinition() {
  return {
    type: 'object',
    title: NODE_FAILURE_KIND,
    description:
      'A fault the scenario injects, podflow.dev/v1alpha1: at a virtual time, a Node stops (its kubelet, its containers and its heartbeats) or loses its network to the apiserver. The node lifecycle controller marks it NotReady and taints it; Pods are evicted after their tolerationSeconds (300 s by default) and their controllers replace them elsewhere.',
    properties: {
      apiVersion: { const: USER_API_VERSION },
      kind: { const: NODE_FAILURE_KIND },
      metadata: {
        type: 'object',
        properties: { name: { type: 'string', description: 'The Node that fails.' } },
        required: ['name'],
      },
      spec: {
        type: 'object',
        properties: {
          at: {
            type: 'string',
            description: 'When, in virtual time: a duration such as 30s or 2m.',
            examples: ['30s'],
          },
          mode: {
            type: 'string',
            enum: ['stop', 'unreachable'],
            description:
              'stop (default): the machine stops. unreachable: its network to the apiserver is cut; it keeps running.',
          },
        },
        required: ['at'],
        additionalProperties: false,
      },
    },
    required: ['apiVersion', 'kind', 'metadata', 'spec'],
    additionalProperties: false,
  }
}

const WEBHOOK_SERVER_KIND = 'WebhookServer'

/** The cluster tab's WebhookServer document (src/sim/scenario/webhook-servers.ts reads it). */
function webhookServerDefinition() {
  const duration = (description) => ({ type: 'string', description, examples: ['500ms', '15s'] })
  return {
    type: 'object',
    title: WEBHOOK_SERVER_KIND,
    description:
      'A simulated admission webhook server, podflow.dev/v1alpha1: it stands for the Deployment and Service a real webhook runs as. A MutatingWebhookConfiguration or ValidatingWebhookConfiguration whose clientConfig.service names its Service reaches it; kube-apiserver sends it AdmissionReviews and it answers with its behavior.',
    properties: {
      apiVersion: { const: USER_API_VERSION },
      kind: { const: WEBHOOK_SERVER_KIND },
      metadata: {
        type: 'object',
        properties: {
          name: { type: 'string', description: 'The server’s name (and its Service’s, by default).' },
          namespace: {
            type: 'string',
            description: 'Its namespace (and its Service’s, by default); default when absent.',
          },
        },
        required: ['name'],
      },
      spec: {
        type: 'object',
        properties: {
          service: {
            type: 'object',
            description:
              'The Service webhook configurations name (clientConfig.service); default: the metadata’s.',
            properties: { namespace: { type: 'string' }, name: { type: 'string' } },
            additionalProperties: false,
          },
          behavior: {
            type: 'object',
            description: 'How it answers: exactly one of allow, patch, deny.',
            properties: {
              allow: { type: 'object', description: 'Allow the object as it is.' },
              patch: {
                type: 'array',
                description:
                  'Allow it with this JSON Patch (RFC 6902) applied to the object under review (mutating webhooks).',
                items: {
                  type: 'object',
                  properties: {
                    op: { enum: ['add', 'remove', 'replace', 'move', 'copy', 'test'] },
                    path: { type: 'string', examples: ['/spec/containers/-'] },
                    value: {},
                    from: { type: 'string' },
                  },
                  required: ['op', 'path'],
                },
                minItems: 1,
              },
              deny: {
                type: ['object', 'null', 'boolean'],
                description: 'Refuse the object: the apiserver answers with this status.',
                properties: {
                  message: { type: 'string' },
                  code: { type: 'integer', description: 'HTTP status code (default 403).' },
                  reason: { type: 'string' },
                },
                additionalProperties: false,
              },
              delay: duration(
                'Time before it answers (default 0); past the webhook’s timeoutSeconds, the call times out.',
              ),
              warnings: {
                type: 'array',
                description: 'Warnings of its responses (kubectl prints them).',
                items: { type: 'string' },
              },
            },
            additionalProperties: false,
          },
        },
        required: ['behavior'],
        additionalProperties: false,
      },
    },
    required: ['apiVersion', 'kind', 'metadata', 'spec'],
    additionalProperties: false,
  }
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
  if (!kept.NodeAffinity) throw new Error('NodeAffinity is not among the kept definitions')
  Object.assign(kept, schedulerConfigurationDefinitions())
  kept[USER_KIND] = userDefinition()
  kept[NODE_FAILURE_KIND] = nodeFailureDefinition()
  kept[WEBHOOK_SERVER_KIND] = webhookServerDefinition()

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
      { required: ['kind'], properties: { kind: { const: SCHEDULER_CONFIG_KIND } } },
      { $ref: `#/definitions/${SCHEDULER_CONFIG_KIND}` },
    ),
  )
  branches.push(
    ifThen(
      {
        required: ['kind'],
        properties: { kind: { const: USER_KIND }, apiVersion: { const: USER_API_VERSION } },
      },
      { $ref: `#/definitions/${USER_KIND}` },
    ),
  )
  branches.push(
    ifThen(
      {
        required: ['kind'],
        properties: { kind: { const: NODE_FAILURE_KIND }, apiVersion: { const: USER_API_VERSION } },
      },
      { $ref: `#/definitions/${NODE_FAILURE_KIND}` },
    ),
  )
  branches.push(
    ifThen(
      {
        required: ['kind'],
        properties: { kind: { const: WEBHOOK_SERVER_KIND }, apiVersion: { const: USER_API_VERSION } },
      },
      { $ref: `#/definitions/${WEBHOOK_SERVER_KIND}` },
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
  const kinds = [
    ...kindsByName.keys(),
    SCHEDULER_CONFIG_KIND,
    USER_KIND,
    NODE_FAILURE_KIND,
    WEBHOOK_SERVER_KIND,
    'List',
    ...SCHEMALESS_KINDS,
  ]
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
        examples: [...new Set(KINDS.map(([, v]) => v)), SCHEDULER_CONFIG_API_VERSION, USER_API_VERSION],
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
    `${rel}: ${KINDS.length + 4 + SCHEMALESS_KINDS.length} kinds, ${Object.keys(schema.definitions).length} definitions, ` +
      `${kb(json.length)} (${kb(gzipSync(json).length)} gzipped) in ${ms.toFixed(0)} ms`,
  )
}
