import { Card, SimpleGrid, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { customerQueries } from '../../api/customers'
import { ErrorText, TableLoader } from '../../components/data-table'
import { formatAmount, formatCount, formatDate } from '../../lib/format'
import classes from './customer-figures.module.css'

/** BEYOND.md "Customer page": 'Orders', 'Total spent', 'First order', 'Last order'. */
export function CustomerFigures({ id }: { id: number }) {
  const summary = useQuery(customerQueries.summary(id))
  if (summary.isPending) return <TableLoader label="Loading figures" />
  if (summary.isError) return <ErrorText message={summary.error.message} />
  const { orders } = summary.data
  const figures = [
    { label: 'Orders', value: formatCount(orders.count) },
    { label: 'Total spent', value: formatAmount(orders.total_amount) },
    { label: 'First order', value: formatDate(orders.first_order) },
    { label: 'Last order', value: formatDate(orders.last_order) },
  ]
  return (
    <SimpleGrid component="dl" cols={{ base: 2, md: 4 }} spacing="sm" m={0} aria-label="Figures">
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
