import { Button, PasswordInput, Stack, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useNavigate } from '@tanstack/react-router'
import { loginInputSchema, type LoginInput } from '../../../shared/auth'
import { setTokens } from '../../lib/tokens'
import { AuthCard } from './auth-card'
import { useLoginMutation } from './queries'
import { safeRedirect } from './session'

export function LoginForm({ redirectTo }: { redirectTo?: string }) {
  const navigate = useNavigate()
  const login = useLoginMutation()
  const form = useForm<LoginInput>({
    initialValues: { username: '', password: '' },
    validate: schemaResolver(loginInputSchema, { sync: true }),
  })

  const submit = form.onSubmit((values) => {
    login.mutate(values, {
      onSuccess: (tokens) => {
        setTokens(tokens)
        void navigate({ href: safeRedirect(redirectTo), replace: true })
      },
      // Spec 8: a failed login is logged only; the screen shows no message.
      onError: (error) => console.error('Login failed:', error),
    })
  })

  return (
    <AuthCard
      title="Login"
      description="Enter your username below to login to your account."
      footerText="Not a customer?"
      footerLink={{ to: '/register', label: 'Register here' }}
    >
      <form onSubmit={submit}>
        <Stack>
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
          <Button type="submit" fullWidth disabled={login.isPending}>
            {login.isPending ? 'Signing in...' : 'Sign in'}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  )
}
