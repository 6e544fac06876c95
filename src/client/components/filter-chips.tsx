import { Button, Group, Pill } from '@mantine/core'
import {
  activeFields,
  fieldValue,
  valueText,
  type FilterField,
  type FilterValues,
} from './filter-fields'

interface FilterChipsProps {
  fields: FilterField[]
  values: FilterValues
  onRemove: (key: string) => void
  onClear: () => void
}

/** The active filters as chips, each with 'Remove filter {label}', then 'Clear filters'. */
export function FilterChips({ fields, values, onRemove, onClear }: FilterChipsProps) {
  const active = activeFields(fields, values)
  if (active.length === 0) return null
  return (
    <Group gap="xs" aria-label="Active filters" role="group">
      {active.map((field) => (
        <Pill
          key={field.key}
          size="lg"
          withRemoveButton
          // Pill's dark background is the page's own: the border shows where the chip is.
          style={{ border: '1px solid var(--mantine-color-default-border)', maxWidth: '100%' }}
          onRemove={() => onRemove(field.key)}
          // Pill hides its remove button from screen readers and the Tab key by default.
          removeButtonProps={{
            'aria-label': `Remove filter ${field.label}`,
            'aria-hidden': false,
            tabIndex: 0,
          }}
        >
          {field.label}: {valueText(field, fieldValue(values, field.key) ?? '')}
        </Pill>
      ))}
      <Button variant="subtle" size="compact-sm" onClick={onClear}>
        Clear filters
      </Button>
    </Group>
  )
}
