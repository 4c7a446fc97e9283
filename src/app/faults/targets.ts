/**
 * What the what-if panel can act on at the cursor: the selected message if it is on the wire, the
 * focused Pod's running containers and images, the nodes, and the cluster's webhook servers.
 */
import { parseAllDocuments } from 'yaml'
import type { Pod } from '../../api/types'
import type { MessageView } from '../../protocol/messages'

/** The selected message if it is in flight at `atMs` (sent, not yet delivered, not lost). */
export function inFlightAt(m: MessageView | undefined, atMs: number): MessageView | undefined {
  if (!m || m.kind === 'step') return undefined
  if (m.sentAtMs > atMs || m.deliverAtMs <= atMs) return undefined
  if (m.lostAtMs !== undefined && m.lostAtMs <= atMs) return undefined
  return m
}

/** Containers of `pod` running now (what crash-container can act on). */
export function runningContainers(pod: Pod | null | undefined): string[] {
  return (pod?.status?.containerStatuses ?? []).filter((c) => c.state?.running).map((c) => c.name)
}

/** The images `pod` uses, init containers included, without repeats. */
export function imagesOf(pod: Pod | null | undefined): string[] {
  const images = [...(pod?.spec?.initContainers ?? []), ...(pod?.spec?.containers ?? [])].map(
    (c) => c.image ?? '',
  )
  return [...new Set(images.filter((i) => i !== ''))]
}

/** `namespace/name` of the WebhookServer documents in the cluster tab's YAML (invalid YAML: none). */
export function webhookServers(clusterYaml: string): string[] {
  const out: string[] = []
  try {
    for (const doc of parseAllDocuments(clusterYaml)) {
      const o = doc.toJS() as { kind?: string; metadata?: { name?: string; namespace?: string } } | null
      if (o?.kind === 'WebhookServer' && o.metadata?.name)
        out.push(o.metadata.namespace ? `${o.metadata.namespace}/${o.metadata.name}` : o.metadata.name)
    }
  } catch {
    return []
  }
  return out
}
