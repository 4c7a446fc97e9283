/**
 * Reads the compact tag lists of `library-tags.ts` (the layouts are described in
 * scripts/gen-image-catalog.mjs, which writes them) into a set of tags.
 */

/** `1.7.0-12` → 1.7.0 … 1.7.12; `1.27.5` → itself. */
function expandVersions(list: string): string[] {
  const out: string[] = []
  for (const item of list.split(',')) {
    if (item === '') continue
    const dash = item.indexOf('-')
    if (dash < 0) {
      out.push(item)
      continue
    }
    const first = item.slice(0, dash)
    const dot = first.lastIndexOf('.')
    const prefix = dot < 0 ? '' : first.slice(0, dot + 1)
    const lead = first.startsWith('v') && dot < 0 ? 'v' : ''
    const from = Number(first.slice(dot + 1 + lead.length))
    const to = Number(item.slice(dash + 1))
    for (let n = from; n <= to; n++) out.push(`${prefix}${lead}${n}`)
  }
  return out
}

/** Every tag an encoded list names. */
export function decodeTags(encoded: string): Set<string> {
  const tags = new Set<string>()
  const hash = encoded.lastIndexOf('#')
  const body = encoded.slice(0, hash)
  for (const t of encoded.slice(hash + 1).split(' ')) if (t !== '') tags.add(t)
  const section = body.indexOf('§')
  if (section < 0) {
    // Layout A: versions shared by a set of suffixes.
    for (const line of body.split(';')) {
      if (line === '') continue
      const [versions = '', suffixes = ''] = line.split('|')
      const vs = expandVersions(versions)
      for (const s of suffixes.split(' ')) for (const v of vs) tags.add(v + s)
    }
    return tags
  }
  // Layout B: a suffix dictionary, then versions sharing a set of suffix indexes.
  const dictionary = body.slice(0, section).split('/')
  for (const line of body.slice(section + 1).split(';')) {
    if (line === '') continue
    const [versions = '', indexes = ''] = line.split('|')
    const vs = expandVersions(versions)
    for (const i of indexes.split(' ')) {
      const s = dictionary[Number(i)] ?? ''
      for (const v of vs) tags.add(v + s)
    }
  }
  return tags
}
