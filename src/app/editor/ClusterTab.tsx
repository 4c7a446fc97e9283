/**
 * The editor panel's cluster tab: the Nodes, users and RBAC as YAML, with reset to the default and
 * the import of a real cluster's `kubectl get nodes,pods -A -o yaml`. A chunk of its own (with
 * the YAML library and the importer), fetched when the tab is first opened (lazy.tsx).
 */
import { reloadCluster } from '../actions'
import { saveDraft } from '../autosave/draft'
import { useT } from '../i18n/i18n'
import { ImportCluster } from '../import-cluster/ImportCluster'
import { useStore } from '../store/store'
import { nodesToYaml } from './cluster-yaml'
import { LazyYamlEditor } from './LazyYamlEditor'

export function ClusterTab() {
  const t = useT()
  const nodes = useStore((s) => s.nodes)
  const clusterYaml = useStore((s) => s.clusterYaml)
  const clusterProblems = useStore((s) => s.clusterProblems)
  const clusterDraft = useStore((s) => s.clusterDraft) ?? (clusterYaml || nodesToYaml(nodes))
  return (
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
      <LazyYamlEditor
        value={clusterDraft}
        onChange={(v: string) => {
          useStore.setState({ clusterDraft: v })
          saveDraft({ clusterDraft: v })
        }}
        onApply={() => void reloadCluster(clusterDraft)}
        problems={clusterProblems}
        onProblemsEdited={(kept) => useStore.setState({ clusterProblems: kept })}
        ariaLabel={t('editor.clusterYaml')}
        testId="cluster-editor"
        uri="file:///cluster.yaml"
      />
    </>
  )
}
