import { createFileRoute } from '@tanstack/react-router'
import { taskQueries } from '../../api/tasks'
import { tasksQuery, validateTasksSearch } from '../../features/tasks/search-params'
import { TasksPage } from '../../features/tasks/tasks-page'

export const Route = createFileRoute('/dashboard/tasks')({
  // ?due=overdue&assignee=all: a segment can be shared.
  validateSearch: validateTasksSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchInfiniteQuery(taskQueries.pages(tasksQuery(deps)))
    void queryClient.prefetchQuery(taskQueries.counts(deps.assignee === 'all' ? 'all' : 'me'))
  },
  component: TasksRoute,
})

function TasksRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return <TasksPage search={search} onSearchChange={(next) => void navigate({ search: next })} />
}
