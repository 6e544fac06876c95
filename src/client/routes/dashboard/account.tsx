import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '../../features/account/account-page'
import { agentQueries } from '../../features/account/queries'
import { currentUserId } from '../../lib/tokens'

export const Route = createFileRoute('/dashboard/account')({
  loader: ({ context }) => {
    const id = currentUserId()
    // prefetchQuery never throws: a failed load is shown by the page itself ('Error: …').
    if (id !== null) void context.queryClient.prefetchQuery(agentQueries.detail(id))
  },
  component: AccountPage,
})
