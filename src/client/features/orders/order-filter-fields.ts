import { ORDER_STATUSES } from '#shared/constants'
import type { FilterField } from '../../components/filter-fields'

/** The orders screen's Filters, under the API's parameter names. */
export const ORDER_FILTER_FIELDS: FilterField[] = [
  {
    key: 'status',
    label: 'Status',
    kind: 'several',
    options: ORDER_STATUSES.map((status) => ({ value: status, label: status })),
  },
  { key: 'amount_min', label: 'Amount from', kind: 'amount' },
  { key: 'amount_max', label: 'Amount to', kind: 'amount' },
  { key: 'created_from', label: 'Created from', kind: 'date' },
  { key: 'created_to', label: 'Created to', kind: 'date' },
]
