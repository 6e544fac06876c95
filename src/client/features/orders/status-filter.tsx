import { NativeSelect, SegmentedControl } from '@mantine/core'
import { ORDER_STATUSES, type OrderStatus } from '#shared/constants'
import { usePhone } from '../../components/use-phone'

const ALL = 'All'
const CHOICES = [ALL, ...ORDER_STATUSES]

interface StatusFilterProps {
  /** The statuses the URL names: none is 'All'; several (from Filters) select no segment. */
  value: readonly OrderStatus[]
  onChange: (status: OrderStatus | undefined) => void
}

/**
 * BEYOND.md "Tables": 'All', 'Pending', 'Out for delivery', 'Delivered' as a segmented
 * control; on a phone, where the four do not fit one line, a select named 'Status'.
 */
export function StatusFilter({ value, onChange }: StatusFilterProps) {
  const phone = usePhone()
  const choose = (next: string) => onChange(ORDER_STATUSES.find((status) => status === next))
  const current = value.length === 0 ? ALL : value.length === 1 ? value[0] : ''
  return phone ? (
    <NativeSelect
      label="Status"
      data={value.length > 1 ? [{ value: '', label: value.join(', ') }, ...CHOICES] : CHOICES}
      value={current}
      onChange={(event) => choose(event.currentTarget.value)}
      w="100%"
    />
  ) : (
    <SegmentedControl aria-label="Status" data={CHOICES} value={current} onChange={choose} />
  )
}
