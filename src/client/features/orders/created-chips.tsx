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
          onRemove={() => onRemove(key)}
          removeButtonProps={{ 'aria-label': `Remove filter ${LABELS[key]}` }}
        >
          {LABELS[key]}: {value[key]}
        </Pill>
      ))}
    </Group>
  )
}
