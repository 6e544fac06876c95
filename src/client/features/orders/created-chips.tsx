import { Group, Pill } from '@mantine/core'
import type { CreatedSearch } from './created-filter'

const LABELS = { created_from: 'Created from', created_to: 'Created to' } as const

interface CreatedChipsProps {
  value: CreatedSearch
  onRemove: (key: keyof CreatedSearch) => void
}

/** The active date filters as chips, each with its 'Remove filter …' button. */
export function CreatedChips({ value, onRemove }: CreatedChipsProps) {
  const active = (Object.keys(LABELS) as (keyof CreatedSearch)[]).filter((key) => value[key])
  if (active.length === 0) return null
  return (
    <Group gap="xs" aria-label="Active filters" role="group">
      {active.map((key) => (
        <Pill
          key={key}
          size="lg"
          withRemoveButton
          // Pill's dark background is the page's own: the border shows where the chip is.
          style={{ border: '1px solid var(--mantine-color-default-border)' }}
          onRemove={() => onRemove(key)}
          // Pill hides its remove button from screen readers and the Tab key by default.
          removeButtonProps={{
            'aria-label': `Remove filter ${LABELS[key]}`,
            'aria-hidden': false,
            tabIndex: 0,
          }}
        >
          {LABELS[key]}: {value[key]}
        </Pill>
      ))}
    </Group>
  )
}
