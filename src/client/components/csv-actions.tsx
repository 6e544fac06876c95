import { Button } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useMutation } from '@tanstack/react-query'
import { IconDownload, IconUpload } from '@tabler/icons-react'
import { exportCsv, type ExportFilters } from '../api/csv'
import type { CsvResource } from '../lib/csv-file'
import { notifyError, notifySuccess } from '../lib/notify'
import { useRole } from '../lib/role'
import { ImportDialog } from './import-dialog'

// Less padding on a phone, so the two buttons share a line above Add.
const NARROW = { base: 10, sm: 18 }

interface CsvActionsProps {
  resource: CsvResource
  /** The list's search, filters and ordering: the file holds exactly its rows, all pages. */
  filters: ExportFilters
  /** Refreshes what an import changes (the feature knows what that is). */
  refresh: () => Promise<unknown>
}

/** BEYOND.md "Export and import": 'Export CSV', and 'Import CSV' for those who may write. */
export function CsvActions({ resource, filters, refresh }: CsvActionsProps) {
  const { canWrite } = useRole()
  const [importing, dialog] = useDisclosure(false)
  const download = useMutation({
    mutationFn: () => exportCsv(resource, filters),
    onSuccess: (name) => notifySuccess(`Downloaded ${name}`),
    onError: (error) => notifyError(error.message),
  })
  return (
    <>
      <Button
        variant="default"
        px={NARROW}
        leftSection={<IconDownload size={16} aria-hidden />}
        disabled={download.isPending}
        onClick={() => download.mutate()}
      >
        {download.isPending ? 'Exporting...' : 'Export CSV'}
      </Button>
      {canWrite && (
        <>
          <Button
            variant="default"
            px={NARROW}
            leftSection={<IconUpload size={16} aria-hidden />}
            onClick={dialog.open}
          >
            Import CSV
          </Button>
          <ImportDialog
            resource={resource}
            opened={importing}
            onClose={dialog.close}
            refresh={refresh}
          />
        </>
      )}
    </>
  )
}
