/**
 * The simulated registries' catalog: common images with their tags, compressed size (linux/amd64,
 * roughly what the real registries serve in spring 2025) and what their default entrypoint does.
 *
 * Digests are real SHA-256 values computed from the image's name, so they look and behave like
 * real ones (stable across runs, distinct per image) without pretending to be the upstream bytes.
 */
import type { ContainerImage } from 'kubernetes-types/core/v1'
import { type ImageRef, parseImageRef, repositoryOf } from './image-ref'
import { sha256Hex } from './sha256'

/** What the image runs when the Pod gives no `command`/`args` (its ENTRYPOINT + CMD). */
export type Entrypoint =
  /** A server: runs until stopped. Some refuse to start without configuration (postgres, mysql). */
  | { readonly kind: 'server'; readonly requiresOneOfEnv?: readonly string[] }
  /** `sh`, `bash`, `python3`, `node`: an interactive program that exits 0 at once without stdin. */
  | { readonly kind: 'shell' }
  /** A fixed command line, interpreted like a Pod `command` (e.g. curl's usage error). */
  | { readonly kind: 'command'; readonly argv: readonly string[] }

export interface CatalogImage {
  /** Fully qualified repository: `docker.io/library/nginx`. */
  readonly repository: string
  /** Tags naming this same image (one manifest). */
  readonly tags: readonly string[]
  /** Compressed size of the layers, as `Image size: … bytes.` and node.status.images report it. */
  readonly sizeBytes: number
  readonly entrypoint: Entrypoint
}

const server: Entrypoint = { kind: 'server' }
const shell: Entrypoint = { kind: 'shell' }

const lib = (name: string): string => `docker.io/library/${name}`

export const CATALOG: readonly CatalogImage[] = [
  {
    repository: lib('nginx'),
    tags: ['1.27.5', '1.27', 'mainline', 'latest'],
    sizeBytes: 72_404_038,
    entrypoint: server,
  },
  { repository: lib('nginx'), tags: ['1.28.0', '1.28', 'stable'], sizeBytes: 72_225_394, entrypoint: server },
  { repository: lib('nginx'), tags: ['1.25.5', '1.25'], sizeBytes: 70_544_635, entrypoint: server },
  {
    repository: lib('nginx'),
    tags: ['1.27.5-alpine', '1.27-alpine', 'alpine'],
    sizeBytes: 20_981_155,
    entrypoint: server,
  },
  { repository: lib('busybox'), tags: ['1.37.0', '1.37', 'latest'], sizeBytes: 2_166_802, entrypoint: shell },
  { repository: lib('busybox'), tags: ['1.36.1', '1.36'], sizeBytes: 2_160_406, entrypoint: shell },
  {
    repository: lib('alpine'),
    tags: ['3.21.3', '3.21', '3', 'latest'],
    sizeBytes: 3_653_068,
    entrypoint: shell,
  },
  { repository: lib('alpine'), tags: ['3.20.6', '3.20'], sizeBytes: 3_624_160, entrypoint: shell },
  { repository: lib('ubuntu'), tags: ['24.04', 'noble', 'latest'], sizeBytes: 29_754_290, entrypoint: shell },
  { repository: lib('ubuntu'), tags: ['22.04', 'jammy'], sizeBytes: 29_538_961, entrypoint: shell },
  {
    repository: lib('debian'),
    tags: ['12.10', '12', 'bookworm', 'latest'],
    sizeBytes: 48_494_272,
    entrypoint: shell,
  },
  {
    repository: lib('redis'),
    tags: ['7.4.3', '7.4', '7', 'latest'],
    sizeBytes: 45_118_963,
    entrypoint: server,
  },
  {
    repository: lib('redis'),
    tags: ['7.4.3-alpine', '7.4-alpine', 'alpine'],
    sizeBytes: 16_936_127,
    entrypoint: server,
  },
  {
    repository: lib('postgres'),
    tags: ['17.4', '17', 'latest'],
    sizeBytes: 154_960_348,
    entrypoint: { kind: 'server', requiresOneOfEnv: ['POSTGRES_PASSWORD', 'POSTGRES_HOST_AUTH_METHOD'] },
  },
  {
    repository: lib('postgres'),
    tags: ['16.8', '16'],
    sizeBytes: 151_210_993,
    entrypoint: { kind: 'server', requiresOneOfEnv: ['POSTGRES_PASSWORD', 'POSTGRES_HOST_AUTH_METHOD'] },
  },
  {
    repository: lib('mysql'),
    tags: ['9.3.0', '9.3', '9', 'latest'],
    sizeBytes: 243_137_620,
    entrypoint: {
      kind: 'server',
      requiresOneOfEnv: ['MYSQL_ROOT_PASSWORD', 'MYSQL_ALLOW_EMPTY_PASSWORD', 'MYSQL_RANDOM_ROOT_PASSWORD'],
    },
  },
  {
    repository: lib('mysql'),
    tags: ['8.4.5', '8.4', '8', 'lts'],
    sizeBytes: 235_416_322,
    entrypoint: {
      kind: 'server',
      requiresOneOfEnv: ['MYSQL_ROOT_PASSWORD', 'MYSQL_ALLOW_EMPTY_PASSWORD', 'MYSQL_RANDOM_ROOT_PASSWORD'],
    },
  },
  {
    repository: lib('httpd'),
    tags: ['2.4.63', '2.4', '2', 'latest'],
    sizeBytes: 58_193_454,
    entrypoint: server,
  },
  {
    repository: lib('httpd'),
    tags: ['2.4.63-alpine', '2.4-alpine', 'alpine'],
    sizeBytes: 22_617_908,
    entrypoint: server,
  },
  {
    repository: lib('python'),
    tags: ['3.13.3', '3.13', '3', 'latest'],
    sizeBytes: 392_318_052,
    entrypoint: shell,
  },
  {
    repository: lib('python'),
    tags: ['3.13.3-slim', '3.13-slim', 'slim'],
    sizeBytes: 41_334_118,
    entrypoint: shell,
  },
  { repository: lib('python'), tags: ['3.12.10', '3.12'], sizeBytes: 389_870_551, entrypoint: shell },
  {
    repository: lib('node'),
    tags: ['23.11.0', '23', 'current', 'latest'],
    sizeBytes: 411_204_778,
    entrypoint: shell,
  },
  { repository: lib('node'), tags: ['22.15.0', '22', 'lts'], sizeBytes: 398_577_346, entrypoint: shell },
  {
    repository: lib('node'),
    tags: ['22.15.0-alpine', '22-alpine', 'lts-alpine'],
    sizeBytes: 56_215_839,
    entrypoint: shell,
  },
  { repository: lib('registry'), tags: ['3.0.0', '3', 'latest'], sizeBytes: 18_330_752, entrypoint: server },
  {
    repository: 'docker.io/hashicorp/http-echo',
    tags: ['1.0.0', '1.0', 'latest'],
    sizeBytes: 3_581_372,
    entrypoint: server,
  },
  {
    repository: 'docker.io/curlimages/curl',
    tags: ['8.13.0', 'latest'],
    sizeBytes: 11_090_144,
    // curl with no URL prints "curl: try 'curl --help'" and exits with code 2.
    entrypoint: { kind: 'command', argv: ['curl'] },
  },
  { repository: 'registry.k8s.io/pause', tags: ['3.10'], sizeBytes: 320_368, entrypoint: server },
  { repository: 'registry.k8s.io/pause', tags: ['3.9'], sizeBytes: 321_520, entrypoint: server },
  {
    repository: 'registry.k8s.io/e2e-test-images/agnhost',
    tags: ['2.53'],
    sizeBytes: 50_786_124,
    entrypoint: server,
  },
]

