/**
 * The steps the apiserver records for every request before its handler runs: authentication and
 * authorization, with their summaries and payloads. A component presents the same credential and
 * makes the same few requests over and over, and the trace keeps every step: the same step is one
 * shared, frozen summary and payload, not a new one per request (the trace's JSON is the same).
 */
import { deepFreeze } from '../../api/types'
import type { Stage } from '../kernel/trace'
import type { AuthnResult, UserInfo } from './authn'
import type { Decision } from './authz/authorizer'
import type { RequestInfo } from './request-info'

/**
 * The stage of a pipeline step: the step's own for a user's request (`submit`), else the request's.
 * One function per request stage, shared by every request (not a closure per request).
 */
export function pipelineStages(requestStage: Stage): (pipelineStage: Stage) => Stage {
  if (requestStage === 'submit') return ownStage
  let f = fixedStages.get(requestStage)
  if (f === undefined) {
    f = () => requestStage
    fixedStages.set(requestStage, f)
  }
  return f
}

const ownStage = (pipelineStage: Stage): Stage => pipelineStage
const fixedStages = new Map<Stage, (pipelineStage: Stage) => Stage>()

/** A step's summary and payload, shared by the steps that say the same (frozen). */
export interface StepText {
  readonly summary: string
  readonly payload: Readonly<Record<string, unknown>>
}

/** The authentication step of a result (authentication hands out one result per credential). */
export function authenticationStep(authn: AuthnResult): StepText {
  let step = authnSteps.get(authn)
  if (step === undefined) {
    step = deepFreeze({
      summary: authn.ok
        ? `authenticated ${authn.user.name} (${authn.method})`
        : `authentication failed: ${authn.reason}`,
      payload: authn.ok
        ? {
            phase: 'authenticate',
            ok: true,
            user: authn.user.name,
            groups: authn.user.groups,
            method: authn.method,
          }
        : { phase: 'authenticate', ok: false, reason: authn.reason },
    })
    authnSteps.set(authn, step)
  }
  return step
}

const authnSteps = new WeakMap<AuthnResult, StepText>()

/**
 * The authorization step of a decision for a request: the same decision (the RBAC authorizer
 * shares its decisions) on the same verb, resource and namespace for the same user reads the same.
 */
export function authorizationStep(user: UserInfo, info: RequestInfo, decision: Decision): StepText {
  let byRequest = authzSteps.get(decision)
  if (byRequest === undefined) {
    byRequest = new Map()
    authzSteps.set(decision, byRequest)
  }
  const resource = resourceText(info)
  const key = `${user.name}\n${info.verb}\n${resource}\n${info.namespace}`
  let step = byRequest.get(key)
  if (step === undefined) {
    const payload: Record<string, unknown> = {
      phase: 'authorize',
      allowed: decision.allowed,
      user: user.name,
      verb: info.verb,
      resource,
      namespace: info.namespace,
      reason: decision.reason,
    }
    // Who allowed it: authorizer, binding, role, subject, rule (in this order).
    if (decision.authorizer) {
      payload.authorizer = decision.authorizer
      if (decision.grant) {
        const { binding, role, subject, rule } = decision.grant
        Object.assign(payload, { binding, role, subject, rule })
      }
    }
    step = deepFreeze({
      summary: `${decision.allowed ? 'authorized' : 'forbidden'}: ${info.verb} ${resource}`,
      payload,
    })
    // Decisions that are not shared would fill this map with one entry each: keep it small.
    if (byRequest.size >= 64) byRequest.clear()
    byRequest.set(key, step)
  }
  return step
}

const authzSteps = new WeakMap<Decision, Map<string, StepText>>()

function resourceText(info: { resource: string; subresource: string }): string {
  return info.subresource ? `${info.resource}/${info.subresource}` : info.resource
}
