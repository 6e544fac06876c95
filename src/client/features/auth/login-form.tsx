import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useLocation, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { loginInputSchema, type LoginInput, type TokenPair } from '#shared/auth'
import { setTokens } from '../../lib/tokens'
import { AuthCard } from './auth-card'
import { ACCOUNT_CREATED, failureText } from './auth-failure'
import { useLoginMutation } from './mutations'
import { SecondStepForm } from './second-step-form'
import { safeRedirect } from './session'

export function LoginForm({ redirectTo }: { redirectTo?: string }) {
  const navigate = useNavigate()
  const login = useLoginMutation()
  // Only a sign-up's own way here carries this; a normal visit to /login does not.
  const createdFor = useLocation({ select: (location) => location.state.accountCreated })
  const [welcome, setWelcome] = useState(createdFor !== undefined)
  const [failure, setFailure] = useState<string | null>(null)
  // Set when the password was right and two-step sign-in asks for a code.
  const [mfaToken, setMfaToken] = useState<string | null>(null)
  const form = useForm<LoginInput>({
    initialValues: { username: createdFor ?? '', password: '' },
    validate: schemaResolver(loginInputSchema, { sync: true }),
    // The failure was about what was typed before: editing it takes the alert away.
    onValuesChange: () => setFailure(null),
  })

  const signedIn = (tokens: TokenPair) => {
    setTokens(tokens)
    void navigate({ href: safeRedirect(redirectTo), replace: true })
  }

  const submit = form.onSubmit((values) => {
    setWelcome(false)
    setFailure(null)
    login.mutate(values, {
      onSuccess: (answer) => {
        if ('mfa_required' in answer) setMfaToken(answer.mfa_token)
        else signedIn(answer)
      },
      onError: (error) => setFailure(failureText(error)),
    })
  })

  return (
    <AuthCard
      title="Login"
      description="Enter your username below to login to your account."
      footerText="Not a customer?"
      footerLink={{ to: '/register', label: 'Register here' }}
    >
      {mfaToken ? (
        <SecondStepForm mfaToken={mfaToken} onSignedIn={signedIn} />
      ) : (
        <form onSubmit={submit}>
          <Stack>
            {welcome && (
              <Alert color="green" role="status">
                {ACCOUNT_CREATED}
              </Alert>
            )}
            <TextInput
              label="Username"
              placeholder="johndoe"
              autoComplete="username"
              required
              {...form.getInputProps('username')}
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              {...form.getInputProps('password')}
            />
            {failure && (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            )}
            <Button type="submit" fullWidth disabled={login.isPending}>
              {login.isPending ? 'Signing in...' : 'Sign in'}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  )
}
