import { useState } from 'react'
import { Checkbox, Group, NativeSelect, TextInput } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import type { FilterField } from './filter-fields'

interface FilterInputProps {
  field: FilterField
  value: string | undefined
  onChange: (value: string | undefined) => void
}

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/

/** One field of the Filters panel; a choice applies at once, typing 300 ms after it stops. */
export function FilterInput({ field, value, onChange }: FilterInputProps) {
  switch (field.kind) {
    case 'select':
      return (
        <NativeSelect
          label={field.label}
          data={[{ value: '', label: field.any }, ...field.options]}
          value={value ?? ''}
          onChange={(event) => onChange(event.currentTarget.value || undefined)}
        />
      )
    case 'several':
      return (
        <Checkbox.Group
          label={field.label}
          value={value ? value.split(',') : []}
          // In the options' order (the workflow's), whatever order they were ticked in.
          onChange={(next) =>
            onChange(
              field.options
                .filter((option) => next.includes(option.value))
                .map((option) => option.value)
                .join(',') || undefined,
            )
          }
        >
          <Group gap="sm" mt={4}>
            {field.options.map((option) => (
              <Checkbox key={option.value} value={option.value} label={option.label} />
            ))}
          </Group>
        </Checkbox.Group>
      )
    case 'date':
      return (
        <TextInput
          type="date"
          label={field.label}
          value={value ?? ''}
          onChange={(event) => onChange(event.currentTarget.value || undefined)}
        />
      )
    default:
      return <TypedInput field={field} value={value} onChange={onChange} />
  }
}

/** Text or an amount: sent once typing stops; an amount that is not one says so instead. */
function TypedInput({ field, value, onChange }: FilterInputProps) {
  const [text, setText] = useState(value ?? '')
  const amount = field.kind === 'amount'
  const bad = amount && text.trim() !== '' && !AMOUNT.test(text.trim())
  const commit = useDebouncedCallback((next: string) => {
    const trimmed = next.trim()
    if (!amount || trimmed === '' || AMOUNT.test(trimmed)) onChange(trimmed || undefined)
  }, 300)
  return (
    <TextInput
      label={field.label}
      inputMode={amount ? 'decimal' : undefined}
      value={text}
      error={bad ? 'Enter an amount, like 125.50.' : undefined}
      onChange={(event) => {
        setText(event.currentTarget.value)
        commit(event.currentTarget.value)
      }}
    />
  )
}
