import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import { RouterProvider } from '@tanstack/react-router'
import { lazy, StrictMode, Suspense } from 'react'
import { createRoot } from 'react-dom/client'
import { AppProviders } from './app-providers'
import { createQueryClient } from './lib/query-client'
import { createAppRouter } from './router'

const queryClient = createQueryClient()
const router = createAppRouter({ queryClient })

// Devtools only in development: behind import.meta.env.DEV the production build drops them.
const Devtools = import.meta.env.DEV
  ? lazy(() => import('./devtools').then((m) => ({ default: m.Devtools })))
  : () => null

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <Devtools router={router} />
      </Suspense>
    </AppProviders>
  </StrictMode>,
)
