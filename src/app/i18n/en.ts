/**
 * English: the reference catalog. Every user-facing string of the app lives here (and in zh.ts),
 * grouped by the part of the screen that shows it. Kubernetes terms stay as Kubernetes spells them.
 */
import { embedEn } from '../embed/text-en'
import { exportEn } from '../export/text-en'
import { faultsEn } from '../faults/text-en'
import { importClusterEn } from '../import-cluster/text-en'
import { libraryEn } from '../library/text-en'
import { scaleEn } from '../scale/text-en'
import { shareEn } from '../share/text-en'
import type { teachingEn } from '../teaching/text-en'
import { teachingToggleEn } from '../teaching/toggle-text-en'

export const en = {
  app: {
    tagline: 'How Kubernetes v1.33 creates a Pod, message by message',
    language: 'Language',
    stage: 'Cluster',
    theme: {
      system: 'System',
      light: 'Light',
      dark: 'Dark',
      label: 'Theme: {current}. Switch to {next}',
    },
  },
  /** Words more than one panel uses. */
  /** The banner shown when the simulation worker crashed or hung (src/app/health). */
  worker: {
    crashed: 'The simulation crashed.',
    hung: 'The simulation stopped responding.',
    restarted:
      'It was restarted from your last inputs (the cluster, then each apply, delete, node action and fault that was accepted); the trace is computed again. Your editors are untouched.',
    gaveUp: 'It failed again and again, so it was not restarted. Your editors are untouched.',
    restart: 'Restart the simulation',
    detail: 'What the browser said: {detail}',
    dismiss: 'Dismiss',
  },
  common: {
    why: 'why?',
    loading: 'loading…',
    noPods: 'No Pods yet. Apply a manifest to create one.',
    notScheduled: 'not scheduled',
    deleted: 'deleted',
    /** Joins the items of a list: `a, b`. */
    listSep: ', ',
    /** The last two items of a list: `a, b and c`. */
    listAnd: '{items} and {last}',
    /** A list cut short: `a, b, c and 4 more`. */
    listMore: '{items} and {count} more',
  },
  editor: {
    panel: 'Manifests',
    tabs: 'Editor',
    workload: 'Workload',
    cluster: 'Cluster',
    template: 'Template',
    templatesPrompt: 'Templates…',
    applyAs: 'Apply as',
    applyAsLabel: 'Apply as user',
    applyAsTitle: 'The user kubectl authenticates as',
    apply: 'Apply',
    applyTitle: 'kubectl apply at the current time (Ctrl/Cmd+Enter)',
    applyAction: 'Apply (kubectl apply -f)',
    workloadYaml: 'Workload YAML',
    clusterYaml: 'Cluster YAML',
    reset: 'Reset to default',
    useCluster: 'Use this cluster',
    loading: 'Loading editor…',
    keys: 'Tab indents; Ctrl+M (Mac: Ctrl+Shift+M) then Tab moves on. Ctrl/⌘+Enter applies.',
    /** The templates' titles (the list) and one sentence on what applying each shows. */
    templates: {
      'nginx-pod': {
        title: 'Pod: nginx',
        description: 'A single nginx container: the whole path from kubectl to a running container.',
      },
      deployment: {
        title: 'Deployment: 3 replicas',
        description: 'The Deployment and ReplicaSet controllers create 3 Pods; the scheduler spreads them.',
      },
      'init-container': {
        title: 'Pod with an init container',
        description: 'An init container (busybox, sleep 3) that has to finish before nginx starts.',
      },
      probes: {
        title: 'Pod with probes',
        description:
          'nginx with startup, readiness and liveness probes (the apiserver fills in their defaults).',
      },
      sidecar: {
        title: 'Pod with a sidecar',
        description: 'A restartable init container starts first and keeps running beside nginx.',
      },
      'crash-loop': {
        title: 'CrashLoopBackOff',
        description:
          'A container that exits 1 after 2 s: restarts with a back-off of 10 s, 20 s, 40 s … 5 min.',
      },
      'failing-liveness': {
        title: 'Failing liveness probe',
        description: 'nginx turns unhealthy 20 s after each start: 3 failed probes, Killing, restart.',
      },
      resources: {
        title: 'Pod with requests and limits',
        description: 'Requests are what the scheduler counts; limits what the node enforces (QoS Burstable).',
      },
      'node-affinity': {
        title: 'Pod with node affinity',
        description: 'Required affinity filters the nodes, preferred affinity scores them.',
      },
      tolerations: {
        title: 'Pod tolerating the control-plane taint',
        description: 'A toleration and a nodeSelector put the Pod on the tainted control-plane node.',
      },
      'broken-pod': {
        title: 'Broken Pod (no image)',
        description: 'The apiserver rejects it with 422 Invalid: spec.containers[0].image: Required value.',
      },
    },
  },
  playback: {
    toolbar: 'Playback',
    previous: 'Previous message',
    previousTitle: 'Previous message (←)',
    play: 'Play',
    playTitle: 'Play (Space)',
    pause: 'Pause',
    pauseTitle: 'Pause (Space)',
    next: 'Next message',
    nextTitle: 'Next message (→)',
    scrub: 'Virtual time',
    scrubValue: '{seconds} seconds',
    clockLabel: 'Virtual time {time}; go to another time',
    clockTitle: 'Go to a time: click and type 12.5, 850ms or 1m30s',
    clockInput: 'Go to virtual time (seconds, or 850ms, 1m30s)',
    fastForward: 'skipping quiet time',
    fastForwardTitle:
      'Only routine upkeep until the next message: crossing the wait fast. The clock shows the real time.',
    now: 'Now',
    nowTitle: 'Jump to the end of activity (End)',
    speed: 'Speed',
    speedTeaching: '{speed}× (teaching)',
    speedRealTime: '{speed}× (real time)',
    skipQuiet: 'Skip quiet',
    skipQuietTitle: 'Cross long waits (back-offs, eviction timeouts) fast',
  },
  statusStrip: {
    label: 'Pods',
    onNode: 'on {node}',
  },
  dock: {
    label: 'Details',
    timeline: 'Timeline',
    console: 'kubectl',
    scheduling: 'Scheduling',
    history: 'History',
    whatIf: 'What if…',
    resize: 'Resize the panels under the graph',
    resizeValue: '{px} pixels tall',
  },
  applyLog: {
    unwatched:
      'Stored and served as on a real cluster; no simulated component reads {resource}, so nothing here acts on it.',
  },
  inspector: {
    title: 'Inspector',
    hint: 'Select a message on the graph, or step with ← / →.',
    fromTo: 'from → to',
    sentDelivered: 'sent · delivered',
    stage: 'stage',
    object: 'object',
    causedBy: 'caused by',
    userAction: 'a user action or startup',
    notAvailable: 'not available',
    sizeEstimated:
      'The image size is an estimate: the simulated registry does not know this image, so it guessed a size from the name.',
  },
  podPanel: {
    label: 'Pod',
    node: 'node',
    conditions: 'Conditions',
    whyCondition: 'Why {condition}?',
    removed: '{type} removed',
    latestEvents: 'Latest events',
    whyEvent: 'Why {reason}?',
    howScheduled: 'How was it scheduled?',
    historyInEtcd: 'History in etcd',
  },
  why: {
    label: 'Why',
    /** `{title}` is drawn as code: `Why Ready=True?`. */
    title: 'Why {title}?',
    close: 'close',
    since: '{subject} · since {time}',
    beforeStory: '{title}: it was there before the story began',
  },
  graph: {
    label: 'Cluster graph',
    kind: {
      'http-request': 'HTTP request',
      'http-response': 'HTTP response',
      'watch-event': 'Watch event',
      'etcd-request': 'etcd request',
      'etcd-response': 'etcd response',
      'cri-request': 'CRI call',
      'cri-response': 'CRI reply',
      step: 'Step',
    },
    /** People's names for components: `kubelet on worker-1`. */
    onNode: '{component} on {node}',
    moreNodesName: 'the collapsed nodes',
    registryName: 'the image registry',
    /** A pill's accessible name. */
    message: '{kind} from {from} to {to}: {summary}',
    step: 'Step in {component}: {summary}',
    labelled: '{label} — {description}',
    webhooks: 'admission webhooks',
    /** A control-plane box's accessible name: `etcd, store: revision 12 · 9 keys`. */
    box: '{title}, {meaning}: {state}',
    meaning: {
      kubectl: 'the user',
      'kube-apiserver': 'last write',
      etcd: 'store',
      'kube-scheduler': 'queue',
      'kube-controller-manager': 'objects it reconciles',
      registry: 'serves images',
      webhooks: 'what it is',
    },
    /** The state line in each control-plane box. */
    state: {
      kubectl: 'you, at the terminal',
      noWrites: 'no writes yet',
      etcd: 'revision {revision} · {keys}',
      keysOne: '{count} key',
      keysOther: '{count} keys',
      noPodsToPlace: 'no Pods to place',
      unscheduledOne: '{count} unscheduled Pod',
      unscheduledOther: '{count} unscheduled Pods',
      controllers: '{deployments} · {replicasets}',
      deploymentsOne: '{count} Deployment',
      deploymentsOther: '{count} Deployments',
      replicaSetsOne: '{count} ReplicaSet',
      replicaSetsOther: '{count} ReplicaSets',
      registry: 'image registry',
      webhooks: 'simulated servers',
    },
    node: 'Node {name}, {status}, {count} Pods',
    nodeWithRoles: 'Node {name} ({roles}), {status}, {count} Pods',
    usage: {
      cpu: 'CPU',
      memory: 'Mem',
      pods: 'Pods',
      label: '{resource} requested {value}',
      title: '{resource}: {value}',
    },
    podsOn: 'Pods on {node}',
    noPods: 'no Pods',
    morePodsOne: '+{count} more Pod',
    morePodsOther: '+{count} more Pods',
    morePodsOn: '{count} more Pods on {node}',
    moreNodes: '{count} more nodes',
    moreNodesLabel: '{count} more nodes with {pods} Pods: {names}',
    podsOnThemOne: '{count} Pod on them',
    podsOnThemOther: '{count} Pods on them',
    /** A Pod card's accessible name and tooltip. */
    // Starts with the words the card shows (its name as drawn, its STATUS, its sandbox's pause), so
    // speech control finds it.
    pod: '{shown} {status}, pause: {sandbox}; Pod {namespace}/{name}, {ready} ready; {containers}',
    overflowPod: 'Pod {namespace}/{name}: {status}',
    sandbox: {
      none: 'no sandbox yet',
      creating: 'sandbox being created',
      ready: 'sandbox running',
      stopped: 'sandbox stopped',
    },
    container: '{name}: {detail}',
    /** `{role}` is init or sidecar. */
    containerWithRole: '{name} ({role} container): {detail}',
    notCreated: 'not created yet',
    terminated: 'terminated',
    terminatedReason: 'terminated: {reason}',
    exitCode: '{state}, exit code {code}',
    waiting: 'waiting',
    waitingReason: 'waiting: {reason}',
    running: 'running',
    runningReady: 'running, ready',
  },
  timeline: {
    label: 'Timeline',
    zoom: 'Timeline zoom',
    zoomOut: 'Zoom out',
    zoomIn: 'Zoom in',
    fit: 'Fit',
    fitTitle: 'Show everything up to the cursor, and follow it',
    condition: 'condition',
    event: 'event',
    warning: 'warning',
    restart: 'restart',
    help: 'click to seek and explain · Ctrl+wheel zooms, Shift+wheel pans',
    axis: 'virtual time',
    podsOne: '{count} Pod',
    podsOther: '{count} Pods',
    writtenBy: 'written by {cause}',
    clickHint: 'click: seek here and explain why',
    removed: 'removed',
    /** Tooltips of the marks. */
    tip: {
      segment: '{status} · {from} → {to} ({gap})',
      segmentOpen: '{status} · since {from}',
      condition: '{type}: {previous} → {status} at {time}',
      conditionReason: '{type}: {previous} → {status} ({reason}) at {time}',
      event: '{type} {reason} at {time}: {message}',
      eventCount: '{type} {reason} (x{count}) at {time}: {message}',
      restart: '{container} restarted (restart {count}) at {time}',
      restartInit: 'init container {container} restarted (restart {count}) at {time}',
      restartGap: '{text}, {gap} after the previous restart',
      restartExit: '{text}; it had exited with {code}',
      restartExitReason: '{text}; it had exited with {code} ({reason})',
    },
    /** What "why?" titles a restart: `app restart 2`. */
    restartWhy: '{container} restart {count}',
  },
  history: {
    label: 'History',
    object: 'Object',
    choose: 'choose an object…',
    none: 'No revision of {subject} before the cursor.',
    change: {
      create: 'create',
      update: 'update',
      delete: 'delete',
    },
    revision: 'rev {revision}',
    at: 'at {time}',
    atStart: 'at start',
    by: 'by',
    beforeTimeZero: 'before time 0',
    etcdWrite: 'etcd write',
    noChange: 'no change but the resourceVersion',
    stored: 'the object as stored',
    changedBy: 'What the apiserver changed in what {writer} sent:',
    /** What "why?" titles a revision. */
    revisionTitle: 'revision {revision}',
  },
  scheduling: {
    pod: 'Pod',
    choose: 'choose a Pod…',
    chooseHint: 'Choose a Pod, or click one on the graph, the status strip or the timeline.',
    label: 'Scheduling of {pod}',
    loading: 'Loading the scheduling attempts…',
    attempt: 'Attempt',
    scores: 'Scores',
    mode: {
      raw: 'raw',
      normalized: 'normalized',
      weighted: 'weighted',
    },
    modeTitle: {
      raw: 'what each Score plugin returned',
      normalized: 'after NormalizeScore, 0–100',
      weighted: 'normalized × the plugin’s weight; the total is their sum',
    },
    boundWithoutScheduler: 'Bound to {node} without the scheduler: the manifest set spec.nodeName.',
    noneBeforeCursor: 'This Pod has no scheduling attempt before the cursor.',
    notYet: 'Not scheduled yet.',
    table: {
      node: 'Node',
      filter: 'Filter',
      verdict: 'Verdict',
      total: 'Total',
      totalTitle: 'sum of the weighted scores',
      score: 'Score ({mode})',
      selected: 'selected',
      feasible: 'feasible',
      tie: 'tie',
      tieTitle: 'shared the top total: a tie-break candidate',
      notScored: 'not scored',
      rejectedBy: 'rejected by {plugin}: {reasons}',
      rejectedByShort: 'rejected by',
      passed: 'passed',
      passedTitle: '{plugin}: passed',
      notRun: 'not run: Filter stops at the first plugin that says no',
    },
    caption: {
      attempt: 'Attempt {attempt} at {time}: Filter and Score, node by node.',
      notEvaluated: '{count} of {all} nodes were not evaluated and are not listed.',
      scoreSkipped: 'Score was skipped: only one node was feasible.',
      tieBreak:
        'Tie-break: {count} nodes shared the top total {score}; the scheduler picked {node} among them at random (seeded).',
      /** Joins the caption's sentences. */
      join: '{first} {second}',
    },
    /** The one-line answer (Kubernetes' own texts, such as Filter reasons, stay as they are). */
    answer: {
      error: 'Scheduling failed with an error: {message}',
      noMessage: 'no message',
      pending: 'Pending: {message}',
      pendingFit: 'Pending: 0/{all} nodes fit. {why}.',
      pluginReasons: '{plugin}: {reasons}',
      /** Joins plugins' groups. */
      groupSep: '; ',
      nodesOne: '{count} node {reason}',
      nodesOther: '{count} nodes {reason}',
      preFilterNarrowed: 'not considered: PreFilter narrowed the candidates',
      nominatedWaits: 'Preemption nominated {node}; the Pod waits for room there.',
      nominatedEvicts: 'Preemption nominated {node} and evicts {victims} to make room.',
      cannotHelp: 'Preemption cannot help on any node.',
      preemption: 'Preemption: {said}',
      twoSentences: '{first} {second}',
      aNode: 'a node',
      nodeScore: '{node} ({score})',
      ahead: 'ahead of {nodes}',
      nodeCount: '{count} nodes',
      tie: 'Scheduled on {node}: a tie between {between} at {score}, broken at random (seeded)',
      tieAhead: 'Scheduled on {node}: a tie between {between} at {score}, broken at random (seeded); {ahead}',
      total: 'Scheduled on {node}: total {total}',
      totalAhead: 'Scheduled on {node}: total {total}, {ahead}',
      only: 'Scheduled on {node}: {only}, so Score was skipped',
      onlyNode: 'the only node',
      onlyFeasibleOf: 'the only feasible node of {all}',
      oneFeasible: '1 feasible node',
      plain: 'Scheduled on {node}',
      sentence: '{text}.',
      evaluated: '{text} Filter evaluated {seen} of {all} nodes (it stops once enough are feasible).',
    },
  },
  console: {
    label: 'kubectl console',
    input: 'kubectl command',
    output: 'kubectl output',
    note: 'Reads as of {time} · Enter runs, Shift+Enter adds a line (stdin), ↑/↓ history · type help',
    asOf: 'as of {time}',
    applying: 'applying at {time}…',
    applied: 'applied at {time}',
    attempted: 'attempted at {time}',
    help: `kubectl against the simulated cluster, as it is at the playback cursor.
get and describe read the objects at the cursor; apply, delete, cordon,
uncordon and drain act at the cursor, and the simulation forks there.
A leading "kubectl" is optional.

  get pods|nodes|events [NAME] [-o wide|yaml|json|name] [-n NAMESPACE | -A]
  get pod/NAME -o yaml
  describe pod|node [NAME] [-n NAMESPACE | -A]
  apply -f -          the YAML on the lines below (Shift+Enter adds a line)
  apply -f - <<EOF    …the YAML…, then a line EOF
  delete pod NAME [-n NAMESPACE]   (or pod/NAME; deployment, replicaset, node)
  cordon NODE
  uncordon NODE
  drain NODE [--force] [--ignore-daemonsets] [--delete-emptydir-data]
             [--grace-period=N]
  clear               empty the scrollback
  help                this text

Enter runs the command; ↑ and ↓ recall earlier ones.
`,
  },
  /**
   * Owned by src/app/teaching (narration, questions, glossary). Only the toggle's texts are here
   * from the start; teaching/catalog-en.ts puts the rest in place with teaching mode's code.
   */
  teaching: teachingToggleEn as typeof teachingEn,
  /** Owned by src/app/library (the scenario library's UI). */
  library: libraryEn,
  /** Owned by src/app/faults (the what-if panel). */
  faults: faultsEn,
  /** Owned by src/app/share (share links: the button and the bad-link banner). */
  share: shareEn,
  /** Owned by src/app/embed (the compact read-only view). */
  embed: embedEn,
  /** Owned by src/app/export (the Export menu). */
  export: exportEn,
  scale: scaleEn,
  /** Owned by src/app/import-cluster (the Cluster tab's Import a cluster… dialog). */
  importCluster: importClusterEn,
} as const
