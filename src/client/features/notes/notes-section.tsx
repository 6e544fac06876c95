import { Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { noteQueries, type NoteTarget } from '../../api/notes'
import { ErrorText, TableLoader } from '../../components/data-table'
import { useRole } from '../../lib/role'
import { currentUserId } from '../../lib/tokens'
import { NoteComposer } from './note-composer'
import { NoteItem } from './note-item'

/** BEYOND.md "Notes": the composer (not for a Tester), then the notes newest first. */
export function NotesSection({ target }: { target: NoteTarget }) {
  const notes = useQuery(noteQueries.forRecord(target))
  const { role, canWrite } = useRole()
  const me = currentUserId()
  return (
    <Stack component="section" aria-labelledby="notes-heading" gap="sm">
      <Title order={2} size="h3" id="notes-heading">
        Notes
      </Title>
      {canWrite && <NoteComposer target={target} />}
      {notes.isPending && <TableLoader label="Loading notes" />}
      {notes.isError && <ErrorText message={notes.error.message} />}
      {notes.data?.Notes.length === 0 && (
        <Text size="sm" c="dimmed">
          No notes yet.
        </Text>
      )}
      {notes.data?.Notes.map((note) => (
        <NoteItem
          key={note.id}
          note={note}
          canChange={canWrite && (role === 'Admin' || (me !== null && note.author?.id === me))}
        />
      ))}
    </Stack>
  )
}
