/**
 * Image references as containerd reads them (github.com/distribution/reference, the
 * "docker.io normalisation"): `nginx` → `docker.io/library/nginx:latest`,
 * `bitnami/redis:7` → `docker.io/bitnami/redis:7`, `registry.k8s.io/pause:3.10` stays as it is.
 */

export interface ImageRef {
  /** Registry host, e.g. `docker.io`, `registry.k8s.io`, `localhost:5000`. */
  readonly domain: string
  /** Repository path inside the registry, e.g. `library/nginx`. */
  readonly path: string
  readonly tag?: string
  /** `sha256:<64 hex>` */
  readonly digest?: string
}

export type ParsedImageRef =
  | { readonly ok: true; readonly ref: ImageRef }
  | { readonly ok: false; readonly error: string }

const DEFAULT_DOMAIN = 'docker.io'
const LEGACY_DEFAULT_DOMAIN = 'index.docker.io'
const OFFICIAL_REPO_PREFIX = 'library/'
const PATH_COMPONENT = /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$/
const TAG = /^[\w][\w.-]{0,127}$/
const DIGEST = /^sha256:[a-f0-9]{64}$/
const DOMAIN =
  /^(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?)(?:\.(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?))*(?::[0-9]+)?$/

/** distribution/reference splitDockerDomain: the first component is a host only if it looks like one. */
function splitDomain(name: string): { domain: string; remainder: string } {
  const i = name.indexOf('/')
  const first = i < 0 ? '' : name.slice(0, i)
  let domain: string
  let remainder: string
  if (
    i < 0 ||
    (!first.includes('.') && !first.includes(':') && first !== 'localhost' && first.toLowerCase() === first)
  ) {
    domain = DEFAULT_DOMAIN
    remainder = name
  } else {
    domain = first
    remainder = name.slice(i + 1)
  }
  if (domain === LEGACY_DEFAULT_DOMAIN) domain = DEFAULT_DOMAIN
  if (domain === DEFAULT_DOMAIN && !remainder.includes('/')) remainder = OFFICIAL_REPO_PREFIX + remainder
  return { domain, remainder }
}

/** Parse like reference.ParseNormalizedNamed; errors carry the library's texts. */
export function parseImageRef(text: string): ParsedImageRef {
  const invalid = { ok: false as const, error: 'invalid reference format' }
  if (text === '') return invalid
  let rest = text
  let digest: string | undefined
  const at = rest.indexOf('@')
  if (at >= 0) {
    digest = rest.slice(at + 1)
    rest = rest.slice(0, at)
    if (!DIGEST.test(digest)) return invalid
  }
  const { domain, remainder } = splitDomain(rest)
  let path = remainder
  let tag: string | undefined
  const colon = remainder.lastIndexOf(':')
  if (colon >= 0 && !remainder.slice(colon).includes('/')) {
    tag = remainder.slice(colon + 1)
    path = remainder.slice(0, colon)
    if (!TAG.test(tag)) return invalid
  }
  if (path.toLowerCase() !== path) {
    return { ok: false, error: `invalid reference format: repository name (${path}) must be lowercase` }
  }
  if (!DOMAIN.test(domain) || path === '' || !path.split('/').every((c) => PATH_COMPONENT.test(c)))
    return invalid
  return {
    ok: true,
    ref: { domain, path, ...(tag !== undefined ? { tag } : {}), ...(digest ? { digest } : {}) },
  }
}

/** `docker.io/library/nginx` */
export const repositoryOf = (ref: ImageRef): string => `${ref.domain}/${ref.path}`

/**
 * The fully qualified reference containerd pulls and reports: a missing tag becomes `latest`
 * unless a digest pins the image (`docker.io/library/nginx:latest`, `…/nginx@sha256:…`).
 */
export function normalizedName(ref: ImageRef): string {
  const repo = repositoryOf(ref)
  if (ref.digest) return ref.tag ? `${repo}:${ref.tag}@${ref.digest}` : `${repo}@${ref.digest}`
  return `${repo}:${ref.tag ?? 'latest'}`
}

/** Normalize a reference string, or undefined when it does not parse. */
export function normalizeImage(text: string): string | undefined {
  const parsed = parseImageRef(text)
  return parsed.ok ? normalizedName(parsed.ref) : undefined
}

/** The HTTP host that serves a registry's API (Docker Hub's API lives on registry-1.docker.io). */
export const registryHost = (domain: string): string =>
  domain === DEFAULT_DOMAIN ? 'registry-1.docker.io' : domain
