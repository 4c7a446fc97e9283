/**
 * The large clusters of the library: a tainted control-plane and `workers` workers spread over
 * three zones, in three sizes in turn (three workers, one per zone, of each), as Cluster-tab YAML.
 */

const ZONES = ['zone-a', 'zone-b', 'zone-c'] as const
const SIZES = [
  { cpu: '4', memory: '16Gi' },
  { cpu: '8', memory: '32Gi' },
  { cpu: '16', memory: '64Gi' },
] as const

export interface ZonedCluster {
  /** The Node documents, `---`-separated. */
  readonly yaml: string
  /** Zero-padded to the digits of the node count: node-001 … node-099 in a 100-node cluster. */
  readonly workerName: (i: number) => string
  readonly workerSize: (i: number) => (typeof SIZES)[number]
}

export function zonedCluster(workers: number): ZonedCluster {
  const width = String(workers + 1).length
  const workerName = (i: number): string => `node-${String(i).padStart(width, '0')}`
  const workerSize = (i: number) =>
    SIZES[Math.floor((i - 1) / ZONES.length) % SIZES.length] as (typeof SIZES)[number]
  const docs = [
    `apiVersion: v1
kind: Node
metadata:
  name: control-plane
  labels:
    node-role.kubernetes.io/control-plane: ""
    topology.kubernetes.io/zone: zone-a
spec:
  taints:
  - key: node-role.kubernetes.io/control-plane
    effect: NoSchedule
status:
  capacity: {cpu: "4", memory: 16Gi}
`,
  ]
  for (let i = 1; i <= workers; i++) {
    const size = workerSize(i)
    docs.push(`apiVersion: v1
kind: Node
metadata:
  name: ${workerName(i)}
  labels:
    topology.kubernetes.io/zone: ${ZONES[(i - 1) % ZONES.length]}
status:
  capacity: {cpu: "${size.cpu}", memory: ${size.memory}}
`)
  }
  return { yaml: docs.join('---\n'), workerName, workerSize }
}
