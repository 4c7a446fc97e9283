/**
 * kubectl's table output: upper-case headers, then one row per object, aligned the way Go's
 * text/tabwriter aligns them with kubectl's settings (minwidth 6, padding 3, pad with spaces):
 * every column but the last is as wide as its widest cell plus 3, and at least 6; the last column
 * is not padded.
 *
 * kubectl: staging/src/k8s.io/cli-runtime/pkg/printers/tabwriter.go (NewTabWriter),
 * tableprinter.go (PrintTable: NAMESPACE first with --all-namespaces, wide columns = priority 1).
 *
 * A view is a list of columns and a row function, so `get pods`, `get nodes` and `get events`
 * share one printer and new views (deployments, `describe`) slot in beside them.
 */

const MIN_WIDTH = 6
const PADDING = 3

export interface Column {
  /** As in the server's column definitions (`Nominated Node`); printed upper-case. */
  readonly name: string
  /** 0: always shown; 1: only with `-o wide`. */
  readonly priority?: 0 | 1
}

export interface PrintOptions {
  /** Wall-clock epoch milliseconds "now", for ages. */
  readonly nowMs: number
  /** `-o wide` */
  readonly wide?: boolean
  /** `-A` / `--all-namespaces`: a NAMESPACE column first. */
  readonly allNamespaces?: boolean
  /** `--no-headers` */
  readonly noHeaders?: boolean
}

export interface TableView<T> {
  readonly columns: readonly Column[]
  /** One cell per column, wide columns included (they are dropped unless `wide`). */
  row(obj: T, nowMs: number): readonly string[]
  /** The object's namespace, for the NAMESPACE column. */
  namespace?(obj: T): string
}

/** Width of a cell as tabwriter counts it: in runes (code points). */
const width = (s: string): number => [...s].length

/** tabwriter with kubectl's settings. Each line ends with a newline. */
export function formatTable(rows: readonly (readonly string[])[]): string {
  const widths: number[] = []
  for (const row of rows) {
    row.forEach((cell, i) => {
      if (i === row.length - 1) return
      widths[i] = Math.max(widths[i] ?? MIN_WIDTH, width(cell) + PADDING)
    })
  }
  return rows
    .map((row) =>
      row
        .map((cell, i) => (i === row.length - 1 ? cell : cell + ' '.repeat((widths[i] ?? 0) - width(cell))))
        .join(''),
    )
    .map((line) => `${line}\n`)
    .join('')
}

/** Print objects through a view, as `kubectl get` does. */
export function printTable<T>(view: TableView<T>, objects: readonly T[], options: PrintOptions): string {
  const keep = view.columns.map((c) => options.wide === true || (c.priority ?? 0) === 0)
  const pick = (cells: readonly string[]) => cells.filter((_, i) => keep[i])
  const ns = options.allNamespaces === true
  const rows: string[][] = []
  if (!options.noHeaders) {
    rows.push([...(ns ? ['NAMESPACE'] : []), ...pick(view.columns.map((c) => c.name.toUpperCase()))])
  }
  for (const obj of objects) {
    rows.push([...(ns ? [view.namespace?.(obj) ?? ''] : []), ...pick(view.row(obj, options.nowMs))])
  }
  return formatTable(rows)
}

/** What kubectl writes to stderr when a namespaced list is empty. */
export function noResourcesFound(namespace?: string): string {
  return namespace ? `No resources found in ${namespace} namespace.` : 'No resources found'
}
