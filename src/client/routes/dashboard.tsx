import { useQueryClient } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { agentQueries } from '../api/agent'
import { PageLoader } from '../components/page-loader'
import { requireSession } from '../features/auth/session'
import { DashboardCommands } from '../features/commands/dashboard-commands'
import { DashboardLayout } from '../features/layout/dashboard-layout'
import { useLiveChanges } from '../features/live/use-live-changes'
import { CustomerSelect } from '../features/orders/customer-select'
import { ReminderBell } from '../features/tasks/reminder-bell'
import { showReminder } from '../features/tasks/show-reminder'
import { TaskDialogHost } from '../features/tasks/task-dialog-host'
import { TasksDueBadge } from '../features/tasks/tasks-due-badge'

export const Route = createFileRoute('/dashboard')({
  beforeLoad: ({ location }) => requireSession(location.href),
  // Spec 2: 'Loading...' while the session is checked (a refresh can take a moment).
  pendingComponent: PageLoader,
  pendingMs: 0,
  // Once the session is known good: every dashboard screen waits for the role, so its
  // request starts beside the screen's own instead of after the layout has rendered.
  loader: ({ context }) => void context.queryClient.prefetchQuery(agentQueries.role()),
  component: Dashboard,
})

/** While the dashboard is open: live changes from the server, the shortcuts and the palette. */
function Dashboard() {
  const queryClient = useQueryClient()
  const { paused } = useLiveChanges({
    onReminder: (reminder) => showReminder(queryClient, reminder),
  })
  return (
    <>
      <DashboardLayout
        livePaused={paused}
        bell={<ReminderBell />}
        navBadges={{ '/dashboard/tasks': <TasksDueBadge /> }}
      />
      <DashboardCommands />
      <TaskDialogHost customerPicker={CustomerSelect} />
    </>
  )
}
