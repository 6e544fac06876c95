import '@testing-library/jest-dom/vitest'
import { cleanNotifications } from '@mantine/notifications'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { agentStore } from './msw/handlers/agents'
import { server } from './msw/server'

// Guarded so the file stays harmless if a node-environment project ever loads it.
if (typeof window !== 'undefined') {
  // Mantine reads media queries and observes sizes; jsdom has neither (STACK.md).
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  })
  window.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  // Mantine's Combobox scrolls options into view; jsdom does not lay out anything.
  Element.prototype.scrollIntoView = function scrollIntoView() {}
  // The router restores scroll positions; jsdom only prints "not implemented".
  window.scrollTo = () => {}
}

// The first visit to a route loads its code chunk cold, which can pass 1 s on a busy machine.
configure({ asyncUtilTimeout: 5000 })

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

// STYLE.md: a test that prints console.error unexpectedly fails. Tests expecting output
// replace console.error themselves with vi.spyOn(...).mockImplementation(...).
const originalError = console.error
let unexpectedErrors: unknown[][] = []
beforeEach(() => {
  unexpectedErrors = []
  console.error = (...args: unknown[]) => {
    unexpectedErrors.push(args)
    originalError(...args)
  }
})

afterEach(() => {
  cleanup()
  server.resetHandlers()
  agentStore.reset()
  if (typeof window !== 'undefined') {
    localStorage.clear()
    document.documentElement.classList.remove('dark')
    cleanNotifications()
  }
  console.error = originalError
  if (unexpectedErrors.length > 0) {
    const first = unexpectedErrors[0]?.map(String).join(' ') ?? ''
    throw new Error(`console.error was called ${unexpectedErrors.length} time(s): ${first}`)
  }
})
