import { useState } from 'react'
import { Anchor, FileInput, Group, Progress, Stack, Text } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { IconDownload, IconFileTypeCsv } from '@tabler/icons-react'
import type { ImportResult } from '#shared/csv'
import { importCsv } from '../api/csv'
import { countOf, previewFile, templateLink, tooLarge, type CsvResource } from '../lib/csv-file'
import { notifySuccess } from '../lib/notify'
import { ErrorText, TableLoader } from './data-table'
import { DialogActions, DialogFrame, type DialogProps } from './dialog'
import { ImportPreview } from './import-preview'

interface ImportDialogProps extends DialogProps {
  resource: CsvResource
  /** Refreshes what an import changes; the toast waits for it, as the list does. */
  refresh: () => Promise<unknown>
}

/**
 * BEYOND.md "Export and import": choose a file → its first rows, columns and the
 * server's count of valid and invalid rows (a dry run) → 'Import N customers' → a
 * progress bar → a toast, and the list refreshed.
 */
export function ImportDialog({ resource, refresh, ...dialog }: ImportDialogProps) {
  return (
    <DialogFrame {...dialog} title={`Import ${resource.plural}`} size="xl">
      {/* Mounted only while open: each opening starts from the file choice. */}
      <ImportSteps resource={resource} refresh={refresh} onClose={dialog.onClose} />
    </DialogFrame>
  )
}

/** The file's first rows (read here) and what the server would do with all of it. */
async function checkFile(resource: CsvResource, file: File) {
  if (tooLarge(file))
    throw new Error('The file is larger than 50 MiB: split it and import each part.')
  const [preview, result] = await Promise.all([
    previewFile(file, resource).catch((error: Error) => {
      throw new Error(`The file is not valid CSV: ${error.message.split('\n')[0]}`)
    }),
    importCsv(resource, file, { dryRun: true, skipInvalid: true }),
  ])
  return { preview, result }
}

const imported = (result: ImportResult, resource: CsvResource) =>
  `Imported ${countOf(result.created, resource)}${result.skipped > 0 ? `, skipped ${result.skipped.toLocaleString('en-US')}` : ''}`

function ImportSteps({ resource, refresh, onClose }: Omit<ImportDialogProps, 'opened'>) {
  const [file, setFile] = useState<File | null>(null)
  const check = useMutation({ mutationFn: (chosen: File) => checkFile(resource, chosen) })
  const run = useMutation({
    mutationFn: ({ chosen, skipInvalid }: { chosen: File; skipInvalid: boolean }) =>
      importCsv(resource, chosen, { skipInvalid }),
    // Options, not mutate's: the refresh and the toast happen even if Cancel closed the dialog.
    onSuccess: async (result) => {
      await refresh()
      onClose()
      notifySuccess(imported(result, resource))
    },
  })
  const choose = (chosen: File | null) => {
    setFile(chosen)
    run.reset()
    if (chosen) check.mutate(chosen)
    else check.reset()
  }
  const counts = check.data?.result
  const valid = counts?.created ?? 0
  const invalid = counts?.skipped ?? 0
  const label =
    invalid === 0
      ? `Import ${countOf(valid, resource)}`
      : `Import ${valid.toLocaleString('en-US')} valid row${valid === 1 ? '' : 's'}, skip ${invalid.toLocaleString('en-US')}`

  return (
    <Stack gap="md">
      <Text size="sm">
        A CSV file (UTF-8, comma or semicolon separated) whose first row names the columns:{' '}
        {resource.fields.join(', ')}. Other columns are ignored.
      </Text>
      <Group align="flex-end" gap="md">
        <FileInput
          label="CSV file"
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          leftSection={<IconFileTypeCsv size={18} aria-hidden />}
          // Mantine's placeholder grey is 2.9:1 on white: the readable dimmed colour (theme.ts).
          styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
          value={file}
          onChange={choose}
          disabled={run.isPending}
          flex="1 1 16rem"
        />
        <Anchor size="sm" {...templateLink(resource)} py={8}>
          <Group gap={4} component="span" wrap="nowrap">
            <IconDownload size={16} aria-hidden />
            Download a template
          </Group>
        </Anchor>
      </Group>
      {check.isPending && <TableLoader label="Checking the file" />}
      {check.isError && <ErrorText message={check.error.message} />}
      {check.data && <ImportPreview {...check.data} resource={resource} />}
      {run.isPending && (
        <Stack gap={4}>
          <Text size="sm" id="import-progress-label">
            Importing {countOf(valid, resource)}...
          </Text>
          {/* No percentage: the upload cannot report one (api/csv.ts), so it is indeterminate. */}
          <Progress.Root size="lg" role="progressbar" aria-labelledby="import-progress-label">
            <Progress.Section value={100} striped animated withAria={false} />
          </Progress.Root>
        </Stack>
      )}
      {run.isError && <ErrorText message={run.error.message} />}
      <DialogActions
        onCancel={onClose}
        action={
          file && valid > 0
            ? {
                label,
                busyLabel: 'Importing...',
                busy: run.isPending,
                onClick: () => run.mutate({ chosen: file, skipInvalid: invalid > 0 }),
              }
            : undefined
        }
      />
    </Stack>
  )
}
