import { SegmentedControl } from '@mantine/core'
import { ORDER_STATUSES, type OrderStatus } from '../../../shared/constants'
import classes from './status-filter.module.css'

const ALL = 'All'

interface StatusFilterProps {
  value: OrderStatus | undefined
  onChange: (status: OrderStatus | undefined) => void
}

/** BEYOND.md "Tables": 'All', 'Pending', 'Out for delivery', 'Delivered'. */
export function StatusFilter({ value, onChange }: StatusFilterProps) {
  return (
    <SegmentedControl
      aria-label="Status"
      classNames={classes}
      data={[ALL, ...ORDER_STATUSES]}
      value={value ?? ALL}
      onChange={(next) => onChange(ORDER_STATUSES.find((status) => status === next))}
    />
  )
}
