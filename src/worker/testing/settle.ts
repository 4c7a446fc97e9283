/** Test helper: compute a session until it has nothing more to do, the mirror taking every event. */
import type { Session } from '../session'
import type { Mirror } from './mirror'

export function settle(session: Session, mirror: Mirror, budget = 500): void {
  for (let i = 0; i < 10_000; i++) {
    const r = session.computeSome(budget)
    mirror.take(r.events)
    if (!r.more) return
  }
  throw new Error('session did not settle')
}
