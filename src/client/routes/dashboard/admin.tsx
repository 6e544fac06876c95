import { createFileRoute } from '@tanstack/react-router'
import { agentQueries } from '../../api/agent'
import { apiKeyQueries } from '../../api/api-keys'
import { webhookQueries } from '../../api/webhooks'
import { AdminPage } from '../../features/admin/admin-page'

export const Route = createFileRoute('/dashboard/admin')({
  // Keys and webhooks are asked for once the role says Admin (anyone else gets 403).
  loader: ({ context: { queryClient } }) =>
    void queryClient.ensureQueryData(agentQueries.role()).then((answer) => {
      if (answer?.role.role !== 'Admin') return
      void queryClient.prefetchQuery(apiKeyQueries.list())
      void queryClient.prefetchQuery(webhookQueries.list())
    }),
  component: AdminPage,
})
