/**
 * The editor panel: the workload tab (what Apply sends, with templates, and who kubectl is) and
 * the cluster tab (the Nodes, users and RBAC, with reset to the default). Monaco is loaded lazily
 * so the graph shows first.
 */
import { lazy, Suspense, useEffect, useState } from 'react'
import { ADMIN_USER } from '../protocol/messages'
import { applyWorkload, nodesToYaml, reloadCluster } from './actions'
import { TEMPLATES } from './editor/templates'
import { useStore } from './store/store'

const YamlEditor = lazy(() => import('./editor/YamlEditor'))

type Tab = 'workload' | 'cluster'

export function EditorPanel() {
  const [tab, setTab] = useState<Tab>('workload')
  const workloadYaml = useStore((s) => s.workloadYaml)
  const problems = useStore((s) => s.problems)
  const applying = useStore((s) => s.applying)
  const users = useStore((s) => s.users)
  const applyAs = useStore((s) => s.applyAs)
  const nodes = useStore((s) => s.nodes)
  const clusterYaml = useStore((s) => s.clusterYaml)
  const clusterProblems = useStore((s) => s.clusterProblems)
  const [clusterDraft, setClusterDraft] = useState('')
  useEffect(() => {
    setClusterDraft(clusterYaml || nodesToYaml(nodes))
  }, [clusterYaml, nodes])

  return (
    <section className="editor-panel" aria-label="Manifests">
      <div className="tabs" role="tablist" aria-label="Editor">
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'workload'}
          onClick={() => setTab('workload')}
          data-testid="tab-workload"
        >
          Workload
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'cluster'}
          onClick={() => setTab('cluster')}
          data-testid="tab-cluster"
        >
          Cluster
        </button>
      </div>
      {tab === 'workload' ? (
        <>
          <div className="editor-actions">
            <label>
              <span className="visually-hidden">Template</span>
              <select
                aria-label="Template"
                data-testid="template"
                value=""
                onChange={(e) => {
                  const t = TEMPLATES.find((x) => x.id === e.target.value)
                  if (t) useStore.setState({ workloadYaml: t.yaml, problems: [] })
                }}
              >
                <option value="">Templates…</option>
                {TEMPLATES.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.title}
                  </option>
                ))}
              </select>
            </label>
            <label className="apply-as">
              <span className="visually-hidden">Apply as</span>
              <select
                aria-label="Apply as user"
                title="The user kubectl authenticates as"
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
              title="kubectl apply at the current time (Ctrl/Cmd+Enter)"
              data-testid="apply"
            >
              Apply
            </button>
          </div>
          <Suspense fallback={<EditorFallback />}>
            <YamlEditor
              value={workloadYaml}
              onChange={(v: string) => useStore.setState({ workloadYaml: v })}
              onApply={() => void applyWorkload()}
              problems={problems}
              ariaLabel="Workload YAML"
              testId="workload-editor"
              uri="file:///workload.yaml"
            />
          </Suspense>
        </>
      ) : (
        <>
          <div className="editor-actions">
            <button type="button" onClick={() => void reloadCluster('')} data-testid="cluster-reset">
              Reset to default
            </button>
            <button
              type="button"
              className="primary"
              onClick={() => void reloadCluster(clusterDraft)}
              data-testid="cluster-apply"
            >
              Use this cluster
            </button>
          </div>
          <Suspense fallback={<EditorFallback />}>
            <YamlEditor
              value={clusterDraft}
              onChange={setClusterDraft}
              onApply={() => void reloadCluster(clusterDraft)}
              problems={clusterProblems}
              ariaLabel="Cluster YAML"
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
  return (
    <div className="editor-fallback" data-testid="editor-loading">
      Loading editor…
    </div>
  )
}
