import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import type { TokenPair } from '#shared/auth'
import { WRONG_CODE } from '#shared/two-step'
import { ApiError } from '../../api/client'
import { useSecondStepMutation } from '../../api/two-step'
import { failureText } from './auth-failure'

/** The sign-in card's second step: a code from the app, or a recovery code. */
export function SecondStepForm({
  mfaToken,
  onSignedIn,
}: {
  mfaToken: string
  onSignedIn: (tokens: TokenPair) => void
}) {
  const verify = useSecondStepMutation()
  const [recovery, setRecovery] = useState(false)
  const [code, setCode] = useState('')
  const [failure, setFailure] = useState<string | null>(null)

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    setFailure(null)
    verify.mutate(
      { mfa_token: mfaToken, code },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          const wrong = error instanceof ApiError && error.status === 401
          setFailure(wrong ? WRONG_CODE : failureText(error))
          setCode('')
        },
      },
    )
  }
  const switchField = () => {
    setRecovery(!recovery)
    setCode('')
    setFailure(null)
  }

  return (
    <form onSubmit={submit}>
      <Stack>
        <Text>
          {recovery
            ? 'Enter one of the recovery codes you stored when you turned on two-step sign-in.'
            : 'Enter the 6-digit code from your authenticator app'}
        </Text>
        <TextInput
          key={recovery ? 'recovery' : 'code'}
          label={recovery ? 'Recovery code' : 'Code'}
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          autoFocus
          required
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value)
            setFailure(null)
          }}
        />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Button type="submit" fullWidth disabled={verify.isPending}>
          {verify.isPending ? 'Verifying...' : 'Verify'}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={switchField}>
          {recovery ? 'Use a code from the app' : 'Use a recovery code'}
        </Anchor>
      </Stack>
    </form>
  )
}
