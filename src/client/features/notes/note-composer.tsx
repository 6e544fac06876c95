import { useState } from 'react'
import { Button, Group, Stack } from '@mantine/core'
import type { NoteKind } from '#shared/notes'
import type { NoteTarget } from '../../api/notes'
import { ErrorText } from '../../components/data-table'
import { NoteFields } from './note-fields'
import { useCreateNote } from './mutations'

/** 'Kind', 'Write a note' and 'Add note' (BEYOND.md "Notes"); kept for the next note. */
export function NoteComposer({ target }: { target: NoteTarget }) {
  const [kind, setKind] = useState<NoteKind>('note')
  const [body, setBody] = useState('')
  const create = useCreateNote()
  const add = () => {
    if (body.trim() === '') return
    create.mutate({ ...target, kind, body }, { onSuccess: () => setBody('') })
  }
  return (
    <Stack
      component="form"
      gap="xs"
      onSubmit={(event) => {
        event.preventDefault()
        add()
      }}
    >
      <NoteFields label="Write a note" kind={kind} onKind={setKind} body={body} onBody={setBody} />
      {create.error && <ErrorText message={create.error.message} />}
      <Group>
        <Button type="submit" loading={create.isPending} disabled={body.trim() === ''}>
          Add note
        </Button>
      </Group>
    </Stack>
  )
}
