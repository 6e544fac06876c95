import { Select, Text } from '@mantine/core'
import type { Customer } from '#shared/customer'
import { useRole } from '../../lib/role'
import { notifyError } from '../../lib/notify'
import { useUpdateCustomer } from './mutations'
import { NOBODY, useOwnerOptions } from './owner-options'

type Owner = Customer['owner']

/** An owner as a select's value: the agent's id as text, or 'none'. */
export const ownerValue = (owner: Owner) => (owner ? String(owner.id) : NOBODY.value)

interface OwnerSelectProps {
  value: string
  onChange: (value: string) => void
  /** The record's owner now, offered even when no longer active. */
  current?: Owner
  /** On the customer page the detail's own heading names it: the label is for screen readers. */
  labelHidden?: boolean
}

/** 'Owner': the active agents by username, then 'Nobody'. */
export function OwnerSelect({ value, onChange, current, labelHidden }: OwnerSelectProps) {
  const options = useOwnerOptions()
  const data =
    current && !options.some((option) => option.value === String(current.id))
      ? [{ value: String(current.id), label: current.username }, ...options]
      : options
  return (
    <Select
      label={labelHidden ? undefined : 'Owner'}
      aria-label={labelHidden ? 'Owner' : undefined}
      data={[...data, NOBODY]}
      value={value}
      onChange={(next) => onChange(next ?? NOBODY.value)}
      allowDeselect={false}
      comboboxProps={{ withinPortal: false }}
    />
  )
}

/** A select's value as the API's `owner` (a choice's username rides along, unread). */
export function ownerOf(value: string, label: string | undefined): Owner {
  return value === NOBODY.value ? null : { id: Number(value), username: label ?? '' }
}

/** The customer page's 'Owner': a select that saves at once; Testers read the name only. */
export function OwnerDetail({ customer }: { customer: Customer }) {
  const { canWrite } = useRole()
  const update = useUpdateCustomer()
  if (!canWrite) return <Text span>{customer.owner?.username ?? 'Nobody'}</Text>
  return (
    <OwnerSelect
      labelHidden
      value={ownerValue(customer.owner)}
      current={customer.owner}
      onChange={(value) =>
        update.mutate(
          { ...customer, owner: ownerOf(value, undefined) },
          { onError: (error) => notifyError(error.message) },
        )
      }
    />
  )
}
