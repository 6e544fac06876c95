import { waitFor } from '@testing-library/react'
import { expect } from 'vitest'
import { server } from '../msw/server'

/** The API paths (with their query) the app asks for from now on, in order. */
export function recordAsked(): { asked: string[]; stop: () => void } {
  const asked: string[] = []
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url)
    asked.push(`${url.pathname}${url.search}`)
  }
  server.events.on('request:start', listener)
  return { asked, stop: () => server.events.removeListener('request:start', listener) }
}

/** Waits until a path starting with each of `prefixes` has been asked for. */
export async function untilAsked(asked: string[], prefixes: string[]): Promise<void> {
  await waitFor(() => {
    for (const prefix of prefixes)
      expect(
        asked.some((path) => path.startsWith(prefix)),
        prefix,
      ).toBe(true)
  })
}
