import type { CSSProperties } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { OrderStatus } from '#shared/constants'
import { statsQueries } from '../../../api/stats'
import { BoardColumn } from './board-column'
import classes from './board.module.css'

/** The orders list's parameters the board's columns share (each adds its own status). */
export interface BoardFilters {
  search?: string
  ordering?: string
  created_from?: string
  created_to?: string
  tz?: string
  amount_min?: string
  amount_max?: string
  /** True when a search or a filter besides the status narrows the columns. */
  narrowed: boolean
}

interface BoardColumnsProps {
  statuses: readonly OrderStatus[]
  filters: BoardFilters
  canMove: boolean
}

/** The columns side by side (stacked on a phone), each headed with its whole amount. */
export function BoardColumns({ statuses, filters, canMove }: BoardColumnsProps) {
  const { narrowed, ...query } = filters
  // Every order of a status is in the statistics; a narrowed board sums its own cards.
  const stats = useQuery({ ...statsQueries.ordersByStatus(), enabled: !narrowed })
  const total = (status: OrderStatus) =>
    narrowed ? undefined : stats.data?.statuses.find((s) => s.status === status)?.total_amount
  return (
    <div
      className={classes.columns}
      style={{ '--board-columns': statuses.length } as CSSProperties}
    >
      {statuses.map((status) => (
        <BoardColumn
          key={status}
          status={status}
          filters={query}
          narrowed={narrowed}
          total={total(status)}
          movable={canMove}
        />
      ))}
    </div>
  )
}
