/**
 * The editor panel: the workload tab (what Apply sends, with templates, and who kubectl is) and
 * the cluster tab (the Nodes, users and RBAC, with reset to the default, and the import of a real
 * cluster's `kubectl get nodes,pods -A -o yaml`). Monaco is loaded lazily so the graph shows first.
 */
import { lazy, Suspense, useState } from 'react'
import { ADMIN_USER } from '../protocol/messages'
import { applyWorkload, nodesToYaml, reloadCluster } from './actions'
import { saveDraft } from './autosave/draft'
import { TEMPLATES, templateDescription, templateTitle } from './editor/templates'
import { useT } from './i18n/i18n'
import { ImportCluster } from './import-cluster/ImportCluster'
import { useStore } from './store/store'

const YamlEditor = lazy(() => import('./editor/YamlEditor'))

type Tab = 'workload' | 'cluster'

export function EditorPanel() {
  const [tab, setTab] = useState<Tab>('workload')
  const t = useT()
  const workloadYaml = useStore((s) => s.workloadYaml)
  const problems = useStore((s) => s.problems)
  const applying = useStore((s) => s.applying)
  const users = useStore((s) => s.users)
  const applyAs = useStore((s) => s.applyAs)
  const nodes = useStore((s) => s.nodes)
  const clusterYaml = useStore((s) => s.clusterYaml)
  const clusterProblems = useStore((s) => s.clusterProblems)
  const clusterDraft = useStore((s) => s.clusterDraft) ?? (clusterYaml || nodesToYaml(nodes))

  return (
    <section className="editor-panel" aria-label={t('editor.panel')}>
      <div className="tabs" role="tablist" aria-label={t('editor.tabs')}>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'workload'}
          onClick={() => setTab('workload')}
          data-testid="tab-workload"
        >
          {t('editor.workload')}
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'cluster'}
          onClick={() => setTab('cluster')}
          data-testid="tab-cluster"
        >
          {t('editor.cluster')}
        </button>
      </div>
      {tab === 'workload' ? (
        <>
          <div className="editor-actions">
            <label>
              <span className="visually-hidden">{t('editor.template')}</span>
              <select
                aria-label={t('editor.template')}
                data-testid="template"
                value=""
                onChange={(e) => {
                  const chosen = TEMPLATES.find((x) => x.id === e.target.value)
                  if (!chosen) return
                  useStore.setState({ workloadYaml: chosen.yaml, problems: [] })
                  saveDraft({ workload: chosen.yaml })
                }}
              >
                <option value="">{t('editor.templatesPrompt')}</option>
                {TEMPLATES.map((x) => (
                  <option key={x.id} value={x.id} title={templateDescription(x, t)}>
                    {templateTitle(x, t)}
                  </option>
                ))}
              </select>
            </label>
            <label className="apply-as">
              <span className="visually-hidden">{t('editor.applyAs')}</span>
              <select
                aria-label={t('editor.applyAsLabel')}
                title={t('editor.applyAsTitle')}
                data-testid="apply-as"
                value={applyAs}
                onChange={(e) => useStore.setState({ applyAs: e.target.value })}
              >
                {[ADMIN_USER, ...users].map((u) => (
                  <option key={u} value={u}>
                    {u}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="primary"
              onClick={() => void applyWorkload()}
              disabled={applying}
              title={t('editor.applyTitle')}
              data-testid="apply"
            >
              {t('editor.apply')}
            </button>
          </div>
          <Suspense fallback={<EditorFallback />}>
            <YamlEditor
              value={workloadYaml}
              onChange={(v: string) => {
                useStore.setState({ workloadYaml: v })
                saveDraft({ workload: v })
              }}
              onApply={() => void applyWorkload()}
              problems={problems}
              ariaLabel={t('editor.workloadYaml')}
              testId="workload-editor"
              uri="file:///workload.yaml"
            />
          </Suspense>
        </>
      ) : (
        <>
          <div className="editor-actions">
            <ImportCluster />
            <button type="button" onClick={() => void reloadCluster('')} data-testid="cluster-reset">
              {t('editor.reset')}
            </button>
            <button
              type="button"
              className="primary"
              onClick={() => void reloadCluster(clusterDraft)}
              data-testid="cluster-apply"
            >
              {t('editor.useCluster')}
            </button>
          </div>
          <Suspense fallback={<EditorFallback />}>
            <YamlEditor
              value={clusterDraft}
              onChange={(v: string) => {
                useStore.setState({ clusterDraft: v })
                saveDraft({ clusterDraft: v })
              }}
              onApply={() => void reloadCluster(clusterDraft)}
              problems={clusterProblems}
              ariaLabel={t('editor.clusterYaml')}
              testId="cluster-editor"
              uri="file:///cluster.yaml"
            />
          </Suspense>
        </>
      )}
    </section>
  )
}

function EditorFallback() {
  const t = useT()
  return (
    <div className="editor-fallback" data-testid="editor-loading">
      {t('editor.loading')}
    </div>
  )
}
