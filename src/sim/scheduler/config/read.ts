/**
 * Reading a configuration document field by field, with every problem kept as kube-scheduler's
 * validation words it: the field path, then what is wrong (`profiles[0].percentageOfNodesToScore:
 * Invalid value: 150: not in valid range [0-100]`). A field of the wrong type is reported the same
 * way and then treated as absent, so one pass finds every problem.
 */
import {
  duplicate,
  type FieldError,
  forbiddenField,
  formatFieldError,
  invalidValue,
  notSupported,
  required,
} from '../../../api/status'

/** One problem with a scheduler configuration: the field path and the whole message. */
export interface ConfigProblem {
  /** `profiles[0].pluginConfig[1].args.scoringStrategy.type`; empty for the document itself. */
  readonly field: string
  /** The message as kube-scheduler would print it, starting with the field path. */
  readonly message: string
}

export type PlainObject = Readonly<Record<string, unknown>>

export class ProblemList {
  readonly problems: ConfigProblem[] = []

  get size(): number {
    return this.problems.length
  }

  add(e: FieldError): void {
    this.problems.push({ field: e.field, message: formatFieldError(e) })
  }

  /** A problem upstream reports without a field.Error (the framework's), placed at `field`. */
  addText(field: string, text: string): void {
    this.problems.push({ field, message: field ? `${field}: ${text}` : text })
  }

  invalid(field: string, value: unknown, detail: string): void {
    this.add(invalidValue(field, value, detail))
  }

  required(field: string, detail?: string): void {
    this.add(required(field, detail))
  }

  notSupported(field: string, value: unknown, supported: readonly string[]): void {
    this.add(notSupported(field, value, supported))
  }

  duplicate(field: string, value: unknown): void {
    this.add(duplicate(field, value))
  }

  forbidden(field: string, detail: string): void {
    this.add(forbiddenField(field, detail))
  }

  // ---- typed reads: the value, or undefined (absent, null, or the wrong type, reported) ----------

  object(value: unknown, field: string): PlainObject | undefined {
    if (value === undefined || value === null) return undefined
    if (typeof value === 'object' && !Array.isArray(value)) return value as PlainObject
    this.invalid(field, value, 'must be an object')
    return undefined
  }

  list(value: unknown, field: string): readonly unknown[] | undefined {
    if (value === undefined || value === null) return undefined
    if (Array.isArray(value)) return value
    this.invalid(field, value, 'must be a list')
    return undefined
  }

  string(value: unknown, field: string): string | undefined {
    if (value === undefined || value === null) return undefined
    if (typeof value === 'string') return value
    this.invalid(field, value, 'must be a string')
    return undefined
  }

  /** An int32 (Go's json refuses fractions, strings and out-of-range numbers). */
  int(value: unknown, field: string): number | undefined {
    if (value === undefined || value === null) return undefined
    if (typeof value === 'number' && Number.isInteger(value) && Math.abs(value) <= 2 ** 31 - 1) return value
    this.invalid(field, value, 'must be an integer')
    return undefined
  }

  /** Each item of a list field, with its path (`field[i]`); nothing when absent or not a list. */
  each<T>(value: unknown, field: string, read: (item: unknown, path: string, index: number) => T): T[] {
    const items = this.list(value, field) ?? []
    return items.map((item, i) => read(item, `${field}[${i}]`, i))
  }
}
