/**
 * "What if…": break something at the cursor and watch the future be recomputed. Offers what makes
 * sense now: drop or delay the selected message while it is on the wire, crash a running container
 * of the focused Pod or make pulls of its images fail, stop a node or cut its kubelet off, make
 * etcd slow, or make a webhook server stop answering. Each button injects a fault (faults are
 * scenario actions, so a share link carries them).
 */
import './faults.css'
import { useState } from 'react'
import type { Pod } from '../../api/types'
import { dropProblem } from '../../protocol/messages'
import { useT } from '../i18n/i18n'
import { revisionAt } from '../model/objects'
import { messageById } from '../model/trace-index'
import { useStore } from '../store/store'
import { injectAtCursor } from './inject'
import { imagesOf, inFlightAt, runningContainers, webhookServers } from './targets'

const DELAY_S = 5

export function WhatIfPanel() {
  const t = useT()
  const cursorMs = useStore((s) => s.cursorMs)
  const selected = useStore((s) =>
    s.selectedMessageId === undefined ? undefined : messageById(s.messages, s.selectedMessageId),
  )
  const podKey = useStore((s) => s.focusedPodKey)
  const pod = useStore((s) =>
    podKey ? revisionAt(s.revisions.get(podKey) ?? [], s.cursorMs)?.object : undefined,
  ) as Pod | null | undefined
  const nodes = useStore((s) => s.nodes)
  const clusterYaml = useStore((s) => s.scenario?.clusterYaml ?? '')
  const [node, setNode] = useState<string>('')
  const [busy, setBusy] = useState(false)
  const message = inFlightAt(selected, cursorMs)
  const podName = pod?.metadata?.name
  const namespace = pod?.metadata?.namespace ?? 'default'
  const nodeNames = nodes.map((n) => n.metadata?.name ?? '').filter((n) => n !== '')
  const chosenNode = node || pod?.spec?.nodeName || nodeNames[0] || ''
  const servers = webhookServers(clusterYaml)
  const run = (fault: Parameters<typeof injectAtCursor>[0]) => {
    setBusy(true)
    void injectAtCursor(fault).finally(() => setBusy(false))
  }
  const notDroppable = message ? dropProblem(message) : undefined
  return (
    <section className="what-if" aria-label={t('faults.title')} data-testid="what-if" aria-busy={busy}>
      <h3>{t('faults.title')}</h3>
      <p className="muted">{t('faults.hint', { seconds: `${(cursorMs / 1000).toFixed(3)} s` })}</p>
      {message ? (
        <div className="what-if-row" data-testid="what-if-message" data-message-id={message.id}>
          <span>
            {t('faults.message', { id: message.id })}: <code>{message.summary}</code>
          </span>
          <span className="what-if-actions">
            {notDroppable === undefined && (
              <button
                type="button"
                disabled={busy}
                data-testid="fault-drop"
                onClick={() => run({ type: 'drop-message', messageId: message.id })}
              >
                {t('faults.drop')}
              </button>
            )}
            <button
              type="button"
              disabled={busy}
              data-testid="fault-delay"
              onClick={() => run({ type: 'delay-message', messageId: message.id, delayMs: DELAY_S * 1000 })}
            >
              {t('faults.delay', { seconds: DELAY_S })}
            </button>
          </span>
        </div>
      ) : (
        <p className="muted">{t('faults.noMessage')}</p>
      )}
      {podName && (
        <div className="what-if-row" data-testid="what-if-pod">
          <span>{t('faults.pod', { pod: `${namespace}/${podName}` })}</span>
          <span className="what-if-actions">
            {runningContainers(pod).map((container) => (
              <button
                key={container}
                type="button"
                disabled={busy}
                data-testid="fault-crash"
                data-container={container}
                onClick={() => run({ type: 'crash-container', namespace, pod: podName, container })}
              >
                {t('faults.crash', { container })}
              </button>
            ))}
          </span>
          {imagesOf(pod).map((image) => (
            <span key={image} className="what-if-actions">
              {t('faults.pullFails', { image })}{' '}
              {(['not-found', 'unauthorized', 'unavailable'] as const).map((mode) => (
                <button
                  key={mode}
                  type="button"
                  disabled={busy}
                  data-testid="fault-pull"
                  data-image={image}
                  data-mode={mode}
                  onClick={() => run({ type: 'image-pull-failure', image, mode })}
                >
                  {t(
                    mode === 'not-found'
                      ? 'faults.notFound'
                      : mode === 'unauthorized'
                        ? 'faults.unauthorized'
                        : 'faults.unavailable',
                  )}
                </button>
              ))}
            </span>
          ))}
        </div>
      )}
      <div className="what-if-row">
        <label>
          {t('faults.node')}{' '}
          <select value={chosenNode} onChange={(e) => setNode(e.target.value)} data-testid="fault-node">
            {nodeNames.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <span className="what-if-actions">
          <button
            type="button"
            disabled={busy || !chosenNode}
            data-testid="fault-node-stop"
            onClick={() => run({ type: 'node-down', node: chosenNode, mode: 'stop' })}
          >
            {t('faults.stop')}
          </button>
          <button
            type="button"
            disabled={busy || !chosenNode}
            data-testid="fault-node-unreachable"
            onClick={() => run({ type: 'node-down', node: chosenNode, mode: 'unreachable' })}
          >
            {t('faults.unreachable')}
          </button>
        </span>
      </div>
      <div className="what-if-row">
        <span>{t('faults.etcd')}</span>
        <span className="what-if-actions">
          <button
            type="button"
            disabled={busy}
            data-testid="fault-slow-etcd"
            onClick={() => run({ type: 'slow-etcd', factor: 10 })}
          >
            {t('faults.slowEtcd')}
          </button>
        </span>
      </div>
      {servers.map((server) => (
        <div key={server} className="what-if-row">
          <span>{t('faults.webhook', { server })}</span>
          <span className="what-if-actions">
            <button
              type="button"
              disabled={busy}
              data-testid="fault-webhook"
              onClick={() => run({ type: 'webhook-timeout', server })}
            >
              {t('faults.webhookTimeout')}
            </button>
          </span>
        </div>
      ))}
      {notDroppable && <p className="muted">{t('faults.notDroppable', { reason: notDroppable })}</p>}
    </section>
  )
}
