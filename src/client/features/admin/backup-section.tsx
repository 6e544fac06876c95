import { useState } from 'react'
import { Button, Stack, Text, Title } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { api } from '../../api/client'
import { ErrorText } from '../../components/data-table'
import { attachmentName, saveFile } from '../../lib/download'

/** BEYOND.md "Admin": 'Download backup' saves the file GET /api/backup/ answers. */
export function BackupSection() {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const download = async () => {
    setBusy(true)
    setError(undefined)
    try {
      const response = await api.get('backup/', { timeout: false })
      saveFile(await response.blob(), attachmentName(response, 'rapport.backup'))
    } catch (failure) {
      setError((failure as Error).message)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Stack gap="sm" component="section" aria-labelledby="admin-backup">
      <Title order={2} size="h3" id="admin-backup">
        Backup
      </Title>
      <Text size="sm" c="dimmed">
        Everything in this CRM as one file, to keep somewhere safe.
      </Text>
      <div>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => void download()}
          disabled={busy}
        >
          {busy ? 'Downloading...' : 'Download backup'}
        </Button>
      </div>
      {error !== undefined && <ErrorText message={error} />}
    </Stack>
  )
}
