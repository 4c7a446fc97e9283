import { describe, expect, it } from 'vitest'
import { parseAllDocuments } from 'yaml'
import { translator } from '../i18n/i18n'
import { fieldLine } from './field-lines'
import {
  DEFAULT_WORKLOAD_YAML,
  TEMPLATES,
  templateById,
  templateDescription,
  templateTitle,
} from './templates'

describe('templates', () => {
  it('have unique ids and titles (in each language), the nginx Pod first', () => {
    expect(new Set(TEMPLATES.map((t) => t.id)).size).toBe(TEMPLATES.length)
    for (const lang of ['en', 'zh'] as const) {
      const tr = translator(lang)
      expect(new Set(TEMPLATES.map((t) => templateTitle(t, tr))).size).toBe(TEMPLATES.length)
      expect(new Set(TEMPLATES.map((t) => templateDescription(t, tr))).size).toBe(TEMPLATES.length)
    }
    expect(TEMPLATES[0]?.id).toBe('nginx-pod')
    expect(DEFAULT_WORKLOAD_YAML).toBe(TEMPLATES[0]?.yaml)
    const deployment = templateById('deployment')
    expect(deployment && templateTitle(deployment)).toBe('Deployment: 3 replicas')
    expect(deployment && templateTitle(deployment, translator('zh'))).toBe('Deployment：3 个副本')
    expect(templateById('nope')).toBeUndefined()
  })

  it.each(TEMPLATES.map((t) => [t.id, t.yaml] as const))(
    '%s parses as YAML and has apiVersion, kind and metadata.name',
    (_id, yaml) => {
      const docs = parseAllDocuments(yaml, { uniqueKeys: true })
      expect(Array.isArray(docs)).toBe(true)
      for (const doc of docs as ReturnType<typeof parseAllDocuments> & unknown[]) {
        expect(doc.errors).toEqual([])
        expect(doc.warnings).toEqual([])
        const obj = doc.toJS() as { apiVersion?: unknown; kind?: unknown; metadata?: { name?: unknown } }
        expect(typeof obj.apiVersion).toBe('string')
        expect(typeof obj.kind).toBe('string')
        expect(obj.metadata?.name).toMatch(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/)
      }
    },
  )

  it('the Deployment has 3 replicas, a matching selector and requests', () => {
    const doc = parseAllDocuments(templateById('deployment')?.yaml ?? '') as unknown as {
      toJS(): {
        spec: {
          replicas: number
          selector: { matchLabels: Record<string, string> }
          template: {
            metadata: { labels: Record<string, string> }
            spec: { containers: { resources?: { requests?: Record<string, unknown> } }[] }
          }
        }
      }
    }[]
    const spec = doc[0]?.toJS().spec
    expect(spec?.replicas).toBe(3)
    expect(spec?.template.metadata.labels).toMatchObject(spec?.selector.matchLabels ?? { missing: true })
    expect(spec?.template.spec.containers[0]?.resources?.requests).toHaveProperty('cpu')
  })

  it('the broken Pod has no image, and its 422 field points at the container', () => {
    const yaml = templateById('broken-pod')?.yaml ?? ''
    expect(yaml).not.toMatch(/^\s*-?\s*image:/m)
    expect(fieldLine(yaml, { index: 0 }, 'spec.containers[0].image')).toBe(7)
  })
})
