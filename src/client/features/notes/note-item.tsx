import { useState } from 'react'
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core'
import type { Note, NoteKind } from '#shared/notes'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { ErrorText } from '../../components/data-table'
import { RelativeTime } from '../../components/history-section'
import { KIND_LABELS } from './kinds'
import { useDeleteNote, useUpdateNote } from './mutations'
import { NoteFields } from './note-fields'
import { NoteText } from './note-text'

/** One note: kind, author, time and text; 'Edit' and 'Delete' when `mine` (or an Admin). */
export function NoteItem({ note, canChange }: { note: Note; canChange: boolean }) {
  const [editing, setEditing] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const remove = useDeleteNote()
  return (
    <Paper withBorder p="sm" radius="md" component="article">
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light">{KIND_LABELS[note.kind]}</Badge>
          <Text size="sm" fw={600}>
            {note.author?.username ?? 'Former agent'}
          </Text>
          <Text size="sm" c="dimmed">
            <RelativeTime at={note.created_at} />
          </Text>
          {canChange && !editing && (
            <Group gap={4} ml="auto">
              <Button size="compact-sm" variant="subtle" onClick={() => setEditing(true)}>
                Edit
              </Button>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                onClick={() => setConfirming(true)}
              >
                Delete
              </Button>
            </Group>
          )}
        </Group>
        {editing ? (
          <NoteEditor note={note} onDone={() => setEditing(false)} />
        ) : (
          <NoteText body={note.body} />
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Delete this note?"
        message="This will delete this note. You can undo it right after."
        error={remove.error?.message}
        action={{
          label: 'Delete',
          busyLabel: 'Deleting…',
          busy: remove.isPending,
          onConfirm: () => remove.mutate(note, { onSuccess: () => setConfirming(false) }),
        }}
      />
    </Paper>
  )
}

function NoteEditor({ note, onDone }: { note: Note; onDone: () => void }) {
  const [kind, setKind] = useState<NoteKind>(note.kind)
  const [body, setBody] = useState(note.body)
  const update = useUpdateNote()
  return (
    <Stack gap="xs">
      <NoteFields label="Edit the note" kind={kind} onKind={setKind} body={body} onBody={setBody} />
      {update.error && <ErrorText message={update.error.message} />}
      <Group gap="xs">
        <Button
          size="compact-md"
          loading={update.isPending}
          disabled={body.trim() === ''}
          onClick={() => update.mutate({ note, kind, body }, { onSuccess: onDone })}
        >
          Save
        </Button>
        <Button size="compact-md" variant="default" onClick={onDone}>
          Cancel
        </Button>
      </Group>
    </Stack>
  )
}
