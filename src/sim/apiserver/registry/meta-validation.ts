/** Object metadata and name validation (apimachinery/pkg/api/validation, util/validation). */

import { type FieldError, invalidValue, required } from '../../../api/status'
import type { ObjectMeta } from '../../../api/types'

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/

export const DNS1123_LABEL_MSG =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"
export const DNS1123_SUBDOMAIN_MSG =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"

export function dns1123Label(field: string, value: string): FieldError[] {
  const errs: FieldError[] = []
  if (value.length > 63) errs.push(invalidValue(field, value, 'must be no more than 63 characters'))
  if (!DNS1123_LABEL.test(value)) errs.push(invalidValue(field, value, DNS1123_LABEL_MSG))
  return errs
}

export function dns1123Subdomain(field: string, value: string): FieldError[] {
  const errs: FieldError[] = []
  if (value.length > 253) errs.push(invalidValue(field, value, 'must be no more than 253 characters'))
  if (!DNS1123_SUBDOMAIN.test(value)) errs.push(invalidValue(field, value, DNS1123_SUBDOMAIN_MSG))
  return errs
}

/** ValidateObjectMeta for a create: name (or generateName), namespace, labels. */
export function validateObjectMeta(
  meta: ObjectMeta | undefined,
  namespaced: boolean,
  nameRule: 'subdomain' | 'label' = 'subdomain',
): FieldError[] {
  const errs: FieldError[] = []
  const name = meta?.name
  if (!name) {
    if (!meta?.generateName) errs.push(required('metadata.name', 'name or generateName is required'))
  } else {
    errs.push(
      ...(nameRule === 'label'
        ? dns1123Label('metadata.name', name)
        : dns1123Subdomain('metadata.name', name)),
    )
  }
  if (namespaced && !meta?.namespace) errs.push(required('metadata.namespace', ''))
  for (const [k, v] of Object.entries(meta?.labels ?? {})) {
    if (typeof v !== 'string' || !/^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/.test(v) || v.length > 63) {
      errs.push(
        invalidValue(
          `metadata.labels`,
          v,
          "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
        ),
      )
    }
    if (
      !/^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/.test(
        k,
      )
    ) {
      errs.push(
        invalidValue(
          'metadata.labels',
          k,
          "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character",
        ),
      )
    }
  }
  return errs
}
