/**
 * A node's local image store (containerd's image service): which images are on the machine,
 * under which names. It starts from the Node's `status.images` and grows with each pull.
 */
import type { ContainerImage } from 'kubernetes-types/core/v1'
import { type CatalogImage, digests, findImageByName, imageUser } from './catalog'
import type { Image } from './cri'
import { normalizedName, parseImageRef, repositoryOf } from './image-ref'
import { sha256Hex } from './sha256'

interface StoredImage {
  readonly id: string
  readonly repoTags: string[]
  readonly repoDigests: string[]
  readonly size: number
  /** The config's User (`''` = root). */
  readonly user: string
  readonly sizeEstimated: boolean
}

export class ImageStore {
  private readonly byId = new Map<string, StoredImage>()

  constructor(preloaded: readonly ContainerImage[] = []) {
    for (const entry of preloaded) this.preload(entry)
  }

  private preload(entry: ContainerImage): string {
    const names = entry.names ?? []
    const known = names.map((n) => findImageByName(n)).find((i) => i !== undefined)
    const id = known ? digests(known).imageId : `sha256:${sha256Hex(`podflow preloaded ${names.join(',')}`)}`
    const stored = this.byId.get(id) ?? {
      id,
      repoTags: [],
      repoDigests: [],
      size: entry.sizeBytes ?? 0,
      user: known?.user ?? '',
      // The Node reported the size: it is the real one even for an image the catalog does not know.
      sizeEstimated: entry.sizeBytes === undefined && (known?.sizeEstimated ?? false),
    }
    for (const n of names) {
      const list = n.includes('@') ? stored.repoDigests : stored.repoTags
      const normalized = n.includes('@') ? n : (normalizeOrSelf(n) ?? n)
      if (!list.includes(normalized)) list.push(normalized)
    }
    this.byId.set(id, stored)
    return id
  }

  /** Record a pulled image under the name it was pulled by; returns the image id. */
  add(image: CatalogImage, pulledAs: string): string {
    const d = digests(image)
    const stored = this.byId.get(d.imageId) ?? {
      id: d.imageId,
      repoTags: [],
      repoDigests: [],
      size: image.sizeBytes,
      user: image.user,
      sizeEstimated: image.sizeEstimated,
    }
    this.addTag(stored, pulledAs)
    const repoDigest = `${image.repository}@${d.manifestDigest}`
    if (!stored.repoDigests.includes(repoDigest)) stored.repoDigests.push(repoDigest)
    this.byId.set(d.imageId, stored)
    return d.imageId
  }

  /**
   * Record one more name for an image already in the store (a pull whose manifest digest the
   * store already has). Returns the image id.
   */
  tag(id: string, pulledAs: string): string {
    const stored = this.byId.get(id)
    if (stored) this.addTag(stored, pulledAs)
    return id
  }

  private addTag(stored: StoredImage, name: string): void {
    const parsed = parseImageRef(name)
    if (parsed.ok && !parsed.ref.digest) {
      const tag = normalizedName(parsed.ref)
      if (!stored.repoTags.includes(tag)) stored.repoTags.push(tag)
    }
  }

  /**
   * An image a container already runs when the scenario begins (a bootstrap Pod's): on the node
   * since it was pulled, before virtual time 0. `name` is the reference the Pod names; `repoDigest`
   * the imageID its status reported (`registry.k8s.io/coredns/coredns@sha256:…`), kept as one of
   * the image's repo digests. Returns the image id.
   */
  adopt(name: string, repoDigest?: string): string {
    const digest = repoDigest?.includes('@') ? repoDigest.replace(/^docker-pullable:\/\//, '') : undefined
    const found = this.find(name)
    const id = found
      ? found.id
      : findImageByName(name)
        ? this.add(findImageByName(name) as CatalogImage, name)
        : this.preload({ names: [name], sizeBytes: 0 })
    const stored = this.byId.get(id) as StoredImage
    if (digest && !stored.repoDigests.includes(digest)) stored.repoDigests.push(digest)
    return id
  }

  /** Look an image up by id (`sha256:…`), by tag (`nginx`, `docker.io/library/nginx:latest`) or by digest. */
  find(name: string): Image | undefined {
    const byId = this.byId.get(name)
    if (byId) return snapshot(byId)
    const parsed = parseImageRef(name)
    if (!parsed.ok) return undefined
    const ref = parsed.ref
    for (const image of this.byId.values()) {
      const hit = ref.digest
        ? image.repoDigests.includes(`${repositoryOf(ref)}@${ref.digest}`)
        : image.repoTags.includes(normalizedName(ref))
      if (hit) return snapshot(image)
    }
    return undefined
  }

  /** The repo digest to report as a container's imageRef (`docker.io/library/nginx@sha256:…`). */
  repoDigestFor(id: string, preferredRepository?: string): string {
    const image = this.byId.get(id)
    if (!image) return id
    return (
      image.repoDigests.find((d) => preferredRepository && d.startsWith(`${preferredRepository}@`)) ??
      image.repoDigests[0] ??
      id
    )
  }

  list(): Image[] {
    return [...this.byId.values()].map(snapshot)
  }
}

function normalizeOrSelf(name: string): string | undefined {
  const parsed = parseImageRef(name)
  return parsed.ok ? normalizedName(parsed.ref) : undefined
}

function snapshot(image: StoredImage): Image {
  return {
    id: image.id,
    repoTags: [...image.repoTags],
    repoDigests: [...image.repoDigests],
    size: image.size,
    ...imageUser(image.user),
    ...(image.sizeEstimated ? { sizeEstimated: true as const } : {}),
  }
}
