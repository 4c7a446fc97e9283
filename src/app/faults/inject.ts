/**
 * Injecting a what-if fault at the cursor: the worker forks the run there; what it says about the
 * fault goes to the apply log, and playback goes on from that moment (teaching mode stays paused).
 */
import type { FaultInput } from '../../protocol/messages'
import { injectFault } from '../bridge'
import { cursorNow, play } from '../playback'
import { useStore } from '../store/store'
import { useTeaching } from '../teaching/teaching-store'

/** A fault without its time: the panel fills in the cursor's. */
export type FaultAt = FaultInput extends infer F
  ? F extends { atMs: number }
    ? Omit<F, 'atMs'>
    : never
  : never

export async function injectAtCursor(fault: FaultAt): Promise<void> {
  const atMs = Math.round(cursorNow())
  useStore.setState({ playing: false })
  try {
    const outcome = await injectFault({ ...fault, atMs } as FaultInput)
    if (outcome.type === 'parse-error') {
      useStore.setState({
        applyLog: outcome.problems.map((p) => ({ text: `error: ${p.message}`, ok: false, atMs })),
      })
      return
    }
    useStore.setState({
      applyLog: (outcome.output ?? []).map((l) => ({ text: l.text, ok: l.stream === 'stdout', atMs })),
      cursorMs: atMs,
      selectedMessageId: undefined,
    })
    if (!useTeaching.getState().enabled) play()
  } catch (error) {
    useStore.setState({ applyLog: [{ text: `error: ${(error as Error).message}`, ok: false, atMs }] })
  }
}
