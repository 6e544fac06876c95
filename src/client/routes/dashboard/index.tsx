import { createFileRoute, redirect } from '@tanstack/react-router'

// Spec 2: the empty dashboard sub-route redirects to the overview.
export const Route = createFileRoute('/dashboard/')({
  beforeLoad: () => {
    throw redirect({ to: '/dashboard/overview', replace: true })
  },
})
