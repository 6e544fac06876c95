import { createFileRoute, redirect } from '@tanstack/react-router'
import { LoginForm } from '../features/auth/login-form'
import { hasValidAccessToken } from '../features/auth/session'

export const Route = createFileRoute('/login')({
  // `redirect` is where the guard found the user; checked again before use (safeRedirect).
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  beforeLoad: () => {
    if (hasValidAccessToken()) throw redirect({ to: '/dashboard' })
  },
  component: LoginRoute,
})

function LoginRoute() {
  const { redirect: redirectTo } = Route.useSearch()
  return <LoginForm redirectTo={redirectTo} />
}
