import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { registerInputSchema, type RegisterInput } from '#shared/auth'
import { serverFields } from '../../lib/server-fields'
import { AuthCard } from './auth-card'
import { failureText } from './auth-failure'
import { useRegisterMutation } from './mutations'

const FIELDS = ['username', 'email', 'password'] as const

export function RegisterForm() {
  const navigate = useNavigate()
  const register = useRegisterMutation()
  // A failure about no one field (sign-up closed, too many attempts) shows in the card.
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<RegisterInput>({
    initialValues: { username: '', email: '', password: '' },
    validate: schemaResolver(registerInputSchema, { sync: true }),
    onValuesChange: () => setFailure(null),
  })

  const submit = form.onSubmit((values) => {
    setFailure(null)
    register.mutate(values, {
      // Router state, not the address: a later visit to /login says nothing of it.
      onSuccess: ({ username }) =>
        void navigate({ to: '/login', state: { accountCreated: username } }),
      // A taken username or a weak password: the server's words under that field.
      onError: (error) => {
        const fields = serverFields(error, FIELDS)
        if (Object.keys(fields).length > 0) form.setErrors(fields)
        else setFailure(failureText(error))
      },
    })
  })

  return (
    <AuthCard
      title="Register"
      description="Enter your email below to create a new account."
      footerText="Already have an account?"
      footerLink={{ to: '/login', label: 'Login here' }}
    >
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label="Username"
            autoComplete="username"
            required
            {...form.getInputProps('username')}
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Button type="submit" fullWidth disabled={register.isPending}>
            {register.isPending ? 'Signing up...' : 'Sign up'}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  )
}
