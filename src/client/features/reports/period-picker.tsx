import { useState } from 'react'
import { Group, NativeSelect, TextInput } from '@mantine/core'
import { dayNumber } from '../../../shared/days'
import { CUSTOM, PERIOD_PRESETS, type PeriodPreset, type ReportSearch } from './periods'

const CHOICES = [...PERIOD_PRESETS, { value: CUSTOM, label: 'Custom' }]
const ORDER_MESSAGE = 'Choose an end date on or after the start date.'

interface PeriodPickerProps {
  /** The select's value: a preset or 'custom'. */
  choice: string
  from: string
  to: string
  onChange: (search: ReportSearch) => void
}

/** The period select; 'Custom' shows 'From' and 'To', kept in the URL once both are valid. */
export function PeriodPicker({ choice, from, to, onChange }: PeriodPickerProps) {
  // Dates being typed stay here until they make a period.
  const [draft, setDraft] = useState({ from, to })
  const [shown, setShown] = useState({ from, to })
  if (shown.from !== from || shown.to !== to) {
    setShown({ from, to })
    setDraft({ from, to })
  }
  const edit = (next: { from: string; to: string }) => {
    setDraft(next)
    const valid = dayNumber(next.from) !== undefined && dayNumber(next.to) !== undefined
    if (valid && next.from <= next.to) onChange(next)
  }
  const misordered =
    dayNumber(draft.from) !== undefined &&
    dayNumber(draft.to) !== undefined &&
    draft.from > draft.to
  return (
    <Group align="flex-end" gap="sm">
      <NativeSelect
        label="Period"
        data={CHOICES}
        value={choice}
        onChange={(event) => {
          const value = event.currentTarget.value
          onChange(value === CUSTOM ? { from, to } : { period: value as PeriodPreset })
        }}
        w={170}
      />
      {choice === CUSTOM && (
        <>
          <TextInput
            type="date"
            label="From"
            value={draft.from}
            onChange={(event) => edit({ ...draft, from: event.currentTarget.value })}
          />
          <TextInput
            type="date"
            label="To"
            value={draft.to}
            error={misordered ? ORDER_MESSAGE : undefined}
            onChange={(event) => edit({ ...draft, to: event.currentTarget.value })}
          />
        </>
      )}
    </Group>
  )
}