/** The sandbox image containerd 2.x / kubeadm use with Kubernetes v1.33. */
export const PAUSE_IMAGE = 'registry.k8s.io/pause:3.10'

/** Registries the simulated network can reach; any other host fails DNS resolution. */
export const KNOWN_REGISTRIES: readonly string[] = [
  'docker.io',
  'registry.k8s.io',
  'quay.io',
  'ghcr.io',
  'gcr.io',
  'mcr.microsoft.com',
  'public.ecr.aws',
]

export interface ImageDigests {
  /** The manifest digest: what `imageID` shows after `repo@` (`docker.io/library/nginx@sha256:…`). */
  readonly manifestDigest: string
  /** The config digest: the image id containerd returns from PullImage (`sha256:…`). */
  readonly imageId: string
  /** One digest standing for the layer blobs (the simulation transfers them as one blob). */
  readonly layersDigest: string
}

/** Deterministic digests for an image, from its repository and first tag. */
export function digestsOf(image: CatalogImage): ImageDigests {
  const name = `${image.repository}:${image.tags[0] ?? 'latest'}`
  return {
    manifestDigest: `sha256:${sha256Hex(`podflow manifest ${name}`)}`,
    imageId: `sha256:${sha256Hex(`podflow config ${name}`)}`,
    layersDigest: `sha256:${sha256Hex(`podflow layers ${name}`)}`,
  }
}

const digestCache = new Map<CatalogImage, ImageDigests>()
export function digests(image: CatalogImage): ImageDigests {
  let d = digestCache.get(image)
  if (!d) {
    d = digestsOf(image)
    digestCache.set(image, d)
  }
  return d
}

export const repositoryExists = (repository: string): boolean =>
  CATALOG.some((i) => i.repository === repository)

/** The catalog image a reference names (by tag, `latest` when absent, or by manifest digest). */
export function findImage(ref: ImageRef): CatalogImage | undefined {
  const repo = repositoryOf(ref)
  return CATALOG.find(
    (i) =>
      i.repository === repo &&
      (ref.digest ? digests(i).manifestDigest === ref.digest : i.tags.includes(ref.tag ?? 'latest')),
  )
}

/** Find by a reference string (`nginx:1.27`); undefined when unparseable or unknown. */
export function findImageByName(name: string): CatalogImage | undefined {
  const parsed = parseImageRef(name)
  return parsed.ok ? findImage(parsed.ref) : undefined
}

/**
 * `node.status.images` entries for images preloaded on a node, as the kubelet reports them
 * (names = repo digests then repo tags; sorted by size, largest first). Unknown names are skipped.
 * The cluster assembly uses this so the runtime's store and the Node object agree.
 */
export function nodeImages(names: readonly string[]): ContainerImage[] {
  const byImage = new Map<CatalogImage, string[]>()
  for (const name of names) {
    const parsed = parseImageRef(name)
    if (!parsed.ok) continue
    const image = findImage(parsed.ref)
    if (!image) continue
    const tags = byImage.get(image) ?? []
    const tagged = `${image.repository}:${parsed.ref.tag ?? 'latest'}`
    if (!parsed.ref.digest && !tags.includes(tagged)) tags.push(tagged)
    byImage.set(image, tags)
  }
  return [...byImage]
    .map(([image, tags]) => ({
      names: [`${image.repository}@${digests(image).manifestDigest}`, ...tags],
      sizeBytes: image.sizeBytes,
    }))
    .sort((a, b) => b.sizeBytes - a.sizeBytes)
}
