import { useId, type ReactNode } from 'react'
import { Card, Text, Title, VisuallyHidden } from '@mantine/core'

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
        <VisuallyHidden>
          <table>
            <caption>{title}</caption>
            <thead>
              <tr>
                {figures.columns.map((column) => (
                  <th key={column.header} scope="col">
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {figures.rows.map((row) => (
                <tr key={figures.rowKey(row)}>
                  {figures.columns.map((column) => (
                    <td key={column.header}>{column.cell(row)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </VisuallyHidden>
      )}
    </Card>
  )
}
