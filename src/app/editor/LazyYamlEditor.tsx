/**
 * The YAML editor as the panels use it: Monaco is a chunk of its own (several MB), fetched when an
 * editor is first shown, after the graph; until then a short "Loading editor…".
 */
import { lazy, Suspense } from 'react'
import { useT } from '../i18n/i18n'
import type { YamlEditorProps } from './YamlEditor'

const YamlEditor = lazy(() => import('./YamlEditor'))

export function LazyYamlEditor(props: YamlEditorProps) {
  return (
    <Suspense fallback={<EditorFallback />}>
      <YamlEditor {...props} />
    </Suspense>
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
