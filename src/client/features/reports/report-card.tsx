import { useId, type ReactNode } from 'react'
import { Box, Card, Table, Text, Title } from '@mantine/core'
import classes from './report-card.module.css'

export interface FigureColumn<T> {
  header: string
  cell: (row: T) => ReactNode
}

interface ReportCardProps<T> {
  title: string
  description: string
  children: ReactNode
  /** The chart's figures as a table for screen readers, captioned with the chart's title. */
  figures?: { columns: FigureColumn<T>[]; rows: T[]; rowKey: (row: T) => string }
}

/** A chart's card: its title, a line on what it shows, the chart, and its figures as text. */
export function ReportCard<T>({ title, description, children, figures }: ReportCardProps<T>) {
  const titleId = useId()
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={titleId}>
      <Title id={titleId} order={2} size="h4">
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {description}
      </Text>
      {children}
      {figures && (
        <Box className={classes.figures} mt="md">
          <Table captionSide="top">
            <caption>{title}</caption>
            <Table.Thead>
              <Table.Tr>
                {figures.columns.map((column) => (
                  <Table.Th key={column.header} scope="col">
                    {column.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {figures.rows.map((row) => (
                <Table.Tr key={figures.rowKey(row)}>
                  {figures.columns.map((column) => (
                    <Table.Td key={column.header}>{column.cell(row)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
    </Card>
  )
}
