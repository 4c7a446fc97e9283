/**
 * The view rendered to static HTML (Node, no DOM): the test ids, the table's semantics (caption,
 * scoped headers) and the marks the integration and e2e tests rely on.
 */
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { SchedulingAttempt } from '../../protocol/messages'
import type { ScoreMode } from './explain'
import { SchedulingView } from './SchedulingView'
import { applyAt, nodeYaml, podYaml, simulateAttempts, THREE_NODES } from './testing'

function render(
  attempts: readonly SchedulingAttempt[],
  mode: ScoreMode = 'weighted',
  chosen?: number,
): string {
  return renderToStaticMarkup(
    createElement(SchedulingView, {
      attempts,
      chosen,
      onChoose: () => {},
      mode,
      onMode: () => {},
      emptyText: 'Not scheduled yet.',
    }),
  )
}

/** The opening tags of the rows, in order. */
const rowTags = (html: string) => html.match(/<tr [^>]*data-testid="scheduling-row"[^>]*>/g) ?? []

describe('SchedulingView', () => {
  const tie = simulateAttempts(
    nodeYaml('a', '4') + nodeYaml('b', '4') + nodeYaml('c', '2'),
    [applyAt(podYaml('web', '500m'))],
    'default/web',
  )

  it('shows the answer, a captioned table with scoped headers, and one row per node', () => {
    const html = render(tie)
    expect(html).toContain(
      '<p class="sched-answer result-Scheduled" data-testid="scheduling-answer">Scheduled on a: a tie between a and b at 486, broken at random (seeded); ahead of c (474).</p>',
    )
    expect(html).toContain(
      '<caption>Attempt 1 at 0.056 s: Filter and Score, node by node. Tie-break: 2 nodes shared the top total 486; the scheduler picked a among them at random (seeded).</caption>',
    )
    expect(html).toContain('<th scope="colgroup" colSpan="4" class="sched-group">Filter</th>')
    expect(html).toContain('<th scope="col" title="NodeResourcesFit" data-plugin="NodeResourcesFit">Fit</th>')
    expect(rowTags(html)).toEqual([
      '<tr class="sched-row winner tie" data-testid="scheduling-row" data-node="a" data-winner="true" data-feasible="true">',
      '<tr class="sched-row tie" data-testid="scheduling-row" data-node="b" data-winner="false" data-feasible="true">',
      '<tr class="sched-row" data-testid="scheduling-row" data-node="c" data-winner="false" data-feasible="true">',
    ])
    expect(html).toContain(
      '<th scope="row" class="sched-node">a<span class="sched-badge win">selected</span>',
    )
    expect(html).toContain('data-testid="scheduling-attempt"')
    expect(html).toContain('data-testid="score-mode"')
  })

  it('shows the chosen score mode; the total stays the weighted sum', () => {
    const raw = render(tie, 'raw')
    // b's raw TaintToleration score is 0; weighted it is 300 (weight 3 × normalized 100).
    expect(raw).toContain('<td class="num" data-score-plugin="TaintToleration">0</td>')
    expect(render(tie, 'weighted')).toContain('<td class="num" data-score-plugin="TaintToleration">300</td>')
    expect(raw).toContain('<td class="num total">486</td>')
  })

  it('shows a rejected node with its reason per plugin and the plugin that rejected it', () => {
    const [a] = simulateAttempts(THREE_NODES, [applyAt(podYaml('web', '3', '6Gi'))], 'default/web')
    const html = render(a ? [a] : [])
    expect(html).toContain(
      '<td data-plugin="TaintToleration" class="fail reason" title="TaintToleration: node(s) had untolerated taint {dedicated: gpu}">had untolerated taint {dedicated: gpu}</td>',
    )
    expect(html).toContain(
      '<td data-plugin="NodeResourcesFit" class="fail reason" title="NodeResourcesFit: Insufficient cpu, Insufficient memory">Insufficient cpu +1</td>',
    )
    expect(html).toContain(
      '<td class="fail" data-rejected-by="NodeResourcesFit" title="rejected by NodeResourcesFit: Insufficient cpu, Insufficient memory"><span aria-hidden="true">✗ </span><span class="visually-hidden">rejected by </span>Fit</td>',
    )
    expect(html).toContain('data-testid="scheduling-message">FailedScheduling: 0/3 nodes are available:')
    // No Score ran, so no score mode to choose.
    expect(html).not.toContain('score-mode')
    expect(rowTags(html).every((t) => t.includes('data-feasible="false"'))).toBe(true)
  })

  it('opens on the latest attempt and lets an older one be chosen', () => {
    const attempts = simulateAttempts(
      nodeYaml('only', '2'),
      [
        applyAt(`apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 1000
${podYaml('low', '1500m')}`),
        applyAt(podYaml('high', '1500m', '256Mi', 'priorityClassName: high'), 3_000),
      ],
      'default/high',
      20_000,
    )
    expect(render(attempts)).toContain('Scheduled on only: the only node, so Score was skipped.')
    expect(render(attempts)).toContain('<option value="1" selected="">#2 · 5.027 s · Scheduled</option>')
    expect(render(attempts, 'weighted', 0)).toContain('Preemption nominated only and evicts default/low')
  })

  it('says so when there is no attempt', () => {
    expect(render([])).toBe('<p class="muted" data-testid="scheduling-empty">Not scheduled yet.</p>')
  })
})
