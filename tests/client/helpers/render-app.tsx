import { QueryClient } from '@tanstack/react-query'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AppProviders } from '../../../src/client/app-providers'
import { createAppRouter } from '../../../src/client/router'

export interface RenderAppOptions {
  /** Pass one to share a cache between renders or to seed data; a fresh one otherwise. */
  queryClient?: QueryClient
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } },
  })
}

/** Renders the real route tree at `path` (memory history), as the user would reach it. */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  const queryClient = options.queryClient ?? createTestQueryClient()
  const history = createMemoryHistory({ initialEntries: [path] })
  const router = createAppRouter({ queryClient, history })
  // Keys and clicks follow one another without a timer between them: each key's events
  // still come in turn, without a wait per key (the client suite in 140 s instead of 184).
  const user = userEvent.setup({ delay: null })
  const result = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  )
  return { router, user, queryClient, ...result }
}
