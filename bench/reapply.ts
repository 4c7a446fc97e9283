/**
 * Re-apply latency in the worker's Session, the part of the browser's "apply → kubectl's answer"
 * that is simulation: a Deployment running on a zoned cluster, played at 0.25× (the cursor moves
 * 4 virtual ms per 16 ms frame), then applied again at the cursor, edited each time (the replica
 * count goes one down, then back up). Each re-apply is timed from the command to the `applied`
 * event, with the session's spares (spares.ts) and with none (every fork rebuilt and replayed from
 * time 0). Between re-applies the worker computes for `pauseMs` of wall time as it would while
 * the user reads kubectl's answer and edits: the run's lookahead first, then the spares.
 */
import { performance } from 'node:perf_hooks'
import { webDeployment } from '../src/scenarios/manifests'
import { zonedCluster } from '../src/scenarios/zoned-cluster'
import { Session } from '../src/worker/session'

export interface ReapplyOptions {
  readonly replicas: number
  readonly workers: number
  readonly applies: number
  /** Wall time the worker computes between one answer and the next re-apply. */
  readonly pauseMs: number
  /** Wall time the rollout plays before the first re-apply (the browser benchmark's window: 10 s). */
  readonly warmupMs: number
}

export interface ReapplyResult {
  /** Milliseconds from each re-apply to kubectl's answer, with spares. */
  readonly spares: readonly number[]
  /** The same without spares. */
  readonly rebuild: readonly number[]
  /** kubectl's answer to each re-apply, with spares and without (they must be the same). */
  readonly answers: readonly string[]
  readonly rebuildAnswers: readonly string[]
  /** Messages of the run when the last re-apply forked it. */
  readonly messages: number
}

const FRAME_MS = 16
const SPEED = 0.25

export function reapply(options: ReapplyOptions): ReapplyResult {
  const withSpares = run(options, true)
  const without = run(options, false)
  return {
    spares: withSpares.latencies,
    rebuild: without.latencies,
    answers: withSpares.answers,
    rebuildAnswers: without.answers,
    messages: withSpares.messages,
  }
}

function run(options: ReapplyOptions, spares: boolean) {
  const session = new Session(spares ? {} : { spares: { count: 0 } })
  const yaml = (replicas: number) => webDeployment(replicas, { cpu: '100m', memory: '128Mi' })
  let cursorMs = 0
  /**
   * Play for `ms` of wall time, a frame at a time: the worker computes what is due (the run, then
   * the spares) until the frame's 16 ms are up, and the cursor moves 4 virtual ms per frame (so
   * the times of the re-applies, and kubectl's answers, do not depend on the machine's speed).
   */
  const play = (ms: number) => {
    for (let frame = 0; frame < Math.round(ms / FRAME_MS); frame++) {
      const frameEnd = performance.now() + FRAME_MS
      for (;;) {
        const r = session.computeSome(250)
        if ((!r.more && !r.spareWork) || performance.now() >= frameEnd) break
      }
      while (performance.now() < frameEnd) {
        // Nothing more to compute in this frame: the worker waits for the next command.
      }
      cursorMs += FRAME_MS * SPEED
      session.cursor(cursorMs, true, SPEED)
    }
  }
  /** Until kubectl's answer to `requestId`; its results, one line. */
  const answer = (requestId: number): string => {
    for (;;) {
      const r = session.computeSome(250)
      const applied = r.events.find((e) => e.type === 'applied' && e.requestId === requestId)
      if (applied?.type === 'applied')
        return applied.results.map((x) => `${x.name} ${x.action ?? x.code}`).join(', ')
      const error = r.events.find(
        (e) => (e.type === 'error' || e.type === 'parse-error') && e.requestId === requestId,
      )
      if (error) throw new Error(`re-apply ${requestId} failed: ${JSON.stringify(error)}`)
      if (!r.more && !r.spareWork) throw new Error(`re-apply ${requestId} was never answered`)
    }
  }
  session.load({ seed: 1, clusterYaml: zonedCluster(options.workers).yaml, actions: [] })
  session.apply(1, yaml(options.replicas), 0)
  session.cursor(0, true, SPEED)
  answer(1)
  // The rollout, on screen for a while before the user applies again.
  play(options.warmupMs)
  const latencies: number[] = []
  const answers: string[] = []
  let messages = 0
  for (let i = 0; i < options.applies; i++) {
    const t0 = performance.now()
    session.apply(2 + i, yaml(options.replicas - ((i + 1) % 2)), Math.round(cursorMs))
    answers.push(answer(2 + i))
    latencies.push(performance.now() - t0)
    messages = session.cluster?.kernel.messageCount ?? 0
    play(options.pauseMs)
  }
  return { latencies, answers, messages }
}
