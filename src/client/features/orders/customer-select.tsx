import { useState } from 'react'
import { Loader, Select, type ComboboxItem, type SelectProps } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import { customerQueries } from '../../api/customers'

/** How many customers the picker offers per search: it asks the server, not for everyone. */
const PICKER_LIMIT = 20

type CustomerSelectProps = Omit<
  SelectProps,
  'data' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter' | 'onChange'
> & {
  onChange: (value: string | null) => void
  /** The order's current customer, shown before any search has found it. */
  initialOption?: { id: number; name: string } | null
}

/** Spec 2: the order's customer is picked from customers shown with id and name. */
const customerLabel = (c: { id: number; name: string }) => `#${c.id} ${c.name}`

/** A searchable select fed by the server (GET customers/?search=…&limit=20), debounced. */
export function CustomerSelect({ onChange, initialOption, ...props }: CustomerSelectProps) {
  const [search, setSearch] = useState('')
  const [debounced] = useDebouncedValue(search, 300)
  const [chosen, setChosen] = useState<ComboboxItem | null>(
    initialOption ? { value: String(initialOption.id), label: customerLabel(initialOption) } : null,
  )
  // After a pick the box shows the chosen label; that is not a search for the server.
  const term = debounced === chosen?.label ? '' : debounced
  // The customers list's own query: customer writes refresh it, so a rename shows here too.
  const { data, isFetching } = useQuery(
    customerQueries.list({ search: term || undefined, limit: PICKER_LIMIT }),
  )
  const found: ComboboxItem[] = (data?.Customers ?? []).map((c) => ({
    value: String(c.id),
    label: customerLabel(c),
  }))
  // The picked customer stays first, with its own label: the select would drop a label it
  // cannot find, and a cached search may still hold a name from before a rename.
  const options = chosen ? [chosen, ...found.filter((o) => o.value !== chosen.value)] : found

  return (
    <Select
      label="Customer"
      placeholder="Search customers"
      {...props}
      searchable
      data={options}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered; filtering again would hide matches on e-mail or city.
      filter={({ options: all }) => all}
      nothingFoundMessage={isFetching ? 'Searching...' : 'No customers found'}
      rightSection={isFetching ? <Loader size="xs" aria-hidden /> : undefined}
      onChange={(value, option) => {
        setChosen(option)
        onChange(value)
      }}
    />
  )
}
