import { Alert, PasswordInput, Stack, TextInput } from '@mantine/core'
import { useState } from 'react'
import { useTwoStepDisableMutation } from '../../api/two-step'
import { DialogActions, DialogFrame, type DialogProps } from '../../components/dialog'
import { notifySuccess } from '../../lib/notify'

/** 'Turn off': the password and a current code (or a recovery code). */
export function TwoStepOffDialog({ opened, onClose }: DialogProps) {
  const disable = useTwoStepDisableMutation()
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const close = () => {
    disable.reset()
    setPassword('')
    setCode('')
    onClose()
  }
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    disable.mutate(
      { password, code },
      {
        onSuccess: () => {
          notifySuccess('Two-step sign-in is off')
          close()
        },
      },
    )
  }
  return (
    <DialogFrame opened={opened} onClose={close} title="Turn off two-step sign-in">
      <form onSubmit={submit}>
        <Stack>
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <TextInput
            label="Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
          {disable.isError && (
            <Alert color="red" role="alert">
              {disable.error.message}
            </Alert>
          )}
        </Stack>
        <DialogActions
          onCancel={close}
          action={{
            label: 'Turn off',
            busyLabel: 'Turning off...',
            busy: disable.isPending,
            color: 'red',
          }}
        />
      </form>
    </DialogFrame>
  )
}
