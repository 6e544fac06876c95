import { Button, Popover, Stack } from '@mantine/core'
import { IconFilter } from '@tabler/icons-react'
import { fieldValue, type FilterField, type FilterValues } from './filter-fields'
import { FilterInput } from './filter-input'

interface FiltersButtonProps {
  fields: FilterField[]
  values: FilterValues
  /** One field changed: the screen puts it in the URL (and starts at page 1). */
  onChange: (key: string, value: string | undefined) => void
}

/** BEYOND.md "Working through lists": 'Filters' opens the screen's filter fields. */
export function FiltersButton({ fields, values, onChange }: FiltersButtonProps) {
  return (
    <Popover position="bottom-end" shadow="md" width={300} trapFocus withinPortal>
      <Popover.Target>
        <Button variant="default" leftSection={<IconFilter size={16} aria-hidden />}>
          Filters
        </Button>
      </Popover.Target>
      <Popover.Dropdown maw="calc(100vw - 2rem)">
        <Stack gap="sm">
          {fields.map((field) => (
            <FilterInput
              key={field.key}
              field={field}
              value={fieldValue(values, field.key)}
              onChange={(value) => onChange(field.key, value)}
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  )
}
