import { Alert, Button, Code, Image, Stack, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import type { TwoStepSetup as Setup } from '#shared/two-step'
import { useTwoStepEnableMutation } from '../../api/two-step'

/** 'Turn on', second part: the QR code and the key, then a code from the app to confirm. */
export function TwoStepSetup({
  setup,
  onEnabled,
}: {
  setup: Setup
  onEnabled: (codes: string[]) => void
}) {
  const enable = useTwoStepEnableMutation()
  const [code, setCode] = useState('')
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    enable.mutate(code, { onSuccess: ({ recovery_codes }) => onEnabled(recovery_codes) })
  }
  return (
    <form onSubmit={submit}>
      <Stack>
        <Text size="sm">
          Scan this QR code with your authenticator app, or enter the key below, then type the
          6-digit code it shows.
        </Text>
        <Image
          src={setup.qr_code}
          alt="QR code for your authenticator app"
          w={180}
          h={180}
          bg="white"
          p={8}
          radius="sm"
        />
        <Text size="sm">
          Key:{' '}
          <Code fz="sm" style={{ wordBreak: 'break-all' }} data-testid="two-step-key">
            {setup.secret}
          </Code>
        </Text>
        <TextInput
          label="Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          maw={220}
        />
        {enable.isError && (
          <Alert color="red" role="alert">
            {enable.error.message}
          </Alert>
        )}
        <Button type="submit" loading={enable.isPending} w="fit-content">
          Confirm
        </Button>
      </Stack>
    </form>
  )
}
