/**
 * The app shell. The full browser app (graph, editor, playback) is built on the simulation's
 * trace in its own issue; this shell already runs the simulation in a Web Worker and shows the
 * Events the cluster recorded for the default nginx Pod.
 */
import { useEffect, useState } from 'react'
import type { RunOutcome } from '../protocol/messages'
import { runScenario } from './simulation'

const DEFAULT_POD = `apiVersion: v1
kind: Pod
metadata:
  name: nginx
spec:
  containers:
  - name: nginx
    image: nginx
`

export function App() {
  const [outcome, setOutcome] = useState<RunOutcome | undefined>()
  const [error, setError] = useState<string | undefined>()
  useEffect(() => {
    runScenario(DEFAULT_POD).then(setOutcome, (e: Error) => setError(e.message))
  }, [])
  return (
    <main className="shell" data-testid="app-shell">
      <header>
        <h1>podflow</h1>
        <p>Watch a simulated Kubernetes v1.33 control plane create your Pod, message by message.</p>
      </header>
      <pre className="manifest">{DEFAULT_POD}</pre>
      {error && (
        <p role="alert" data-testid="sim-error">
          {error}
        </p>
      )}
      {outcome && <Outcome outcome={outcome} />}
    </main>
  )
}

function Outcome({ outcome }: { outcome: RunOutcome }) {
  return (
    <section data-testid="sim-outcome">
      <p>
        {outcome.messageCount} messages in {(outcome.endMs / 1000).toFixed(3)} s of simulated time.
        {outcome.pods.map((p) => (
          <span key={p.metadata?.uid} data-testid="pod-phase">
            {' '}
            Pod {p.metadata?.name}: {p.status?.phase} on {p.spec?.nodeName ?? '(not scheduled)'}
          </span>
        ))}
      </p>
      <table className="events" data-testid="events">
        <thead>
          <tr>
            <th>Type</th>
            <th>Reason</th>
            <th>Object</th>
            <th>Message</th>
          </tr>
        </thead>
        <tbody>
          {outcome.events.map((e) => (
            <tr key={e.metadata?.name} data-testid="event-row">
              <td>{e.type}</td>
              <td>{e.reason}</td>
              <td>
                {e.involvedObject?.kind?.toLowerCase()}/{e.involvedObject?.name}
              </td>
              <td>{e.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
