import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../features/auth/session'
import { DashboardLayout } from '../features/layout/dashboard-layout'
import { PageLoader } from '../components/page-loader'

export const Route = createFileRoute('/dashboard')({
  beforeLoad: ({ location }) => requireSession(location.href),
  // Spec 2: 'Loading...' while the session is checked (a refresh can take a moment).
  pendingComponent: PageLoader,
  pendingMs: 0,
  component: DashboardLayout,
})
