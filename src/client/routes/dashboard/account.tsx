import { createFileRoute } from '@tanstack/react-router'
import { agentQueries } from '../../api/agent'
import { AccountPage } from '../../features/account/account-page'
import { currentUserId } from '../../lib/tokens'

export const Route = createFileRoute('/dashboard/account')({
  // The loader ships in the page's chunk: it needs the agent schemas (zod), which would
  // otherwise sit in the route tree that every page, the landing page too, downloads.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context }) => {
    const id = currentUserId()
    // prefetchQuery never throws: a failed load is shown by the page itself ('Error: …').
    if (id !== null) void context.queryClient.prefetchQuery(agentQueries.detail(id))
  },
  component: AccountPage,
})
