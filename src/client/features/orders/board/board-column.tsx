import { Button, Group, Stack, Text, Title } from '@mantine/core'
import { useDroppable } from '@dnd-kit/core'
import { useInfiniteQuery } from '@tanstack/react-query'
import type { OrderStatus } from '#shared/constants'
import { ErrorText, TableLoader } from '../../../components/data-table'
import { formatCount } from '../../../lib/format'
import { StatusBadge } from '../status-badge'
import { BoardCard } from './board-card'
import { orderQueries } from '../../../api/orders'
import { columnAmount } from './board-amounts'
import type { BoardFilters } from './board-columns'
import classes from './board.module.css'

interface BoardColumnProps {
  status: OrderStatus
  /** The list parameters of the board's search and filters. */
  filters: Omit<BoardFilters, 'narrowed'>
  /** A search or a filter besides the status narrows the board. */
  narrowed: boolean
  /** The status's whole amount (statistics), while known. */
  total: string | undefined
  movable: boolean
}

/** One status: its heading, count and amount, its cards, and 'Load more'. */
export function BoardColumn({ status, filters, narrowed, total, movable }: BoardColumnProps) {
  const { setNodeRef, isOver } = useDroppable({ id: status, data: { status } })
  const column = useInfiniteQuery(orderQueries.column({ ...filters, status }))
  const rows = column.data?.pages.flatMap((page) => page.Orders) ?? []
  const amount = columnAmount(narrowed ? { rows, more: column.hasNextPage } : total)
  const count = column.data?.pages[0]?.count
  return (
    <section
      ref={setNodeRef}
      aria-label={status}
      className={classes.column}
      data-over={isOver || undefined}
      data-board-column={status}
    >
      <Group justify="space-between" mb="sm" wrap="nowrap" gap="xs">
        <Title order={2} size="h4">
          <StatusBadge status={status} />
        </Title>
        {count !== undefined && (
          <Text size="sm" fw={500} ta="right">
            {`${formatCount(count)} ${count === 1 ? 'order' : 'orders'} · ${amount}`}
          </Text>
        )}
      </Group>
      {column.isPending ? (
        <TableLoader label={`Loading ${status} orders`} />
      ) : column.isError ? (
        <ErrorText message={column.error.message} />
      ) : (
        <Stack component="ul" gap="xs" className={classes.list}>
          {rows.length === 0 && (
            <Text component="li" c="dimmed" size="sm" ta="center" py="md">
              {narrowed ? 'No orders match.' : 'No orders.'}
            </Text>
          )}
          {rows.map((order) => (
            <BoardCard key={order.id} order={order} movable={movable} />
          ))}
        </Stack>
      )}
      {column.hasNextPage && (
        <Button
          variant="light"
          fullWidth
          mt="sm"
          loading={column.isFetchingNextPage}
          onClick={() => void column.fetchNextPage()}
        >
          Load more
        </Button>
      )}
    </section>
  )
}
