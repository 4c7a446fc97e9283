/**
 * Test fixtures made by the real simulation, so the explanations are tested against what the
 * scheduler actually records (not hand-written attempts that could drift from it). The worker's
 * Session answers the same `scheduling` command the panel sends through the bridge.
 */
import type { SchedulingAttempt, UserActionInput } from '../../protocol/messages'
import { Session } from '../../worker/session'

/** Run `actions` on the cluster (empty: the default one) up to `cursorMs`; `pod` is `ns/name`. */
export function simulateAttempts(
  clusterYaml: string,
  actions: readonly UserActionInput[],
  pod: string,
  cursorMs = 10_000,
): readonly SchedulingAttempt[] {
  const session = new Session()
  session.cursor(cursorMs, false, 1)
  session.load({ seed: 1, clusterYaml, actions })
  for (let i = 0; session.computeSome(5_000).more; i++) {
    if (i > 10_000) throw new Error('the simulation did not settle')
  }
  const answer = session.scheduling(1, pod)
  if (answer.type !== 'scheduling-attempts') throw new Error(`unexpected answer ${answer.type}`)
  return answer.attempts
}

export const applyAt = (yaml: string, atMs = 0): UserActionInput => ({ type: 'apply', atMs, yaml })

export function nodeYaml(name: string, cpu: string, spec = ''): string {
  return `---
apiVersion: v1
kind: Node
metadata: {name: ${name}}
${spec ? `spec: ${spec}\n` : ''}status: {capacity: {cpu: "${cpu}", memory: 4Gi}}
`
}

export function podYaml(name: string, cpu: string, memory = '256Mi', spec = ''): string {
  return `---
apiVersion: v1
kind: Pod
metadata: {name: ${name}}
spec:
${spec ? `  ${spec}\n` : ''}  containers:
  - {name: app, image: nginx:1.27, resources: {requests: {cpu: ${cpu}, memory: ${memory}}}}
`
}

/** small (2 cpu), medium (4 cpu) and gpu (8 cpu, tainted dedicated=gpu:NoSchedule). */
export const THREE_NODES =
  nodeYaml('small', '2') +
  nodeYaml('medium', '4') +
  nodeYaml('gpu', '8', '{taints: [{key: dedicated, value: gpu, effect: NoSchedule}]}')
