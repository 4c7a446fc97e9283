/**
 * Teaching mode's English texts, part of the app's catalog (`teaching.*`). `{name}` is a value of
 * this run; `[[term]]` links a glossary entry (`glossary.<term>`).
 */
import { teachingToggleEn } from './toggle-text-en'

export const teachingEn = {
  title: 'Teaching mode',
  ...teachingToggleEn,
  close: 'Leave teaching mode',
  start: 'Apply the manifest (or load a scenario) and step with → to follow the story.',
  keys: '→ next message · Shift+→ next stage · ← back · Space play/pause',
  prev: 'Back',
  next: 'Next',
  prevStage: 'Previous stage',
  nextStage: 'Next stage',
  messageOf: 'Message {index} of {count}',
  steps: {
    s0: 'Around the story',
    s1: '1 · kubectl submits',
    s2: '2 · API Server',
    s3: '3 · Scheduler',
    s4: '4 · kubelet',
    s5: '5 · Status back',
  },
  stepsShort: {
    s1: 'kubectl',
    s2: 'API Server',
    s3: 'Scheduler',
    s4: 'kubelet',
    s5: 'Status',
  },
  parts: {
    submitGet: {
      title: 'kubectl asks first',
      text: '`kubectl apply` first asks the [[apiserver]] whether the object exists: {request}. A 404 means it will be created; otherwise kubectl computes a patch.',
    },
    submitWrite: {
      title: 'kubectl sends the desired state',
      text: 'kubectl sends the manifest — the desired state, the [[spec]] — to the [[apiserver]]: {request}. kubectl checked the YAML, but it creates nothing itself: from here on the cluster does the work.',
    },
    submitResponse: {
      title: 'The API Server answers kubectl',
      text: 'The [[apiserver]] answers {response}. A 201 means the object is stored in [[etcd]]; nothing is running yet — the Pod is Pending.',
    },
    authenticate: {
      title: 'Authentication: who is calling?',
      text: 'The [[apiserver]] identifies the caller: {user}, by its {method} credentials. Every request is authenticated — kubectl, the Scheduler and the kubelets alike.',
    },
    authenticateFailed: {
      title: 'Authentication failed',
      text: 'The [[apiserver]] could not identify the caller ({summary}): it answers 401 and goes no further.',
    },
    authorize: {
      title: 'Authorization: is it allowed?',
      text: '[[rbac]] decides whether this identity may {verb} {resource}. It may, so the request goes on.',
    },
    forbidden: {
      title: 'Authorization refused',
      text: '[[rbac]] finds no rule that lets this identity {verb} {resource}: the [[apiserver]] answers 403 Forbidden and stores nothing.',
    },
    admit: {
      title: 'Admission control',
      text: 'The [[admission]] plugin {plugin} looks at the object: {result}. Admission can change the object (defaults, a ServiceAccount, an injected sidecar) or refuse it (quota, Pod Security).',
    },
    validate: {
      title: 'Validation',
      text: 'The [[apiserver]] checks the object against the API’s rules: {summary}.',
    },
    etcdWrite: {
      title: 'Persistence in etcd',
      text: 'The [[apiserver]] writes the object to [[etcd]] under {key}. This is the only place cluster state lives.',
    },
    etcdRead: {
      title: 'Reading etcd',
      text: 'The [[apiserver]] reads {key} from [[etcd]].',
    },
    etcdResponse: {
      title: 'etcd answers',
      text: '[[etcd]] answers at revision {revision}: every change gets a new revision, which [[watch]]es use to say what changed since when.',
    },
    etcdWatch: {
      title: 'etcd reports the change',
      text: '[[etcd]] tells the [[apiserver]] that {key} changed. The API Server will pass it on to every component [[watch]]ing it.',
    },
    scheduleWatch: {
      title: 'The Scheduler sees a new Pod',
      text: 'Nobody calls the [[scheduler]]: it [[watch]]es the API Server for Pods without a nodeName, and {pod} just arrived ({event}).',
    },
    controllerWatch: {
      title: 'The controller-manager sees it too',
      text: 'The [[controllerManager]] [[watch]]es Pods as well ({event} {pod}); its controllers look for Pods they own.',
    },
    barePodIgnored: {
      title: 'The controller-manager does nothing here',
      text: '{pod} has no owner, so no controller acts on it: {summary}.',
    },
    reconcile: {
      title: 'A controller reconciles',
      text: 'The [[controllerManager]] compares desired and actual state and acts on the difference: {summary}.',
    },
    filter: {
      title: 'Filter: which nodes can run it?',
      text: 'The [[scheduler]]’s Filter plugins check each node (resources, taints, selectors, affinity…): {feasible} of {total} nodes can run {pod}.',
    },
    score: {
      title: 'Score: which node is best?',
      text: 'The Score plugins rank the feasible nodes and the [[scheduler]] picks the highest total: {node}. The Scheduling tab shows every score.',
    },
    bindRequest: {
      title: 'Bind: the decision goes to the API Server',
      text: 'The [[scheduler]] does not start anything on {node}; it asks the [[apiserver]] to bind {pod} to it ({request}), which sets spec.nodeName.',
    },
    bindResponse: {
      title: 'Bound',
      text: 'The binding is stored ({response}): {pod} now has a node. It is still Pending until the kubelet starts it.',
    },
    preempt: {
      title: 'Preemption',
      text: 'No node fits, so the [[scheduler]] looks for lower-priority Pods to evict: {summary}.',
    },
    kubeletWatch: {
      title: 'The kubelet on {node} sees its Pod',
      text: 'The [[kubelet]] on {node} [[watch]]es Pods bound to its node: {pod} arrives ({event}). Again nobody called it — it reacts.',
    },
    kubeletAdmit: {
      title: 'The kubelet admits the Pod',
      text: 'The [[kubelet]] on {node} checks the Pod fits this node now: {summary}.',
    },
    kubeletSync: {
      title: 'The kubelet syncs the Pod',
      text: 'The [[kubelet]] on {node} runs SyncPod for {pod}: it compares the Pod’s spec with what is running on the node and does what is missing — the same loop runs again whenever something changes.',
    },
    sandbox: {
      title: 'The Pod sandbox',
      text: 'Through the [[cri]], the [[kubelet]] asks the [[runtime]] for the Pod’s [[sandbox]]: a [[pause]] container ({image}) that holds the network and IPC namespaces the Pod’s containers will share.',
    },
    pull: {
      title: 'Pulling the image',
      text: 'The [[runtime]] pulls {image} from the registry (if it is not on the node already).',
    },
    containers: {
      title: 'Starting the containers',
      text: 'The [[kubelet]] has the [[runtime]] create and start the containers in the sandbox: {summary}.',
    },
    statusRequest: {
      title: 'Status flows back',
      text: 'The [[kubelet]] on {node} reports what it sees to the [[apiserver]] ({request}); it is stored in [[etcd]], and `kubectl get pods` shows it.',
    },
    statusResponse: {
      title: 'Status stored',
      text: 'The [[apiserver]] answers the kubelet: {response}.',
    },
    watchUpdate: {
      title: 'A watcher is told',
      text: 'The [[apiserver]] pushes a change to {to} ({summary}). Every component keeps its own cache up to date this way.',
    },
    apiserverRequest: {
      title: 'A request to the API Server',
      text: '{from} calls the [[apiserver]]: {request}. Components only ever talk to the API Server.',
    },
    apiserverResponse: {
      title: 'The API Server answers',
      text: 'The [[apiserver]] answers {to}: {response}.',
    },
    event: {
      title: 'An Event is recorded',
      text: '{from} records an Event (what `kubectl describe` lists).',
    },
    heartbeat: {
      title: 'Routine upkeep',
      text: 'Node heartbeats (Lease renewals, status reports) keep the control plane sure the nodes are alive.',
    },
    other: {
      title: 'What happens',
      text: '{from} → {to}: {summary}',
    },
  },
  ideas: {
    declarative: {
      title: 'Idea: a declarative API',
      text: 'You said what you want, not how to do it. The desired state is stored; every component then works to make the actual state match it.',
    },
    controllers: {
      title: 'Idea: controllers and list-watch',
      text: 'The Scheduler, the kubelet and the controllers are control loops: they list and [[watch]] the API Server, compare desired with actual state, and act.',
    },
    decoupled: {
      title: 'Idea: decoupled through the API Server',
      text: 'The kubelet never talks to the Scheduler or to kubectl. Every component reads and writes through the API Server only, so each can be replaced on its own.',
    },
  },
  reality: {
    barePod: {
      title: 'Story and reality',
      text: 'The story’s diagram shows the Controller Manager acting on a new Pod. In a real cluster the controller-manager’s controllers only manage objects they own (a ReplicaSet’s Pods, a Deployment’s ReplicaSets…): a bare Pod like this one is left to the Scheduler and the kubelet. Apply a Deployment to see the controllers act.',
    },
  },
  predict: {
    heading: 'Predict, then reveal',
    whichNode: 'Which node will the Scheduler choose for {pod}?',
    willStart: 'Will {pod} start and keep running?',
    yes: 'Yes',
    no: 'No',
    skip: 'Skip',
    right: 'Right: {answer}.',
    wrong: 'Not this time: the answer is {answer}.',
    blocked: 'Answer the question (or skip it) to go on.',
    whyNode: 'The Scheduling tab shows why: every plugin’s scores per node.',
    started: 'it starts',
    notStarted: 'it does not start',
  },
  glossaryTitle: 'Glossary',
  glossaryClose: 'Close',
  glossary: {
    pod: {
      term: 'Pod',
      text: 'The smallest thing Kubernetes runs: one or more containers sharing a network namespace and volumes, scheduled together on one node.',
    },
    spec: {
      term: 'spec / status',
      text: 'An object’s spec is its desired state, written by you; its status is the observed state, written by the components.',
    },
    apiserver: {
      term: 'kube-apiserver',
      text: 'The cluster’s front door: the only component that talks to etcd. It authenticates, authorizes, admits, validates and stores every request, and serves watches.',
    },
    etcd: {
      term: 'etcd',
      text: 'A consistent key-value store where all cluster state lives, each change with a new revision.',
    },
    scheduler: {
      term: 'kube-scheduler',
      text: 'Chooses a node for each Pod without one: Filter plugins remove nodes that cannot run it, Score plugins rank the rest, then it binds the Pod to the best.',
    },
    kubelet: {
      term: 'kubelet',
      text: 'The agent on each node: it watches Pods bound to its node and has the container runtime run them, then reports their status.',
    },
    runtime: {
      term: 'container runtime',
      text: 'containerd (or CRI-O) on each node: pulls images, creates sandboxes and containers, as the kubelet asks through the CRI.',
    },
    cri: {
      term: 'CRI',
      text: 'The Container Runtime Interface: the gRPC API the kubelet uses to drive any runtime (RunPodSandbox, PullImage, CreateContainer, StartContainer…).',
    },
    sandbox: {
      term: 'Pod sandbox',
      text: 'The environment a Pod’s containers share: network and IPC namespaces, held by the pause container.',
    },
    pause: {
      term: 'pause container',
      text: 'A tiny container that does nothing but hold the Pod’s namespaces open, so app containers can restart without losing the Pod’s IP.',
    },
    admission: {
      term: 'admission control',
      text: 'Plugins (and webhooks) that may change or refuse a request after authorization and before it is stored: defaults, quotas, Pod Security, sidecar injection.',
    },
    rbac: {
      term: 'RBAC',
      text: 'Role-based access control: Roles list what may be done, RoleBindings give them to users, groups and ServiceAccounts.',
    },
    watch: {
      term: 'watch (list-watch)',
      text: 'A component lists objects once, then keeps a stream open and is told of every change after that revision. It is how components react without being called.',
    },
    controllerManager: {
      term: 'kube-controller-manager',
      text: 'Runs the built-in controllers (Deployment, ReplicaSet, node lifecycle…), each a loop that drives the objects it owns toward their spec.',
    },
    node: {
      term: 'Node',
      text: 'A machine (VM or physical) that runs Pods, with its kubelet and container runtime.',
    },
    taint: {
      term: 'taint / toleration',
      text: 'A taint on a node repels Pods; a Pod with a matching toleration may still be scheduled there.',
    },
  },
} as const
