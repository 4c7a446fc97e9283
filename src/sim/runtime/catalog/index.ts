/**
 * The simulated registries' catalog: which images exist, their compressed size (linux/amd64),
 * the user they run as and what their default entrypoint does.
 *
 * The world is open: any well-formed reference names an image, except where the catalog knows
 * better.
 * - Docker Hub's official images (`nginx`, `busybox`, …) carry every tag they have published
 *   (library-tags.ts, generated from docker-library/official-images); a tag they never had
 *   (`nginx:1.277`) does not exist. `docker.io/library/<name>` for a name that was never an
 *   official image does not exist either.
 * - registry.k8s.io, k8s.gcr.io, gcr.io, quay.io, ghcr.io and some Docker Hub organisations:
 *   registries.ts, tags listed or open.
 * - Any other repository exists with every tag; its size is estimated from its name
 *   (`sizeEstimated: true`), and it runs as root.
 *
 * Digests are real SHA-256 values computed from the image's name, so they look and behave like
 * real ones (stable across runs, distinct per image) without pretending to be the upstream bytes.
 * Every function here is pure: the caches only memoize.
 */
import type { ContainerImage } from 'kubernetes-types/core/v1'
import { type ImageRef, parseImageRef, repositoryOf } from '../image-ref'
import { sha256Hex } from '../sha256'
import { isLaterRelease } from './later-tags'
import { LIBRARY_ALIASES, LIBRARY_TAGS, OFFICIAL_IMAGES } from './library-tags'
import { LISTED_REPOSITORIES, type ListedRepository } from './registries'
import { LIBRARY_META, type RepositoryMeta } from './repositories'
import { decodeTags } from './tag-codec'

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
  /** Tags naming this same image (one manifest); the first is the image's own. Empty when named by digest only. */
  readonly tags: readonly string[]
  /** The manifest digest, when the image was named by a digest the catalog does not know. */
  readonly pinnedDigest?: string
  /** Compressed size of the layers, as `Image size: … bytes.` and node.status.images report it. */
  readonly sizeBytes: number
  /** True when the catalog does not know the image and the size is a guess from its name. */
  readonly sizeEstimated: boolean
  /** The config's `User`: `''` (unset, root), a uid (`'65535'`) or a name (`'nobody'`). */
  readonly user: string
  /** Absent for images the catalog does not know: the Pod's command decides, or it runs. */
  readonly entrypoint?: Entrypoint
}

/** What a registry has under a reference. */
export type ImageLookup =
  | { readonly kind: 'image'; readonly image: CatalogImage }
  /** A repository the catalog lists, without that tag: the registry answers 404 MANIFEST_UNKNOWN. */
  | { readonly kind: 'unknown-tag' }
  /** `docker.io/library/<name>` that was never an official image: Docker Hub answers 401. */
  | { readonly kind: 'no-repository' }

/** The sandbox image containerd 2.x / kubeadm use with Kubernetes v1.33. */
export const PAUSE_IMAGE = 'registry.k8s.io/pause:3.10'

/**
 * Registry hosts whose names can never resolve (RFC 6761 reserves `.invalid`): pulls from them
 * fail DNS resolution, as a typo'd host does on a real node. Every other host answers.
 */
export const unresolvableHost = (domain: string): boolean => /(^|\.)invalid(:\d+)?$/i.test(domain)

export interface ImageDigests {
  /** The manifest digest: what `imageID` shows after `repo@` (`docker.io/library/nginx@sha256:…`). */
  readonly manifestDigest: string
  /** The config digest: the image id containerd returns from PullImage (`sha256:…`). */
  readonly imageId: string
  /** One digest standing for the layer blobs (the simulation transfers them as one blob). */
  readonly layersDigest: string
}

