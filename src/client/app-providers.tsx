import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { DeferredToaster } from './components/deferred-toaster'
import { MantineProviders, type MantineProvidersProps } from './mantine-providers'

/** What the routes need besides Mantine: the query cache and the toasts. */
export function DataProviders({
  children,
  queryClient,
}: {
  children: ReactNode
  queryClient: QueryClient
}) {
  return (
    <QueryClientProvider client={queryClient}>
      {/* Top-right, 5000 ms (spec 9); see components/toaster.tsx. */}
      <DeferredToaster />
      {children}
    </QueryClientProvider>
  )
}

interface AppProvidersProps extends MantineProvidersProps {
  queryClient: QueryClient
}

/** Everything the routed app sits in (tests render the route tree inside it). */
export function AppProviders({ children, queryClient, env }: AppProvidersProps) {
  return (
    <MantineProviders env={env}>
      <DataProviders queryClient={queryClient}>{children}</DataProviders>
    </MantineProviders>
  )
}
