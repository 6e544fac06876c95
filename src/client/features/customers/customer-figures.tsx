import { Card, SimpleGrid, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { customerQueries } from '../../api/customers'
import { ErrorText, TableLoader } from '../../components/data-table'
import { formatAmount, formatCount, formatDate } from '../../lib/format'
import classes from './customer-figures.module.css'

/** A moment as the person's local date and time, or '—'. */
const formatDateTime = (value: string | null) =>
  value === null
    ? '—'
    : new Date(value).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/**
 * BEYOND.md "Customer page": 'Orders', 'Total spent', 'First order', 'Last order'; and
 * ("Notes") 'Last contacted' and 'Next follow-up'.
 */
export function CustomerFigures({ id, nextFollowUp }: { id: number; nextFollowUp: string | null }) {
  const summary = useQuery(customerQueries.summary(id))
  if (summary.isPending) return <TableLoader label="Loading figures" />
  if (summary.isError) return <ErrorText message={summary.error.message} />
  const { orders } = summary.data
  const figures = [
    { label: 'Orders', value: formatCount(orders.count) },
    { label: 'Total spent', value: formatAmount(orders.total_amount) },
    { label: 'First order', value: formatDate(orders.first_order) },
    { label: 'Last order', value: formatDate(orders.last_order) },
    { label: 'Last contacted', value: formatDateTime(summary.data.last_contact) },
    { label: 'Next follow-up', value: formatDateTime(nextFollowUp) },
  ]
  return (
    <SimpleGrid
      component="dl"
      // Three a row at most: a date and time ('Nov 26, 2026, 7:45 PM') in the figures' large
      // type wrapped onto three lines in a sixth of a desktop's width.
      cols={{ base: 2, md: 3 }}
      spacing="sm"
      m={0}
      aria-label="Figures"
    >
      {figures.map(({ label, value }) => (
        <Card key={label} withBorder padding="sm" radius="md">
          <Text component="dt" size="xs" c="dimmed" fw={700} tt="uppercase">
            {label}
          </Text>
          <dd className={classes.value}>{value}</dd>
        </Card>
      ))}
    </SimpleGrid>
  )
}
