import { MantineProvider } from '@mantine/core'
import { ModalsProvider } from '@mantine/modals'
import { Notifications } from '@mantine/notifications'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { memoryColorSchemeManager } from './lib/color-scheme'
import { theme } from './theme'

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
      defaultColorScheme="light"
      colorSchemeManager={colorSchemeManager}
      env={env}
    >
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          {/* Spec 9: toasts top-right, auto-close after 5000 ms. */}
          <Notifications position="top-right" autoClose={5000} />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  )
}
