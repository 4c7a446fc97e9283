/**
 * The filter box under an object picker that lists only PICKER_OPTIONS entries (History,
 * Scheduling): shown once there are more than that, or while a filter is typed.
 */
import { formatCount, useT } from '../i18n/i18n'
import { PICKER_OPTIONS } from './cap'

export function PickerFilter({
  className,
  testId,
  filter,
  onFilter,
  shown,
  total,
}: {
  className: string
  testId: string
  filter: string
  onFilter: (filter: string) => void
  shown: number
  total: number
}) {
  const t = useT()
  if (total <= PICKER_OPTIONS && filter === '') return null
  return (
    <label className={className}>
      {t('scale.list.filter')}{' '}
      <input
        type="search"
        data-testid={testId}
        value={filter}
        placeholder={t('scale.list.filterPlaceholder')}
        onChange={(e) => onFilter(e.target.value)}
      />{' '}
      <span className="muted">
        {t('scale.list.matches', { shown: formatCount(shown), count: formatCount(total) })}
      </span>
    </label>
  )
}
