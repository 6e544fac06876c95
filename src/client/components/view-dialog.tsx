import { useState } from 'react'
import { Checkbox, Stack, TextInput } from '@mantine/core'
import type { UseMutationResult } from '@tanstack/react-query'
import { VIEW_NAME_MAX } from '#shared/views'
import { DialogActions, DialogFrame } from './dialog'

export interface ViewFields {
  name: string
  shared: boolean
}

interface ViewDialogProps {
  opened: boolean
  onClose: () => void
  /** 'Save view' or 'Rename view'. */
  title: string
  initial: ViewFields
  /** The write: its failure (a name already taken) shows under the name. */
  mutation: Pick<UseMutationResult<unknown, Error, never>, 'isPending' | 'error' | 'reset'>
  onSave: (fields: ViewFields) => Promise<unknown>
}

/** BEYOND.md "Saved views": Name, 'Share with the team', 'Save'. */
export function ViewDialog({ opened, onClose, title, initial, mutation, onSave }: ViewDialogProps) {
  const [name, setName] = useState(initial.name)
  const [shared, setShared] = useState(initial.shared)
  const [empty, setEmpty] = useState(false)
  const close = () => {
    mutation.reset()
    setEmpty(false)
    onClose()
  }
  return (
    <DialogFrame opened={opened} onClose={close} title={title}>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          if (!name.trim()) return setEmpty(true)
          onSave({ name: name.trim(), shared }).then(close, () => undefined)
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Name"
            value={name}
            maxLength={VIEW_NAME_MAX}
            data-autofocus
            onChange={(event) => setName(event.currentTarget.value)}
            error={empty ? 'Enter a name.' : mutation.error?.message}
          />
          <Checkbox
            label="Share with the team"
            checked={shared}
            onChange={(event) => setShared(event.currentTarget.checked)}
          />
        </Stack>
        <DialogActions
          onCancel={close}
          action={{ label: 'Save', busyLabel: 'Saving...', busy: mutation.isPending }}
        />
      </form>
    </DialogFrame>
  )
}
