/**
 * POST: the create pipeline after authentication and authorization (handlers/create.go,
 * registry/store.go Create): decode with defaults → mutating admission → BeforeCreate
 * (PrepareForCreate, generateName, system fields, validation) → validating admission → etcd.
 */
import { etcdKey } from '../../../api/resources'
import { alreadyExists, internalError, invalid } from '../../../api/status'
import { clone, type KubeObject, writableMeta } from '../../../api/types'
import type { Proc } from '../../kernel/kernel'
import { APISERVER } from '../../kernel/trace'
import type { HttpResponse } from '../http'
import { generateName, newUid } from '../names'
import { coreToEventsV1, eventsV1ToCore } from '../registry/event-conversion'
import { applyDecodeDefaults } from '../registry/scheme-defaults'
import { strategyFor } from '../registry/strategy'
import { runAdmission } from './admit'
import type { ApiRequest, HandlerContext } from './context'
import { decodeBody } from './decode'

/** The validation step of a valid object (one shared payload: the trace keeps every step). */
const VALID = Object.freeze({ phase: 'validate', valid: true, errors: Object.freeze([]) })

/** registry/store.go maxNameGenerationCreateAttempts. */
export const MAX_NAME_GENERATION_CREATE_ATTEMPTS = 8

export function* create(ctx: HandlerContext, req: ApiRequest): Proc<HttpResponse> {
  const { kernel } = ctx
  const ri = req.info
  const decoded = decodeBody(req.message.payload, ri)
  if (!decoded.ok) return { code: decoded.status.code ?? 400, body: decoded.status }
  let obj = decoded.object
  const strategy = strategyFor(ri.apiGroup, ri.resource)
  applyDecodeDefaults(obj, ri.apiGroup, ri.resource)

  const attrs = { operation: 'CREATE' as const, request: ri, user: req.user, object: obj, rng: kernel.rng }
  const mutated = yield* runAdmission(ctx, req, attrs, 'mutating')
  if (!mutated.ok) return { code: mutated.status.code ?? 403, body: mutated.status }

  // store.go createWithGenerateNameRetry: with generateName and no name, a name taken by another
  // object is retried with a new name, up to 8 attempts (each one runs BeforeCreate, validation
  // and validating admission again); other errors end the request.
  const mutatedObj = obj
  const generated = !mutatedObj.metadata?.name && !!mutatedObj.metadata?.generateName
  let stored: KubeObject | undefined
  let validatedWarnings: readonly string[] = []
  let isEventsV1 = false
  for (let attempt = 1; ; attempt++) {
    obj = generated ? clone(mutatedObj) : mutatedObj
    const attemptAttrs = { ...attrs, object: obj }
    // BeforeCreate: PrepareForCreate, generateName, system fields, then validation.
    const meta = writableMeta(obj)
    // store.go Create: BeginCreate (a Service's IP and port allocation) runs before BeforeCreate.
    const begun = strategy.beginCreate?.(obj, { rng: kernel.rng, lister: ctx.lister })
    if (begun && !begun.ok) {
      if ('internal' in begun) return { code: 500, body: internalError(begun.internal) }
      return { code: 422, body: invalid(ri.info.kind, meta.name ?? '', begun.errors, ri.apiGroup) }
    }
    strategy.prepareForCreate?.(obj, kernel.wallTime())
    if (!meta.name && meta.generateName) meta.name = generateName(kernel.rng, meta.generateName)
    meta.uid = newUid(kernel.rng)
    meta.creationTimestamp = kernel.wallTime()
    delete meta.resourceVersion
    delete meta.deletionTimestamp
    delete meta.deletionGracePeriodSeconds
    if (strategy.generation) meta.generation = 1
    else delete meta.generation
    const errors = strategy.validate(obj, ri.info.namespaced)
    const name = meta.name ?? ''
    kernel.step(
      APISERVER,
      req.stage('validate'),
      errors.length
        ? `validation failed: ${errors.length} field error(s)`
        : `${ri.info.kind} "${name}" is valid`,
      errors.length ? { phase: 'validate', valid: false, errors } : VALID,
      req.object,
    )
    if (errors.length) {
      const status = invalid(ri.info.kind, name, errors, ri.apiGroup)
      return { code: 422, body: status }
    }

    const validated = yield* runAdmission(ctx, req, attemptAttrs, 'validating')
    if (!validated.ok) return { code: validated.status.code ?? 403, body: validated.status }
    validatedWarnings = validated.warnings

    // events.k8s.io/v1 Events are stored in their core/v1 form.
    isEventsV1 = ri.apiGroup === 'events.k8s.io'
    if (isEventsV1) obj = eventsV1ToCore(obj)
    const key = etcdKey(ri.info, meta.namespace, name)
    const object = {
      ...(req.object ?? { resource: ri.resource }),
      name,
      ...(meta.namespace ? { namespace: meta.namespace } : {}),
      uid: meta.uid,
    }
    stored = yield* ctx.storage.create(key, obj, req.stage('persist'), object)
    if (stored) break
    if (!generated || attempt >= MAX_NAME_GENERATION_CREATE_ATTEMPTS) {
      return { code: 409, body: alreadyExists(ri.resource, name, ri.apiGroup) }
    }
    kernel.step(
      APISERVER,
      req.stage('persist'),
      `${ri.resource} "${name}" already exists: retrying with a new name (attempt ${attempt + 1})`,
      { phase: 'generate-name-retry', name, attempt: attempt + 1 },
      req.object,
    )
  }
  const body = isEventsV1 ? coreToEventsV1(stored) : stored
  // Warnings go back as `Warning` headers: unknown fields (fieldValidation=Warn), then both
  // admission phases (PodSecurity's warn mode is validating).
  const warnings = [...decoded.warnings, ...mutated.warnings, ...validatedWarnings]
  return { code: 201, body, ...(warnings.length ? { warnings } : {}) }
}
