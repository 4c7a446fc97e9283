/**
 * The editor panel: the workload tab (what Apply sends, with templates, and who kubectl is) and
 * the cluster tab (the Nodes, users and RBAC, with reset to the default, and the import of a real
 * cluster's `kubectl get nodes,pods -A -o yaml`). Monaco is loaded lazily so the graph shows first;
 * the cluster tab is a chunk of its own, fetched when first opened (lazy.tsx).
 */
import { useState } from 'react'
import { ADMIN_USER } from '../protocol/messages'
import { applyWorkload } from './actions'
import { saveDraft } from './autosave/draft'
import { LazyYamlEditor } from './editor/LazyYamlEditor'
import { TEMPLATES, templateDescription, templateTitle } from './editor/templates'
import { useT } from './i18n/i18n'
import { ClusterTab, Loading } from './lazy'
import { useStore } from './store/store'

type Tab = 'workload' | 'cluster'

export function EditorPanel() {
  const [tab, setTab] = useState<Tab>('workload')
  const t = useT()
  const workloadYaml = useStore((s) => s.workloadYaml)
  const problems = useStore((s) => s.problems)
  const applying = useStore((s) => s.applying)
  const users = useStore((s) => s.users)
  const applyAs = useStore((s) => s.applyAs)

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
          <LazyYamlEditor
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
        </>
      ) : (
        <Loading>
          <ClusterTab />
        </Loading>
      )}
    </section>
  )
}
