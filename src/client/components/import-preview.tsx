import { Badge, Group, List, Stack, Table, Text } from '@mantine/core'
import type { ImportResult } from '#shared/csv'
import { PREVIEW_ROWS, type CsvPreview, type CsvResource } from '../lib/csv-file'

/** How many of the server's errors the preview lists. */
const ERRORS_SHOWN = 10

interface ImportPreviewProps {
  resource: CsvResource
  preview: CsvPreview
  /** The server's dry run: what the import would create and skip, and why. */
  result: ImportResult
}

const rows = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'}`

/** The detected columns, the first rows, the valid and invalid counts and the first errors. */
export function ImportPreview({ resource, preview, result }: ImportPreviewProps) {
  const { columns } = preview
  const failing = new Set(result.errors.map((e) => e.line))
  const ignored = columns.filter((c) => c.field === null).map((c) => c.name)
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge color="teal" variant="light" c="var(--crm-status-delivered)" tt="none" size="lg">
          {rows(result.created)} valid
        </Badge>
        <Badge
          color={result.skipped > 0 ? 'red' : 'gray'}
          variant="light"
          c={result.skipped > 0 ? 'var(--crm-status-pending)' : undefined}
          tt="none"
          size="lg"
        >
          {rows(result.skipped)} invalid
        </Badge>
      </Group>
      <Text size="sm">
        Columns found:{' '}
        {columns
          .filter((c) => c.field !== null)
          .map((c) => c.name)
          .join(', ') || 'none'}
        {ignored.length > 0 && ` (ignored: ${ignored.join(', ')})`}
      </Text>
      {/* Focusable, so a keyboard can scroll a wide file's columns into view (axe). */}
      <Table.ScrollContainer
        minWidth={480}
        type="native"
        tabIndex={0}
        role="region"
        aria-label="Preview of the file"
      >
        <Table striped captionSide="top" fz="sm">
          {/* Left, where a phone shows it: the table is wider than the dialog there. */}
          <Table.Caption ta="left">
            The first {Math.min(PREVIEW_ROWS, preview.rows.length)} rows of the file
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Line</Table.Th>
              {columns.map((column, i) => (
                <Table.Th key={i} c={column.field === null ? 'dimmed' : undefined}>
                  {column.name}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.rows.map(({ line, cells }) => (
              <Table.Tr key={line} c={failing.has(line) ? 'var(--crm-negative)' : undefined}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {failing.has(line) ? `${line} (invalid)` : line}
                </Table.Td>
                {columns.map((_, i) => (
                  <Table.Td key={i}>{cells[i] ?? ''}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {result.errors.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {result.errors.length > ERRORS_SHOWN ? `The first ${ERRORS_SHOWN} errors` : 'Errors'}
          </Text>
          <List size="sm" spacing={2}>
            {result.errors.slice(0, ERRORS_SHOWN).map((error) => (
              <List.Item key={`${error.line}-${error.field}`}>
                {/* The message is a sentence of its own ('Enter a name.'). */}
                Line {error.line}, {error.field}: {error.message}
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
      {result.created === 0 && (
        <Text size="sm" c="var(--crm-negative)">
          No valid {resource.plural} to import.
        </Text>
      )}
    </Stack>
  )
}
