/**
 * RequestInfo: what a request is about, parsed from its method and path as the apiserver's
 * RequestInfoFactory does (apiserver/pkg/endpoints/request/requestinfo.go).
 */
import { type ResourceInfo, resourceByName } from '../../api/resources'
import type { HttpRequest } from './http'

export type Verb = 'get' | 'list' | 'watch' | 'create' | 'update' | 'patch' | 'delete' | 'deletecollection'

export interface RequestInfo {
  readonly verb: Verb
  readonly apiGroup: string
  readonly apiVersion: string
  readonly resource: string
  readonly subresource: string
  readonly namespace: string
  readonly name: string
  readonly info: ResourceInfo
}

export type ParseResult = { ok: true; info: RequestInfo } | { ok: false; code: 404 | 405; message: string }

const NAMESPACE_SUBRESOURCES = new Set(['status', 'finalize'])

/**
 * Parsed requests by method, path and watch flag (all a RequestInfo depends on): components send
 * the same few requests over and over (a Pod POST, an Event POST). Results are frozen; the table
 * is emptied when it grows large (every binding has its own path).
 */
const parsedRequests = new Map<string, ParseResult>()
const MAX_PARSED_REQUESTS = 1024

export function parseRequest(req: HttpRequest): ParseResult {
  // Method and the watch flag have no spaces: the path, last, cannot make two keys collide.
  const key = `${req.method} ${isWatch(req) ? 'watch' : '-'} ${req.path}`
  let parsed = parsedRequests.get(key)
  if (parsed === undefined) {
    parsed = Object.freeze(parse(req))
    if (parsed.ok) Object.freeze(parsed.info)
    if (parsedRequests.size >= MAX_PARSED_REQUESTS) parsedRequests.clear()
    parsedRequests.set(key, parsed)
  }
  return parsed
}

function parse(req: HttpRequest): ParseResult {
  const parts = req.path.split('/').filter((p) => p !== '')
  let group = ''
  let version: string | undefined
  let rest: string[]
  if (parts[0] === 'api') {
    version = parts[1]
    rest = parts.slice(2)
  } else if (parts[0] === 'apis') {
    group = parts[1] ?? ''
    version = parts[2]
    rest = parts.slice(3)
  } else {
    return { ok: false, code: 404, message: 'the server could not find the requested resource' }
  }
  // requestinfo.go: `/namespaces/{name}` sets the namespace, and what follows is a resource in
  // it, except the namespace object's own subresources (namespaceSubresources: status, finalize).
  // So for the namespace object and its subresources the namespace is its name.
  let namespace = ''
  if (rest[0] === 'namespaces' && rest.length >= 2) {
    namespace = rest[1] as string
    if (rest.length >= 3 && !NAMESPACE_SUBRESOURCES.has(rest[2] as string)) rest = rest.slice(2)
  }
  const [resource = '', name = '', subresource = ''] = rest
  const info = resourceByName(group, resource)
  if (!info || info.version !== version || rest.length > 3) {
    return { ok: false, code: 404, message: 'the server could not find the requested resource' }
  }
  if (subresource && !info.subresources?.includes(subresource)) {
    return { ok: false, code: 404, message: 'the server could not find the requested resource' }
  }
  const verb = verbOf(req, name)
  if (!verb)
    return {
      ok: false,
      code: 405,
      message: `the server does not allow this method on the requested resource`,
    }
  return {
    ok: true,
    info: {
      verb,
      apiGroup: group,
      apiVersion: version as string,
      resource,
      subresource,
      namespace,
      name,
      info,
    },
  }
}

function isWatch(req: HttpRequest): boolean {
  return req.query?.watch === 'true' || req.query?.watch === '1'
}

function verbOf(req: HttpRequest, name: string): Verb | undefined {
  switch (req.method) {
    case 'GET':
      if (isWatch(req)) return 'watch'
      return name ? 'get' : 'list'
    case 'POST':
      return 'create'
    case 'PUT':
      return name ? 'update' : undefined
    case 'PATCH':
      return name ? 'patch' : undefined
    case 'DELETE':
      return name ? 'delete' : 'deletecollection'
  }
}
