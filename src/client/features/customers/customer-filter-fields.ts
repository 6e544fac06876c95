import { useQuery } from '@tanstack/react-query'
import { statsQueries } from '../../api/stats'
import type { FilterField } from '../../components/filter-fields'
import { NOBODY, useOwnerOptions } from './owner-options'

/**
 * The customers screen's Filters, under the API's parameter names: 'Owner' offers
 * 'Anyone', 'Me', 'Nobody' and the active agents; 'Country' the countries customers have.
 */
export function useCustomerFilterFields(): FilterField[] {
  const agents = useOwnerOptions()
  const countries = useQuery(statsQueries.customersByCountry())
  return [
    {
      key: 'owner',
      label: 'Owner',
      kind: 'select',
      any: 'Anyone',
      options: [{ value: 'me', label: 'Me' }, NOBODY, ...agents],
    },
    { key: 'city', label: 'City', kind: 'text' },
    {
      key: 'country',
      label: 'Country',
      kind: 'select',
      any: 'Any country',
      options: (countries.data?.countries ?? []).map(({ country }) => ({
        value: country,
        label: country,
      })),
    },
    { key: 'created_from', label: 'Created from', kind: 'date' },
    { key: 'created_to', label: 'Created to', kind: 'date' },
  ]
}
