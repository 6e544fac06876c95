import { createFileRoute, redirect } from '@tanstack/react-router'
import { RegisterForm } from '../features/auth/register-form'
import { hasValidAccessToken } from '../features/auth/session'

export const Route = createFileRoute('/register')({
  beforeLoad: () => {
    if (hasValidAccessToken()) throw redirect({ to: '/dashboard' })
  },
  component: RegisterForm,
})
