import { useState } from 'react'
import { Group, NativeSelect, TextInput } from '@mantine/core'
import { dayNumber } from '#shared/days'
import { salesReportQuerySchema } from '#shared/reports'
import { CUSTOM, PERIOD_PRESETS, type PeriodPreset, type ReportSearch } from './periods'

const CHOICES = [...PERIOD_PRESETS, { value: CUSTOM, label: 'Custom' }]

type PeriodErrors = Partial<Record<'from' | 'to', string>>

/**
 * What the API would refuse in two complete dates (an end before the start, over ten
 * years), in its own words, under the field it names; nothing while a date is unfinished.
 */
function periodErrors(period: { from: string; to: string }): PeriodErrors | undefined {
  if (dayNumber(period.from) === undefined || dayNumber(period.to) === undefined) return undefined
  const result = salesReportQuerySchema.safeParse(period)
  if (result.success) return {}
  const errors: PeriodErrors = {}
  for (const { path, message } of result.error.issues) {
    const field = path[0]
    if (field === 'from' || field === 'to') errors[field] ??= message
  }
  return errors
}

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
    const errors = periodErrors(next)
    if (errors && !errors.from && !errors.to) onChange(next)
  }
  const errors = periodErrors(draft)
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
            error={errors?.from}
            onChange={(event) => edit({ ...draft, from: event.currentTarget.value })}
          />
          <TextInput
            type="date"
            label="To"
            value={draft.to}
            error={errors?.to}
            onChange={(event) => edit({ ...draft, to: event.currentTarget.value })}
          />
        </>
      )}
    </Group>
  )
}
