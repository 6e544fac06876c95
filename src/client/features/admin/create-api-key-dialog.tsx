import { useState } from 'react'
import { Alert, NativeSelect, Stack, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { API_KEY_NAME_MAX, API_KEY_ROLES, type CreatedApiKey } from '#shared/api-keys'
import { ApiError } from '../../api/client'
import { DialogActions, DialogFrame, type DialogProps } from '../../components/dialog'
import { useCreateApiKey } from './mutations'
import { ShownOnce } from './shown-once'

const EXPIRY = [
  { value: '', label: 'Never' },
  { value: '30', label: 'In 30 days' },
  { value: '90', label: 'In 90 days' },
  { value: '365', label: 'In a year' },
]

const DAY_MS = 86_400_000

/** The moment `days` from now, or null for a key that never expires. */
function expiryIn(days: string): string | null {
  return days ? new Date(Date.now() + Number(days) * DAY_MS).toISOString() : null
}

/** BEYOND.md "Admin": 'Create API key' (Name, Role, optional expiry); the key shows once. */
export function CreateApiKeyDialog(dialog: DialogProps) {
  const [created, setCreated] = useState<CreatedApiKey>()
  const close = () => {
    setCreated(undefined)
    dialog.onClose()
  }
  return (
    <DialogFrame opened={dialog.opened} onClose={close} title="Create API key">
      {created ? (
        <ShownOnce
          secret={created.key}
          label={`API key ${created.name}`}
          note="This key is shown once. Store it now."
          onDone={close}
        />
      ) : (
        <CreateForm onCancel={close} onCreated={setCreated} />
      )}
    </DialogFrame>
  )
}

interface Values {
  name: string
  role: string
  expires: string
}

function CreateForm(props: { onCancel: () => void; onCreated: (key: CreatedApiKey) => void }) {
  const create = useCreateApiKey()
  const [failure, setFailure] = useState<string>()
  const form = useForm<Values>({
    initialValues: { name: '', role: 'Agent', expires: '' },
    validate: {
      name: (name) =>
        name.trim() === ''
          ? 'Enter a name.'
          : name.trim().length > API_KEY_NAME_MAX
            ? `Use at most ${API_KEY_NAME_MAX} characters.`
            : null,
    },
  })
  const submit = form.onSubmit(({ name, role, expires }) => {
    setFailure(undefined)
    const expires_at = expiryIn(expires)
    create.mutate(
      { name: name.trim(), role: role as 'Agent' | 'Tester', expires_at },
      {
        onSuccess: props.onCreated,
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fields : undefined
          if (fields?.name) form.setFieldError('name', fields.name)
          else setFailure(error.message)
        },
      },
    )
  })
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <NativeSelect label="Role" data={[...API_KEY_ROLES]} {...form.getInputProps('role')} />
        <NativeSelect label="Expires" data={EXPIRY} {...form.getInputProps('expires')} />
        {failure !== undefined && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
      </Stack>
      <DialogActions
        onCancel={props.onCancel}
        action={{ label: 'Create API key', busyLabel: 'Creating...', busy: create.isPending }}
      />
    </form>
  )
}
