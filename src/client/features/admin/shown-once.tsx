import { Alert, Button, Code, CopyButton, Group, Stack } from '@mantine/core'

interface ShownOnceProps {
  /** The secret, as the server answered it this one time. */
  secret: string
  label: string
  note: string
  onDone: () => void
}

/** A secret the server shows once (a key, a signing secret), with 'Copy'. */
export function ShownOnce({ secret, label, note, onDone }: ShownOnceProps) {
  return (
    <Stack gap="sm">
      <Alert color="yellow" title={note} />
      <Code block aria-label={label} style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {secret}
      </Code>
      <Group justify="flex-end">
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  )
}
