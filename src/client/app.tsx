// The whole stylesheet comes with the routed app; the landing page inlines only its part.
import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import { RouterProvider } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { DataProviders } from './app-providers'
import { createQueryClient } from './lib/query-client'
import { createAppRouter } from './router'

// Devtools only in development: behind import.meta.env.DEV the production build drops them.
const Devtools = import.meta.env.DEV
  ? lazy(() => import('./devtools').then((m) => ({ default: m.Devtools })))
  : () => null

/**
 * The routed app (router, query cache, every screen), loaded by shell.tsx. Made when
 * called, so the router starts at the address the page shows by then.
 */
export function startApp() {
  const queryClient = createQueryClient()
  const router = createAppRouter({ queryClient })
  // The first screen's checks and data requests start now, while React renders, rather
  // than once RouterProvider has mounted (its own first load then finds this one running).
  router.load().catch(console.error)
  const element = (
    <DataProviders queryClient={queryClient}>
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <Devtools router={router} />
      </Suspense>
    </DataProviders>
  )
  return { router, element }
}
