import { describe, expect, it } from 'vitest'
import type { Node } from '../../api/types'
import { useStore } from '../store/store'
import { nodesToYaml, schedulerConfigurationYaml } from './cluster-yaml'

const NODE: Node = {
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name: 'worker-1', labels: { 'kubernetes.io/hostname': 'worker-1', zone: 'a' } },
  status: { capacity: { cpu: '4', memory: '8Gi', pods: '110', 'ephemeral-storage': '1Gi' } },
}

const CONFIG = `# pack Pods
apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
profiles:
- pluginConfig:
  - name: NodeResourcesFit
    args: {scoringStrategy: {type: MostAllocated}}
`

describe('the cluster tab text', () => {
  it('lists the Nodes, short', () => {
    expect(nodesToYaml([NODE], '')).toBe(
      'apiVersion: v1\nkind: Node\nmetadata:\n  name: worker-1\n  labels:\n    zone: a\nstatus:\n  capacity:\n    cpu: "4"\n    memory: 8Gi\n    pods: "110"\n',
    )
  })

  it('ends with the scenario’s scheduler configuration, as written', () => {
    const clusterYaml = `apiVersion: v1\nkind: Node\nmetadata: {name: worker-1}\n---\n${CONFIG}`
    const text = nodesToYaml([NODE], clusterYaml)
    expect(text.endsWith(`---\n${CONFIG}`)).toBe(true)
    expect(text.split('---\n')).toHaveLength(2)
  })

  it('reads the running scenario from the store by default', () => {
    useStore.setState({ scenario: { seed: 1, clusterYaml: CONFIG, actions: [] } })
    expect(nodesToYaml([NODE]).endsWith(`---\n${CONFIG}`)).toBe(true)
    useStore.setState({ scenario: undefined })
    expect(nodesToYaml([NODE])).not.toContain('KubeSchedulerConfiguration')
  })

  it('finds the configuration among other documents, or nothing', () => {
    expect(schedulerConfigurationYaml(`---\n${CONFIG}---\napiVersion: v1\nkind: Node\n`)).toBe(CONFIG)
    expect(schedulerConfigurationYaml('apiVersion: v1\nkind: Node\n')).toBeUndefined()
    expect(schedulerConfigurationYaml('kind: KubeSchedulerConfiguration\nprofiles: [')).toBeUndefined()
  })
})
