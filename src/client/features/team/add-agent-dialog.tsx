import { useId, useState } from 'react'
import { Alert, NativeSelect, PasswordInput, Stack, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { agentCreateInputSchema, type AgentCreateInput } from '#shared/agent'
import { ROLES } from '#shared/constants'
import { ApiError } from '../../api/client'
import { DialogActions, DialogFrame, type DialogProps } from '../../components/dialog'
import { notifySuccess } from '../../lib/notify'
import { useAddAgent } from './mutations'

/** BEYOND.md "Team screen": 'Add agent', for an Admin (the team screen shows no one else). */
export function AddAgentDialog(dialog: DialogProps) {
  return (
    <DialogFrame {...dialog} title="Add agent">
      <AddAgentForm onClose={dialog.onClose} />
    </DialogFrame>
  )
}

const FIELDS = ['username', 'email', 'role', 'password'] as const

/** The server's `fields` that name one of the form's fields; the rest of the failure apart. */
function splitFailure(error: Error): {
  fields: Partial<Record<(typeof FIELDS)[number], string>>
  general?: string
} {
  const sent = error instanceof ApiError ? (error.fields ?? {}) : {}
  const fields = Object.fromEntries(
    FIELDS.filter((name) => sent[name] !== undefined).map((name) => [name, sent[name]]),
  )
  return Object.keys(fields).length > 0 ? { fields } : { fields, general: error.message }
}

// The dialog mounts it only while open, so each opening starts with an empty form.
function AddAgentForm({ onClose }: { onClose: () => void }) {
  const add = useAddAgent()
  const passwordId = useId()
  // A failure about no one field (the server unreachable, a refusal) shows above the buttons.
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<AgentCreateInput>({
    initialValues: { username: '', email: '', role: 'Agent', password: '' },
    validate: schemaResolver(agentCreateInputSchema, { sync: true }),
    onValuesChange: () => setFailure(null),
  })
  const submit = form.onSubmit((values) => {
    setFailure(null)
    add.mutate(values, {
      onSuccess: (agent) => {
        onClose()
        notifySuccess(`Agent ${agent.username} added`)
      },
      onError: (error) => {
        const { fields, general } = splitFailure(error)
        form.setErrors(fields)
        if (general !== undefined) setFailure(general)
      },
    })
  })
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Username"
          autoComplete="off"
          required
          data-autofocus
          {...form.getInputProps('username')}
        />
        <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
        {/* Never empty (Agent until changed), so no required mark. */}
        <NativeSelect label="Role" data={[...ROLES]} {...form.getInputProps('role')} />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
          // Mantine ties a text input's error to it, but not a password input's.
          id={passwordId}
          aria-invalid={form.errors.password !== undefined}
          aria-describedby={form.errors.password !== undefined ? `${passwordId}-error` : undefined}
        />
        {failure !== null && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
      </Stack>
      <DialogActions
        onCancel={onClose}
        action={{ label: 'Add agent', busyLabel: 'Adding...', busy: add.isPending }}
      />
    </form>
  )
}
