import { MantineProvider } from '@mantine/core'
import { useState, type ReactNode } from 'react'
import { memoryColorSchemeManager } from './lib/color-scheme'
import { cssVariablesResolver, theme } from './theme'

export interface MantineProvidersProps {
  children: ReactNode
  /** 'test' turns off Mantine portals and transitions (STACK.md jsdom trap). */
  env?: 'default' | 'test'
}

/**
 * Theme and colour scheme: all the landing page needs (shell.tsx), kept apart from the
 * query cache and toasts so its download carries neither. It stays mounted when the
 * routed app arrives, so a scheme chosen on the landing page carries on.
 */
export function MantineProviders({ children, env }: MantineProvidersProps) {
  const [colorSchemeManager] = useState(memoryColorSchemeManager)
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      colorSchemeManager={colorSchemeManager}
      env={env}
    >
      {children}
    </MantineProvider>
  )
}
