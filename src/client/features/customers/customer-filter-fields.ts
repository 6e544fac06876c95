import { useQuery } from '@tanstack/react-query'
import { directoryQueries } from '../../api/directory'
import { statsQueries } from '../../api/stats'
import type { FilterField } from '../../components/filter-fields'

/**
 * The customers screen's Filters, under the API's parameter names: 'Owner' offers
 * 'Anyone', 'Me', 'Nobody' and the active agents; 'Country' the countries customers have.
 */
export function useCustomerFilterFields(): FilterField[] {
  const directory = useQuery(directoryQueries.agents())
  const countries = useQuery(statsQueries.customersByCountry())
  const agents = (directory.data?.Agents ?? []).map((agent) => ({
    value: String(agent.id),
    label: agent.username,
  }))
  return [
    {
      key: 'owner',
      label: 'Owner',
      kind: 'select',
      any: 'Anyone',
      options: [{ value: 'me', label: 'Me' }, { value: 'none', label: 'Nobody' }, ...agents],
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
