import { Alert, Button, Card, PasswordInput, Stack, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import type { PasswordUpdateInput } from '#shared/auth'
import { ApiError } from '../../api/client'
import { notifySuccess } from '../../lib/notify'
import { useUpdatePasswordMutation } from './mutations'
import { SessionsSection } from './sessions-section'
import { TwoStepSection } from './two-step-section'

const EMPTY: PasswordUpdateInput = {
  current_password: '',
  new_password: '',
  confirm_new_password: '',
}

export function SettingsPage() {
  const update = useUpdatePasswordMutation()
  // Spec 5: browser-level `required` only, no custom messages, no client match check.
  const form = useForm<PasswordUpdateInput>({ initialValues: EMPTY })

  const submit = form.onSubmit((values) => {
    update.mutate(values, {
      onSuccess: () => {
        notifySuccess('Password updated successfully')
        form.reset()
      },
    })
  })

  // Spec 8: the server's error field, otherwise 'An error occurred'.
  const failure =
    update.error instanceof ApiError && update.error.serverMessage
      ? update.error.serverMessage
      : 'An error occurred'

  return (
    <Stack maw={480}>
      <Title order={1} size="h2">
        Settings
      </Title>
      <Card withBorder padding="lg" component="section" aria-labelledby="update-password-title">
        <Title order={2} size="h3" id="update-password-title" mb="md">
          Update Password
        </Title>
        <form onSubmit={submit}>
          <Stack>
            <PasswordInput
              label="Current Password"
              autoComplete="current-password"
              required
              {...form.getInputProps('current_password')}
            />
            <PasswordInput
              label="New Password"
              autoComplete="new-password"
              required
              {...form.getInputProps('new_password')}
            />
            <PasswordInput
              label="Confirm New Password"
              autoComplete="new-password"
              required
              {...form.getInputProps('confirm_new_password')}
            />
            {update.isSuccess && (
              <Alert color="green" role="status">
                {update.data.message}
              </Alert>
            )}
            {update.isError && (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            )}
            <Button type="submit" loading={update.isPending}>
              Update Password
            </Button>
          </Stack>
        </form>
      </Card>
      <TwoStepSection />
      <SessionsSection />
    </Stack>
  )
}
