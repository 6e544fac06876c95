import { Button, PasswordInput, Stack, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useNavigate } from '@tanstack/react-router'
import { registerInputSchema, type RegisterInput } from '../../../shared/auth'
import { AuthCard } from './auth-card'
import { useRegisterMutation } from './queries'

export function RegisterForm() {
  const navigate = useNavigate()
  const register = useRegisterMutation()
  const form = useForm<RegisterInput>({
    initialValues: { username: '', email: '', password: '' },
    validate: schemaResolver(registerInputSchema, { sync: true }),
  })

  const submit = form.onSubmit((values) => {
    register.mutate(values, {
      onSuccess: () => void navigate({ to: '/login' }),
      // Spec 8: a failed sign-up is logged only; the screen shows no message.
      onError: (error) => console.error('Registration failed:', error),
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
          <Button type="submit" fullWidth disabled={register.isPending}>
            {register.isPending ? 'Signing up...' : 'Sign up'}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  )
}
