/**
 * The cluster tab's text: the running cluster's Nodes as short, editable YAML, with the scheduler's
 * configuration as the user wrote it. Only the cluster tab needs it (with the YAML library), so it
 * is part of that tab's chunk.
 */
import { isMap, parseAllDocuments, stringify } from 'yaml'
import type { Node } from '../../api/types'
import { useStore } from '../store/store'

/**
 * The cluster's Nodes as short, editable YAML: name, labels, taints, capacity. When the running
 * scenario configures kube-scheduler, its KubeSchedulerConfiguration follows as the last
 * document, as written. `clusterYaml` is the scenario's cluster text (by default the running
 * scenario's, from the store).
 */
export function nodesToYaml(
  nodes: readonly Node[],
  clusterYaml: string = useStore.getState().scenario?.clusterYaml ?? '',
): string {
  const docs = nodes.map((n) => {
    const labels = Object.fromEntries(
      Object.entries(n.metadata?.labels ?? {}).filter(
        ([k]) =>
          !k.startsWith('beta.kubernetes.io/') &&
          k !== 'kubernetes.io/arch' &&
          k !== 'kubernetes.io/os' &&
          k !== 'kubernetes.io/hostname',
      ),
    )
    const capacity = n.status?.capacity ?? {}
    return {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name: n.metadata?.name, ...(Object.keys(labels).length ? { labels } : {}) },
      ...(n.spec?.taints?.length ? { spec: { taints: n.spec.taints } } : {}),
      status: { capacity: { cpu: capacity.cpu, memory: capacity.memory, pods: capacity.pods } },
    }
  })
  const config = schedulerConfigurationYaml(clusterYaml)
  return [...docs.map((d) => stringify(d)), ...(config ? [config] : [])].join('---\n')
}

/**
 * The KubeSchedulerConfiguration document of a cluster text, as the user wrote it (comments
 * kept, without its `---` line), or undefined when there is none.
 */
export function schedulerConfigurationYaml(clusterYaml: string): string | undefined {
  if (!clusterYaml.includes('KubeSchedulerConfiguration')) return undefined
  // A document runs from where the previous one ends (its leading comments included).
  let start = 0
  for (const doc of parseAllDocuments(clusterYaml)) {
    const from = start
    start = doc.range[2]
    if (doc.errors.length || !isMap(doc.contents)) continue
    if ((doc.get('kind') as unknown) !== 'KubeSchedulerConfiguration') continue
    const text = clusterYaml.slice(from, doc.range[2]).replace(/^---[^\n]*\n/, '')
    return text.endsWith('\n') ? text : `${text}\n`
  }
  return undefined
}