/** Deterministic digests for an image, from its repository and own tag (or pinned digest). */
export function digestsOf(image: CatalogImage): ImageDigests {
  const name = image.pinnedDigest
    ? `${image.repository}@${image.pinnedDigest}`
    : `${image.repository}:${image.tags[0] ?? 'latest'}`
  return {
    manifestDigest: image.pinnedDigest ?? `sha256:${sha256Hex(`podflow manifest ${name}`)}`,
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

// ---- repositories ----

interface Repository {
  readonly repository: string
  readonly meta: RepositoryMeta
  /** Undefined: any tag. */
  readonly tags?: ReadonlySet<string>
  /** tag → the tags naming the same image, its own tag first. */
  readonly aliases: ReadonlyMap<string, readonly string[]>
}

const LIBRARY_PREFIX = 'docker.io/library/'
const OFFICIAL = new Set(OFFICIAL_IMAGES)
const repositoryCache = new Map<string, Repository | null>()

/** A tag's place among its aliases: the most specific version first (`1.27.5` before `1.27`, `latest`). */
function ownTagFirst(tags: readonly string[]): string[] {
  const rank = (t: string): [number, number, string] => {
    const m = /^v?(\d+(?:\.\d+)*)(.*)$/.exec(t)
    return m ? [-(m[1] as string).split('.').length, (m[2] as string).length, t] : [1, t.length, t]
  }
  return [...tags].sort((a, b) => {
    const [x1, x2, x3] = rank(a)
    const [y1, y2, y3] = rank(b)
    return x1 - y1 || x2 - y2 || (x3 < y3 ? -1 : x3 > y3 ? 1 : 0)
  })
}

function aliasMap(groups: readonly (readonly string[])[]): Map<string, readonly string[]> {
  const map = new Map<string, readonly string[]>()
  for (const group of groups) {
    const ordered = ownTagFirst(group)
    for (const t of ordered) map.set(t, ordered)
  }
  return map
}

function loadRepository(repository: string): Repository | null {
  if (repository.startsWith(LIBRARY_PREFIX)) {
    const name = repository.slice(LIBRARY_PREFIX.length)
    const encoded = LIBRARY_TAGS[name]
    const meta = LIBRARY_META[name]
    if (encoded === undefined || meta === undefined) return null
    const groups = (LIBRARY_ALIASES[name] ?? '').split(',').filter((g) => g !== '')
    return {
      repository,
      meta,
      tags: decodeTags(encoded),
      aliases: aliasMap(groups.map((g) => g.split(' '))),
    }
  }
  const listed: ListedRepository | undefined = LISTED_REPOSITORIES[repository]
  if (!listed) return null
  return {
    repository,
    meta: listed,
    ...(listed.tags === 'any' ? {} : { tags: new Set(listed.tags) }),
    aliases: aliasMap(listed.aliases ?? []),
  }
}

function repositoryNamed(repository: string): Repository | null {
  let r = repositoryCache.get(repository)
  if (r === undefined) {
    r = loadRepository(repository)
    repositoryCache.set(repository, r)
  }
  return r
}

/** Whether the catalog holds data for the repository (its tags and sizes). */
export const repositoryKnown = (repository: string): boolean => repositoryNamed(repository) !== null

function sizeFor(meta: RepositoryMeta, tag: string): number {
  for (const [match, bytes] of meta.sizes) {
    if (typeof match === 'string' ? match === tag : match.test(tag)) return bytes
  }
  return 50_000_000
}

function userFor(meta: RepositoryMeta, tag: string): string {
  for (const [match, user] of meta.users ?? []) if (match.test(tag)) return user
  return meta.user ?? ''
}

/** A plausible compressed size for an image the catalog does not know: 20–210 MB, from its name. */
export function estimatedSizeBytes(repository: string, tag: string): number {
  const unit = (s: string): number => Number.parseInt(sha256Hex(s).slice(0, 8), 16) / 0xffff_ffff
  const base = 20_000_000 + unit(`podflow size ${repository}`) * 180_000_000
  return Math.round(base * (0.95 + unit(`podflow size ${repository}:${tag}`) * 0.1))
}

const imageCache = new Map<string, CatalogImage>()

function memo(key: string, make: () => CatalogImage): CatalogImage {
  let image = imageCache.get(key)
  if (!image) {
    image = make()
    imageCache.set(key, image)
  }
  return image
}

function knownImage(repo: Repository, tag: string): CatalogImage {
  const tags = repo.aliases.get(tag) ?? [tag]
  const own = tags[0] as string
  return memo(`${repo.repository}:${own}`, () => ({
    repository: repo.repository,
    tags,
    sizeBytes: sizeFor(repo.meta, own),
    sizeEstimated: false,
    user: userFor(repo.meta, own),
    ...(repo.meta.entrypoint ? { entrypoint: repo.meta.entrypoint } : {}),
  }))
}

function estimatedImage(repository: string, tag: string): CatalogImage {
  return memo(`${repository}:${tag}`, () => ({
    repository,
    tags: [tag],
    sizeBytes: estimatedSizeBytes(repository, tag),
    sizeEstimated: true,
    user: '',
  }))
}

/**
 * An image named by a digest. Only the digests of the tags that share an image (the current
 * releases) are recognised; any other digest is taken as an image of the repository that the
 * catalog cannot size (a digest copied from a real registry).
 */
function imageByDigest(repository: string, repo: Repository | null, digest: string): CatalogImage {
  if (repo) {
    for (const tags of new Set(repo.aliases.values())) {
      const image = knownImage(repo, tags[0] as string)
      if (digests(image).manifestDigest === digest) return image
    }
    if (repo.tags?.has('latest')) {
      const latest = knownImage(repo, 'latest')
      if (digests(latest).manifestDigest === digest) return latest
    }
  }
  return memo(`${repository}@${digest}`, () => {
    const like = repo && (!repo.tags || repo.tags.has('latest')) ? knownImage(repo, 'latest') : undefined
    return {
      repository,
      tags: [],
      pinnedDigest: digest,
      sizeBytes: like?.sizeBytes ?? estimatedSizeBytes(repository, digest),
      sizeEstimated: true,
      user: like?.user ?? '',
      ...(like?.entrypoint ? { entrypoint: like.entrypoint } : {}),
    }
  })
}

/** What the registries hold under a reference (a missing tag means `latest`). */
export function lookupImage(ref: ImageRef): ImageLookup {
  const repository = repositoryOf(ref)
  const repo = repositoryNamed(repository)
  if (
    !repo &&
    repository.startsWith(LIBRARY_PREFIX) &&
    !OFFICIAL.has(repository.slice(LIBRARY_PREFIX.length))
  )
    return { kind: 'no-repository' }
  if (ref.digest) return { kind: 'image', image: imageByDigest(repository, repo, ref.digest) }
  const tag = ref.tag ?? 'latest'
  if (!repo) return { kind: 'image', image: estimatedImage(repository, tag) }
  if (repo.tags && !repo.tags.has(tag)) {
    // An official image's release since the catalog's data ends is real; its size is a guess.
    return repository.startsWith(LIBRARY_PREFIX) && isLaterRelease(repo.tags, tag)
      ? { kind: 'image', image: estimatedImage(repository, tag) }
      : { kind: 'unknown-tag' }
  }
  return { kind: 'image', image: knownImage(repo, tag) }
}

/** The image a reference names, or undefined when the registries do not have it. */
export function findImage(ref: ImageRef): CatalogImage | undefined {
  const found = lookupImage(ref)
  return found.kind === 'image' ? found.image : undefined
}

/** Find by a reference string (`nginx:1.27`); undefined when unparseable or absent. */
export function findImageByName(name: string): CatalogImage | undefined {
  const parsed = parseImageRef(name)
  return parsed.ok ? findImage(parsed.ref) : undefined
}

/** CRI's view of an image's user (containerd getUserFromImage): a numeric user is a uid, else a name. */
export function imageUser(user: string): { readonly uid?: number; readonly username?: string } {
  const name = user.split(':')[0] ?? ''
  if (name === '') return {}
  return /^\d+$/.test(name) ? { uid: Number(name) } : { username: name }
}

/**
 * `node.status.images` entries for images preloaded on a node, as the kubelet reports them
 * (names = repo digests then repo tags; sorted by size, largest first). Names the registries do
 * not have are skipped. The cluster assembly uses this so the runtime's store and the Node object agree.
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
