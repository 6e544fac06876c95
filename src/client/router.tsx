import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { NotFound } from './components/not-found'
import { PageLoader } from './components/page-loader'
import { setUnauthorizedHandler } from './lib/session-end'
import { routeTree } from './route-tree.gen'
import type { RouterContext } from './routes/__root'

export function createAppRouter({
  queryClient,
  history,
}: RouterContext & { history?: RouterHistory }) {
  const router = createRouter({
    routeTree,
    history,
    context: { queryClient },
    defaultPreload: 'intent',
    // TanStack Query owns freshness; the router's own preload cache would hide it.
    defaultPreloadStaleTime: 0,
    defaultNotFoundComponent: NotFound,
    defaultPendingComponent: PageLoader,
    // The router's default keeps a pending screen up for at least 500 ms; the dashboard's
    // 'Loading...' (pendingMs 0) would then hold back every full load by that much.
    defaultPendingMinMs: 0,
    scrollRestoration: true,
  })
  // A session the refresh could not save ends on the login page, with a way back.
  setUnauthorizedHandler(() => {
    const { pathname, searchStr } = router.state.location
    if (pathname === '/login') return
    void router
      .navigate({ to: '/login', search: { redirect: pathname + searchStr } })
      // Cached records belong to the agent whose session ended. Cleared once the
      // dashboard has unmounted, so no mounted query refetches into another 401.
      .then(() => queryClient.clear())
  })
  return router
}

export type AppRouter = ReturnType<typeof createAppRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}
