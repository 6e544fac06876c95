import { useState } from 'react'
import { Button, Group, SegmentedControl, Stack, Textarea } from '@mantine/core'
import type { NoteKind } from '#shared/notes'
import type { NoteTarget } from '../../api/notes'
import { ErrorText } from '../../components/data-table'
import { KIND_OPTIONS } from './kinds'
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
      <SegmentedControl
        aria-label="Kind"
        data={KIND_OPTIONS}
        value={kind}
        onChange={(value) => setKind(value as NoteKind)}
        style={{ alignSelf: 'flex-start' }}
      />
      <Textarea
        label="Write a note"
        rows={3}
        value={body}
        onChange={(event) => setBody(event.currentTarget.value)}
      />
      {create.error && <ErrorText message={create.error.message} />}
      <Group>
        <Button type="submit" loading={create.isPending} disabled={body.trim() === ''}>
          Add note
        </Button>
      </Group>
    </Stack>
  )
}
