/**
 * The editor panel: the workload tab (what Apply sends, with templates, and who kubectl is) and
 * the cluster tab (the Nodes, users and RBAC, with reset to the default, and the import of a real
 * cluster's `kubectl get nodes,pods -A -o yaml`). Monaco is loaded lazily so the graph shows first;
 * the cluster tab is a chunk of its own, fetched when first opened (lazy.tsx).
 */
import { type KeyboardEvent, useState } from 'react'
import { ADMIN_USER } from '../protocol/messages'
import { applyWorkload } from './actions'
import { saveDraft } from './autosave/draft'
import { LazyYamlEditor } from './editor/LazyYamlEditor'
import { TEMPLATES, templateDescription, templateTitle } from './editor/templates'
import { useT } from './i18n/i18n'
import { ClusterTab, Loading } from './lazy'
import { useStore } from './store/store'

type Tab = 'workload' | 'cluster'

const TABS: readonly Tab[] = ['workload', 'cluster']

export function EditorPanel() {
  const [tab, setTab] = useState<Tab>('workload')
  const t = useT()
  const workloadYaml = useStore((s) => s.workloadYaml)
  const problems = useStore((s) => s.problems)
  const applying = useStore((s) => s.applying)
  const users = useStore((s) => s.users)
  const applyAs = useStore((s) => s.applyAs)

  // The WAI-ARIA tabs pattern, as in the dock: one tab in the Tab order, ← / → (Home / End) move
  // between tabs and show them.
  const onTabKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = TABS.indexOf(tab)
    const to: Record<string, number> = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: TABS.length - 1 }
    if (!(e.key in to)) return
    e.preventDefault()
    e.stopPropagation() // not the playback shortcuts
    const next = TABS[((to[e.key] as number) + TABS.length) % TABS.length] as Tab
    setTab(next)
    document.getElementById(`editor-tab-${next}`)?.focus()
  }

  return (
    <section className="editor-panel" aria-label={t('editor.panel')}>
      <div className="tabs" role="tablist" aria-label={t('editor.tabs')} onKeyDown={onTabKey} tabIndex={-1}>
        {TABS.map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`editor-tab-${id}`}
            aria-selected={tab === id}
            aria-controls="editor-tabpanel"
            tabIndex={tab === id ? 0 : -1}
            onClick={() => setTab(id)}
            data-testid={`tab-${id}`}
          >
            {t(`editor.${id}`)}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id="editor-tabpanel"
        aria-labelledby={`editor-tab-${tab}`}
        className="editor-tabpanel"
      >
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
              onProblemsEdited={(kept) => useStore.setState({ problems: kept })}
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
        {/* Monaco keeps Tab for indenting: how to leave it with the keyboard (WCAG 2.1.2, no trap). */}
        <p className="editor-keys muted" data-testid="editor-keys">
          {t('editor.keys')}
        </p>
      </div>
    </section>
  )
}
