/**
 * Repositories outside Docker Hub's official images that Kubernetes' documentation and common
 * charts use: registry.k8s.io (and the frozen k8s.gcr.io), gcr.io, quay.io, ghcr.io and a few
 * Docker Hub organisations. Tag lists are the real release series as of the end of 2025
 * (patch ranges per minor version, from the projects' release notes); where a project publishes
 * too many tags to list (Bitnami's revisions, nightly builds), `tags: 'any'` accepts every tag.
 * Sizes are estimates per repository unless a tag is named (see repositories.ts).
 */
import type { Entrypoint } from './index'
import type { RepositoryMeta } from './repositories'

export interface ListedRepository extends RepositoryMeta {
  /** Every tag, or `'any'` when the catalog does not list them (any tag pulls). */
  readonly tags: readonly string[] | 'any'
  /** Tags naming one image (one digest); the first tag of a group is the image's own. */
  readonly aliases?: readonly (readonly string[])[]
}

const server: Entrypoint = { kind: 'server' }
const shell: Entrypoint = { kind: 'shell' }
const MB = 1_000_000

/** `range('v1.30.', 0, 12)` → v1.30.0 … v1.30.12. */
const range = (prefix: string, from: number, to: number, suffix = ''): string[] =>
  Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${from + i}${suffix}`)

/** Kubernetes releases, minor → last patch published by the end of 2025. */
const KUBE_PATCHES: readonly (readonly [number, number])[] = [
  [20, 15],
  [21, 14],
  [22, 17],
  [23, 17],
  [24, 17],
  [25, 16],
  [26, 15],
  [27, 16],
  [28, 15],
  [29, 15],
  [30, 14],
  [31, 14],
  [32, 11],
  [33, 7],
  [34, 3],
]
const kubeTags = (): string[] => KUBE_PATCHES.flatMap(([minor, last]) => range(`v1.${minor}.`, 0, last))
/** k8s.gcr.io was frozen on 3 April 2023: the last releases it got were v1.26.3, v1.25.8, v1.24.12, v1.23.17. */
const FROZEN_KUBE: Readonly<Record<number, number>> = { 20: 15, 21: 14, 22: 17, 23: 17, 24: 12, 25: 8, 26: 3 }
const frozenKubeTags = (): string[] =>
  Object.entries(FROZEN_KUBE).flatMap(([minor, last]) => range(`v1.${minor}.`, 0, last))

const PAUSE_TAGS = [
  '0.8.0',
  '1.0',
  '2.0',
  '3.0',
  '3.1',
  '3.2',
  '3.3',
  '3.4.1',
  '3.5',
  '3.6',
  '3.7',
  '3.8',
  '3.9',
]
const ETCD_TAGS = [
  '3.2.24',
  '3.3.10',
  '3.3.15-0',
  '3.4.3-0',
  '3.4.13-0',
  ...range('3.5.', 0, 7, '-0'),
  '3.5.9-0',
  '3.5.10-0',
  '3.5.12-0',
  '3.5.15-0',
  '3.5.16-0',
  '3.5.21-0',
  '3.5.24-0',
  '3.6.4-0',
  '3.6.5-0',
]
const COREDNS_TAGS = [
  'v1.8.0',
  'v1.8.4',
  'v1.8.6',
  'v1.9.3',
  'v1.10.0',
  'v1.10.1',
  'v1.11.1',
  'v1.11.3',
  'v1.12.0',
  'v1.12.1',
]
const AGNHOST_TAGS = range('2.', 10, 57)

/** The control-plane images: distroless bases, run as root (kubeadm's static Pods expect it). */
const kube = (size: number): Omit<ListedRepository, 'tags'> => ({ entrypoint: server, sizes: [[/./, size]] })

/** registry.k8s.io repositories; k8s.gcr.io serves the part of them published before its freeze. */
const K8S: Readonly<Record<string, { repo: ListedRepository; frozen: readonly string[] | 'same' }>> = {
  pause: {
    // The pause image's Dockerfile sets USER 65535:65535.
    repo: {
      tags: [...PAUSE_TAGS, '3.10', '3.10.1', 'latest'],
      entrypoint: server,
      users: [[/^(0|1|2|3\.0$)/, '']],
      user: '65535',
      sizes: [
        ['3.10', 320_368],
        ['3.9', 321_520],
        [/./, 300_000],
      ],
    },
    frozen: [...PAUSE_TAGS, 'latest'],
  },
  busybox: {
    // The old gcr.io/google_containers busybox (1.24, 2016), still used by the docs.
    repo: { tags: ['1.24', '1.27', '1.27.2', 'latest'], entrypoint: shell, sizes: [[/./, 1_100_000]] },
    frozen: 'same',
  },
  'e2e-test-images/agnhost': {
    repo: {
      tags: AGNHOST_TAGS,
      entrypoint: server,
      sizes: [
        ['2.53', 50_786_124],
        [/./, 50 * MB],
      ],
    },
    frozen: range('2.', 10, 43),
  },
  'e2e-test-images/busybox': {
    repo: { tags: ['1.29-1', '1.29-2', '1.29-4', '1.36.1-1'], entrypoint: shell, sizes: [[/./, 2_200_000]] },
    frozen: ['1.29-1', '1.29-2', '1.29-4'],
  },
  'e2e-test-images/nginx': {
    repo: {
      tags: ['1.14-1', '1.14-2', '1.14-4', '1.15-1', '1.15-2', '1.15-4'],
      entrypoint: server,
      sizes: [[/./, 7 * MB]],
    },
    frozen: 'same',
  },
  'e2e-test-images/httpd': {
    repo: {
      tags: ['2.4.38-1', '2.4.38-2', '2.4.38-4', '2.4.39-1', '2.4.39-2', '2.4.39-4'],
      entrypoint: server,
      sizes: [[/./, 40 * MB]],
    },
    frozen: 'same',
  },
  // Runs as uid 1234 (test/images/nonroot).
  'e2e-test-images/nonroot': {
    repo: { tags: ['1.1', '1.2', '1.4'], entrypoint: server, user: '1234', sizes: [[/./, 4 * MB]] },
    frozen: 'same',
  },
  'nginx-slim': {
    repo: {
      tags: ['0.5', '0.7', '0.8', '0.20', '0.21', '0.23', '0.24', '0.25', '0.26', '0.27'],
      entrypoint: server,
      sizes: [
        [/^0\.[5-8]$/, 5 * MB],
        [/./, 35 * MB],
      ],
    },
    frozen: 'same',
  },
  liveness: { repo: { tags: ['latest'], entrypoint: server, sizes: [[/./, 2_600_000]] }, frozen: 'same' },
  goproxy: { repo: { tags: ['0.1'], entrypoint: server, sizes: [[/./, 2_500_000]] }, frozen: 'same' },
  'hpa-example': { repo: { tags: ['latest'], entrypoint: server, sizes: [[/./, 180 * MB]] }, frozen: 'same' },
  echoserver: {
    repo: { tags: ['1.4', '1.10'], entrypoint: server, sizes: [[/./, 45 * MB]] },
    frozen: 'same',
  },
  'kubernetes-zookeeper': {
    repo: { tags: ['1.0-3.4.10'], entrypoint: server, sizes: [[/./, 120 * MB]] },
    frozen: 'same',
  },
  etcd: {
    repo: {
      tags: ETCD_TAGS,
      entrypoint: server,
      sizes: [
        [/^3\.[23]/, 80 * MB],
        [/./, 57 * MB],
      ],
    },
    frozen: ETCD_TAGS.filter((t) => !/^3\.5\.(9|1\d|2\d)|^3\.6/.test(t)),
  },
  'kube-apiserver': { repo: { tags: kubeTags(), ...kube(30 * MB) }, frozen: frozenKubeTags() },
  'kube-controller-manager': { repo: { tags: kubeTags(), ...kube(27 * MB) }, frozen: frozenKubeTags() },
  'kube-scheduler': { repo: { tags: kubeTags(), ...kube(21 * MB) }, frozen: frozenKubeTags() },
  'kube-proxy': { repo: { tags: kubeTags(), ...kube(31 * MB) }, frozen: frozenKubeTags() },
  'coredns/coredns': {
    repo: { tags: COREDNS_TAGS, entrypoint: server, sizes: [[/./, 20 * MB]] },
    frozen: COREDNS_TAGS.slice(0, 6),
  },
  // k8s.gcr.io named CoreDNS without the organisation until v1.8.
  coredns: {
    repo: {
      tags: ['1.3.1', '1.6.2', '1.6.5', '1.6.7', '1.7.0'],
      entrypoint: server,
      sizes: [[/./, 14 * MB]],
    },
    frozen: 'same',
  },
  'metrics-server/metrics-server': {
    repo: {
      tags: [
        'v0.5.0',
        'v0.5.1',
        'v0.5.2',
        'v0.6.0',
        'v0.6.1',
        'v0.6.2',
        'v0.6.3',
        'v0.6.4',
        'v0.7.0',
        'v0.7.1',
        'v0.7.2',
        'v0.8.0',
      ],
      entrypoint: server,
      user: '65534',
      sizes: [[/./, 19 * MB]],
    },
    frozen: ['v0.5.0', 'v0.5.1', 'v0.5.2', 'v0.6.0', 'v0.6.1', 'v0.6.2', 'v0.6.3'],
  },
  'kube-state-metrics/kube-state-metrics': {
    repo: {
      tags: [
        ...range('v2.', 0, 9, '.0'),
        'v2.10.1',
        'v2.12.0',
        'v2.13.0',
        'v2.14.0',
        'v2.15.0',
        'v2.16.0',
        'v2.17.0',
      ],
      entrypoint: server,
      user: '65534',
      sizes: [[/./, 20 * MB]],
    },
    frozen: range('v2.', 0, 8, '.0'),
  },
  'ingress-nginx/controller': {
    repo: {
      tags: [...range('v1.', 0, 13, '.0'), 'v1.10.1', 'v1.11.2', 'v1.11.3', 'v1.12.1', 'v1.12.2', 'v1.13.1'],
      entrypoint: server,
      // www-data, uid 101.
      user: '101',
      sizes: [[/./, 110 * MB]],
    },
    frozen: range('v1.', 0, 7, '.0'),
  },
}

function k8sRepositories(): Record<string, ListedRepository> {
  const out: Record<string, ListedRepository> = {}
  for (const [path, { repo, frozen }] of Object.entries(K8S)) {
    out[`registry.k8s.io/${path}`] = repo
    out[`k8s.gcr.io/${path}`] = { ...repo, tags: frozen === 'same' ? repo.tags : frozen }
  }
  return out
}

const distroless = (size: number): ListedRepository => ({
  tags: [
    'latest',
    'nonroot',
    'debug',
    'debug-nonroot',
    'latest-amd64',
    'nonroot-amd64',
    'debug-amd64',
    'debug-nonroot-amd64',
  ],
  // The nonroot tags set USER 65532 (the `nonroot` account); the others run as root.
  users: [[/nonroot/, '65532']],
  user: '0',
  sizes: [
    [/debug/, size + 700_000],
    [/./, size],
  ],
})

const GOOGLE_SAMPLES: Readonly<Record<string, ListedRepository>> = {
  'hello-app': { tags: ['1.0', '2.0'], entrypoint: server, sizes: [[/./, 11 * MB]] },
  'node-hello': { tags: ['1.0'], entrypoint: server, sizes: [[/./, 250 * MB]] },
  'kubernetes-bootcamp': { tags: ['v1'], entrypoint: server, sizes: [[/./, 80 * MB]] },
  'gb-frontend': { tags: ['v4', 'v5', 'v6'], entrypoint: server, sizes: [[/./, 140 * MB]] },
  'gb-redis-follower': { tags: ['v1', 'v2'], entrypoint: server, sizes: [[/./, 40 * MB]] },
  'gb-redisslave': { tags: ['v1', 'v2', 'v3'], entrypoint: server, sizes: [[/./, 40 * MB]] },
  xtrabackup: { tags: ['1.0'], entrypoint: shell, sizes: [[/./, 90 * MB]] },
}

function googleSamples(): Record<string, ListedRepository> {
  const out: Record<string, ListedRepository> = {}
  for (const [name, repo] of Object.entries(GOOGLE_SAMPLES)) {
    // The docs spell the project both ways; gcr.io serves both.
    out[`gcr.io/google-samples/${name}`] = repo
    out[`gcr.io/google_samples/${name}`] = repo
  }
  return out
}

/** Bitnami's images run as uid 1001; their tags carry build revisions (`1.27.5-debian-12-r3`). */
const bitnami = (size: number, entrypoint: Entrypoint = server): ListedRepository => ({
  tags: 'any',
  entrypoint,
  user: '1001',
  sizes: [[/./, size]],
})

/** Everything this module lists, by fully qualified repository. */
export const LISTED_REPOSITORIES: Readonly<Record<string, ListedRepository>> = {
  ...k8sRepositories(),
  ...googleSamples(),
  'gcr.io/distroless/static': distroless(800_000),
  'gcr.io/distroless/static-debian12': distroless(800_000),
  'gcr.io/distroless/base': distroless(9 * MB),
  'gcr.io/distroless/base-debian12': distroless(9 * MB),
  'gcr.io/distroless/cc-debian12': distroless(9_500_000),
  'gcr.io/distroless/java17-debian12': distroless(80 * MB),
  'gcr.io/distroless/python3-debian12': distroless(20 * MB),
  'gcr.io/distroless/nodejs22-debian12': distroless(45 * MB),
  'docker.io/nginxinc/nginx-unprivileged': {
    // Follows nginx's releases; USER 101 (nginx) and port 8080.
    tags: 'any',
    entrypoint: server,
    user: '101',
    sizes: [
      [/alpine/, 21 * MB],
      [/./, 72 * MB],
    ],
  },
  'docker.io/bitnami/nginx': bitnami(65 * MB),
  'docker.io/bitnami/redis': bitnami(60 * MB),
  'docker.io/bitnami/postgresql': bitnami(110 * MB),
  'docker.io/bitnami/mysql': bitnami(180 * MB),
  'docker.io/bitnami/mongodb': bitnami(200 * MB),
  'docker.io/bitnami/kafka': bitnami(190 * MB),
  'docker.io/bitnami/rabbitmq': bitnami(130 * MB),
  'docker.io/bitnami/wordpress': bitnami(270 * MB),
  'docker.io/bitnami/kubectl': bitnami(80 * MB, shell),
  'docker.io/hashicorp/http-echo': {
    tags: ['0.2.3', '1.0.0', '1.0', '1', 'latest'],
    aliases: [['1.0.0', '1.0', '1', 'latest']],
    entrypoint: server,
    sizes: [
      ['1.0.0', 3_581_372],
      [/./, 3_500_000],
    ],
  },
  'docker.io/curlimages/curl': {
    tags: 'any',
    aliases: [['8.13.0', 'latest']],
    // curl with no URL prints "curl: try 'curl --help'" and exits with code 2; USER curl_user (100).
    entrypoint: { kind: 'command', argv: ['curl'] },
    user: '100',
    sizes: [
      ['8.13.0', 11_090_144],
      [/./, 11 * MB],
    ],
  },
  'docker.io/polinux/stress': { tags: ['latest', '1.0.4'], entrypoint: shell, sizes: [[/./, 4 * MB]] },
  'docker.io/grafana/grafana': { tags: 'any', entrypoint: server, user: '472', sizes: [[/./, 150 * MB]] },
  'docker.io/calico/node': { tags: 'any', entrypoint: server, sizes: [[/./, 130 * MB]] },
  'docker.io/bitnami/etcd': bitnami(60 * MB),
  'quay.io/prometheus/prometheus': {
    tags: 'any',
    entrypoint: server,
    user: 'nobody',
    sizes: [[/./, 110 * MB]],
  },
  'quay.io/prometheus/node-exporter': {
    tags: 'any',
    entrypoint: server,
    user: 'nobody',
    sizes: [[/./, 12 * MB]],
  },
  'quay.io/prometheus/alertmanager': {
    tags: 'any',
    entrypoint: server,
    user: 'nobody',
    sizes: [[/./, 30 * MB]],
  },
  'quay.io/coreos/etcd': { tags: 'any', entrypoint: server, sizes: [[/./, 20 * MB]] },
  'quay.io/jetstack/cert-manager-controller': {
    tags: 'any',
    entrypoint: server,
    user: '1000',
    sizes: [[/./, 20 * MB]],
  },
  'quay.io/argoproj/argocd': { tags: 'any', entrypoint: server, user: '999', sizes: [[/./, 180 * MB]] },
  'ghcr.io/stefanprodan/podinfo': { tags: 'any', entrypoint: server, user: '100', sizes: [[/./, 12 * MB]] },
  'ghcr.io/fluxcd/source-controller': {
    tags: 'any',
    entrypoint: server,
    user: '65534',
    sizes: [[/./, 35 * MB]],
  },
}
