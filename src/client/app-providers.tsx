import { MantineProvider } from '@mantine/core'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { memoryColorSchemeManager } from './lib/color-scheme'
import { DeferredToaster } from './components/deferred-toaster'
import { cssVariablesResolver, theme } from './theme'

interface AppProvidersProps {
  children: ReactNode
  queryClient: QueryClient
  /** 'test' turns off Mantine portals and transitions (STACK.md jsdom trap). */
  env?: 'default' | 'test'
}

export function AppProviders({ children, queryClient, env }: AppProvidersProps) {
  const [colorSchemeManager] = useState(memoryColorSchemeManager)
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      colorSchemeManager={colorSchemeManager}
      env={env}
    >
      <QueryClientProvider client={queryClient}>
        {/* Top-right, 5000 ms (spec 9); see components/toaster.tsx. */}
        <DeferredToaster />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  )
}
